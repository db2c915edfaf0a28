// The alternates rule (who is invited now, who waits, who is proposed when someone drops out), the
// availability date against today, and the decline report's counts and acceptance rates.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_INVITE_NOW,
  declineReport,
  declineReportTable,
  declineText,
  planRound,
  unavailableOn,
  type RoundEntry,
} from '../../../electron/common/domain/rounds';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 28, 12);
const at = { now: NOW, reminderDays: 7 };
const person = (authorId: number, patch: Partial<RoundEntry> = {}): RoundEntry => ({
  authorId,
  name: `P${authorId}`,
  position: authorId,
  status: 'shortlisted',
  invitedAt: null,
  answeredAt: null,
  declineReason: null,
  unavailableUntil: null,
  ...patch,
});
const invited = (authorId: number, daysAgo = 1) => person(authorId, { status: 'invited', invitedAt: NOW - daysAgo * DAY });
const roles = (plan: ReturnType<typeof planRound>) => Object.fromEntries([...plan.roles].map(([id, r]) => [id, r.kind]));

describe('the alternates rule', () => {
  it('invites the first N in the list’s order and keeps the rest as alternates in order (N per manuscript, default 3)', () => {
    const list = [5, 4, 3, 2, 1].map((id) => person(id));
    const plan = planRound(list, DEFAULT_INVITE_NOW, at);
    expect(plan.toInvite).toEqual([1, 2, 3]);
    expect(plan.roles.get(4)).toEqual({ kind: 'alternate', order: 1 });
    expect(plan.roles.get(5)).toEqual({ kind: 'alternate', order: 2 });
    expect(plan.proposals).toEqual([]);
    expect(planRound(list, 2, at).toInvite).toEqual([1, 2]);
    expect(planRound(list, 5, at).toInvite).toEqual([1, 2, 3, 4, 5]);
  });

  it('a decline frees the place: the next alternate is proposed in place of the person who declined', () => {
    const list = [
      invited(1),
      person(2, { status: 'declined', invitedAt: NOW - 3 * DAY, answeredAt: NOW - DAY }),
      invited(3),
      person(4),
      person(5),
    ];
    const plan = planRound(list, 3, at);
    expect(roles(plan)).toEqual({ 1: 'inPlay', 2: 'out', 3: 'inPlay', 4: 'now', 5: 'alternate' });
    expect(plan.toInvite).toEqual([4]);
    expect(plan.proposals).toEqual([{ authorId: 4, name: 'P4', replaces: { authorId: 2, name: 'P2', why: 'declined' } }]);
    // Once the alternate is invited every place is held again: nothing more is proposed.
    const next = planRound([...list.slice(0, 3), invited(4, 0), person(5)], 3, at);
    expect(next.toInvite).toEqual([]);
    expect(next.proposals).toEqual([]);
    expect(next.roles.get(5)).toEqual({ kind: 'alternate', order: 1 });
  });

  it('an invitation past the reminder date without an answer frees the place too; a recent one does not', () => {
    const waiting = [invited(1, 2), invited(2, 8), person(3)];
    const plan = planRound(waiting, 2, at);
    expect(plan.roles.get(2)).toEqual({ kind: 'out', why: 'overdue' });
    expect(plan.proposals).toEqual([{ authorId: 3, name: 'P3', replaces: { authorId: 2, name: 'P2', why: 'overdue' } }]);
    expect(planRound(waiting, 2, { now: NOW, reminderDays: 10 }).toInvite).toEqual([]);
    // "No answer" recorded by the editor counts the same.
    expect(
      planRound([invited(1), person(2, { status: 'no_answer', invitedAt: NOW - 9 * DAY, answeredAt: NOW }), person(3)], 2, at).toInvite,
    ).toEqual([3]);
  });

  it('accepted and reviewed people hold their places; someone unavailable today is skipped until the date', () => {
    const list = [
      person(1, { status: 'accepted', invitedAt: NOW - 5 * DAY, answeredAt: NOW - 4 * DAY }),
      person(2, { status: 'declined', invitedAt: NOW - 5 * DAY, answeredAt: NOW - DAY, declineReason: 'too_busy' }),
      person(3, { unavailableUntil: '2026-12-31' }),
      person(4),
      person(5, { unavailableUntil: '2026-11-27' }),
    ];
    const plan = planRound(list, 2, at);
    expect(plan.roles.get(3)).toEqual({ kind: 'away', until: '2026-12-31' });
    expect(plan.toInvite).toEqual([4]);
    // A date already past no longer counts.
    expect(plan.roles.get(5)).toEqual({ kind: 'alternate', order: 1 });
    expect(plan.proposals.map((p) => p.authorId)).toEqual([4]);
  });

  it('proposes nothing before the first invitation, however many places are open', () => {
    const plan = planRound([person(1), person(2, { status: 'declined', answeredAt: NOW })], 3, at);
    expect(plan.toInvite).toEqual([1]);
    expect(plan.proposals).toEqual([]);
  });
});

describe('availability', () => {
  it('lasts through its date and ends the day after', () => {
    expect(unavailableOn('2026-12-15', '2026-12-14')).toBe(true);
    expect(unavailableOn('2026-12-15', '2026-12-15')).toBe(true);
    expect(unavailableOn('2026-12-15', '2026-12-16')).toBe(false);
    expect(unavailableOn(null, '2026-12-16')).toBe(false);
  });
});

describe('the decline report', () => {
  it('counts declines and people by reason, in the menu’s order, with the acceptance rate of the people who gave each', () => {
    const report = declineReport([
      { personId: 1, reason: 'too_busy', accepted: 1, declined: 2, noAnswer: 1 },
      { personId: 1, reason: 'too_busy', accepted: 1, declined: 2, noAnswer: 1 },
      { personId: 2, reason: 'too_busy', accepted: 3, declined: 1, noAnswer: 0 },
      { personId: 3, reason: 'outside_expertise', accepted: 0, declined: 1, noAnswer: 0 },
      { personId: 4, reason: null, accepted: 0, declined: 1, noAnswer: 0 },
    ]);
    expect(report.map((r) => [r.label, r.declines, r.people, r.acceptanceRate])).toEqual([
      ['Too busy', 3, 2, 0.5],
      ['Outside their expertise', 1, 1, 0],
      ['Not recorded', 1, 1, 0],
    ]);
    const table = declineReportTable(report, [{ name: 'Ann', email: 'a@x.org', reason: 'other', text: 'Moving labs', declines: 1 }]);
    expect(table.rows[0]).toEqual(['All reviewers', '', 'Too busy', 3, 2, '50 %']);
    expect(table.rows.at(-1)).toEqual(['Ann', 'a@x.org', 'Other: Moving labs', 1, '', '']);
    expect(declineText('other', null)).toBe('Other');
  });
});
