// The candidate table's columns: one definition for the screen, CSV and XLSX exports. Each column has
// its id, its label, its value (what the exports write) and, when the screen shows it, its place there;
// the renderer adds only how a cell looks, keyed by the same id (renderer/src/features/candidates/cells.tsx).
import { CANDIDATE_SORT } from '../shapes';
import type { CandidateRow, CandidateSortKey } from '../shapes';
import { CONFLICT_TEXT, conflictBadges } from './conflicts';

export interface CandidateColumn<K extends string = string> {
  key: K;
  label: string;
  /** The cell's value as both exports write it. */
  value: (c: CandidateRow) => string | number | null;
  /** How the screen shows it; absent: exports only (the name's parts, the author id). */
  screen?: {
    /** A CSS grid track. Columns shown by default fit 1280 px beside the navigation together. */
    width: string;
    /** Shown until the editor hides it in the column chooser. */
    shown: boolean;
    align?: 'left' | 'right' | 'center';
    /** The key core sorts by, when the column sorts. */
    sort?: CandidateSortKey;
    /** Always shown and first: the editor can neither hide nor move it. */
    fixed?: boolean;
    /** The table's header when it is shorter than the label (the column chooser shows the label). */
    header?: string;
  };
}

/** Every candidate column, in export order. The screen and both exports (CSV, XLSX) read this list. */
const COLUMNS = [
  {
    key: 'rank',
    label: 'Rank',
    value: (c) => c.rank + 1,
    screen: { width: '56px', shown: true, align: 'right', sort: 'rank', fixed: true },
  },
  { key: 'name', label: 'Name', value: (c) => c.name, screen: { width: 'minmax(180px, 1.4fr)', shown: true, sort: 'name', fixed: true } },
  { key: 'firstName', label: 'First name', value: (c) => c.firstName },
  { key: 'middleName', label: 'Middle name', value: (c) => c.middleName },
  { key: 'lastName', label: 'Last name', value: (c) => c.lastName },
  { key: 'suffix', label: 'Suffix', value: (c) => c.suffix },
  { key: 'score', label: 'Score', value: (c) => c.score, screen: { width: '96px', shown: false, align: 'right', sort: 'score' } },
  { key: 'hIndex', label: 'h-index', value: (c) => c.hIndex, screen: { width: '74px', shown: true, align: 'right', sort: 'hIndex' } },
  {
    key: 'articles',
    label: 'Articles',
    value: (c) => c.articlesCount,
    screen: { width: '68px', shown: true, align: 'right', sort: 'articles' },
  },
  {
    key: 'citations',
    label: 'Citations',
    value: (c) => c.citationsCount,
    screen: { width: '80px', shown: true, align: 'right', sort: 'citations' },
  },
  {
    key: 'affiliation',
    label: 'Affiliation',
    value: (c) => c.affiliation,
    screen: { width: 'minmax(140px, 1fr)', shown: false, sort: 'affiliation' },
  },
  { key: 'email', label: 'Email', value: (c) => c.email, screen: { width: 'minmax(230px, 1.5fr)', shown: true, sort: 'email' } },
  { key: 'orcid', label: 'ORCID', value: (c) => c.orcid, screen: { width: '168px', shown: false, sort: 'orcid' } },
  {
    key: 'conflicts',
    label: 'Conflicts',
    value: (c) =>
      conflictBadges(c.conflicts)
        .map((b) => (b.unknown ? `${b.badge}?` : b.badge))
        .join('; '),
    screen: { width: 'minmax(120px, 0.9fr)', shown: true, sort: 'conflicts' },
  },
  {
    key: 'groups',
    label: 'Authors groups',
    value: (c) => c.authorsGroups.map((g) => g.group_id).join('; '),
    screen: { width: '76px', shown: true, align: 'center', sort: 'groups', header: 'Groups' },
  },
  {
    key: 'marked',
    label: 'Marked',
    value: (c) => (c.marked ? 'yes' : ''),
    screen: { width: '72px', shown: true, align: 'center', sort: 'marked' },
  },
  {
    key: 'concepts',
    label: 'Relevant concepts',
    value: (c) => c.relevantConcepts.join('; '),
    screen: { width: 'minmax(140px, 1fr)', shown: false },
  },
  { key: 'url', label: 'Profile', value: (c) => c.url, screen: { width: '64px', shown: false } },
  { key: 'authorId', label: 'Author id', value: (c) => c.authorId },
] as const satisfies readonly CandidateColumn[];

/** The id of a candidate column. */
export type CandidateColumnKey = (typeof COLUMNS)[number]['key'];
/** The id of a column the screen can show (one with a `screen` part): the renderer has a cell for each. */
export type ScreenColumnKey = Extract<(typeof COLUMNS)[number], { screen: object }>['key'];

export const CANDIDATE_COLUMNS: readonly CandidateColumn<CandidateColumnKey>[] = COLUMNS;

export function candidateTable(rows: readonly CandidateRow[]): { header: string[]; rows: Array<Array<string | number | null>> } {
  return { header: CANDIDATE_COLUMNS.map((c) => c.label), rows: rows.map((r) => CANDIDATE_COLUMNS.map((c) => c.value(r))) };
}

export type ScreenColumn = CandidateColumn<ScreenColumnKey> & { screen: NonNullable<CandidateColumn['screen']> };

const isScreen = (c: CandidateColumn<CandidateColumnKey>): c is ScreenColumn => c.screen !== undefined;

/** The screen's default order: the decision first (conflicts, e-mail). Every screen column, once. */
const SCREEN_ORDER: readonly ScreenColumnKey[] = [
  'rank',
  'name',
  'conflicts',
  'email',
  'hIndex',
  'articles',
  'citations',
  'groups',
  'marked',
  'score',
  'affiliation',
  'orcid',
  'concepts',
  'url',
];

/** The columns the screen can show, in their default order. */
export const SCREEN_COLUMNS: readonly ScreenColumn[] = SCREEN_ORDER.map((key) => {
  const c = CANDIDATE_COLUMNS.find((d) => d.key === key);
  if (!c || !isScreen(c)) throw new Error(`candidate column ${key}: not a screen column`);
  return c;
});

export interface ColumnLayout {
  /** Keys in the order shown (hidden ones keep their place for when they come back). */
  order: ScreenColumnKey[];
  hidden: ScreenColumnKey[];
}

export const DEFAULT_LAYOUT: ColumnLayout = {
  order: SCREEN_COLUMNS.map((c) => c.key),
  hidden: SCREEN_COLUMNS.filter((c) => !c.screen.shown).map((c) => c.key),
};

/** A remembered layout made safe: unknown keys dropped, new columns added in their default place, fixed ones first. */
export function normalizeLayout(saved: unknown): ColumnLayout {
  const s = (typeof saved === 'object' && saved !== null ? saved : {}) as Partial<Record<keyof ColumnLayout, unknown>>;
  const known = new Set<unknown>(DEFAULT_LAYOUT.order);
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((k): k is ScreenColumnKey => known.has(k)) : []);
  const order = [...new Set(strings(s.order))];
  for (const k of DEFAULT_LAYOUT.order) if (!order.includes(k)) order.splice(Math.min(order.length, DEFAULT_LAYOUT.order.indexOf(k)), 0, k);
  const fixed = SCREEN_COLUMNS.filter((c) => c.screen.fixed).map((c) => c.key);
  const ordered = [...fixed, ...order.filter((k) => !fixed.includes(k))];
  const hidden = Array.isArray(s.hidden) ? strings(s.hidden).filter((k) => !fixed.includes(k)) : DEFAULT_LAYOUT.hidden;
  return { order: ordered, hidden };
}

/** The screen columns to show, in order. */
export function visibleColumns(layout: ColumnLayout): ScreenColumn[] {
  return layout.order.filter((k) => !layout.hidden.includes(k)).map((k) => SCREEN_COLUMNS.find((c) => c.key === k)!);
}

/** Moves a column one place among the movable ones. */
export function moveColumn(layout: ColumnLayout, key: ScreenColumnKey, delta: -1 | 1): ColumnLayout {
  const order = [...layout.order];
  const i = order.indexOf(key);
  const j = i + delta;
  const fixed = new Set(SCREEN_COLUMNS.filter((c) => c.screen.fixed).map((c) => c.key));
  if (i < 0 || j < 0 || j >= order.length || fixed.has(key) || fixed.has(order[j]!)) return layout;
  [order[i], order[j]] = [order[j]!, order[i]!];
  return { ...layout, order };
}

export { CONFLICT_TEXT };

/** The direction a column sorts in when first clicked (CANDIDATE_SORT, the one list of sort keys). */
export function defaultSortDir(key: CandidateSortKey): 'asc' | 'desc' {
  return CANDIDATE_SORT[key];
}

/** The bounds a run was asked with, in the upload form's words ("h-index 6–20 · articles ≥ 5"); "no bounds" when none. */
export function boundsText(
  form: Partial<
    Record<
      'min_h_index' | 'max_h_index' | 'min_academic_age' | 'max_academic_age' | 'min_articles_count' | 'max_articles_count',
      number | undefined
    >
  > & { exclude_candidates?: boolean | undefined },
): string {
  const range = (what: string, lo: number | undefined, hi: number | undefined) =>
    lo === undefined && hi === undefined
      ? null
      : lo !== undefined && hi !== undefined
        ? `${what} ${lo}–${hi}`
        : lo !== undefined
          ? `${what} ≥ ${lo}`
          : `${what} ≤ ${hi}`;
  const parts = [
    range('h-index', form.min_h_index, form.max_h_index),
    range('academic age', form.min_academic_age, form.max_academic_age),
    range('articles', form.min_articles_count, form.max_articles_count),
  ].filter((p): p is string => p !== null);
  if (form.exclude_candidates) parts.push('candidate search skipped');
  return parts.length > 0 ? parts.join(' · ') : 'no bounds';
}
