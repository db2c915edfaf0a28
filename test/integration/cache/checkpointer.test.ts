// WAL checkpoints in a worker thread (electron/core/cache/checkpointer.ts): the cache's connection never
// checkpoints while the worker runs, the worker copies the WAL into the database file once it is long enough, its failure puts the
// checkpoints back on the cache's connection, and close() stops it.
import Database from 'better-sqlite3';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkpointInWorker, type WalCheckpointer } from '../../../electron/core/cache/checkpointer';
import { MemoryLogger, tempDir } from './fixtures';

let dir: string;
let cleanup: () => void;
let db: Database.Database;
let checkpointer: WalCheckpointer | null = null;
const file = () => join(dir, 'cache.db');
const autoCheckpoint = () => db.pragma('wal_autocheckpoint', { simple: true }) as number;
/** Writes about `pages` pages of 4 KiB in small transactions, as the sliced writes do. */
const write = (pages: number) => {
  const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
  for (let i = 0; i < pages / 10; i++) db.transaction(() => Array.from({ length: 10 }, () => insert.run('x'.repeat(3500))))();
};
const until = async (what: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

beforeEach(() => {
  ({ dir, cleanup } = tempDir());
  db = new Database(file());
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
});
afterEach(async () => {
  await checkpointer?.close();
  checkpointer = null;
  db.close();
  cleanup();
});

describe('WAL checkpoints in a worker', () => {
  it('the cache connection stops checkpointing; the worker copies the WAL into the database file', async () => {
    let frames = 0;
    checkpointer = checkpointInWorker(db, { logger: new MemoryLogger(), everyMs: 50, onCheckpoint: (n) => (frames += n) });
    await checkpointer.ready;
    expect(autoCheckpoint()).toBe(0);
    const before = statSync(file()).size;
    write(1500); // past the 1,000 pages at which the connection itself would have checkpointed
    // the rows reach the database file itself, copied by the worker (this connection does not checkpoint)
    await until(() => statSync(file()).size > before + 1000 * 4096);
    // the worker tells of its checkpoint in a message after it has written the file: wait for the message too
    await until(() => frames > 0);
    expect((db.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n).toBe(1500);
  });

  it('the worker leaves a WAL shorter than minFrames alone (a complete checkpoint costs the next commit an fsync), copies a longer one', async () => {
    let frames = 0;
    checkpointer = checkpointInWorker(db, { logger: new MemoryLogger(), everyMs: 20, minFrames: 300, onCheckpoint: (n) => (frames += n) });
    await checkpointer.ready;
    const wal = () => (db.pragma('wal_checkpoint(NOOP)') as Array<{ log: number; checkpointed: number }>)[0]!;
    write(100);
    await new Promise((r) => setTimeout(r, 200));
    expect(frames).toBe(0);
    expect(wal().log).toBeGreaterThanOrEqual(100);
    expect(wal().checkpointed).toBe(0);
    write(300);
    await until(() => frames > 0);
    await until(() => wal().checkpointed === wal().log);
  });

  it('a worker that cannot start: ready rejects with its error, it is logged, and the connection checkpoints itself again', async () => {
    const logger = new MemoryLogger();
    checkpointer = checkpointInWorker(db, { logger, driver: join(dir, 'no-such-driver.js') });
    expect(autoCheckpoint()).toBe(0);
    await expect(checkpointer.ready).rejects.toThrow(/no-such-driver/);
    expect(checkpointer.running).toBe(false);
    expect(autoCheckpoint()).toBe(1000);
    expect(logger.lines.find((l) => l.message === 'WAL checkpoints are back on the main thread')?.fields?.reason).toMatch(/no-such-driver/);
  });

  it('close() stops the worker and waits for it; nothing is checkpointed by it afterwards', async () => {
    let frames = 0;
    const logger = new MemoryLogger();
    checkpointer = checkpointInWorker(db, { logger, everyMs: 20, onCheckpoint: (n) => (frames += n) });
    await checkpointer.ready;
    await checkpointer.close();
    expect(checkpointer.running).toBe(false);
    expect(autoCheckpoint()).toBe(1000);
    write(200);
    await new Promise((r) => setTimeout(r, 150));
    expect(frames).toBe(0);
    expect(logger.lines.filter((l) => l.message === 'WAL checkpoints are back on the main thread')).toHaveLength(0);
  });
});
