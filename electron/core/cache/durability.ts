// How the cache's commits reach the disk, in one place. The cache runs with synchronous = FULL (every commit
// waits for an fsync of the WAL); writes that are safe to lose to a power cut, and the editor's own writes,
// commit without waiting (withoutCommitSync) and are made durable afterwards off core's thread (durability():
// one fsync of the WAL on libuv's pool shared by the callers that come while one runs, wal-sync.ts).
import { dirname } from 'node:path';
import type { Database } from 'better-sqlite3';
import type { Logger } from '../ports';
import { notDurableError } from './failures';
import { WalSync } from './wal-sync';

/**
 * Runs one slice's transaction without waiting for the disk at its commit (synchronous = NORMAL for that
 * commit only; the cache stays FULL). With FULL every commit fsyncs the WAL on the main thread: 6 ms at the
 * median, 11 ms at p90 on this machine, so a 6 ms slice blocked the loop for 12–22 ms. Only for writes that
 * are safe to lose to a power cut: candidate chunks of a staged run (hidden until commitUploadRun), the
 * upload's own commit that makes the run visible and marks the upload done (Outbox.finish with
 * `resendable`: lost, the upload is still queued and is sent again) and link slices (they move
 * runs.links_next with them, so a lost slice is redone from the stored candidates). WAL keeps the file
 * consistent either way: a commit is lost whole, with every commit after it.
 */
export function withoutCommitSync<T>(
  db: Database,
  slice: () => T,
  transaction: (fn: () => T) => T = (fn) => db.transaction(fn).immediate(),
): T {
  const mode = db.pragma('synchronous', { simple: true }) as number;
  db.pragma('synchronous = NORMAL');
  try {
    return transaction(slice);
  } finally {
    db.pragma(`synchronous = ${mode}`);
  }
}

/** durable() and editorWrite() of a cache file, spread into the Cache (open.ts says what each does). */
export function durability(db: Database, file: string, syncFile: ((path: string) => Promise<void>) | undefined, logger: Logger) {
  const wal = new WalSync(`${file}-wal`, syncFile);
  const durable = (): Promise<void> =>
    wal.flush().catch((err: unknown) => {
      logger.log('error', 'the WAL could not be synced to disk', { code: (err as { code?: unknown } | null)?.code });
      throw notDurableError(dirname(file), err);
    });
  return {
    durable,
    /** Called as the cache's method: it waits for the cache's durable() (which a test may hold). */
    async editorWrite<T>(this: { durable(): Promise<void> }, write: () => T): Promise<T> {
      // no transaction around it: each repository commits as it always does, only without the fsync
      const value = withoutCommitSync(db, write, (fn) => fn());
      await this.durable();
      return value;
    },
  };
}
