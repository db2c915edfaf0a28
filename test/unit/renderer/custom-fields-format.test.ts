// The Custom fields view's plain words: scopes in the spec's order, every §2.9 kind with its
// value formats, an unknown kind said so, and how fresh the cached list is.
import { describe, expect, it } from 'vitest';
import type { CustomFieldRow } from '../../../electron/common/shapes';
import { byScope, freshness, kindFormat, SCOPES } from '../../../renderer/src/features/customfields/format';
import { customFieldRow } from '../../support/custom-field-row';

const field = (scope: CustomFieldRow['scope'], position: number, name: string) =>
  customFieldRow(`id-${name}`, 'str', name, { scope, position, fetchedAt: 1 });

describe('custom fields format', () => {
  it('gives the value sent and read for every kind of §2.9', () => {
    expect(kindFormat('number')).toMatchObject({ sent: 'a whole or decimal number', read: 'a decimal number', known: true });
    expect(kindFormat('str')).toMatchObject({ label: 'Text', sent: 'text', read: 'text' });
    expect(kindFormat('date')).toMatchObject({ sent: 'a date, YYYY-MM-DD', read: 'a date, YYYY-MM-DD' });
    expect(kindFormat('single_option')).toMatchObject({ sent: 'the id of the chosen option', read: 'the id of the chosen option' });
    expect(kindFormat('multi_option')).toMatchObject({
      sent: 'a list of the chosen options’ ids',
      read: 'a list of the chosen options’ ids',
    });
    // No kind says a contract word (api_id, str, float, string, array, ISO).
    for (const kind of ['number', 'str', 'date', 'single_option', 'multi_option']) {
      const k = kindFormat(kind);
      expect(`${k.label} ${k.sent} ${k.read}`, kind).not.toMatch(/api_id|\bstr\b|float|string|array|ISO/);
    }
    expect(kindFormat('rating')).toMatchObject({ label: 'rating', known: false, sent: expect.stringMatching(/not known to this version/) });
  });

  it('groups by scope in the spec order, each by position, every scope present', () => {
    const groups = byScope([
      field('proposal', 0, 'Type'),
      field('author_from_group', 1, 'Notes'),
      field('author_from_group', 0, 'Reviews'),
    ]);
    expect([...groups.keys()]).toEqual(SCOPES.map((s) => s.scope));
    expect(groups.get('author_from_group')!.map((f) => f.name)).toEqual(['Reviews', 'Notes']);
    expect(groups.get('folder')).toEqual([]);
  });

  it('says how fresh the list is and when it is stale', () => {
    const now = Date.UTC(2026, 0, 10, 12);
    expect(freshness(now - 60_000, { unreachable: false, now })).toMatchObject({
      stale: false,
      text: expect.stringMatching(/^Cached at /),
    });
    expect(freshness(now - 60_000, { unreachable: true, now })).toMatchObject({
      stale: true,
      text: expect.stringMatching(/could not be reached: showing the list cached at/),
    });
    expect(freshness(now - 2 * 24 * 3600_000, { unreachable: false, now })).toMatchObject({
      stale: true,
      text: expect.stringMatching(/more than a day ago/),
    });
    expect(freshness(null, { unreachable: true, now })).toMatchObject({ stale: true, text: expect.stringMatching(/Nothing cached yet/) });
    expect(freshness(null, { unreachable: false, now })).toEqual({ stale: false, text: 'The organization has no custom fields.' });
  });
});
