// The daily job in fewer steps: shortlisting the first people of the candidates table who have nothing against
// them, and opening many invitation drafts in the mail app at once. Pure rules; the window and core apply them.
import type { ConflictKey } from '../service';
import { conflictBadges } from './conflicts';
import { mailtoPath } from './mailto';

/** The mail app gets at most this many new messages from one click (a window each: more would bury the editor). */
export const MAX_OPEN_AT_ONCE = 10;

/** "Shortlist the first N": N is at most this. */
export const MAX_QUICK_PICK = 10;

/** What the pick reads of a candidate row. */
export interface PickRow {
  authorId: number;
  email: string | null;
  conflicts: Record<ConflictKey, boolean | null>;
}

/** Why a candidate was passed over, in the order they are checked. */
export type SkipReason = 'shortlisted' | 'conflict' | 'authorElsewhere' | 'busy' | 'doNotInvite' | 'opposed' | 'noEmail';

export interface PickFacts {
  /** Already on the manuscript's shortlist (any status). */
  shortlisted: Iterable<number>;
  /** The people with something to say (people.flags): do not invite, opposed by the authors, e-mail bounced. */
  flags: ReadonlyArray<{ authorId: number; doNotInvite: unknown; opposed: boolean; bounced: boolean }>;
  /** The run's loads (ledger.loads): busy, or an author of another manuscript of the folder. */
  loads: ReadonlyArray<{ authorId: number; busy: boolean; authorOf: readonly unknown[] }>;
}

export interface Pick {
  /** Author ids to add, in the table's order. */
  picked: number[];
  /** How many were passed over before the N-th was found, by reason. */
  skipped: Partial<Record<SkipReason, number>>;
}

/** Why this row cannot be picked, or null when it can. An unknown conflict flag (an older run) counts as a conflict. */
function skipReason(
  row: PickRow,
  facts: { on: Set<number>; flags: Map<number, PickFacts['flags'][number]>; loads: Map<number, PickFacts['loads'][number]> },
): SkipReason | null {
  if (facts.on.has(row.authorId)) return 'shortlisted';
  if (conflictBadges(row.conflicts).length > 0) return 'conflict';
  const load = facts.loads.get(row.authorId);
  if (load && load.authorOf.length > 0) return 'authorElsewhere';
  if (load?.busy) return 'busy';
  const flag = facts.flags.get(row.authorId);
  if (flag?.doNotInvite) return 'doNotInvite';
  if (flag?.opposed) return 'opposed';
  if (flag?.bounced || mailtoPath(row.email) === null) return 'noEmail';
  return null;
}

/**
 * The first `n` rows, in the order given (the table's, with its filters), that have no conflict flag, are not
 * an author of another manuscript of the folder, not busy, not on the do-not-invite list, not opposed by the
 * authors, have one usable e-mail address and are not on the shortlist yet.
 */
export function firstWithoutConflicts(rows: readonly PickRow[], n: number, facts: PickFacts): Pick {
  const index = {
    on: new Set(facts.shortlisted),
    flags: new Map(facts.flags.map((f) => [f.authorId, f])),
    loads: new Map(facts.loads.map((l) => [l.authorId, l])),
  };
  const picked: number[] = [];
  const skipped: Partial<Record<SkipReason, number>> = {};
  for (const row of rows) {
    if (picked.length >= n) break;
    const why = skipReason(row, index);
    if (why === null) {
      if (!picked.includes(row.authorId)) picked.push(row.authorId);
    } else if (why !== 'shortlisted') skipped[why] = (skipped[why] ?? 0) + 1;
  }
  return { picked, skipped };
}

const SKIP_WORDS: Record<Exclude<SkipReason, 'shortlisted'>, string> = {
  conflict: 'with conflicts',
  authorElsewhere: 'author(s) of another manuscript of the folder',
  busy: 'busy',
  doNotInvite: 'on your do-not-invite list',
  opposed: 'opposed by the authors',
  noEmail: 'without a usable e-mail address',
};

/** What the editor reads after the pick: "Added 3 to the shortlist; passed over 2 with conflicts, 1 busy." */
export function pickSummary(pick: Pick, asked: number): string {
  const passed = (Object.keys(SKIP_WORDS) as Array<keyof typeof SKIP_WORDS>)
    .filter((k) => (pick.skipped[k] ?? 0) > 0)
    .map((k) => `${pick.skipped[k]} ${SKIP_WORDS[k].replace('(s)', pick.skipped[k] === 1 ? '' : 's')}`);
  const added =
    pick.picked.length === 0
      ? 'Nobody added: no one in the table is free of conflicts and not on the shortlist yet'
      : `Added ${pick.picked.length === 1 ? '1 person' : `${pick.picked.length} people`} to the shortlist` +
        (pick.picked.length < asked ? ` (${asked} asked: the table has no more)` : '');
  return `${added}${passed.length > 0 ? `; passed over ${passed.join(', ')}` : ''}.`;
}

/** What "Open all in mail app" does with the drafts of the people who may be invited now. */
export interface OpenPlan<D> {
  /** Opened, in order: at most MAX_OPEN_AT_ONCE, each with a recipient and its whole text in the link. */
  open: D[];
  /** Left to open one by one: no usable address, a text too long for a link, or over the limit. */
  noAddress: D[];
  tooLong: D[];
  overLimit: D[];
}

export function openAllPlan<D extends { to: string | null; truncated: boolean }>(drafts: readonly D[]): OpenPlan<D> {
  const plan: OpenPlan<D> = { open: [], noAddress: [], tooLong: [], overLimit: [] };
  for (const d of drafts) {
    if (d.to === null) plan.noAddress.push(d);
    else if (d.truncated) plan.tooLong.push(d);
    else if (plan.open.length >= MAX_OPEN_AT_ONCE) plan.overLimit.push(d);
    else plan.open.push(d);
  }
  return plan;
}
