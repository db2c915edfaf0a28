// RunRecorder.record, the one way an upload's answer becomes a run: the answer parsed when no run writer
// runs, the run made visible inside the caller's commit (with the hooks told there), linked afterwards; a
// commit that throws leaves no run behind; a reader's answer the writer could not keep is fetched again.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Cache } from '../../../electron/core/cache';
import { RunWriterGone } from '../../../electron/core/cache/run-writer';
import { form, profileCache, response } from './fixtures';

let close: () => void;
let cache: Cache;
const P = 'p';

beforeEach(() => {
  ({ cache, close } = profileCache({ profileId: P }));
});
afterEach(() => close());

const runsOf = () => cache.db.prepare('SELECT id, complete FROM runs').all() as Array<{ id: number; complete: number }>;

describe('RunRecorder.record', () => {
  it('parses the answer without a run writer, makes the run visible inside the commit, tells the hooks there, then links its people', async () => {
    const inside: Array<{ runId: number; visible: boolean }> = [];
    cache.runs.onCommitted((runId) => inside.push({ runId, visible: cache.manuscripts.run(runId) !== undefined }));
    let commits = 0;
    const recorded = await cache.runs.record(
      P,
      { form: form('ms-1') },
      { parse: async () => ({ response: response(7, 'ms-1', [11, 12, 13]), raw: undefined }) },
      (makeVisible) => {
        commits++;
        cache.db.transaction(makeVisible)();
      },
      () => false,
    );
    expect(commits).toBe(1);
    expect(inside).toEqual([{ runId: recorded.runId, visible: true }]);
    expect(recorded).toMatchObject({ seq: 1, candidatesCount: 3 });
    expect(cache.manuscripts.get(P, 'ms-1')).toMatchObject({ syncState: 'synced', serviceId: 7, lastRunId: recorded.runId });
    // Linked after the commit: the people are in the reviewer ledger.
    expect(cache.ledger.personOf(12)).toBeDefined();
  });

  it('a commit that throws leaves no run, hidden or visible, and the error goes to the caller', async () => {
    await expect(
      cache.runs.record(
        P,
        { form: form('ms-2') },
        { parse: async () => ({ response: response(8, 'ms-2', [21]), raw: undefined }) },
        () => {
          throw new Error('the outbox could not mark the upload done');
        },
        () => false,
      ),
    ).rejects.toThrow(/could not mark/);
    expect(runsOf()).toEqual([]);
  });

  it('an answer the run writer read but could not keep is fetched and parsed again', async () => {
    let reads = 0;
    let parses = 0;
    const writer = { running: true };
    cache.runs.useRunWriter(writer as never);
    // The writer is "running" but the staged write finds it gone: record falls back to parse().
    const stageReadRun = cache.runs.stageReadRun.bind(cache.runs);
    cache.runs.stageReadRun = async () => {
      writer.running = false;
      throw new RunWriterGone('it stopped');
    };
    const recorded = await cache.runs.record(
      P,
      { form: form('ms-3') },
      {
        read: async () => {
          reads++;
          return { head: {} } as never;
        },
        parse: async () => {
          parses++;
          return { response: response(9, 'ms-3', [31, 32]), raw: undefined };
        },
      },
      (makeVisible) => cache.db.transaction(makeVisible)(),
      () => false,
    );
    cache.runs.stageReadRun = stageReadRun;
    cache.runs.useRunWriter(null);
    expect([reads, parses]).toEqual([1, 1]);
    expect(recorded.candidatesCount).toBe(2);
    expect(runsOf()).toEqual([{ id: recorded.runId, complete: 1 }]);
  });
});
