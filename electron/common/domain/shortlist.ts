// The shortlist's rules: statuses and their legal transitions, a person's counts across
// manuscripts, the fatigue (load) rule, reminders due, and the table an export writes.
import type { LedgerPersonRow, PersonCounts, ShortlistStatus } from '../shapes';
import { labelKeys } from './labels';

/** A shortlisted person's status for one manuscript, each with its words. */
export const STATUS_LABEL = {
  shortlisted: 'Shortlisted',
  invited: 'Invited',
  accepted: 'Accepted',
  declined: 'Declined',
  no_answer: 'No answer',
  closed: 'Review received',
} as const satisfies Record<ShortlistStatus, string>;
export const SHORTLIST_STATUSES = labelKeys<ShortlistStatus>(STATUS_LABEL);

/**
 * What may follow each status. An invitation can be taken back (invited → shortlisted) before an
 * answer; a late answer after "no answer" is recorded; a person who declined or did not answer
 * may be invited again; an accepted review is closed when it arrives (or the person withdraws).
 */
export const TRANSITIONS: Readonly<Record<ShortlistStatus, readonly ShortlistStatus[]>> = {
  shortlisted: ['invited'],
  invited: ['accepted', 'declined', 'no_answer', 'shortlisted'],
  no_answer: ['accepted', 'declined', 'invited'],
  declined: ['invited'],
  accepted: ['closed', 'declined'],
  closed: [],
};

/** Null when the move is allowed, else why not in the editor's words. */
export function transitionError(from: ShortlistStatus, to: ShortlistStatus): string | null {
  if (TRANSITIONS[from].includes(to)) return null;
  if (from === to) return `This person is already “${STATUS_LABEL[to]}”.`;
  const allowed = TRANSITIONS[from].map((s) => `“${STATUS_LABEL[s]}”`);
  return (
    `A person who is “${STATUS_LABEL[from]}” cannot become “${STATUS_LABEL[to]}”` +
    (allowed.length > 0 ? `; next can be ${allowed.join(' or ')}.` : '; this entry is finished.')
  );
}

export interface StatusDates {
  status: ShortlistStatus;
  invitedAt: number | null;
  answeredAt: number | null;
  closedAt: number | null;
}

/** The entry's status and dates after a legal move at `now`; throws on an illegal one. */
export function applyStatus(entry: StatusDates, to: ShortlistStatus, now: number): StatusDates {
  const err = transitionError(entry.status, to);
  if (err !== null) throw new Error(err);
  switch (to) {
    case 'shortlisted':
      return { status: to, invitedAt: null, answeredAt: null, closedAt: null };
    case 'invited':
      return { status: to, invitedAt: now, answeredAt: null, closedAt: null };
    case 'accepted':
    case 'declined':
    case 'no_answer':
      return { status: to, invitedAt: entry.invitedAt, answeredAt: now, closedAt: null };
    case 'closed':
      return { ...entry, status: to, closedAt: now };
  }
}

/** A person's counts from their shortlist entries (one per manuscript). Accepted includes reviews received. */
export function personCounts(entries: ReadonlyArray<{ status: ShortlistStatus; invitedAt: number | null }>): PersonCounts {
  const c: PersonCounts = {
    shortlisted: entries.length,
    invited: 0,
    accepted: 0,
    declined: 0,
    noAnswer: 0,
    reviewing: 0,
    lastInvitedAt: null,
  };
  for (const e of entries) {
    if (e.invitedAt !== null) {
      c.invited++;
      c.lastInvitedAt = Math.max(c.lastInvitedAt ?? 0, e.invitedAt);
    }
    if (e.status === 'accepted' || e.status === 'closed') c.accepted++;
    if (e.status === 'accepted') c.reviewing++;
    if (e.status === 'declined') c.declined++;
    if (e.status === 'no_answer') c.noAnswer++;
  }
  return c;
}

/** Accepted among answered invitations (accepted, declined, no answer); null before any answer. */
export function acceptanceRate(c: Pick<PersonCounts, 'accepted' | 'declined' | 'noAnswer'>): number | null {
  const answered = c.accepted + c.declined + c.noAnswer;
  return answered === 0 ? null : c.accepted / answered;
}

export const DAY_MS = 86_400_000;

export interface FatigueSettings {
  /** Invitations in the window that make a person busy. */
  k: number;
  /** The window, in days. */
  d: number;
  /** Reviews in progress that make a person busy. */
  r: number;
}

export const DEFAULT_FATIGUE: FatigueSettings = { k: 3, d: 180, r: 2 };

/** Invitations at or after this instant count toward the fatigue window. */
export const fatigueSince = (now: number, s: FatigueSettings): number => now - s.d * DAY_MS;

export interface LoadBadge {
  busy: boolean;
  /** Why, in the editor's words; empty when not busy. */
  reasons: string[];
}

/**
 * The load badge: invited ≥ K times in the last D days, or reviewing ≥ R manuscripts now, or unavailable
 * until a day not yet past (`today`, YYYY-MM-DD; the date is the last day away).
 */
export function loadBadge(
  load: { invitedRecent: number; reviewing: number; unavailableUntil?: string | null },
  s: FatigueSettings,
  today?: string,
): LoadBadge {
  const reasons: string[] = [];
  const until = load.unavailableUntil ?? null;
  if (until !== null && today !== undefined && until >= today) reasons.push(`unavailable until ${until}`);
  if (load.invitedRecent >= s.k) reasons.push(`invited ${load.invitedRecent} times in the last ${s.d} days`);
  if (load.reviewing >= s.r) reasons.push(`reviewing ${load.reviewing} manuscript${load.reviewing === 1 ? '' : 's'} now`);
  return { busy: reasons.length > 0, reasons };
}

/** Invitations sent at or before this instant with no answer are due a reminder. */
export const reminderCutoff = (now: number, days: number): number => now - days * DAY_MS;

export const isReminderDue = (e: { status: ShortlistStatus; invitedAt: number | null }, now: number, days: number): boolean =>
  e.status === 'invited' && e.invitedAt !== null && e.invitedAt <= reminderCutoff(now, days);

/** An instant as the calendar date YYYY-MM-DD (UTC), as exports and templates show it. */
export const isoDate = (ms: number | null): string => (ms === null ? '' : new Date(ms).toISOString().slice(0, 10));

export interface ShortlistExportEntry {
  position: number;
  name: string;
  email: string | null;
  orcid: string | null;
  affiliation: string | null;
  status: ShortlistStatus;
  note: string;
  dueDate: string | null;
  invitedAt: number | null;
  answeredAt: number | null;
  serviceMarked: boolean;
}

/** The shortlist as a table for CSV/XLSX (toCsv / toXlsx), in the editor's order. */
export function shortlistTable(entries: readonly ShortlistExportEntry[]): { header: string[]; rows: Array<Array<string | number | null>> } {
  const header = ['#', 'Name', 'E-mail', 'ORCID', 'Affiliation', 'Status', 'Note', 'Due', 'Invited', 'Answered', 'Marked in the service'];
  const rows = [...entries]
    .sort((a, b) => a.position - b.position)
    .map((e, i) => [
      i + 1,
      e.name,
      e.email,
      e.orcid,
      e.affiliation,
      STATUS_LABEL[e.status],
      e.note,
      e.dueDate,
      isoDate(e.invitedAt),
      isoDate(e.answeredAt),
      e.serviceMarked ? 'yes' : '',
    ]);
  return { header, rows };
}

/** A ledger person as the export writes them: the row the Reviewers view shows, less its ids. */
export type LedgerExportPerson = Omit<LedgerPersonRow, 'personId' | 'membersCount' | 'unavailableUntil'>;

/** The Reviewers view as a table for CSV/XLSX, in the order shown. */
export function ledgerTable(people: readonly LedgerExportPerson[]): { header: string[]; rows: Array<Array<string | number | null>> } {
  const header = [
    'Name',
    'Affiliation',
    'E-mail',
    'ORCID',
    'Suggested',
    'Shortlisted',
    'Invited',
    'Accepted',
    'Declined',
    'No answer',
    'Reviewing now',
    'Last invited',
    'Acceptance rate',
  ];
  const rows = people.map((p) => [
    p.name,
    p.affiliation,
    p.email,
    p.orcid,
    p.suggested,
    p.shortlisted,
    p.invited,
    p.accepted,
    p.declined,
    p.noAnswer,
    p.reviewing,
    isoDate(p.lastInvitedAt),
    p.acceptanceRate === null ? '' : `${Math.round(p.acceptanceRate * 100)} %`,
  ]);
  return { header, rows };
}
