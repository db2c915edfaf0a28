import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DeskError } from '../../common/errors';
import {
  authorFromGroupPatchSchema,
  authorFromGroupPutSchema,
  authorsGroupCreateSchema,
  uploadFormSchema,
  type AuthorFromGroupPatch,
  type AuthorFromGroupPut,
  type AuthorsGroupCreate,
  type UploadFormInput,
} from '../../common/service';
import type { ServiceApi } from '../api/types';
import type { Cache } from '../cache';
import { steadyClock, type Clock, type Logger } from '../ports';
import { Emitter } from '../sync/emitter';
import { backoffDelay } from './backoff';
import { classifyFailure, type FailureAction } from './classify';
import { copyIntoDataDir, sweepUploads } from './files';
import { OutboxStore } from './store';
import { DEFAULT_BACKOFF, type BackoffPolicy, type OutboxCounts, type OutboxEntry, type OutboxEvents, type OutboxPayload } from './types';

export interface OutboxOptions {
  cache: Cache;
  profileId: string;
  api: ServiceApi;
  clock: Clock;
  logger: Logger;
  /** Where copies of manuscript files wait for their upload (inside the app's data folder). */
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

/** Failures that say the service is unreachable: stop sending until connectivity returns. */
const NETWORK_DOWN = new Set(['offline', 'timeout']);

function invalid(e: { issues: Array<{ path: PropertyKey[]; message: string }> }): DeskError {
  const issue = e.issues[0];
  const field = issue?.path.map(String).join('.');
  return new DeskError('invalid_input', issue?.message ?? 'invalid input', field ? { field } : {});
}

/**
 * Every write the app makes to the service. Each is applied to the cache at once (marked
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
  /** Folders of file copies in progress (not yet referenced by a queued upload). */
  private readonly copying = new Set<string>();
  /** The write being sent now, how to abort it, and (uploads) how much of its body has gone. */
  private inFlight: { id: number; controller: AbortController; sentBytes: number; totalBytes: number } | null = null;
  /** Editors waiting for an upload in flight to stop (see cancel); a second cancel shares the first's promise. */
  private readonly stopping = new Map<
    number,
    { promise: Promise<number[]>; resolve: (ids: number[]) => void; reject: (err: unknown) => void }
  >();

  constructor(private readonly opts: OutboxOptions) {
    this.store = new OutboxStore(opts.cache.db);
    this.backoff = opts.backoff ?? DEFAULT_BACKOFF;
    this.random = opts.random ?? Math.random;
    this.steady = steadyClock(opts.clock);
  }

  private get db() {
    return this.opts.cache.db;
  }

  private get profileId(): string {
    return this.opts.profileId;
  }

  // ------------------------------------------------------------------ start-up

  /**
   * Settles what a crash left in flight: idempotent writes go back to the queue (they are
   * replayed); a group creation is parked as outcome_unknown (it may or may not exist). Also
   * removes file copies nothing refers to. Call once before the first drain.
   */
  recover(): { requeued: number[]; uncertain: number[] } {
    const now = this.opts.clock.now();
    const due = this.steady.now();
    const requeued: number[] = [];
    const uncertain: number[] = [];
    this.db.transaction(() => {
      // Due times written before a restart came from another timeline: none waits longer than the longest backoff.
      this.db
        .prepare("UPDATE outbox SET next_attempt_at = ? WHERE profile_id = ? AND state = 'queued' AND next_attempt_at > ?")
        .run(due + this.backoff.maxMs, this.profileId, due + this.backoff.maxMs);
      for (const e of this.store.inFlight(this.profileId)) {
        if (e.kind === 'group_create') {
          this.store.set(
            e.id,
            {
              state: 'parked',
              attempts: e.attempts,
              nextAttemptAt: due,
              error: {
                code: 'offline',
                message: `Referee Desk stopped while creating the authors group "${e.data.input.group_name}". The service may or may not have created it: look it up there, then enter its number or try again.`,
              },
              parkReason: 'outcome_unknown',
            },
            now,
          );
          this.opts.cache.groups.setSyncState(e.data.groupLocalId, 'failed');
          uncertain.push(e.id);
        } else {
          this.store.set(e.id, { state: 'queued', attempts: e.attempts, nextAttemptAt: due, error: e.error, parkReason: null }, now);
          requeued.push(e.id);
        }
      }
    })();
    const referenced = new Set([...this.store.uploadFiles(), ...this.manuscriptFiles()]);
    sweepUploads(this.opts.uploadsDir, referenced, this.copying);
    if (requeued.length + uncertain.length > 0) {
      this.opts.logger.log('warn', 'outbox recovered writes left in flight', { requeued, uncertain });
      this.changed();
    }
    return { requeued, uncertain };
  }

  private manuscriptFiles(): string[] {
    return this.db
      .prepare<[], { file_path: string }>('SELECT file_path FROM manuscripts WHERE file_path IS NOT NULL')
      .all()
      .map((r) => r.file_path);
  }

  // ------------------------------------------------------------------ queueing

  /** Copies the file into the data folder, then records the manuscript (pending) and queues its upload. */
  async queueUpload(input: {
    form: UploadFormInput;
    sourcePath?: string;
    fileName?: string;
  }): Promise<{ entryId: number; manuscriptId: number }> {
    const parsed = uploadFormSchema.safeParse(input.form);
    if (!parsed.success) throw invalid(parsed.error);
    const form = input.form;
    const dir = join(this.opts.uploadsDir, randomUUID());
    this.copying.add(dir);
    try {
      const file =
        input.sourcePath === undefined ? null : await copyIntoDataDir(input.sourcePath, this.opts.uploadsDir, input.fileName, dir);
      return this.db.transaction(() => {
        const known = this.opts.cache.manuscripts.get(this.profileId, form.origin_id);
        const previousForm = known?.syncState === 'synced' && known.serviceId !== null ? known.form : undefined;
        const ms = this.opts.cache.manuscripts.savePending(this.profileId, { form, file });
        const entryId = this.insert(
          { kind: 'upload', data: previousForm ? { form, file, previousForm } : { form, file } },
          `manuscript:${form.origin_id}`,
          null,
        );
        return { entryId, manuscriptId: ms.id };
      })();
    } catch (err) {
      rmSync(dir, { recursive: true, force: true });
      throw err;
    } finally {
      this.copying.delete(dir);
    }
  }

  putAuthor(groupLocalId: number, clientId: string, body: AuthorFromGroupPut): number {
    const parsed = authorFromGroupPutSchema.safeParse(body);
    if (!parsed.success) throw invalid(parsed.error);
    return this.queueAuthor(groupLocalId, clientId, (target, dep) => {
      this.opts.cache.groups.applyPut(groupLocalId, clientId, body, 'pending');
      return this.insert({ kind: 'author_put', data: { ...target, body } }, this.authorKey(groupLocalId, clientId), dep);
    });
  }

  patchAuthor(groupLocalId: number, clientId: string, body: AuthorFromGroupPatch): number {
    const parsed = authorFromGroupPatchSchema.safeParse(body);
    if (!parsed.success) throw invalid(parsed.error);
    return this.queueAuthor(groupLocalId, clientId, (target, dep) => {
      this.opts.cache.groups.applyPatch(groupLocalId, clientId, body, 'pending');
      return this.insert({ kind: 'author_patch', data: { ...target, body } }, this.authorKey(groupLocalId, clientId), dep);
    });
  }

  deleteAuthor(groupLocalId: number, clientId: string): number {
    return this.queueAuthor(groupLocalId, clientId, (target, dep) => {
      this.opts.cache.groups.setAuthorState(groupLocalId, clientId, 'deleting');
      return this.insert({ kind: 'author_delete', data: target }, this.authorKey(groupLocalId, clientId), dep);
    });
  }

  /** Creates the group locally (no service id yet) and queues its creation. */
  createGroup(input: AuthorsGroupCreate): { entryId: number; groupLocalId: number } {
    const parsed = authorsGroupCreateSchema.safeParse(input);
    if (!parsed.success) throw invalid(parsed.error);
    return this.db.transaction(() => {
      const g = this.opts.cache.groups.createLocal(this.profileId, input);
      const entryId = this.insert({ kind: 'group_create', data: { groupLocalId: g.id, input } }, `group:${g.id}`, null);
      return { entryId, groupLocalId: g.id };
    })();
  }

  private authorKey(groupLocalId: number, clientId: string): string {
    return `author:${groupLocalId}:${clientId}`;
  }

  /** Author writes against a group still being created wait for (depend on) its creation. */
  private queueAuthor(
    groupLocalId: number,
    clientId: string,
    apply: (target: { groupLocalId: number; groupServiceId: number | null; clientId: string }, dependsOn: number | null) => number,
  ): number {
    if (clientId.trim() === '') throw new DeskError('invalid_input', 'client_id is required', { field: 'clientId' });
    return this.db.transaction(() => {
      const g = this.opts.cache.groups.get(groupLocalId);
      if (!g || g.profileId !== this.profileId)
        throw new DeskError('not_found', `Authors group ${groupLocalId} is not known in this profile.`);
      const creation =
        g.serviceId === null
          ? this.db
              .prepare<[string, string], { id: number }>(
                "SELECT id FROM outbox WHERE profile_id = ? AND entity_key = ? AND kind = 'group_create' AND state <> 'done'",
              )
              .get(this.profileId, `group:${groupLocalId}`)
          : undefined;
      if (g.serviceId === null && !creation)
        throw new DeskError('conflict', `Authors group "${g.name ?? groupLocalId}" has no number on the service.`);
      return apply({ groupLocalId, groupServiceId: g.serviceId, clientId }, creation?.id ?? null);
    })();
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
    this.db.transaction(() => {
      this.store.set(
        id,
        { state: 'queued', attempts: e.attempts, nextAttemptAt: this.steady.now(), error: e.error, parkReason: null },
        this.opts.clock.now(),
      );
      this.markCache(e, 'pending');
    })();
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
    const removedFiles: string[] = [];
    const removed = this.db.transaction(() => {
      const ids = [e.id];
      const c = this.opts.cache;
      switch (e.kind) {
        case 'upload': {
          const ms = c.manuscripts.get(this.profileId, e.data.form.origin_id);
          if (ms && this.othersOpen(e) === 0 && c.manuscripts.revertToLastRun(ms.id, e.data.previousForm) && e.data.file)
            removedFiles.push(e.data.file.path);
          break;
        }
        case 'author_put':
        case 'author_patch':
          if (this.othersOpen(e) === 0) c.groups.removeAuthor(e.data.groupLocalId, e.data.clientId);
          break;
        case 'author_delete':
          if (this.othersOpen(e) === 0) c.groups.setAuthorState(e.data.groupLocalId, e.data.clientId, 'synced');
          break;
        case 'group_create':
          for (const d of this.store.dependents(e.id)) {
            this.store.remove(d.id);
            ids.push(d.id);
          }
          c.groups.forget(e.data.groupLocalId);
          break;
      }
      this.store.remove(e.id);
      return ids;
    })();
    for (const f of removedFiles) rmSync(dirname(f), { recursive: true, force: true });
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
          'The file has reached the service, which is preparing the candidates: this upload can no longer be stopped. Discard the run afterwards if it is not wanted.',
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
      .filter((e) => e.kind === 'upload' && e.entityKey === `manuscript:${originId}`)
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
    this.db.transaction(() => this.groupCreated(e, serviceId, this.opts.clock.now()))();
    this.changed();
  }

  private mine(id: number): OutboxEntry {
    const e = this.store.get(id);
    if (!e || e.profileId !== this.profileId) throw new DeskError('not_found', `No queued write ${id}.`);
    return e;
  }

  private othersOpen(e: OutboxEntry): number {
    return this.db
      .prepare<[string, number], { n: number }>("SELECT count(*) AS n FROM outbox WHERE entity_key = ? AND id <> ? AND state <> 'done'")
      .get(e.entityKey, e.id)!.n;
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
        await this.send(entry, controller.signal);
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
        } else if (action.action === 'hold' || NETWORK_DOWN.has(action.code)) {
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
      const ids = this.db.transaction(() => {
        this.store.set(
          e.id,
          { state: 'queued', attempts: e.attempts - 1, nextAttemptAt: this.steady.now(), error: e.error, parkReason: null },
          this.opts.clock.now(),
        );
        return this.discard(e.id);
      })();
      waiter.resolve(ids);
    } catch (err) {
      waiter.reject(err);
    }
  }

  /** Takes the next due entry and marks it sending (durably, before any byte leaves). */
  private claim(): OutboxEntry | undefined {
    return this.db.transaction(() => {
      const now = this.opts.clock.now();
      const e = this.store.next(this.profileId, this.steady.now());
      if (!e) return undefined;
      this.store.set(
        e.id,
        { state: 'sending', attempts: e.attempts + 1, nextAttemptAt: e.nextAttemptAt, error: e.error, parkReason: null },
        now,
      );
      return { ...e, state: 'sending' as const, attempts: e.attempts + 1 };
    })();
  }

  private async send(e: OutboxEntry, signal: AbortSignal | undefined): Promise<void> {
    const api = this.opts.api;
    const call = signal ? { signal } : {};
    const c = this.opts.cache;
    switch (e.kind) {
      case 'upload': {
        const { form, file } = e.data;
        const onProgress = (p: { sentBytes: number; totalBytes: number }) => {
          if (this.inFlight?.id === e.id) Object.assign(this.inFlight, { sentBytes: p.sentBytes, totalBytes: p.totalBytes });
          this.events.emit('progress', { entry: e, sentBytes: p.sentBytes, totalBytes: p.totalBytes });
        };
        const res = await api.uploadManuscript(file ? { fields: form, file: { path: file.path, filename: file.name } } : { fields: form }, {
          ...call,
          onProgress,
        });
        // Candidates are written hidden, in chunks that yield to the event loop; the run becomes
        // visible in the same transaction that marks the upload done; its author records and ledger
        // suggestions follow in slices (resumed at the next start if the app stops in between).
        const staged = await c.manuscripts.stageUploadRun(this.profileId, { form, file }, res.value, res.raw);
        try {
          this.finish(e, () => {
            c.manuscripts.commitUploadRun(staged, { linkLater: true });
          });
        } catch (err) {
          c.manuscripts.discardStagedRun(staged);
          throw err;
        }
        await c.manuscripts.linkRun(staged.runId);
        return;
      }
      case 'author_put':
      case 'author_patch':
      case 'author_delete': {
        const d = e.data;
        const gid = d.groupServiceId ?? c.groups.get(d.groupLocalId)?.serviceId ?? null;
        if (gid === null) throw new DeskError('conflict', 'The authors group of this author has no number on the service.');
        if (e.kind === 'author_put') await api.putAuthor(gid, d.clientId, e.data.body, call);
        else if (e.kind === 'author_patch') await api.patchAuthor(gid, d.clientId, e.data.body, call);
        else await api.deleteAuthor(gid, d.clientId, call);
        this.finish(e, () => {
          if (this.othersOpen(e) > 0) return;
          if (e.kind === 'author_delete') c.groups.removeAuthor(d.groupLocalId, d.clientId);
          else c.groups.setAuthorState(d.groupLocalId, d.clientId, 'synced');
        });
        return;
      }
      case 'group_create': {
        const res = await api.createAuthorsGroup(e.data.input, call);
        this.finish(e, (now) => this.groupCreated(e, res.value.authors_group_id, now));
        return;
      }
    }
  }

  /** Applies the answer to the cache and marks the entry done, in one transaction. */
  private finish(e: OutboxEntry, apply: (now: number) => void): void {
    this.db.transaction(() => {
      const now = this.opts.clock.now();
      apply(now);
      this.store.set(e.id, { state: 'done', attempts: e.attempts, nextAttemptAt: now, error: null, parkReason: null }, now);
    })();
  }

  private groupCreated(e: Extract<OutboxEntry, { kind: 'group_create' }>, serviceId: number, now: number): void {
    const groups = this.opts.cache.groups;
    const { groupLocalId, input } = e.data;
    if (groups.get(groupLocalId)) groups.setServiceId(groupLocalId, serviceId);
    else groups.addExisting(this.profileId, serviceId, input.group_name);
    this.store.rewriteGroupId(groupLocalId, serviceId);
    this.store.set(e.id, { state: 'done', attempts: e.attempts, nextAttemptAt: now, error: null, parkReason: null }, now);
  }

  private failed(e: OutboxEntry, a: FailureAction): void {
    const now = this.opts.clock.now();
    const due = this.steady.now();
    const error = { code: a.code, message: a.message };
    this.db.transaction(() => {
      if (a.action === 'park') {
        this.store.set(e.id, { state: 'parked', attempts: e.attempts, nextAttemptAt: due, error, parkReason: a.reason }, now);
        this.markCache(e, 'failed');
      } else if (a.action === 'hold') {
        this.store.set(e.id, { state: 'queued', attempts: e.attempts - 1, nextAttemptAt: due, error, parkReason: null }, now);
      } else {
        const delay = a.retryAfterMs ?? backoffDelay(e.attempts, this.backoff, this.random);
        this.store.set(e.id, { state: 'queued', attempts: e.attempts, nextAttemptAt: due + delay, error, parkReason: null }, now);
        this.events.emit('retrying', { entry: e, retryAt: now + delay });
      }
    })();
    this.opts.logger.log(a.action === 'park' ? 'warn' : 'info', `outbox write ${a.action}`, {
      id: e.id,
      kind: e.kind,
      code: a.code,
      attempts: e.attempts,
    });
  }

  /** The cache row an entry changed, marked pending again or failed. */
  private markCache(e: OutboxEntry, state: 'pending' | 'failed'): void {
    const c = this.opts.cache;
    switch (e.kind) {
      case 'upload': {
        const ms = c.manuscripts.get(this.profileId, e.data.form.origin_id);
        if (ms) c.manuscripts.setSyncState(ms.id, state);
        break;
      }
      case 'author_put':
      case 'author_patch':
        c.groups.setAuthorState(e.data.groupLocalId, e.data.clientId, state);
        break;
      case 'author_delete':
        c.groups.setAuthorState(e.data.groupLocalId, e.data.clientId, state === 'pending' ? 'deleting' : 'failed');
        break;
      case 'group_create':
        c.groups.setSyncState(e.data.groupLocalId, state);
        break;
    }
  }

  private changed(): void {
    this.events.emit('changed', this.counts());
  }
}
