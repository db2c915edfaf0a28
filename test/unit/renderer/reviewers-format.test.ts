import { describe, expect, it } from 'vitest';
import type { LedgerPersonRow } from '../../../electron/common/shapes';
import { LEDGER_COLUMNS, authorOfText, loadText, nextSort, rateText } from '../../../renderer/src/features/reviewers/format';
import { settingsProblems } from '../../../renderer/src/features/settings/invitationForm';
import { loadRow } from './load-row';

describe('Reviewers view, pure parts', () => {
  it('a header click sorts counts biggest first and the name A→Z, a second click flips', () => {
    expect(nextSort(null, 'invited')).toEqual({ by: 'invited', dir: 'desc' });
    expect(nextSort({ by: 'invited', dir: 'desc' }, 'name')).toEqual({ by: 'name', dir: 'asc' });
    expect(nextSort({ by: 'name', dir: 'asc' }, 'name')).toEqual({ by: 'name', dir: 'desc' });
    expect(nextSort({ by: 'accepted', dir: 'desc' }, 'accepted')).toEqual({ by: 'accepted', dir: 'asc' });
  });

  it('has a column for every count the issue names, each sortable by core', () => {
    const keys = 'name suggested shortlisted invited accepted declined noAnswer lastInvited reviewing acceptanceRate';
    expect(LEDGER_COLUMNS.map((c) => c.key)).toEqual(keys.split(' '));
    const p = { acceptanceRate: 2 / 3, lastInvitedAt: Date.UTC(2026, 10, 3), noAnswer: 4 } as LedgerPersonRow;
    const text = (k: string) => LEDGER_COLUMNS.find((c) => c.key === k)!.text(p);
    expect([text('acceptanceRate'), text('lastInvited'), text('noAnswer')]).toEqual(['67 %', '2026-11-03', '4']);
    expect(rateText(null)).toBe('—');
  });

  it('the load badge says why, with "once" for one invitation; nothing when not busy', () => {
    expect(loadText(undefined)).toBeNull();
    expect(loadText(loadRow(1, { invitedRecent: 5 }))).toBeNull();
    expect(loadText(loadRow(1, { busy: true, reasons: ['invited 1 times in the last 180 days', 'reviewing 2 manuscripts now'] }))).toEqual({
      badge: 'Busy',
      why: 'Invited once in the last 180 days; reviewing 2 manuscripts now',
    });
    expect(loadText(loadRow(1, { busy: true, reasons: ['invited 11 times in the last 30 days'] }))!.why).toBe(
      'Invited 11 times in the last 30 days',
    );
    // Unavailable until a day: the badge carries the date.
    expect(loadText(loadRow(1, { busy: true, unavailableUntil: '2027-01-15', reasons: ['unavailable until 2027-01-15'] }))).toEqual({
      badge: 'Busy until 15 Jan 2027',
      why: 'Unavailable until 15 Jan 2027',
    });
  });

  it('names each manuscript of the folder the candidate wrote, and how they were matched', () => {
    expect(authorOfText(loadRow(1, { authorOf: [{ manuscriptId: 2, title: 'Lichens', author: 'A. Smith', by: 'orcid' }] }))).toEqual([
      'Author of “Lichens” in this folder (as A. Smith, matched by ORCID)',
    ]);
    expect(authorOfText(undefined)).toEqual([]);
  });

  it('Settings refuses reminder and load numbers outside the contract’s bounds, in words', () => {
    const ok = { reminderDays: 7, fatigueK: 3, fatigueD: 180, fatigueR: 2 };
    expect(settingsProblems(ok)).toEqual([]);
    expect(settingsProblems({ ...ok, fatigueK: 0, fatigueD: Number.NaN })).toEqual([
      'Busy when invited (times): enter a whole number from 1 to 1,000.',
      'In the last (days): enter a whole number from 1 to 3,650.',
    ]);
    expect(settingsProblems({ ...ok, reminderDays: 366 })).toHaveLength(1);
    expect(settingsProblems({ ...ok, fatigueR: 1.5 })).toHaveLength(1);
  });
});
