// Opening a manuscript (issue 12's open benchmark): what the first paint of the candidates table waits
// for is one small page of rows, asked for with the manuscript's detail; the rest of the run is asked for
// only when the view says so (after it painted that page: afterPaint), and the exports act on every row.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CandidateQuery } from '../../../electron/common/contract';
import type { CandidateRow, ManuscriptRow } from '../../../electron/common/shapes';
import { resetWorkspace } from '../../../renderer/src/data/connect';
import { afterPaint, FIRST_PAGE, useCandidates } from '../../../renderer/src/stores/candidates';
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
  it('asks core for one page of rows, and for the rest only when rest() is called', async () => {
    const fake = runDesk();
    await useCandidates.getState().open(RUN);
    await frame();
    // One request, for the first page only, and the count of the whole run; frames alone ask nothing more.
    expect(fake.calls.filter((c) => c.channel === 'candidates.query').map((c) => c.input)).toEqual([
      { runId: RUN, query: { limit: FIRST_PAGE } },
    ]);
    expect(FIRST_PAGE).toBeLessThanOrEqual(100);
    expect(useCandidates.getState()).toMatchObject({ total: N, partial: true });
    expect(useCandidates.getState().rows.map((r) => r.rank)).toEqual(all.slice(0, FIRST_PAGE).map((r) => r.rank));

    await useCandidates.getState().rest();
    await useCandidates.getState().rest();
    expect(fake.calls.filter((c) => c.channel === 'candidates.query').map((c) => c.input)).toEqual([
      { runId: RUN, query: { limit: FIRST_PAGE } },
      { runId: RUN, query: { offset: FIRST_PAGE } },
    ]);
    const { rows, total, partial } = useCandidates.getState();
    expect({ total, partial, n: rows.length }).toEqual({ total: N, partial: false, n: N });
    expect(rows.map((r) => r.rank)).toEqual(all.map((r) => r.rank));
  });

  it('a new run following the run on screen comes in one answer (the table is painted already)', async () => {
    const fake = runDesk();
    await useCandidates.getState().open(RUN);
    await useCandidates.getState().rest();
    const before = fake.count('candidates.query');
    await useCandidates.getState().open(RUN + 1, RUN);
    expect(fake.calls.slice(before).map((c) => c.input)).toEqual([{ runId: RUN + 1, query: {} }]);
    expect(useCandidates.getState()).toMatchObject({ runId: RUN + 1, partial: false, total: N });
    // Another manuscript's run (nothing of it on screen) is paged again.
    await useCandidates.getState().open(RUN + 5, null);
    expect(fake.calls.at(-1)?.input).toEqual({ runId: RUN + 5, query: { limit: FIRST_PAGE } });
  });

  it('afterPaint() resolves in a task after the next frame, or after 250 ms in a window that paints no frame', async () => {
    let done = false;
    void afterPaint().then(() => (done = true));
    await settle();
    expect(done).toBe(false);
    await frame();
    expect(done).toBe(true);
    vi.unstubAllGlobals();
    vi.useFakeTimers();
    try {
      let late = false;
      void afterPaint().then(() => (late = true));
      await vi.advanceTimersByTimeAsync(249);
      expect(late).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(late).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the exports wait for the rest: allRows() gives every row of the run', async () => {
    runDesk();
    await useCandidates.getState().open(RUN);
    expect(useCandidates.getState().partial).toBe(true);
    const every = useCandidates.getState().allRows();
    void useCandidates.getState().rest();
    expect((await every).length).toBe(N);
  });

  it('another run opened before the rest came: the old run’s rest never lands in it', async () => {
    const fake = runDesk();
    await useCandidates.getState().open(RUN);
    let answerRest!: () => void;
    fake.handle('candidates.query', async ({ query }: { query: CandidateQuery }) => {
      if (query.offset === undefined) return { rows: [candidate(1)], total: 1 };
      await new Promise<void>((r) => (answerRest = r));
      return { rows: all.slice(FIRST_PAGE), total: N };
    });
    const resting = useCandidates.getState().rest();
    await useCandidates.getState().open(RUN + 1);
    answerRest();
    await resting;
    expect(useCandidates.getState()).toMatchObject({ runId: RUN + 1, total: 1, partial: false });
    expect(useCandidates.getState().rows).toHaveLength(1);
  });

  it('a reload of the run already shown asks for all its rows at once (the table does not shrink under the editor)', async () => {
    const fake = runDesk();
    await useCandidates.getState().open(RUN);
    await useCandidates.getState().rest();
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
