import type { DeskErrorShape } from '../../common/errors';
import type { Outbox, DrainResult } from '../outbox';
import type { Clock, Logger } from '../ports';
import type { Connectivity, ConnectivityState } from './connectivity';
import { Emitter } from '../events';
import type { Timers } from './timers';

/** Why a drain held the queue: nothing is sent again on a timer until the editor acts or the app restarts. */
const HELD: ReadonlySet<string> = new Set(['unauthorized', 'no_api_key', 'cache_damaged', 'cache_unavailable']);

export interface SyncStatus {
  connectivity: ConnectivityState;
  /** Writes waiting or being sent. */
  pending: number;
  /** Writes parked for the editor. */
  parked: number;
  syncing: boolean;
  lastSyncAt: number | null;
  /** Why the last sync stopped early, if it did. */
  lastError: DeskErrorShape | null;
}

export interface SyncLoopOptions {
  outbox: Outbox;
  connectivity: Connectivity;
  timers: Timers;
  clock: Clock;
  logger: Logger;
  /** Names the drain 'sync' in the slow-task log (core/perf/slow-tasks.ts). */
  track?: <T>(name: string, fn: () => Promise<T>) => Promise<T>;
}

/**
 * Sends the outbox whenever there is something due and the service is reachable: on reconnect,
 * after a write is queued, when a backoff delay ends, and on the editor's "sync now".
 */
export class SyncLoop {
  readonly events = new Emitter<{ status: SyncStatus; synced: DrainResult }>();
  private timer: unknown = null;
  private running: Promise<DrainResult> | null = null;
  private abort: AbortController | null = null;
  private lastSyncAt: number | null = null;
  private lastError: DeskErrorShape | null = null;
  private readonly off: Array<() => void> = [];
  private stopped = true;

  constructor(private readonly opts: SyncLoopOptions) {}

  status(): SyncStatus {
    const counts = this.opts.outbox.counts();
    return {
      connectivity: this.opts.connectivity.state,
      pending: counts.pending,
      parked: counts.parked,
      syncing: this.running !== null,
      lastSyncAt: this.lastSyncAt,
      lastError: this.lastError,
    };
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.off.push(
      this.opts.connectivity.events.on('change', (c) => {
        this.emitStatus();
        if (c.state === 'online') this.kick();
      }),
      this.opts.outbox.events.on('changed', () => {
        this.emitStatus();
        if (this.running === null) this.schedule();
      }),
    );
    this.schedule();
  }

  /** Stops timers and the sync in progress (the write being sent stays queued) and waits for it. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const f of this.off.splice(0)) f();
    this.clearTimer();
    this.abort?.abort();
    await this.running?.catch(() => undefined);
  }

  /** The editor's "sync now": skips backoff waits, probes if offline, then sends what it can. */
  async syncNow(): Promise<DrainResult> {
    this.opts.outbox.hurry();
    if (this.opts.connectivity.state !== 'online' && (await this.opts.connectivity.check()) !== 'online') {
      this.lastError = { code: 'offline', message: 'The service cannot be reached; the changes stay queued.' };
      this.emitStatus();
      return { sent: 0, retried: 0, parked: 0, stoppedBy: { action: 'retry', code: 'offline', message: this.lastError.message } };
    }
    return this.sync();
  }

  private kick(): void {
    if (this.stopped || this.running !== null) return;
    void this.sync();
  }

  private sync(): Promise<DrainResult> {
    if (this.running) return this.running;
    this.clearTimer();
    const abort = new AbortController();
    this.abort = abort;
    const drain = () => this.opts.outbox.drain(abort.signal);
    const run = (this.opts.track ? this.opts.track('sync', drain) : drain()).then(
      (r) => this.settle(r),
      (err: unknown) => {
        this.running = null;
        this.abort = null;
        this.opts.logger.log('error', 'sync failed', { error: err instanceof Error ? err.message : String(err) });
        this.schedule();
        this.emitStatus();
        throw err;
      },
    );
    this.running = run;
    this.emitStatus();
    return run;
  }

  /** Books a finished drain: connectivity, status, the next timer; then tells listeners. */
  private settle(r: DrainResult): DrainResult {
    this.running = null;
    this.abort = null;
    this.lastSyncAt = this.opts.clock.now();
    this.lastError = r.stoppedBy ? { code: r.stoppedBy.code, message: r.stoppedBy.message } : null;
    if (r.stoppedBy) this.opts.connectivity.reportFailure(r.stoppedBy.code);
    else if (r.sent > 0 || r.parked > 0) this.opts.connectivity.reportSuccess();
    this.schedule();
    this.emitStatus();
    this.events.emit('synced', r);
    return r;
  }

  /** Arms a timer for the next due write while online (none while offline: reconnect kicks). */
  private schedule(): void {
    this.clearTimer();
    if (this.stopped || this.opts.connectivity.state === 'offline' || (this.lastError !== null && HELD.has(this.lastError.code))) return;
    // Measured on the monotonic clock (Outbox.nextDueIn): setting the wall clock back does not delay a retry.
    const delay = this.opts.outbox.nextDueIn();
    if (delay === null) return;
    this.timer = this.opts.timers.setTimeout(() => {
      this.timer = null;
      this.kick();
    }, delay);
  }

  private clearTimer(): void {
    if (this.timer !== null) this.opts.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private emitStatus(): void {
    this.events.emit('status', this.status());
  }
}
