import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openCache, type Cache } from '../../../electron/core/cache';
import { withoutCommitSync } from '../../../electron/core/cache/durability';
import { RUN_CHUNK } from '../../../electron/core/cache/run-recorder';
import { form, ManualClock, MemoryLogger, profileCache, range, response } from './fixtures';

const P = 'prof-1';
const N = RUN_CHUNK * 8 + 17;
let dir: string;
let cleanup: () => void;
let clock: ManualClock;
let cache: Cache;

const open = (): Cache => openCache({ file: join(dir, 'cache.db'), clock, logger: new MemoryLogger() });
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const rawCount = (sql: string): number => (cache.db.prepare(sql).get() as { n: number }).n;

/** What a reader of the cache can see of manuscript o1's runs. */
function visible() {
  const ms = cache.manuscripts.get(P, 'o1');
  return {
    runs: ms ? cache.manuscripts.runs(ms.id).length : 0,
    lastRunId: ms?.lastRunId ?? null,
    ledger: cache.ledger.query({}).total,
    authors: rawCount('SELECT count(*) AS n FROM authors'),
  };
}

beforeEach(() => {
  clock = new ManualClock();
  ({ cache, dir, cleanup } = profileCache({ clock, profileId: P }));
});
afterEach(() => {
  try {
    cache.close();
  } catch {
    // closed by the test
  }
  cleanup();
});

describe('a large run written in chunks', () => {
  it('is never visible half-written: between chunks no run, no last run, no ledger people, no author records; all of it after the commit', async () => {
    const res = response(7, 'o1', range(1, N));
    const staging = cache.runs.stageUploadRun(P, { form: form('o1') }, res);
    let done = false;
    void staging.then(() => (done = true));
    const seenRows: number[] = [];
    while (!done) {
      await nextTurn();
      seenRows.push(rawCount('SELECT count(*) AS n FROM candidates'));
      expect(visible()).toEqual({ runs: 0, lastRunId: null, ledger: 0, authors: 0 });
    }
    // The rows really were being written in between (several distinct partial counts were observed).
    expect(new Set(seenRows.filter((n) => n > 0 && n < N)).size).toBeGreaterThan(2);
    const staged = await staging;
    const rec = cache.runs.commitUploadRun(staged);
    expect(visible()).toEqual({ runs: 1, lastRunId: rec.runId, ledger: N, authors: N });
    expect(cache.candidates.ofRun(rec.runId)).toHaveLength(N);
  });

  it('a crash mid-way leaves no visible run, and the next start removes its rows', async () => {
    const staging = cache.runs.stageUploadRun(P, { form: form('o1') }, response(7, 'o1', range(1, N)));
    while (rawCount('SELECT count(*) AS n FROM candidates') < RUN_CHUNK * 2) await nextTurn();
    expect(visible().runs).toBe(0);
    cache.close(); // the process goes away between two chunks
    await expect(staging).rejects.toThrow();
    cache = open();
    expect(rawCount('SELECT count(*) AS n FROM runs')).toBe(0);
    expect(rawCount('SELECT count(*) AS n FROM candidates')).toBe(0);
    expect(visible()).toEqual({ runs: 0, lastRunId: null, ledger: 0, authors: 0 });
  });

  it('two runs written at once take turns: one slice per turn of the loop, never both in the same turn', async () => {
    const perRun = () =>
      new Map(
        (
          cache.db.prepare('SELECT run_id, count(*) AS n FROM candidates GROUP BY run_id').all() as Array<{ run_id: number; n: number }>
        ).map((r) => [r.run_id, r.n]),
      );
    const both = Promise.all([
      cache.runs.stageUploadRun(P, { form: form('o1') }, response(7, 'o1', range(1, RUN_CHUNK * 3))),
      cache.runs.stageUploadRun(P, { form: form('o2') }, response(8, 'o2', range(1, RUN_CHUNK * 3))),
    ]);
    let done = false;
    void both.then(() => (done = true));
    // a probe that runs once per turn (its next step queued from inside the check phase): between two of its
    // steps the loop turned once, so at most one of the runs may have grown
    let before = perRun();
    let turnsWithTwo = 0;
    let grew = 0;
    while (!done) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      const now = perRun();
      const advanced = [...now].filter(([id, n]) => n > (before.get(id) ?? 0)).length;
      if (advanced > 1) turnsWithTwo++;
      grew += advanced;
      before = now;
    }
    await both;
    expect(grew).toBeGreaterThan(4);
    expect(turnsWithTwo).toBe(0);
  });

  it('commits the same rows as the one-call recordUploadRun', async () => {
    const res = response(7, 'o1', range(1, 600));
    const a = cache.runs.commitUploadRun(await cache.runs.stageUploadRun(P, { form: form('o1') }, res));
    const b = cache.runs.recordUploadRun(P, { form: form('o2') }, response(8, 'o2', range(1, 600)));
    const rows = (runId: number) => cache.candidates.ofRun(runId).map((c) => [c.rank, c.authorId, c.name]);
    expect(rows(a.runId)).toEqual(rows(b.runId));
    expect(a.seq).toBe(1);
  });

  it('with linkLater the run is visible at the commit and its author records and ledger follow in slices, each counted once', async () => {
    const res = response(7, 'o1', range(1, N));
    const staged = await cache.runs.stageUploadRun(P, { form: form('o1') }, res);
    const rec = cache.runs.commitUploadRun(staged, { linkLater: true });
    expect(visible()).toEqual({ runs: 1, lastRunId: rec.runId, ledger: 0, authors: 0 });
    const linking = cache.runs.linkRun(rec.runId);
    let done = false;
    void linking.then(() => (done = true));
    const seen: number[] = [];
    while (!done) {
      await nextTurn();
      seen.push(visible().authors);
    }
    expect(new Set(seen.filter((n) => n > 0 && n < N)).size).toBeGreaterThan(2);
    expect(visible()).toEqual({ runs: 1, lastRunId: rec.runId, ledger: N, authors: N });
    // the same as the one-call path: one suggestion per person and per author record
    expect(rawCount('SELECT count(*) AS n FROM authors WHERE suggestions_count = 1')).toBe(N);
    expect(rawCount('SELECT count(*) AS n FROM ledger_people WHERE suggested = 1')).toBe(N);
    expect(rawCount('SELECT count(*) AS n FROM author_manuscripts')).toBe(N);
    expect(rawCount('SELECT count(*) AS n FROM runs WHERE links_next IS NOT NULL')).toBe(0);
  });

  it('commits staging chunks and link slices without waiting for the disk, and leaves the cache at synchronous = FULL', async () => {
    const FULL = 2;
    const NORMAL = 1;
    const mode = () => cache.db.pragma('synchronous', { simple: true }) as number;
    expect(mode()).toBe(FULL);
    const modes: number[] = [];
    const pragma = vi.spyOn(cache.db, 'pragma');
    const staged = await cache.runs.stageUploadRun(P, { form: form('o1') }, response(7, 'o1', range(1, N)));
    const rec = cache.runs.commitUploadRun(staged, { linkLater: true });
    const linking = cache.runs.linkRun(rec.runId);
    let done = false;
    void linking.then(() => (done = true));
    while (!done) {
      await nextTurn();
      modes.push(mode());
    }
    // one NORMAL per staged chunk (9) and per link slice, each set back at once: between turns it is FULL
    const relaxed = pragma.mock.calls.filter(([p]) => p === 'synchronous = NORMAL').length;
    expect(relaxed).toBeGreaterThanOrEqual(Math.ceil(N / RUN_CHUNK) + 1);
    expect(new Set(modes)).toEqual(new Set([FULL]));
    expect(visible()).toEqual({ runs: 1, lastRunId: rec.runId, ledger: N, authors: N });

    // inside the slice the commit is NORMAL; a slice that throws rolls back and the mode comes back too
    expect(withoutCommitSync(cache.db, mode)).toBe(NORMAL);
    expect(() =>
      withoutCommitSync(cache.db, () => {
        cache.db.prepare('UPDATE runs SET links_next = 5 WHERE id = ?').run(rec.runId);
        throw new Error('mid-slice');
      }),
    ).toThrow('mid-slice');
    expect(mode()).toBe(FULL);
    expect(rawCount('SELECT count(*) AS n FROM runs WHERE links_next IS NOT NULL')).toBe(0);
  });

  it('the hidden run row commits without waiting for the disk too; the commit that shows the run stays FULL', async () => {
    const mode = () => cache.db.pragma('synchronous', { simple: true }) as number;
    const pragma = vi.spyOn(cache.db, 'pragma');
    const relaxed = () => pragma.mock.calls.filter(([p]) => p === 'synchronous = NORMAL').length;
    const staged = await cache.runs.stageUploadRun(P, { form: form('o1') }, response(7, 'o1', [])); // no chunks: the run row alone
    expect(relaxed()).toBe(1);
    expect(mode()).toBe(2); // FULL again
    cache.changes.transaction(() => cache.runs.commitUploadRun(staged));
    expect(relaxed()).toBe(1);
    expect(visible()).toMatchObject({ runs: 1, lastRunId: staged.runId });
  });

  it('a stop mid-linking resumes at the next start where it stopped, counting nobody twice', async () => {
    const res = response(7, 'o1', range(1, N));
    const rec = cache.runs.commitUploadRun(await cache.runs.stageUploadRun(P, { form: form('o1') }, res), {
      linkLater: true,
    });
    const linking = cache.runs.linkRun(rec.runId);
    while (rawCount('SELECT count(*) AS n FROM author_manuscripts') < RUN_CHUNK / 10) await nextTurn();
    cache.close(); // the app stops between two slices
    await linking;
    cache = open();
    const partial = visible().authors;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(N);
    expect(await cache.runs.linkPendingRuns()).toBe(1);
    expect(visible()).toEqual({ runs: 1, lastRunId: rec.runId, ledger: N, authors: N });
    expect(rawCount('SELECT count(*) AS n FROM ledger_people WHERE suggested = 1')).toBe(N);
    expect(rawCount('SELECT count(*) AS n FROM authors WHERE suggestions_count = 1')).toBe(N);
    expect(await cache.runs.linkPendingRuns()).toBe(0);
  });
});
