// The editor's own writes (a queued upload, a group or author change, a shortlist edit) must be on disk before
// the window says they are saved or queued: a power cut after that must not lose them. At `synchronous = FULL` SQLite makes a commit durable by
// an fsync of the WAL inside the commit, on the thread that commits: core's event loop, which then waits for
// the disk (0.3–7 ms on this machine, 80 ms seen once, and without bound on a busy or failing disk: issue 14).
// Instead such a write commits without waiting (cache.editorWrite) and its handler answers after WalSync has
// fsynced the WAL on libuv's thread pool. What the editor is told is the same; what waits is a promise.
//
// Why this is as safe as FULL: the WAL is written in order, so one fsync of it makes every commit before it
// durable; WAL mode keeps the file consistent at any level (a commit not yet synced is lost whole after a power
// cut, with every commit after it, never half-applied). The fsync is of the file, not of SQLite's own handle:
// fsync(2) writes back the file's dirty pages whichever descriptor asks. No WAL file means nothing waits in
// one: SQLite checkpointed it into the database (and synced that) and removed it as the last connection closed.
import { open } from 'node:fs/promises';

/** fdatasync of one file on libuv's pool (what SQLite itself calls on Linux); a file that is gone has nothing to sync. */
export async function syncFile(file: string): Promise<void> {
  let handle;
  try {
    // 'r+', not 'r': on Windows FlushFileBuffers needs a handle open for writing.
    handle = await open(file, 'r+');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

/**
 * Group commit for the WAL: flush() resolves once an fsync that began after the call has finished, so every
 * commit made before the call is on disk. Callers that come while an fsync runs share the next one; at most one
 * runs at a time and at most one more waits.
 */
export class WalSync {
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  constructor(
    private readonly walFile: string,
    private readonly sync: (file: string) => Promise<void> = syncFile,
  ) {}

  flush(): Promise<void> {
    if (!this.running) return this.start();
    // The fsync running now may have begun before the caller's commit: the caller waits for the next one.
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.start();
      });
    return this.queued;
  }

  private start(): Promise<void> {
    const done: Promise<void> = this.sync(this.walFile).finally(() => {
      if (this.running === done) this.running = null;
    });
    this.running = done;
    return done;
  }
}
