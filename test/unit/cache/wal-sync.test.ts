// WalSync: one fsync of the WAL serves every caller that came before it began; a caller that comes while one
// runs waits for the next (its commit may be later than the running fsync's start). The real fdatasync works
// on an open database's WAL and treats a missing WAL as nothing to sync.
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openCache } from '../../../electron/core/cache';
import { syncFile, WalSync } from '../../../electron/core/cache/wal-sync';
import { ManualClock } from '../../integration/cache/fixtures';
import { MemoryLogger } from '../../support/fakes';

/** An fsync the test finishes by hand, one at a time, in the order they began. */
function heldSyncs() {
  const started: Array<{ file: string; finish: (err?: Error) => void }> = [];
  const sync = (file: string) =>
    new Promise<void>((resolve, reject) => started.push({ file, finish: (err) => (err ? reject(err) : resolve()) }));
  return { started, sync };
}
const turns = async (n = 3) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
};
const state = (p: Promise<void>) => {
  const s = { settled: false, failed: false };
  p.then(
    () => (s.settled = true),
    () => Object.assign(s, { settled: true, failed: true }),
  );
  return s;
};

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('WalSync', () => {
  it('starts one fsync for a caller alone, and one more for all who come while it runs', async () => {
    const { started, sync } = heldSyncs();
    const wal = new WalSync('/data/cache.db-wal', sync);
    const first = state(wal.flush());
    expect(started.map((s) => s.file)).toEqual(['/data/cache.db-wal']);
    const second = state(wal.flush());
    const third = state(wal.flush());
    await turns();
    expect(started).toHaveLength(1); // the next one waits for the running one
    started[0]!.finish();
    await turns();
    expect(first.settled).toBe(true);
    expect([second.settled, third.settled]).toEqual([false, false]); // they came after it began
    expect(started).toHaveLength(2);
    started[1]!.finish();
    await turns();
    expect([second.settled, third.settled]).toEqual([true, true]);
    // nothing running: a new caller starts its own
    wal.flush();
    expect(started).toHaveLength(3);
  });

  it('a failed fsync fails its callers only; the next callers get a new one', async () => {
    const { started, sync } = heldSyncs();
    const wal = new WalSync('w', sync);
    const first = state(wal.flush());
    const second = state(wal.flush());
    started[0]!.finish(Object.assign(new Error('EIO: i/o error'), { code: 'EIO' }));
    await turns();
    expect(first).toEqual({ settled: true, failed: true });
    expect(second.settled).toBe(false);
    started[1]!.finish();
    await turns();
    expect(second).toEqual({ settled: true, failed: false });
  });

  it('syncs a real WAL, and a WAL that is gone is nothing to sync', async () => {
    dir = mkdtempSync(join(tmpdir(), 'desk-walsync-'));
    const db = new Database(join(dir, 'c.db'));
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1)');
    expect(existsSync(join(dir, 'c.db-wal'))).toBe(true);
    await expect(syncFile(join(dir, 'c.db-wal'))).resolves.toBeUndefined();
    db.close(); // the last connection checkpoints and removes the WAL
    expect(existsSync(join(dir, 'c.db-wal'))).toBe(false);
    await expect(syncFile(join(dir, 'c.db-wal'))).resolves.toBeUndefined();
    // any other failure is the caller's to report
    writeFileSync(join(dir, 'plain'), 'x');
    await expect(syncFile(join(dir, 'plain', 'below-a-file'))).rejects.toMatchObject({ code: 'ENOTDIR' });
  });
});

describe('cache.durable()', () => {
  const failing = (code: string) => () => Promise.reject(Object.assign(new Error(`${code}: failed`), { code }));

  it('fsyncs the cache’s own WAL', async () => {
    dir = mkdtempSync(join(tmpdir(), 'desk-durable-'));
    const synced: string[] = [];
    const cache = openCache({
      file: join(dir, 'cache.db'),
      clock: new ManualClock(),
      logger: new MemoryLogger(),
      syncFile: async (file) => {
        synced.push(file);
        await syncFile(file);
      },
    });
    try {
      await cache.durable();
      expect(synced).toEqual([join(dir, 'cache.db-wal')]);
    } finally {
      cache.close();
    }
  });

  it('tells the editor in plain words when the disk does not confirm, and logs the code', async () => {
    dir = mkdtempSync(join(tmpdir(), 'desk-durable-'));
    for (const [code, expected] of [
      ['EIO', { code: 'cache_unavailable', message: expect.stringMatching(/did not confirm it \(EIO\)/) }],
      ['ENOSPC', { code: 'disk_full', message: expect.stringMatching(/The disk is full/) }],
    ] as const) {
      const logger = new MemoryLogger();
      const cache = openCache({ file: join(dir, `${code}.db`), clock: new ManualClock(), logger, syncFile: failing(code) });
      try {
        await expect(cache.durable()).rejects.toMatchObject(expected);
        expect(logger.lines).toContainEqual({ level: 'error', message: 'the WAL could not be synced to disk', fields: { code } });
      } finally {
        cache.close();
      }
    }
  });
});
