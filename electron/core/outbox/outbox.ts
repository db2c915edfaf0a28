import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { DeskError } from '../../common/errors';
import { type AuthorFromGroupPatch, type AuthorFromGroupPut, type AuthorsGroupCreate, type UploadFormInput } from '../../common/service';
import { backoffDelay, type BackoffPolicy } from '../api/retry';
import type { ServiceApi } from '../api/types';
import type { Cache } from '../cache';
import { withoutCommitSync } from '../cache/durability';
import { steadyClock, type Clock, type Logger } from '../ports';
import { UNREACHABLE } from '../sync/connectivity';
import { Emitter } from '../events';
import { classifyFailure, type FailureAction } from './classify';
import { sweepUploads } from './files';
import {
  groupCreated,
  isOutboxKind,
  kindOf,
  queueAuthor,
  queueGroup,
  queueUpload,
  rebaseAuthor,
  UNKNOWN_KIND_MESSAGE,
  uploadKey,
  type KindContext,
} from './kinds';
import { OutboxStore } from './store';
import {
  DEFAULT_BACKOFF,
  type FileHandover,
  type OutboxCounts,
  type OutboxEdit,
  type OutboxEntry,
  type OutboxEvents,
  type OutboxPayload,
} from './types';

export interface OutboxOptions {
  cache: Cache;
  profileId: string;
  api: ServiceApi;
  clock: Clock;
  logger: Logger;
  /** Where manuscript files wait for their upload (inside the app's data folder, beside staging). */
  uploadsDir: string;
  backoff?: BackoffPolicy;
  /** Uniform in [0, 1), for backoff jitter. */
  random?: () => number;
}

export interface DrainResult {
  sent: number;
  retried: number;
  parked: number;
  /** Why sending stopped before the queue was empty: the network is down or the profile cannot send. */
  stoppedBy: Extract<FailureAction, { action: 'retry' | 'hold' }> | null;
}

/**
 * Every write the app makes to the service. Its input was validated once, at the router, with the
 * contract's schemas (ARCHITECTURE.md §3 rule 3); the client checks what it sends. Each is applied to the cache at once (marked
 * pending) and stored in the same transaction, then sent in order per entity, retried with
 * backoff on transient failures and parked for the editor on permanent ones. See docs/cache.md
 * for the state machine and the idempotency of each kind.
 */
export class Outbox {
  readonly events = new Emitter<OutboxEvents>();
  private readonly store: OutboxStore;
  private readonly backoff: BackoffPolicy;
  private readonly random: () => number;
  /** Due times (next_attempt_at) live on this monotonic timeline; the wall clock only dates rows. */
  private readonly steady: Clock;
  private running: Promise<DrainResult> | null = null;
  /** The write being sent now, how to abort it, and (uploads) how much of its body has gone. */
  private inFlight: { id: number; controller: AbortController; sentBytes: number; totalBytes: number } | null = null;
  /** Editors waiting for an upload in flight to stop (see cancel); a second cancel shares the first's promise. */
  private readonly stopping = new Map<
    number,
    { promise: Promise<number[]>; resolve: (ids: number[]) => void; reject: (err: unknown) => void }
  >();

  /** What the kinds (kinds/) are lent to apply, send and undo their writes. */
  private readonly kinds: KindContext;

  constructor(private readonly opts: OutboxOptions) {
    this.store = new OutboxStore(opts.cache.db, opts.cache.changes);
    this.backoff = opts.backoff ?? DEFAULT_BACKOFF;
    this.random = opts.random ?? Math.random;
    this.steady = steadyClock(opts.clock);
    this.kinds = {
      cache: opts.cache,
      store: this.store,
      api: opts.api,
      profileId: opts.profileId,
      insert: (p, entityKey, dependsOn) => this.insert(p, entityKey, dependsOn),
      finish: (e, apply, opts) => this.finish(e, apply, opts?.resendable ?? false),
      progress: (e, sentBytes, totalBytes) => {
        if (this.inFlight?.id === e.id) Object.assign(this.inFlight, { sentBytes, totalBytes });
        this.events.emit('progress', { entry: e, sentBytes, totalBytes });
      },
    };
  }

  private transaction<T>(fn: () => T): T {
    return this.store.transaction(fn);
  }

  private get profileId(): string {
    return this.opts.profileId;
  }

  // ------------------------------------------------------------------ start-up

  /**
   * Settles what a crash left in flight: idempotent writes go back to the queue (they are
   * replayed); a group creation is parked as outcome_unknown (it may or may not exist). Also
   * removes upload folders nothing refers to. Call once before the first drain.
   */
  recover(): { requeued: number[]; uncertain: number[] } {
    const now = this.opts.clock.now();
    const due = this.steady.now();
    const requeued: number[] = [];
    const uncertain: number[] = [];
    this.transaction(() => {
      // Due times written before a restart came from another timeline: none waits longer than the longest backoff.
      this.store.hurry(this.profileId, due + this.backoff.maxMs);
      // A newer version's entries wait, parked with the reason, instead of reaching a kind this version lacks.
      for (const id of this.store.unknownKinds(this.profileId))
        this.store.set(
          id,
          {
            state: 'parked',
            attempts: 0,
            nextAttemptAt: due,
            error: { code: 'unsupported', message: UNKNOWN_KIND_MESSAGE },
            parkReason: 'failed',
          },
          now,
        );
      for (const e of this.store.inFlight(this.profileId)) {
        const unknown = kindOf(e).interrupted(e);
        if (unknown !== null) {
          this.store.set(
            e.id,
            {
              state: 'parked',
              attempts: e.attempts,
              nextAttemptAt: due,
              error: { code: 'offline', message: unknown },
              parkReason: 'outcome_unknown',
            },
            now,
          );
          kindOf(e).mark(this.kinds, e, 'failed');
          uncertain.push(e.id);
        } else {
          this.store.set(e.id, { state: 'queued', attempts: e.attempts, nextAttemptAt: due, error: e.error, parkReason: null }, now);
          requeued.push(e.id);
        }
      }
    });
    const referenced = new Set([...this.store.uploadFiles(), ...this.opts.cache.manuscripts.filePaths()]);
    sweepUploads(this.opts.uploadsDir, referenced);
    if (requeued.length + uncertain.length > 0) {
      this.opts.logger.log('warn', 'outbox recovered writes left in flight', { requeued, uncertain });
      this.changed();
    }
    return { requeued, uncertain };
  }

  // ------------------------------------------------------------------ queueing

  /** Where queued manuscript files wait for their upload (StagingArea.take moves a staged file there). */
  get uploadsDir(): string {
    return this.opts.uploadsDir;
  }

  // The handlers queue through cache.editorWrite: committed without waiting for the disk, answered once the WAL is
  // synced off core's thread. A group's creation may be sent before that fsync ends: its claim commits with an
  // fsync of its own, which makes the queueing before it durable too (the WAL is written in order).

  /**
   * Records the manuscript (pending) and queues its upload in one transaction, with the file handed over
   * (already moved into the uploads folder, neither copied nor hashed again). If that fails the file goes
   * back where it was. Without a file the upload sends the manuscript's own file, if it has one.
   */
  queueUpload(input: { form: UploadFormInput; file?: FileHandover }): { entryId: number; manuscriptId: number } {
    try {
      return queueUpload(this.kinds, input.form, input.file?.file ?? null);
    } catch (err) {
      input.file?.putBack();
      throw err;
    }
  }

  putAuthor(groupLocalId: number, clientId: string, body: AuthorFromGroupPut): number {
    return queueAuthor(this.kinds, groupLocalId, clientId, { kind: 'author_put', body });
  }

  patchAuthor(groupLocalId: number, clientId: string, body: AuthorFromGroupPatch): number {
    return queueAuthor(this.kinds, groupLocalId, clientId, { kind: 'author_patch', body });
  }

  deleteAuthor(groupLocalId: number, clientId: string): number {
    return queueAuthor(this.kinds, groupLocalId, clientId, { kind: 'author_delete' });
  }

  /** Creates the group locally (no service id yet) and queues its creation. */
  createGroup(input: AuthorsGroupCreate): { entryId: number; groupLocalId: number } {
    return queueGroup(this.kinds, input);
  }

  private insert(p: OutboxPayload, entityKey: string, dependsOn: number | null): number {
    const id = this.store.insert(this.profileId, p, entityKey, dependsOn, this.opts.clock.now(), this.steady.now());
    this.changed();
    return id;
  }

  // ------------------------------------------------------------------ editor actions

  /** Open entries; nextAttemptAt in wall time, for display. */
  list(): OutboxEntry[] {
    const shift = this.opts.clock.now() - this.steady.now();
    return this.store.open(this.profileId).map((e) => ({ ...e, nextAttemptAt: e.nextAttemptAt + shift }));
  }

  get(id: number): OutboxEntry | undefined {
    return this.store.get(id);
  }

  counts(): OutboxCounts {
    return this.store.counts(this.profileId);
  }

  /** When the next queued write becomes due (null: nothing can be sent). */
  nextDueAt(): number | null {
    return this.store.earliestDue(this.profileId);
  }

  /** Milliseconds until the next queued write is due, measured on the monotonic clock (null: nothing can be sent). */
  nextDueIn(): number | null {
    const due = this.store.earliestDue(this.profileId);
    return due === null ? null : Math.max(0, due - this.steady.now());
  }

  /** Puts a parked write back in the queue, due now. For outcome_unknown group creations this may create the group twice. */
  retry(id: number): void {
    const e = this.mine(id);
    if (e.state !== 'parked') throw new DeskError('conflict', 'Only a write that needs attention can be retried.');
    this.transaction(() => {
      this.store.set(
        id,
        { state: 'queued', attempts: e.attempts, nextAttemptAt: this.steady.now(), error: e.error, parkReason: null },
        this.opts.clock.now(),
      );
      kindOf(e).mark(this.kinds, e, 'pending');
    });
    this.changed();
  }

  /**
   * A failed group creation or author write with new values (validated by the router like the original
   * write), sent again: applied locally, stored and queued due now in one transaction (nothing half-applied).
   * A group creation whose answer was lost is refused: the group may exist, a second one would be made.
   */
  edit(id: number, change: OutboxEdit): void {
    const e = this.mine(id);
    if (e.state !== 'parked') throw new DeskError('conflict', 'Only a write that failed can be edited and sent again.');
    if (e.kind !== change.kind)
      throw new DeskError('invalid_input', 'The edited values are not of the kind of this write.', { field: 'kind' });
    if (e.kind === 'group_create' && e.parkReason === 'outcome_unknown')
      throw new DeskError(
        'conflict',
        'The service may have created this group already: look it up there and enter its number, or discard it, rather than sending it again.',
      );
    const now = this.opts.clock.now();
    this.transaction(() => {
      const groups = this.opts.cache.groups;
      // the values were checked at the boundary (the router, with the original write's schemas)
      if (change.kind === 'group_create' && e.kind === 'group_create') {
        groups.updateLocal(e.data.groupLocalId, change.input);
        this.store.setPayload(id, { ...e.data, input: change.input }, now);
      } else if (change.kind === 'author_put' && e.kind === 'author_put') {
        this.store.setPayload(id, { ...e.data, body: change.body }, now);
      } else if (change.kind === 'author_patch' && e.kind === 'author_patch') {
        this.store.setPayload(id, { ...e.data, body: change.body }, now);
      }
      this.store.set(id, { state: 'queued', attempts: 0, nextAttemptAt: this.steady.now(), error: null, parkReason: null }, now);
      // The refused values are replaced, not merged: the author is the service's last known one plus the writes waiting.
      if (e.kind === 'author_put' || e.kind === 'author_patch') rebaseAuthor(this.kinds, e.data.groupLocalId, e.data.clientId, null);
      kindOf(e).mark(this.kinds, e, 'pending');
    });
    this.opts.logger.log('info', 'outbox write edited and queued again', { id, kind: e.kind });
    this.changed();
  }

  /** Makes every queued write due now (manual "sync now"). */
  hurry(): void {
    this.store.hurry(this.profileId, this.steady.now());
  }

  /**
   * Drops a queued or parked write and undoes its local effect: a manuscript never uploaded
   * disappears (or gets back its last uploaded form); a local author version is forgotten (the
   * next read takes the service's); a group never created disappears with the writes queued for it.
   * Returns the ids removed.
   */
  discard(id: number): number[] {
    const e = this.mine(id);
    if (e.state === 'sending') throw new DeskError('conflict', 'This write is being sent; wait for the answer before discarding it.');
    if (e.state === 'done') throw new DeskError('conflict', 'This write has already been sent.');
    const { ids: removed, files } = this.transaction(() => {
      // A newer version's entry has no local effect this version knows how to undo: the row alone goes.
      const undone = isOutboxKind(e.kind) ? kindOf(e).undo(this.kinds, e) : { ids: [], files: [] };
      this.store.remove(e.id);
      return { ids: [e.id, ...undone.ids], files: undone.files };
    });
    for (const f of files) rmSync(dirname(f), { recursive: true, force: true });
    this.opts.logger.log('info', 'outbox writes discarded', { ids: removed });
    this.changed();
    return removed;
  }

  /**
   * Stops a write. A queued or parked one is discarded at once; an upload being sent is aborted
   * mid-stream and then discarded (the service never sees the rest of the file). Resolves with
   * the ids removed; rejects with a conflict if the upload finished before it could be stopped.
   * Other writes in flight are small requests: they cannot be stopped, wait for their answer.
   */
  cancel(id: number): Promise<number[]> {
    const pending = this.stopping.get(id);
    if (pending) return pending.promise;
    const e = this.mine(id);
    if (e.state !== 'sending') return Promise.resolve(this.discard(id));
    const flight = this.inFlight;
    if (e.kind !== 'upload' || flight?.id !== id)
      return Promise.reject(new DeskError('conflict', 'This write is being sent; wait for the answer before discarding it.'));
    if (flight.totalBytes > 0 && flight.sentBytes >= flight.totalBytes) {
      // The whole file has reached the service, which is now finding candidates: stopping here would
      // forget locally a run the service keeps.
      return Promise.reject(
        new DeskError(
          'conflict',
          'The file has reached the service, which is preparing the candidates: this upload can no longer be stopped. ' +
            'Discard the run afterwards if it is not wanted.',
        ),
      );
    }
    let resolve!: (ids: number[]) => void;
    let reject!: (err: unknown) => void;
    const promise = new Promise<number[]>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    this.stopping.set(id, { promise, resolve, reject });
    flight.controller.abort();
    return promise;
  }

  /** The open upload of a manuscript (by its origin_id), if any. */
  openUpload(originId: string): OutboxEntry | undefined {
    return this.store
      .open(this.profileId)
      .filter((e) => e.kind === 'upload' && e.entityKey === uploadKey(originId))
      .at(-1);
  }

  /**
   * Resolves a group creation whose outcome was unknown: the editor found the group on the
   * service under this number. Its queued authors are released with that id.
   */
  resolveGroupCreated(id: number, serviceId: number): void {
    const e = this.mine(id);
    if (e.kind !== 'group_create' || e.state === 'done' || e.state === 'sending') {
      throw new DeskError('conflict', 'Only a group creation waiting for an answer can be resolved with a number.');
    }
    this.transaction(() => groupCreated(this.kinds, e, serviceId, this.opts.clock.now()));
    this.changed();
  }

  private mine(id: number): OutboxEntry {
    const e = this.store.get(id);
    if (!e || e.profileId !== this.profileId) throw new DeskError('not_found', `No queued write ${id}.`);
    return e;
  }

  // ------------------------------------------------------------------ sending

  /**
   * Sends due writes one at a time, oldest first, each entity in order, until none is due or the
   * network (or the profile's key) says stop. Concurrent calls share one run.
   */
  drain(signal?: AbortSignal): Promise<DrainResult> {
    this.running ??= this.run(signal)
      .catch((err: unknown) => {
        // A query outside a send (claiming, booking the answer) failed: damage is marked all the same.
        this.opts.cache.noteError(err);
        throw err;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async run(signal: AbortSignal | undefined): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, retried: 0, parked: 0, stoppedBy: null };
    while (!signal?.aborted) {
      const entry = this.claim();
      if (!entry) break;
      this.changed();
      const controller = new AbortController();
      const stopAll = () => controller.abort();
      signal?.addEventListener('abort', stopAll, { once: true });
      this.inFlight = { id: entry.id, controller, sentBytes: 0, totalBytes: 0 };
      try {
        await kindOf(entry).send(this.kinds, entry, controller.signal);
        result.sent++;
        this.events.emit('sent', { entry, attempts: entry.attempts });
        this.stopping
          .get(entry.id)
          ?.reject(new DeskError('conflict', 'The upload finished before it could be stopped; its new run is kept.'));
      } catch (err) {
        const stop = this.stopping.get(entry.id);
        if (stop) {
          this.stopped(entry, stop);
          continue;
        }
        this.opts.cache.noteError(err); // a damaged cache is marked for rebuilding at the next start
        const action = classifyFailure(err);
        this.failed(entry, action);
        if (action.action === 'park') {
          result.parked++;
          this.events.emit('parked', { entry: this.store.get(entry.id)! });
        } else if (action.action === 'hold' || UNREACHABLE.has(action.code)) {
          if (action.action === 'retry') result.retried++;
          result.stoppedBy = action;
          this.changed();
          break;
        } else {
          result.retried++;
        }
      } finally {
        signal?.removeEventListener('abort', stopAll);
        this.inFlight = null;
        this.stopping.delete(entry.id);
      }
      this.changed();
    }
    return result;
  }

  /** An upload the editor stopped mid-send: back out of 'sending', then discard it like a queued one. */
  private stopped(e: OutboxEntry, waiter: { resolve: (ids: number[]) => void; reject: (err: unknown) => void }): void {
    try {
      // One transaction: if the discard fails, the upload stays 'sending' for recover(), never due again now.
      const ids = this.transaction(() => {
        this.store.set(
          e.id,
          { state: 'queued', attempts: e.attempts - 1, nextAttemptAt: this.steady.now(), error: e.error, parkReason: null },
          this.opts.clock.now(),
        );
        return this.discard(e.id);
      });
      waiter.resolve(ids);
    } catch (err) {
      waiter.reject(err);
    }
  }

  /**
   * Takes the next due entry and marks it sending, before any byte leaves. The mark is durable (an fsync on
   * this thread) only for a write that cannot be replayed (a group's creation): recover() parks it as
   * uncertain after a crash. A replayable one (uploads, author writes: kind.interrupted is null) commits
   * without waiting for the disk: lost to a power cut, the entry is simply queued again, which is what
   * recover() does with it anyway.
   */
  private claim(): OutboxEntry | undefined {
    const e = this.store.next(this.profileId, this.steady.now());
    if (!e) return undefined;
    const mark = () => {
      const now = this.opts.clock.now();
      this.store.set(
        e.id,
        { state: 'sending', attempts: e.attempts + 1, nextAttemptAt: e.nextAttemptAt, error: e.error, parkReason: null },
        now,
      );
      return { ...e, state: 'sending' as const, attempts: e.attempts + 1 };
    };
    return kindOf(e).interrupted(e) === null ? this.commitWithoutSync(mark) : this.transaction(mark);
  }

  /** Applies the answer to the cache and marks the entry done, in one transaction (see KindContext.finish). */
  private finish(e: OutboxEntry, apply: (now: number) => void, resendable: boolean): void {
    const done = () => {
      const now = this.opts.clock.now();
      apply(now);
      this.store.set(e.id, { state: 'done', attempts: e.attempts, nextAttemptAt: now, error: null, parkReason: null }, now);
    };
    if (resendable) this.commitWithoutSync(done);
    else this.transaction(done);
  }

  /** One transaction committed without waiting for the disk (withoutCommitSync): only for what a power cut may undo. */
  private commitWithoutSync<T>(fn: () => T): T {
    return withoutCommitSync(this.opts.cache.db, fn, (body) => this.transaction(body));
  }

  private failed(e: OutboxEntry, a: FailureAction): void {
    const now = this.opts.clock.now();
    const due = this.steady.now();
    const error = { code: a.code, message: a.message };
    this.transaction(() => {
      if (a.action === 'park') {
        this.store.set(e.id, { state: 'parked', attempts: e.attempts, nextAttemptAt: due, error, parkReason: a.reason }, now);
        kindOf(e).mark(this.kinds, e, 'failed');
      } else if (a.action === 'hold') {
        this.store.set(e.id, { state: 'queued', attempts: e.attempts - 1, nextAttemptAt: due, error, parkReason: null }, now);
      } else {
        const delay = a.retryAfterMs ?? backoffDelay(e.attempts, this.backoff, this.random);
        this.store.set(e.id, { state: 'queued', attempts: e.attempts, nextAttemptAt: due + delay, error, parkReason: null }, now);
        this.events.emit('retrying', { entry: e, retryAt: now + delay });
      }
    });
    this.opts.logger.log(a.action === 'park' ? 'warn' : 'info', `outbox write ${a.action}`, {
      id: e.id,
      kind: e.kind,
      code: a.code,
      attempts: e.attempts,
    });
  }

  private changed(): void {
    this.store.changed();
    this.events.emit('changed', this.counts());
  }
}
