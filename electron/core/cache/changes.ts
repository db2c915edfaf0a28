// What changed in the cache, told by the write paths themselves (the repositories and the outbox),
// never by handlers: core forwards every change to the windows as `data.changed` (composition.ts),
// and the renderer's query cache refetches what READS (common/channels.ts) says a topic makes old. Actual Budget's `mutator` wrapper
// plays the same part: a write runs inside it, and what the write touched is announced once it is
// committed, never for a write that rolled back.
import type { Database } from 'better-sqlite3';
import type { DataChangedEvent } from '../../common/shapes';
import { Emitter } from '../events';

/** What the window hears of, plus 'office': the editor's events queued for the editorial office, which only core's
 * office loop listens to (the window hears of the office through app.status). */
export type Topic = DataChangedEvent['topic'] | 'office';

export interface CacheChange {
  topic: Topic;
  id?: number;
}

export class ChangeFeed {
  private readonly emitter = new Emitter<{ changed: CacheChange }>();
  private depth = 0;
  private pending: CacheChange[] = [];
  private flushQueued = false;
  /**
   * Non-zero while this connection runs a transaction (shared with the run writer's worker thread, which
   * starts no slice of its own meanwhile, so a write here waits at most for the slice under way).
   */
  readonly writerGate = new Int32Array(new SharedArrayBuffer(4));

  constructor(private readonly db: Database) {}

  /** Called with every change once its transaction has committed; returns the unsubscribe. */
  on(listener: (change: CacheChange) => void): () => void {
    return this.emitter.on('changed', listener);
  }

  /**
   * Runs `fn` in one transaction (a savepoint when nested). The changes noted inside are told when
   * the outermost one commits; those of a part that threw are dropped.
   *
   * BEGIN IMMEDIATE: another connection (the run writer's worker) writes to the same file, and a deferred
   * transaction that read before that connection committed could not write at all (SQLITE_BUSY_SNAPSHOT,
   * which busy_timeout does not wait out); an immediate one takes the write lock first, waiting for it.
   */
  transaction<T>(fn: () => T): T {
    const mark = this.pending.length;
    if (this.depth === 0) Atomics.add(this.writerGate, 0, 1);
    this.depth++;
    let ok = false;
    try {
      const result = this.db.transaction(fn).immediate();
      ok = true;
      return result;
    } finally {
      this.depth--;
      if (this.depth === 0) Atomics.sub(this.writerGate, 0, 1);
      if (!ok) this.pending.length = Math.min(this.pending.length, mark);
      if (this.depth === 0) this.flush();
    }
  }

  /**
   * Records that `topic` changed (for `id`: the manuscript or group concerned). Outside a
   * transaction it is told at once; inside one, after the commit.
   */
  note(topic: Topic, id?: number): void {
    this.pending.push(id === undefined ? { topic } : { topic, id });
    if (this.depth > 0) return;
    if (!this.db.inTransaction) {
      this.flush();
      return;
    }
    // A transaction the feed did not open (better-sqlite3's own): told once the synchronous work that holds it is done.
    if (this.flushQueued) return;
    this.flushQueued = true;
    queueMicrotask(() => {
      this.flushQueued = false;
      if (this.depth === 0) this.flush();
    });
  }

  private flush(): void {
    const changes = this.pending;
    this.pending = [];
    const seen = new Set<string>();
    for (const c of changes) {
      const key = `${c.topic}:${c.id ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      this.emitter.emit('changed', c);
    }
  }
}
