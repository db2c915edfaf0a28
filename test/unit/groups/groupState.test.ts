import { describe, expect, it } from 'vitest';
import { groupState } from '../../../renderer/src/features/groups/groupState';

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
