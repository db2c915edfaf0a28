// The daily job's shortcuts: the first N candidates without conflicts (in the table's order, passing over the
// shortlisted, conflicted, busy, do-not-invite, opposed and address-less), what the editor is told, and which
// drafts "Open all in mail app" opens.
import { describe, expect, it } from 'vitest';
import {
  MAX_OPEN_AT_ONCE,
  firstWithoutConflicts,
  openAllPlan,
  pickSummary,
  type PickFacts,
  type PickRow,
} from '../../../electron/common/domain/quickInvite';
import { CONFLICT_KEYS, type ConflictKey } from '../../../electron/common/service/conflict-keys';

const clear = Object.fromEntries(CONFLICT_KEYS.map((k) => [k, false])) as Record<ConflictKey, boolean | null>;
const row = (authorId: number, over: Partial<PickRow> = {}): PickRow => ({
  authorId,
  email: `p${authorId}@uni.example`,
  conflicts: clear,
  ...over,
});
const none: PickFacts = { shortlisted: [], flags: [], loads: [] };
const flag = (authorId: number, over: Partial<PickFacts['flags'][number]> = {}) => ({
  authorId,
  doNotInvite: null,
  opposed: false,
  bounced: false,
  ...over,
});
const load = (authorId: number, over: Partial<PickFacts['loads'][number]> = {}) => ({ authorId, busy: false, authorOf: [], ...over });

describe('firstWithoutConflicts', () => {
  it('takes the first n in the order given', () => {
    expect(firstWithoutConflicts([row(5), row(3), row(9), row(1)], 3, none)).toEqual({ picked: [5, 3, 9], skipped: {} });
  });

  it('passes over each kind of person, and counts why', () => {
    const rows = [
      row(1, { conflicts: { ...clear, coauth_conflicts: true } }),
      row(2, { conflicts: { ...clear, external_coi: null } }), // a flag the run did not carry: not known to be clear
      row(3),
      row(4),
      row(5),
      row(6),
      row(7),
      row(8, { email: null }),
      row(9, { email: 'a@x,b@y' }),
      row(10),
      row(11),
      row(12),
    ];
    const facts: PickFacts = {
      shortlisted: [3],
      flags: [flag(5, { doNotInvite: { reason: 'retired', until: null } }), flag(6, { opposed: true }), flag(10, { bounced: true })],
      loads: [load(4, { busy: true }), load(7, { authorOf: [{ manuscriptId: 2 }] }), load(11)],
    };
    const pick = firstWithoutConflicts(rows, 2, facts);
    expect(pick.picked).toEqual([11, 12]);
    expect(pick.skipped).toEqual({ conflict: 2, busy: 1, doNotInvite: 1, opposed: 1, authorElsewhere: 1, noEmail: 3 });
    expect(pickSummary(pick, 2)).toBe(
      'Added 2 people to the shortlist; passed over 2 with conflicts, 1 author of another manuscript of the folder, 1 busy, ' +
        '1 on your do-not-invite list, 1 opposed by the authors, 3 without a usable e-mail address.',
    );
  });

  it('stops counting once n are found, and never picks a person twice', () => {
    const pick = firstWithoutConflicts([row(1), row(1), row(2), row(3, { email: null })], 2, none);
    expect(pick).toEqual({ picked: [1, 2], skipped: {} });
  });

  it('says so when the table has fewer than asked, or nobody', () => {
    const few = firstWithoutConflicts([row(1), row(2, { email: null })], 3, none);
    expect(pickSummary(few, 3)).toBe(
      'Added 1 person to the shortlist (3 asked: the table has no more); passed over 1 without a usable e-mail address.',
    );
    const nobody = firstWithoutConflicts([row(1)], 3, { ...none, shortlisted: [1] });
    expect(nobody.picked).toEqual([]);
    expect(pickSummary(nobody, 3)).toBe('Nobody added: no one in the table is free of conflicts and not on the shortlist yet.');
  });
});

describe('openAllPlan', () => {
  const draft = (n: number, over: { to?: string | null; truncated?: boolean } = {}) => ({
    n,
    to: `p${n}@x.org`,
    truncated: false,
    ...over,
  });

  it('opens every draft with an address and its whole text, in order', () => {
    const plan = openAllPlan([draft(1), draft(2, { to: null }), draft(3, { truncated: true }), draft(4)]);
    expect(plan.open.map((d) => d.n)).toEqual([1, 4]);
    expect(plan.noAddress.map((d) => d.n)).toEqual([2]);
    expect(plan.tooLong.map((d) => d.n)).toEqual([3]);
    expect(plan.overLimit).toEqual([]);
  });

  it(`opens at most ${MAX_OPEN_AT_ONCE} at once; the rest wait`, () => {
    const plan = openAllPlan(Array.from({ length: MAX_OPEN_AT_ONCE + 2 }, (_, i) => draft(i)));
    expect(plan.open).toHaveLength(MAX_OPEN_AT_ONCE);
    expect(plan.overLimit.map((d) => d.n)).toEqual([MAX_OPEN_AT_ONCE, MAX_OPEN_AT_ONCE + 1]);
  });
});
