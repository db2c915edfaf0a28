// The Reviewers view's pure parts: its columns (one definition for the header, the sort key and the
// cell text), the merge rule in words, and what the load badge says.
import type { CandidateLoadRow, LedgerMergeRule, LedgerPersonRow, LedgerSortKey } from '../../../../electron/common/shapes';
import { isoDate } from '../../../../electron/common/domain/shortlist';
import { availabilityText } from '../../../../electron/common/domain/rounds';

export interface LedgerColumn {
  key: LedgerSortKey;
  label: string;
  /** A CSS grid track; the default set fits 1280 px beside the navigation. */
  width: string;
  align?: 'right';
  /** Sorted biggest first on the first click (counts, dates), A→Z for the name. */
  firstDir: 'asc' | 'desc';
  text: (p: LedgerPersonRow) => string;
}

const count = (v: number) => String(v);

export const rateText = (rate: number | null): string => (rate === null ? '—' : `${Math.round(rate * 100)} %`);

export const LEDGER_COLUMNS: readonly LedgerColumn[] = [
  { key: 'name', label: 'Name', width: 'minmax(180px, 1fr)', firstDir: 'asc', text: (p) => p.name },
  { key: 'suggested', label: 'Suggested', width: '92px', align: 'right', firstDir: 'desc', text: (p) => count(p.suggested) },
  { key: 'shortlisted', label: 'Shortlisted', width: '92px', align: 'right', firstDir: 'desc', text: (p) => count(p.shortlisted) },
  { key: 'invited', label: 'Invited', width: '92px', align: 'right', firstDir: 'desc', text: (p) => count(p.invited) },
  { key: 'accepted', label: 'Accepted', width: '92px', align: 'right', firstDir: 'desc', text: (p) => count(p.accepted) },
  { key: 'declined', label: 'Declined', width: '92px', align: 'right', firstDir: 'desc', text: (p) => count(p.declined) },
  { key: 'noAnswer', label: 'No answer', width: '92px', align: 'right', firstDir: 'desc', text: (p) => count(p.noAnswer) },
  {
    key: 'lastInvited',
    label: 'Last invited',
    width: '104px',
    align: 'right',
    firstDir: 'desc',
    text: (p) => isoDate(p.lastInvitedAt) || '—',
  },
  { key: 'reviewing', label: 'Reviewing', width: '92px', align: 'right', firstDir: 'desc', text: (p) => count(p.reviewing) },
  { key: 'acceptanceRate', label: 'Acceptance', width: '92px', align: 'right', firstDir: 'desc', text: (p) => rateText(p.acceptanceRate) },
];

/** The next sort after a click on a header: the same column flips, another starts at its natural direction. */
export function nextSort(
  current: { by: LedgerSortKey; dir: 'asc' | 'desc' } | null,
  key: LedgerSortKey,
): { by: LedgerSortKey; dir: 'asc' | 'desc' } {
  const first = LEDGER_COLUMNS.find((c) => c.key === key)?.firstDir ?? 'asc';
  if (current?.by !== key) return { by: key, dir: first };
  return { by: key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
}

/** How an author_id came into the person's record, in the editor's words. */
export const RULE_TEXT: Record<LedgerMergeRule, string> = {
  author_id: 'First record (author id)',
  orcid: 'Merged: same ORCID',
  email: 'Merged: same e-mail',
  split: 'Split off by you',
};

/** The load badge's label and its reason, or null when the person is not busy and has no conflict to show. */
export function loadText(load: CandidateLoadRow | undefined): { badge: string; why: string } | null {
  if (!load || !load.busy) return null;
  const until = load.unavailableUntil;
  const away = until !== null && load.reasons.some((r) => r.startsWith('unavailable until'));
  const reasons = load.reasons.map((r) => (away && r.startsWith('unavailable until') ? availabilityText(until).replace(/^U/, 'u') : r));
  const why = reasons.length > 0 ? reasons.join('; ').replace(/\b1 times\b/g, 'once') : 'busy';
  // Unavailable until a day: the badge carries the date ("Busy until 15 Jan 2027").
  const badge = away ? `Busy ${availabilityText(until).replace(/^Unavailable /, '')}` : 'Busy';
  return { badge, why: why.charAt(0).toUpperCase() + why.slice(1) };
}

/** "Author of “Title” in this folder (matched by ORCID)" for each manuscript the candidate wrote. */
export function authorOfText(load: CandidateLoadRow | undefined): string[] {
  const by = { orcid: 'ORCID', email: 'e-mail', name: 'name' } as const;
  return (load?.authorOf ?? []).map((a) => `Author of “${a.title}” in this folder (as ${a.author}, matched by ${by[a.by]})`);
}

const DAY = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** "Invited by ann on 3 Dec 2026 for “Title”" for each colleague of the office who invited the candidate. */
export function colleagueText(load: CandidateLoadRow | undefined): string[] {
  return (load?.colleagues ?? []).map((c) => `Invited by ${c.editor} on ${DAY.format(c.invitedAt)} for “${c.title}”`);
}
