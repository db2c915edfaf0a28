// Opening a manuscript (issue 12's open benchmark): what the first paint of the candidates table waits
// for is one small page of rows, asked for with the manuscript's detail; the rest of the run is
// asked for only after a frame has been painted, and the exports act on every row even before it is in.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CandidateQuery, CandidateRow, ManuscriptRow } from '../../../electron/common/views';
import { resetWorkspace } from '../../../renderer/src/data/topics';
import { FIRST_PAGE, useCandidates } from '../../../renderer/src/stores/candidates';
import { useManuscripts } from '../../../renderer/src/stores/manuscripts';
import { installFakeDesk, settle, type FakeDesk } from './fake-desk';

const RUN = 9;
const N = 500;

const candidate = (i: number): CandidateRow =>
  ({ id: 1000 + i, runId: RUN, rank: i, authorId: 5000 + i, name: `Person ${i}`, email: `p${i}@example.org` }) as CandidateRow;
const all = Array.from({ length: N }, (_, i) => candidate(i));

/** Answers like core: `limit` and `offset` over the run's rows, `total` of them all. */
function runDesk(): FakeDesk {
  return installFakeDesk({
    'candidates.query': ({ query }: { query: CandidateQuery }) => {
      const from = query.offset ?? 0;
      const rows = all.slice(from, query.limit === undefined ? undefined : from + query.limit).map((r) => structuredClone(r));
      return { rows, total: N };
    },
  });
}

/** Frames under the test's control: requestAnimationFrame callbacks run when `frame()` is called. */
let frames: Array<() => void> = [];
const frame = async () => {
  const due = frames;
  frames = [];
  for (const cb of due) cb();
  await settle();
};

beforeEach(() => {
  resetWorkspace();
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (cb: () => void) => frames.push(cb));
});
afterEach(() => vi.unstubAllGlobals());

describe('opening a run paints its first page before asking for the rest', () => {
  it('asks core for one page of rows first, and for the rest only after a frame', async () => {
    const fake = runDesk();
    const opening = useCandidates.getState().open(RUN);
    await settle();
    // Before any frame: one request, for the first page only, and the count of the whole run.
    expect(fake.calls.filter((c) => c.channel === 'candidates.query').map((c) => c.input)).toEqual([
      { runId: RUN, query: { limit: FIRST_PAGE } },
    ]);
    expect(FIRST_PAGE).toBeLessThanOrEqual(100);
    expect(useCandidates.getState()).toMatchObject({ total: N, partial: true });
    expect(useCandidates.getState().rows.map((r) => r.rank)).toEqual(all.slice(0, FIRST_PAGE).map((r) => r.rank));

    await frame();
    await opening;
    expect(fake.calls.filter((c) => c.channel === 'candidates.query').map((c) => c.input)).toEqual([
      { runId: RUN, query: { limit: FIRST_PAGE } },
      { runId: RUN, query: { offset: FIRST_PAGE } },
    ]);
    const { rows, total, partial } = useCandidates.getState();
    expect({ total, partial, n: rows.length }).toEqual({ total: N, partial: false, n: N });
    expect(rows.map((r) => r.rank)).toEqual(all.map((r) => r.rank));
  });

  it('the exports wait for the rest: allRows() gives every row of the run', async () => {
    runDesk();
    void useCandidates.getState().open(RUN);
    await settle();
    expect(useCandidates.getState().partial).toBe(true);
    const every = useCandidates.getState().allRows();
    await frame();
    expect((await every).length).toBe(N);
  });

  it('another run opened before the rest came: the old run’s rest never lands in it', async () => {
    const fake = runDesk();
    void useCandidates.getState().open(RUN);
    await settle();
    fake.handle('candidates.query', () => ({ rows: [candidate(1)], total: 1 }));
    await useCandidates.getState().open(RUN + 1);
    await frame();
    expect(useCandidates.getState()).toMatchObject({ runId: RUN + 1, total: 1, partial: false });
    expect(useCandidates.getState().rows).toHaveLength(1);
    // The old run's first page was answered; its rest was never asked for.
    expect(fake.calls.filter((c) => (c.input as { query: CandidateQuery }).query.offset !== undefined)).toEqual([]);
  });

  it('a reload of the run already shown asks for all its rows at once (the table does not shrink under the editor)', async () => {
    const fake = runDesk();
    void useCandidates.getState().open(RUN);
    await settle();
    await frame();
    fake.calls.length = 0;
    await useCandidates.getState().reload();
    expect(fake.calls.map((c) => c.input)).toEqual([{ runId: RUN, query: {} }]);
    expect(useCandidates.getState().rows).toHaveLength(N);
  });

  it('selecting a manuscript asks for its newest run’s first page and its detail in the same turn', async () => {
    const m = { id: 1, lastRunId: RUN, title: 'T' } as ManuscriptRow;
    const fake = runDesk();
    fake.handle('manuscripts.get', () => ({ manuscript: m, runs: [] }));
    useManuscripts.setState({ list: [m] });
    const selecting = useManuscripts.getState().select(1);
    // Both asked before anything answered (no await between them).
    expect(fake.calls.map((c) => ({ channel: c.channel, input: c.input }))).toEqual([
      { channel: 'candidates.query', input: { runId: RUN, query: { limit: FIRST_PAGE } } },
      { channel: 'manuscripts.get', input: { id: 1 } },
    ]);
    await selecting;
  });
});
