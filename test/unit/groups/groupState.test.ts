import { describe, expect, it } from 'vitest';
import { groupState, refusalText } from '../../../renderer/src/features/groups/groupState';

describe('groupState', () => {
  it('never says synced for a number the service has not answered for', () => {
    expect(groupState({ serviceId: 999, syncState: 'synced', verifiedAt: null })).toBe('not verified');
    expect(groupState({ serviceId: 999, syncState: 'synced', verifiedAt: 1 })).toBe('synced');
  });
  it('tells a group being created from one the service refused', () => {
    expect(groupState({ serviceId: null, syncState: 'pending', verifiedAt: null })).toBe('being created');
    expect(groupState({ serviceId: null, syncState: 'failed', verifiedAt: null })).toBe('not created');
  });
});

describe('refusalText', () => {
  it('drops the preamble and names the field as the form labels it', () => {
    expect(
      refusalText(
        'The service rejected creating the authors group: team "Ghost Team" does not exist in the organization (field owner_team).',
      ),
    ).toBe('Team "Ghost Team" does not exist in the organization (Owner team).');
  });
  it('never shows a field name the form does not have, and says when there is no reason', () => {
    expect(refusalText('The service rejected saving the author: unknown field "x" (field 5a1d-x).')).toBe('Unknown field "x".');
    expect(refusalText(undefined)).toBe('The service gave no reason.');
  });
});
