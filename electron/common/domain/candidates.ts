// The candidate table's columns: one definition for the screen, CSV and XLSX exports.
import type { CandidateRow, CandidateSortKey } from '../views';
import { CONFLICT_TEXT, conflictBadges } from './conflicts';

export interface CandidateColumn {
  key: string;
  label: string;
  value: (c: CandidateRow) => string | number | null;
}

export const EXPORT_COLUMNS: CandidateColumn[] = [
  { key: 'rank', label: 'Rank', value: (c) => c.rank + 1 },
  { key: 'name', label: 'Name', value: (c) => c.name },
  { key: 'firstName', label: 'First name', value: (c) => c.firstName },
  { key: 'middleName', label: 'Middle name', value: (c) => c.middleName },
  { key: 'lastName', label: 'Last name', value: (c) => c.lastName },
  { key: 'suffix', label: 'Suffix', value: (c) => c.suffix },
  { key: 'score', label: 'Score', value: (c) => c.score },
  { key: 'hIndex', label: 'h-index', value: (c) => c.hIndex },
  { key: 'articles', label: 'Articles', value: (c) => c.articlesCount },
  { key: 'citations', label: 'Citations', value: (c) => c.citationsCount },
  { key: 'affiliation', label: 'Affiliation', value: (c) => c.affiliation },
  { key: 'email', label: 'Email', value: (c) => c.email },
  { key: 'orcid', label: 'ORCID', value: (c) => c.orcid },
  { key: 'conflicts', label: 'Conflicts', value: (c) => conflictBadges(c.conflicts).map((b) => (b.unknown ? `${b.badge}?` : b.badge)).join('; ') },
  { key: 'groups', label: 'Authors groups', value: (c) => c.authorsGroups.map((g) => g.group_id).join('; ') },
  { key: 'marked', label: 'Marked', value: (c) => (c.marked ? 'yes' : '') },
  { key: 'concepts', label: 'Relevant concepts', value: (c) => c.relevantConcepts.join('; ') },
  { key: 'url', label: 'Profile', value: (c) => c.url },
  { key: 'authorId', label: 'Author id', value: (c) => c.authorId },
];

export function candidateTable(rows: readonly CandidateRow[]): { header: string[]; rows: Array<Array<string | number | null>> } {
  return { header: EXPORT_COLUMNS.map((c) => c.label), rows: rows.map((r) => EXPORT_COLUMNS.map((c) => c.value(r))) };
}

export { CONFLICT_TEXT };

const ASCENDING: ReadonlySet<CandidateSortKey> = new Set(['rank', 'name', 'conflicts', 'affiliation', 'email', 'orcid']);

/** The direction a column sorts in when first clicked: text and rank A→Z, numbers largest first. */
export function defaultSortDir(key: CandidateSortKey): 'asc' | 'desc' {
  return ASCENDING.has(key) ? 'asc' : 'desc';
}
