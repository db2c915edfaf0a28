// Keeps a linked profile's cache in step with its editorial office (docs/office.md): pushes the
// editor's waiting events in order, pulls every folder's new events in the server's order, and is
// woken by the office's notifications (and by the editor's own writes). Offline, nothing is lost:
// events wait in office_outbox and the loop retries with backoff; a refusal (password changed, role
// removed) stops it with a message, keeping the events, until the editor links again.
import { isDeskError } from '../../common/errors';
import type { Cache } from '../cache';
import type { OfficeCursorRow, OutgoingEvent, PulledEvent } from '../cache/office';
import { Emitter } from '../events';
import type { Clock, Logger } from '../ports';
import type { Timers } from '../sync';

/** What the loop needs of an office connection (office/client.ts's OfficeClient has it). */
export interface OfficeConnection {
  folders(): Promise<string[]>;
  push(events: ReadonlyArray<{ id: string; folder: string; kind: string; body: unknown }>): Promise<void>;
  pull(folder: string, cursor: OfficeCursorRow, limit?: number): Promise<{ events: PulledEvent[]; cursor: OfficeCursorRow }>;
  listen(onWake: (folder: string) => void, onLost?: (err: unknown) => void): Promise<void>;
  close(): Promise<void>;
}

export type OfficeState = 'connecting' | 'in_step' | 'syncing' | 'offline' | 'refused';

export interface OfficeSyncStatus {
  state: OfficeState;
  /** The editor's events not yet in the office. */
  waiting: number;
  /** Why offline or refused, in the editor's words; null otherwise. */
  reason: string | null;
  lastSyncAt: number | null;
}

export interface OfficeSyncDeps {
  cache: Cache;
  profileId: string;
  login: string;
  connect: () => Promise<OfficeConnection>;
  clock: Clock;
  timers: Timers;
  logger: Logger;
}

/** Events pushed per transaction, and pulled per page. */
export const PUSH_BATCH = 200;
export const PULL_PAGE = 500;
const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000];

/** Whether an error is the office refusing this editor (not a network fault): retrying will not help. */
const refusal = (err: unknown): boolean => isDeskError(err) && (err.code === 'unauthorized' || err.code === 'feature_not_in_plan');

export class OfficeSync {
  readonly events = new Emitter<{ status: OfficeSyncStatus }>();
  private conn: OfficeConnection | null = null;
  private state: OfficeState = 'connecting';
  private reason: string | null = null;
  private lastSyncAt: number | null = null;
  private running = false;
  private stopped = false;
  private again = false;
  private failures = 0;
  private retry: unknown = null;
  private readonly dirtyFolders = new Set<string>();
  private pullAll = true;
  private current: Promise<void> = Promise.resolve();
  private readonly offChanges: () => void;

  constructor(private readonly deps: OfficeSyncDeps) {
    // The editor's own writes queue events (topic 'office'): push them soon. One told while a pass
    // runs is found by the pass's own check of what is still waiting.
    this.offChanges = deps.cache.changes.on((c) => {
      if (c.topic === 'office' && !this.running) this.wake();
    });
  }

  status(): OfficeSyncStatus {
    return {
      state: this.state,
      waiting: this.deps.cache.office.waiting(this.deps.profileId),
      reason: this.reason,
      lastSyncAt: this.lastSyncAt,
    };
  }

  start(): void {
    this.wake();
  }

  /** Runs a pass now (or right after the one under way); resolves when the loop is idle. */
  syncNow(): Promise<void> {
    this.pullAll = true;
    this.wake();
    return this.idle();
  }

  /** Resolves once no pass is running or due. */
  async idle(): Promise<void> {
    while (this.running) await this.current;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.offChanges();
    if (this.retry !== null) this.deps.timers.clearTimeout(this.retry);
    await this.idle();
    await this.drop();
  }

  private wake(folder?: string): void {
    if (this.stopped) return;
    if (folder !== undefined) this.dirtyFolders.add(folder);
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.state === 'refused') return;
    if (this.retry !== null) {
      this.deps.timers.clearTimeout(this.retry);
      this.retry = null;
    }
    this.running = true;
    this.current = this.loop().finally(() => {
      this.running = false;
    });
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.pass();
        this.failures = 0;
        this.lastSyncAt = this.deps.clock.now();
        // A write made while this pass ran (its change told while running, so not waking anyone).
        const waiting = this.deps.cache.office.waiting(this.deps.profileId);
        if (waiting > 0) this.again = true;
        this.set(waiting > 0 ? 'syncing' : 'in_step', null);
      } catch (err) {
        await this.drop();
        if (this.stopped) return;
        if (refusal(err)) {
          this.set('refused', message(err));
          this.deps.logger.log('warn', 'office refused the editor', { code: isDeskError(err) ? err.code : 'internal' });
          return;
        }
        this.set('offline', message(err));
        const delay = BACKOFF_MS[Math.min(this.failures, BACKOFF_MS.length - 1)]!;
        this.failures++;
        this.pullAll = true;
        this.retry = this.deps.timers.setTimeout(() => {
          this.retry = null;
          this.wake();
        }, delay);
        return;
      }
    } while (this.again && !this.stopped);
  }

  private async pass(): Promise<void> {
    const conn = await this.connection();
    // Push first: a colleague's state pulled after ours then comes later in the server's order.
    const office = this.deps.cache.office;
    for (;;) {
      const batch: OutgoingEvent[] = office.outgoing(this.deps.profileId, PUSH_BATCH);
      if (batch.length === 0) break;
      this.set('syncing', null);
      await conn.push(batch.map((e) => ({ id: e.id, folder: e.folder, kind: e.kind, body: e.body })));
      office.pushed(
        this.deps.profileId,
        batch.map((e) => e.id),
      );
      if (this.stopped) return;
    }
    const folders = this.pullAll ? await conn.folders() : [...this.dirtyFolders];
    this.pullAll = false;
    this.dirtyFolders.clear();
    for (const folder of folders) {
      for (;;) {
        const cursor = office.cursor(this.deps.profileId, folder);
        const page = await conn.pull(folder, cursor, PULL_PAGE);
        if (page.events.length > 0 || page.cursor.xid !== cursor.xid || page.cursor.seq !== cursor.seq)
          office.apply(this.deps.profileId, folder, page.events, page.cursor);
        if (this.stopped || page.events.length < PULL_PAGE) break;
      }
    }
  }

  private async connection(): Promise<OfficeConnection> {
    if (this.conn) return this.conn;
    this.set(this.state === 'offline' ? 'offline' : 'connecting', this.reason);
    const conn = await this.deps.connect();
    try {
      await conn.listen(
        (folder) => this.wake(folder),
        () => {
          // The notification connection went: reconnect through the loop (which pulls everything).
          void this.drop().then(() => {
            this.pullAll = true;
            this.wake();
          });
        },
      );
    } catch (err) {
      await conn.close().catch(() => {});
      throw err;
    }
    this.conn = conn;
    this.pullAll = true;
    return conn;
  }

  private async drop(): Promise<void> {
    const c = this.conn;
    this.conn = null;
    if (c) await c.close().catch(() => {});
  }

  private set(state: OfficeState, reason: string | null): void {
    this.state = state;
    this.reason = reason;
    this.events.emit('status', this.status());
  }
}

function message(err: unknown): string {
  if (isDeskError(err)) return err.message;
  return 'The office could not be reached.';
}
