import type { Connectivity as ConnectivityWord } from '../../common/contract';
import { isDeskError, type ErrorCode } from '../../common/errors';
import type { ServiceApi } from '../api/types';
import type { Clock, Logger } from '../ports';
import { Emitter } from '../events';
import type { Timers } from './timers';

/** The contract's word for it (the status bar shows the same three). */
export type ConnectivityState = ConnectivityWord;

export interface ConnectivityChange {
  state: ConnectivityState;
  previous: ConnectivityState;
  at: number;
  /** What moved it: a probe, a request that worked, or one that could not reach the service. */
  reason: 'probe' | 'success' | 'failure';
}

export interface ConnectivityOptions {
  /** Cheap reachability check: true when the service answered at all. */
  probe: () => Promise<boolean>;
  timers: Timers;
  clock: Clock;
  logger: Logger;
  /** Probe period while online (default 60 s) and while offline or unknown (default 10 s). */
  onlineIntervalMs?: number;
  offlineIntervalMs?: number;
}

/** Codes that mean "the service could not be reached", as opposed to "it answered with an error". */
export const UNREACHABLE: ReadonlySet<ErrorCode> = new Set(['offline', 'timeout']);

/**
 * Online/offline as the app experiences it: every request's outcome counts, and a periodic
 * probe (more frequent while offline) notices when the network comes back.
 */
export class Connectivity {
  readonly events = new Emitter<{ change: ConnectivityChange }>();
  private current: ConnectivityState = 'unknown';
  private timer: unknown = null;
  private probing: Promise<ConnectivityState> | null = null;
  private started = false;

  constructor(private readonly opts: ConnectivityOptions) {}

  get state(): ConnectivityState {
    return this.current;
  }

  /** Probes now and then periodically. */
  start(): void {
    this.started = true;
    void this.check();
  }

  stop(): void {
    this.started = false;
    if (this.timer !== null) this.opts.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  /** A request reached the service (whatever it answered). */
  reportSuccess(): void {
    this.set('online', 'success');
  }

  /** A request failed; only unreachable-service codes make the app offline. */
  reportFailure(code: ErrorCode): void {
    if (UNREACHABLE.has(code)) this.set('offline', 'failure');
  }

  /** Runs the probe now (concurrent calls share one probe) and returns the resulting state. */
  check(): Promise<ConnectivityState> {
    this.probing ??= this.runProbe();
    return this.probing;
  }

  private async runProbe(): Promise<ConnectivityState> {
    let ok: boolean;
    try {
      ok = await this.opts.probe();
    } catch (err) {
      this.opts.logger.log('debug', 'connectivity probe threw', { error: err instanceof Error ? err.message : String(err) });
      ok = false;
    }
    this.probing = null;
    if (!this.set(ok ? 'online' : 'offline', 'probe')) this.schedule();
    return this.current;
  }

  private schedule(): void {
    if (!this.started) return;
    if (this.timer !== null) this.opts.timers.clearTimeout(this.timer);
    const ms = this.current === 'online' ? (this.opts.onlineIntervalMs ?? 60_000) : (this.opts.offlineIntervalMs ?? 10_000);
    this.timer = this.opts.timers.setTimeout(() => {
      this.timer = null;
      void this.check();
    }, ms);
  }

  /** Changes the state; the next probe is armed before listeners hear of it. Returns whether it changed. */
  private set(state: ConnectivityState, reason: ConnectivityChange['reason']): boolean {
    const previous = this.current;
    if (state === previous) return false;
    this.current = state;
    this.opts.logger.log('info', 'connectivity changed', { from: previous, to: state, reason });
    this.schedule();
    this.events.emit('change', { state, previous, at: this.opts.clock.now(), reason });
    return true;
  }
}

/**
 * The probe for a real profile: lists custom fields (a small GET every plan allows). Any HTTP
 * answer, even 401 or 403, means the service is reachable.
 */
export function serviceProbe(api: Pick<ServiceApi, 'listCustomFields'>, timeoutMs = 5_000): () => Promise<boolean> {
  return async () => {
    try {
      await api.listCustomFields({ signal: AbortSignal.timeout(timeoutMs) });
      return true;
    } catch (err) {
      return isDeskError(err) && !UNREACHABLE.has(err.code) && err.code !== 'cancelled';
    }
  };
}
