import equal from 'fast-deep-equal';
import { create } from 'zustand';
import type { ConflictEvidence } from '../../../electron/common/domain/conflicts';
import type { CandidateQuery } from '../../../electron/common/contract';
import type { AuthorHistory, CandidateRow, RunComparison } from '../../../electron/common/shapes';
import { defaultSortDir } from '../../../electron/common/domain/candidates';
import { boundsProblem } from '../../../electron/common/domain/wording';
import { latestOnly } from '../data/latest';
import { live } from '../data/queries';
import { desk, errorText } from '../platform/instance';

export type SortKey = NonNullable<CandidateQuery['sort']>[number]['by'];

interface CandidatesStore {
  runId: number | null;
  compareToRunId: number | null;
  query: CandidateQuery;
  rows: CandidateRow[];
  total: number;
  comparison: RunComparison | null;
  /** The editor asked to compare with the previous run (the comparison may still be loading). */
  comparing: boolean;
  author: AuthorHistory | null;
  /** The detail behind the conflict flags of the candidate whose details are open (null until it is known). */
  evidence: ConflictEvidence | null;
  /** The candidate whose details are open (null when opened from the changes table for someone not in this run). */
  selected: CandidateRow | null;
  /** The author whose details were asked for last. */
  showing: number | null;
  loading: boolean;
  /** The rows are the first page of `total`: the rest of the run is on its way (asked for after the first paint). */
  partial: boolean;
  error: string | null;
  /** Every row of the answer shown (waits for the rest while `partial`): what exports and copies act on. */
  allRows(): Promise<readonly CandidateRow[]>;
  /** Asks for the rows after the first page (the view calls it once that page is painted); once per open. */
  rest(): Promise<void>;
  open(runId: number | null, previousRunId?: number | null): Promise<void>;
  /** The run to compare with, once the manuscript's runs are known (the newest run may be opened before). */
  setPrevious(previousRunId: number | null): void;
  reload(): Promise<void>;
  setQuery(patch: Partial<CandidateQuery>): Promise<void>;
  sortBy(key: SortKey): Promise<void>;
  compare(on: boolean): Promise<void>;
  showAuthor(authorId: number | null, row?: CandidateRow): Promise<void>;
  /** Another profile's workspace: nothing of the old run stays on screen. */
  reset(): void;
}

/** Only the answer to the latest query is kept: a slow one for older filters is dropped. */
const requests = latestOnly();

/**
 * The rows asked for first when a run opens: more than any window shows at once (48 px rows: 64 rows are
 * 3,072 px), so the table's first paint waits for a ~40 KB answer (~0.6 ms in core) instead of the whole
 * run (500 rows: ~300 KB, 3–5 ms in core, 2–3 ms to serialise, 1–2 ms to parse; 10,000 rows: ~6 MB). The
 * rest is asked for once that paint is done.
 */
export const FIRST_PAGE = 64;

/** The open whose rest was asked for: the view's effect may call rest() more than once. */
let restAsked: (() => boolean) | null = null;
/** The open now: whether an answer is for it. */
let openNow: () => boolean = () => false;

/**
 * Resolves in the task after the next frame (its rAF callbacks, then its style, layout and paint): work
 * started then does not delay that frame. A window that does not paint (hidden) gets no frames: then after 250 ms.
 */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 250);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(done, 0));
  });
}

/**
 * The new answer with the previous answer's object for every row that did not change, and the previous
 * array itself when no row changed: a reload after a change elsewhere (a ledger or shortlist write, a
 * sync) re-renders only the table rows whose data changed (they are memoised on the row object).
 */
function keepUnchanged(before: CandidateRow[], after: CandidateRow[]): CandidateRow[] {
  if (before.length === 0) return after;
  const byId = new Map(before.map((r) => [r.id, r]));
  let same = before.length === after.length;
  const rows = after.map((row, i) => {
    const old = byId.get(row.id);
    if (old === undefined || !equal(old, row)) {
      same = false;
      return row;
    }
    if (before[i] !== old) same = false;
    return old;
  });
  return same ? before : rows;
}

/** What belongs to the open run alone: cleared when another run opens. */
const NO_RUN_DETAIL = {
  comparison: null,
  comparing: false,
  author: null,
  evidence: null,
  selected: null,
  showing: null,
} satisfies Partial<CandidatesStore>;

/** One page of a run's candidates, as the table's query asks for it (the first page, the rest, or all). */
const askPage = (runId: number, query: CandidateQuery) => desk().invoke('candidates.query', { runId, query });

/** The store with no run open: its first state, and what reset() goes back to. */
const EMPTY = {
  runId: null,
  compareToRunId: null,
  query: {},
  rows: [],
  total: 0,
  ...NO_RUN_DETAIL,
  loading: false,
  partial: false,
  error: null,
} satisfies Partial<CandidatesStore>;

export const useCandidates = create<CandidatesStore>((set, get, api) => ({
  ...EMPTY,
  reset() {
    requests.drop();
    set(EMPTY);
  },
  async allRows() {
    if (get().partial)
      await new Promise<void>((resolve) => {
        const off = api.subscribe((s) => {
          if (s.partial) return;
          off();
          resolve();
        });
      });
    return get().rows;
  },
  async open(runId, previousRunId = null) {
    // A group filter names a group of the run it was set on; another run may have none of its members.
    const { groupId: _group, ...query } = get().query;
    if (runId === get().runId) {
      set({ compareToRunId: previousRunId, ...NO_RUN_DETAIL, query });
      return get().reload();
    }
    // Another run's rows are not shown under this one's header while its own are on their way (nor does an
    // answer still coming for the old run land here); its first page is painted before the rest is asked for —
    // unless it follows the run on screen (a new run of the manuscript shown): the table is painted already, so
    // the whole run comes in one answer.
    const follows = previousRunId !== null && get().runId === previousRunId && get().rows.length > 0;
    const mine = (openNow = requests.begin());
    set({ runId, compareToRunId: previousRunId, ...NO_RUN_DETAIL, query, rows: [], total: 0, partial: false });
    if (runId === null || follows || boundsProblem(query) || query.limit !== undefined) return get().reload();
    set({ loading: true });
    try {
      const page = await askPage(runId, { ...query, limit: FIRST_PAGE });
      if (mine()) set({ rows: page.rows, total: page.total, loading: false, partial: page.rows.length < page.total, error: null });
    } catch (err) {
      if (mine()) set({ loading: false, partial: false, error: errorText(err) });
    }
  },
  async rest() {
    const { runId, query, rows, partial } = get();
    if (!partial || runId === null || restAsked === openNow) return;
    const mine = (restAsked = openNow);
    try {
      const more = await askPage(runId, { ...query, offset: rows.length });
      if (mine()) set({ rows: [...get().rows, ...more.rows], total: more.total, partial: false });
    } catch (err) {
      if (mine()) set({ partial: false, error: errorText(err) });
    }
  },
  setPrevious(previousRunId) {
    if (get().compareToRunId !== previousRunId) set({ compareToRunId: previousRunId, comparison: null, comparing: false });
  },
  async reload() {
    const { runId, query } = get();
    if (runId === null) return set({ rows: [], total: 0 });
    // Bounds that cannot hold are said in the filter's words, and not asked of core.
    const problem = boundsProblem(query);
    if (problem) return set({ error: problem.message });
    const mine = (openNow = requests.begin());
    set({ loading: true });
    try {
      const page = await askPage(runId, query);
      if (mine()) set({ rows: keepUnchanged(get().rows, page.rows), total: page.total, loading: false, partial: false, error: null });
    } catch (err) {
      if (mine()) set({ loading: false, partial: false, error: errorText(err) });
    }
  },
  async setQuery(patch) {
    const next: CandidateQuery = { ...get().query, ...patch };
    for (const k of Object.keys(next) as Array<keyof CandidateQuery>) if (next[k] === undefined) delete next[k];
    set({ query: next });
    await get().reload();
  },
  async sortBy(key) {
    const cur = get().query.sort?.[0];
    const defaultDir = defaultSortDir(key);
    const dir = cur?.by === key ? (cur.dir === 'asc' ? 'desc' : 'asc') : defaultDir;
    await get().setQuery({ sort: [{ by: key, dir }] });
  },
  async compare(on) {
    const { runId, compareToRunId } = get();
    set({ comparing: on });
    if (!on || runId === null || compareToRunId === null) return set({ comparison: null });
    try {
      set({ comparison: await desk().invoke('candidates.compare', { fromRunId: compareToRunId, toRunId: runId }) });
    } catch (err) {
      set({ error: errorText(err) });
    }
  },
  async showAuthor(authorId, row) {
    if (authorId === null) return set({ author: null, evidence: null, selected: null, showing: null });
    const selected = row ?? get().rows.find((r) => r.authorId === authorId) ?? null;
    set({ selected, author: null, evidence: null, showing: authorId });
    try {
      const flagged = selected !== null && selected.conflictCount > 0;
      const [history, evidence] = await Promise.all([
        desk().invoke('candidates.author', { authorId }),
        flagged ? desk().invoke('candidates.evidence', { candidateId: selected.id }) : null,
      ]);
      // Two quick clicks: only the answer for the person still shown is kept.
      if (get().showing === authorId) set({ author: history, evidence });
    } catch (err) {
      if (get().showing === authorId) set({ error: errorText(err) });
    }
  },
}));

// The open run's rows are reloaded by the changes READS names for candidates.query (data/queries.ts).
live(
  'candidates.query',
  () => {
    const { runId, query } = useCandidates.getState();
    return runId === null ? null : { runId, query };
  },
  () => useCandidates.getState().reload(),
);
