// The second and third rounds of inviting: why people decline, until when someone is unavailable, and
// which of a shortlist are invited now and which wait as alternates (docs/shortlist.md "Rounds").
import type { DeclineReason, DeclineReportRow } from '../shapes';
import { labelKeys } from './labels';
import type { ShortlistStatus } from '../shapes';
import { isReminderDue, isoDate } from './shortlist';

/** Why a person declined: the menu's reasons, each with its words. */
export const DECLINE_LABEL = {
  too_busy: 'Too busy',
  outside_expertise: 'Outside their expertise',
  conflict_of_interest: 'Conflict of interest',
  on_leave: 'On leave',
  no_reason: 'No reason given',
  other: 'Other',
} as const satisfies Record<DeclineReason, string>;
export const DECLINE_REASONS = labelKeys<DeclineReason>(DECLINE_LABEL);

/** A decline recorded before reasons were asked. */
export const NOT_RECORDED = 'Not recorded';

/** The reason as the editor reads it: the menu's words, or the text typed with "Other". */
export const declineText = (reason: DeclineReason | null, text: string | null): string =>
  reason === null ? NOT_RECORDED : reason === 'other' && text ? `Other: ${text}` : DECLINE_LABEL[reason];

/** How many of a shortlist are invited at once when the editor has not said: the rest are alternates. */
export const DEFAULT_INVITE_NOW = 3;
export const MAX_INVITE_NOW = 50;

/** Unavailable on `today` (YYYY-MM-DD): the date is the last day the person is away. */
export const unavailableOn = (until: string | null, today: string): boolean => until !== null && until >= today;

/** "Unavailable until 15 Jan 2027" in the editor's words (the date as stored when it cannot be read). */
export function availabilityText(until: string): string {
  const d = new Date(`${until}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return `Unavailable until ${until}`;
  return `Unavailable until ${d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })}`;
}

/** The first day the Hide busy filter compares with: today, as the cache writes dates. */
export const today = (now: number): string => isoDate(now);

export interface RoundEntry {
  authorId: number;
  name: string;
  position: number;
  status: ShortlistStatus;
  invitedAt: number | null;
  answeredAt: number | null;
  declineReason: DeclineReason | null;
  /** The person's unavailable-until date, if any (YYYY-MM-DD). */
  unavailableUntil: string | null;
}

/**
 * Where one entry stands in the round:
 * - `inPlay`: invited and waiting (not overdue), accepted or reviewed — holds one of the N places;
 * - `now`: shortlisted and among the people to invite now;
 * - `alternate`: shortlisted and waiting, `order` 1, 2… in the list's order;
 * - `out`: declined, no answer, or invited and past the reminder date without an answer (their place is free);
 * - `away`: shortlisted but unavailable today — skipped, neither now nor an alternate, until the date.
 */
export type RoundRole =
  | { kind: 'inPlay' }
  | { kind: 'now' }
  | { kind: 'alternate'; order: number }
  | { kind: 'out'; why: 'declined' | 'no_answer' | 'overdue' }
  | { kind: 'away'; until: string };

export interface RoundProposal {
  /** The alternate now proposed, in order. */
  authorId: number;
  name: string;
  /** Whose place they take: the first person out not yet replaced, in the list's order. */
  replaces: { authorId: number; name: string; why: 'declined' | 'no_answer' | 'overdue' } | null;
}

export interface RoundPlan {
  inviteNow: number;
  roles: Map<number, RoundRole>;
  /** Shortlisted people to invite now, in order (what "Draft invitations" drafts). */
  toInvite: number[];
  /**
   * People to invite now because someone dropped out after the first invitations went out: each with
   * the person whose place they take. Empty before any invitation or while every place is held.
   */
  proposals: RoundProposal[];
}

/**
 * The alternates rule. N places: people in play hold one each; the free places go to the shortlisted
 * people in the list's order (skipping anyone unavailable today); everyone after them is an alternate.
 * A decline, a "no answer", or an invitation past the reminder date without an answer frees the place,
 * so the next alternate becomes one to invite now, proposed in place of the person out.
 */
export function planRound(entries: readonly RoundEntry[], inviteNow: number, at: { now: number; reminderDays: number }): RoundPlan {
  const sorted = [...entries].sort((a, b) => a.position - b.position);
  const day = today(at.now);
  const roles = new Map<number, RoundRole>();
  let held = 0;
  const out: Array<{ authorId: number; name: string; why: 'declined' | 'no_answer' | 'overdue' }> = [];
  for (const e of sorted) {
    if (e.status === 'declined' || e.status === 'no_answer') {
      roles.set(e.authorId, { kind: 'out', why: e.status });
      out.push({ authorId: e.authorId, name: e.name, why: e.status });
    } else if (e.status === 'invited' && isReminderDue(e, at.now, at.reminderDays)) {
      roles.set(e.authorId, { kind: 'out', why: 'overdue' });
      out.push({ authorId: e.authorId, name: e.name, why: 'overdue' });
    } else if (e.status !== 'shortlisted') {
      roles.set(e.authorId, { kind: 'inPlay' });
      held++;
    }
  }
  const open = Math.max(0, inviteNow - held);
  const toInvite: number[] = [];
  let alternates = 0;
  for (const e of sorted) {
    if (e.status !== 'shortlisted') continue;
    if (unavailableOn(e.unavailableUntil, day)) roles.set(e.authorId, { kind: 'away', until: e.unavailableUntil! });
    else if (toInvite.length < open) {
      roles.set(e.authorId, { kind: 'now' });
      toInvite.push(e.authorId);
    } else roles.set(e.authorId, { kind: 'alternate', order: ++alternates });
  }
  // A replacement is proposed only once a round has started: someone was invited, and someone is out.
  const started = sorted.some((e) => e.invitedAt !== null);
  const byId = new Map(sorted.map((e) => [e.authorId, e]));
  // The newest people out are the ones not yet replaced: the proposals take their places, oldest first.
  const when = (id: number) => byId.get(id)!.answeredAt ?? byId.get(id)!.invitedAt ?? 0;
  out.sort((a, b) => when(a.authorId) - when(b.authorId));
  const fresh = started ? toInvite.slice(Math.max(0, toInvite.length - out.length)) : [];
  const unreplaced = out.slice(out.length - fresh.length);
  const proposals: RoundProposal[] = fresh.map((authorId, i) => ({
    authorId,
    name: byId.get(authorId)!.name,
    replaces: unreplaced[i] ?? null,
  }));
  return { inviteNow, roles, toInvite, proposals };
}

/** One decline as the report counts it: the person, the reason, and that person's answers overall. */
export interface DeclineFact {
  personId: number;
  reason: DeclineReason | null;
  /** The person's answered invitations, any reason, any manuscript. */
  accepted: number;
  declined: number;
  noAnswer: number;
}

/** Declines by reason over all reviewers, in the menu's order (then "not recorded"); reasons nobody gave are left out. */
export function declineReport(facts: readonly DeclineFact[]): DeclineReportRow[] {
  const keys: Array<DeclineReason | null> = [...DECLINE_REASONS, null];
  return keys
    .map((reason) => {
      const mine = facts.filter((f) => f.reason === reason);
      const people = new Map(mine.map((f) => [f.personId, f]));
      let accepted = 0;
      let answered = 0;
      for (const p of people.values()) {
        accepted += p.accepted;
        answered += p.accepted + p.declined + p.noAnswer;
      }
      return {
        reason,
        label: reason === null ? NOT_RECORDED : DECLINE_LABEL[reason],
        declines: mine.length,
        people: people.size,
        acceptanceRate: answered === 0 ? null : accepted / answered,
      };
    })
    .filter((r) => r.declines > 0);
}

export const percent = (rate: number | null): string => (rate === null ? '' : `${Math.round(rate * 100)} %`);

/** The decline report as one table for CSV/XLSX: over all reviewers first, then each person's reasons. */
export function declineReportTable(
  overall: readonly DeclineReportRow[],
  perPerson: ReadonlyArray<{ name: string; email: string | null; reason: DeclineReason | null; text: string | null; declines: number }>,
): { header: string[]; rows: Array<Array<string | number | null>> } {
  const header = ['Reviewer', 'E-mail', 'Reason', 'Declines', 'People', 'Acceptance rate of these people'];
  const rows: Array<Array<string | number | null>> = [
    ...overall.map((r) => ['All reviewers', '', r.label, r.declines, r.people, percent(r.acceptanceRate)]),
    ...perPerson.map((p) => [p.name, p.email, declineText(p.reason, p.text), p.declines, '', '']),
  ];
  return { header, rows };
}
