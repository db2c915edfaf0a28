// The shortlist's small rules on screen: what the toolbar says and acts on, the order after a move,
// the status moves a person may take next, and the text "Copy text" puts on the clipboard.
import { singleAddresses } from '../../../../electron/common/domain/mailto';
import { STATUS_LABEL, TRANSITIONS, shortlistTable } from '../../../../electron/common/domain/shortlist';
import type { CandidateRow, InvitationDraft, ShortlistEntryRow, ShortlistStatus } from '../../../../electron/common/shapes';

/** What Copy e-mails / Export act on: the shortlist when it has anyone, else the rows shown. */
export type ActionTarget = { kind: 'shortlist'; entries: readonly ShortlistEntryRow[] } | { kind: 'table'; rows: readonly CandidateRow[] };

export const actionTarget = (entries: readonly ShortlistEntryRow[] | null, rows: readonly CandidateRow[]): ActionTarget =>
  entries && entries.length > 0 ? { kind: 'shortlist', entries } : { kind: 'table', rows };

/** The buttons' words: they say when they act on the shortlist, and on how many people. */
export function actionLabels(target: ActionTarget): { copy: string; csv: string; xlsx: string; title: string | undefined } {
  if (target.kind === 'table') return { copy: 'Copy e-mails', csv: 'Export CSV', xlsx: 'Export XLSX', title: undefined };
  const n = target.entries.length;
  const withEmail = shortlistEmails(target.entries).length;
  return {
    copy: `Copy ${withEmail} e-mail${withEmail === 1 ? '' : 's'}`,
    csv: `Export ${n} to CSV`,
    xlsx: `Export ${n} to XLSX`,
    title: `Acts on the shortlist (${n} ${n === 1 ? 'person' : 'people'}, in its order); empty it to act on the table`,
  };
}

/**
 * The shortlist's e-mails in its order, for pasting into a To: field; people without one are left out, and
 * so is a value that is not a single address (`a@x,b@y` would paste as two recipients).
 */
export const shortlistEmails = (entries: readonly ShortlistEntryRow[]): string[] =>
  singleAddresses([...entries].sort((a, b) => a.position - b.position).map((e) => e.email));

/** The export table of the shortlist (order, notes, statuses, service marks). */
export const shortlistExport = (entries: readonly ShortlistEntryRow[]) =>
  shortlistTable(entries.map((e) => ({ ...e, serviceMarked: e.serviceMark !== null })));

/** The order of author ids after moving the one at `from` to `to` (clamped); the same array when nothing moves. */
export function moved(ids: readonly number[], from: number, to: number): readonly number[] {
  const target = Math.max(0, Math.min(ids.length - 1, to));
  if (from < 0 || from >= ids.length || target === from) return ids;
  const next = [...ids];
  const [id] = next.splice(from, 1);
  next.splice(target, 0, id!);
  return next;
}

/** The statuses a person may take next, with their labels (the select shows only these). */
export const nextStatuses = (status: ShortlistStatus): Array<{ status: ShortlistStatus; label: string }> =>
  TRANSITIONS[status].map((s) => ({ status: s, label: s === 'shortlisted' ? 'Shortlisted (invitation taken back)' : STATUS_LABEL[s] }));

/** People on the list not yet invited, in order (the round plan, common/domain/rounds, picks who is invited now). */
export const notYetInvited = (entries: readonly ShortlistEntryRow[]): number[] =>
  [...entries]
    .sort((a, b) => a.position - b.position)
    .filter((e) => e.status === 'shortlisted')
    .map((e) => e.authorId);

/** The full invitation as text for the clipboard (when the mail link had to be shortened, or no mail app). */
export const draftText = (d: Pick<InvitationDraft, 'to' | 'subject' | 'body'>): string =>
  `${d.to ? `To: ${d.to}\n` : ''}Subject: ${d.subject}\n\n${d.body}`;

/** A status with its date, as the panel shows it ("Invited 2026-11-23"). */
export function statusLine(e: Pick<ShortlistEntryRow, 'status' | 'invitedAt' | 'answeredAt' | 'closedAt'>): string {
  const at = e.status === 'invited' ? e.invitedAt : e.status === 'closed' ? e.closedAt : e.status === 'shortlisted' ? null : e.answeredAt;
  return at === null ? STATUS_LABEL[e.status] : `${STATUS_LABEL[e.status]} ${new Date(at).toISOString().slice(0, 10)}`;
}
