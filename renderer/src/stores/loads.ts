// One candidate's load badge data (ledger.loads), read by the cell that shows it. Each cell listens to its own
// person (the table asks for the run's answer once its rows are painted: useKeepFresh), and a new answer
// keeps the object of every person whose load did not change: an answer (after a ledger change) re-renders
// only the cells that changed.
import equal from 'fast-deep-equal';
import type { CandidateLoadRow } from '../../../electron/common/shapes';
import { useQuerySelect, type QueryState } from '../data/queries';

let indexed: { data: readonly CandidateLoadRow[]; runId: number; byAuthor: Map<number, CandidateLoadRow> } | null = null;

/** The answer by author id, computed once per answer; an unchanged person keeps the previous answer's object. */
function byAuthor(runId: number, data: readonly CandidateLoadRow[]): Map<number, CandidateLoadRow> {
  if (indexed?.data === data) return indexed.byAuthor;
  const before = indexed?.runId === runId ? indexed.byAuthor : null;
  const next = new Map<number, CandidateLoadRow>();
  for (const row of data) {
    const old = before?.get(row.authorId);
    next.set(row.authorId, old !== undefined && equal(old, row) ? old : row);
  }
  indexed = { data, runId, byAuthor: next };
  return next;
}

/** The run's candidates the answer leaves out (core sends only those with something to say): one zero row each,
 * the same object while the run stays, so their cells never re-render for a new answer. */
let unloaded: { runId: number; byAuthor: Map<number, CandidateLoadRow> } | null = null;

function noLoad(runId: number, authorId: number): CandidateLoadRow {
  if (unloaded?.runId !== runId) unloaded = { runId, byAuthor: new Map() };
  let row = unloaded.byAuthor.get(authorId);
  if (!row) {
    row = {
      authorId,
      personId: null,
      invitedRecent: 0,
      reviewing: 0,
      accepted: 0,
      busy: false,
      reasons: [],
      authorOf: [],
      colleagues: [],
      unavailableUntil: null,
    };
    unloaded.byAuthor.set(authorId, row);
  }
  return row;
}

/** The load of one candidate in the run's answer (zeros when the answer has none), or undefined when there is
 * no answer for this run yet. */
export const selectLoad =
  (runId: number | null, authorId: number | undefined) =>
  (s: QueryState<CandidateLoadRow[]>): CandidateLoadRow | undefined =>
    runId !== null && authorId !== undefined && s.data !== null
      ? (byAuthor(runId, s.data).get(authorId) ?? noLoad(runId, authorId))
      : undefined;

/** The load of one candidate of the run; re-renders the caller only when that candidate's load changes. */
export const useCandidateLoad = (runId: number | null, authorId: number | undefined): CandidateLoadRow | undefined =>
  useQuerySelect('ledger.loads', runId === null ? null : { runId }, selectLoad(runId, authorId), { ask: false });
