// Keeps a linked profile's cache in step with its editorial office (docs/office.md): pushes the
// editor's waiting events in order, pulls every folder's new events in the server's order, and is
// woken by the office's notifications (and by the editor's own writes). Offline, nothing is lost:
// events wait in office_outbox and the loop retries with backoff; a refusal (password changed, role
// removed) stops it with a message, keeping the events, until the editor links again.
import { DeskError, isDeskError } from '../../common/errors';
import type { Cache } from '../cache';
import type { OfficeCursorRow, OutgoingEvent, PulledEvent } from '../cache/office';
import { Emitter } from '../events';
import type { Clock, Logger } from '../ports';
import type { Timers } from '../sync';
import { OFFICE_WIDE_FOLDER } from './schema';

/** What the loop needs of an office connection (office/client.ts's OfficeClient has it). */
export interface OfficeConnection {
  folders(): Promise<string[]>;
  push(events: ReadonlyArray<{ id: string; folder: string; kind: string; body: unknown }>): Promise<void>;
  /** `held`, when the connection can tell: committed events of the folder wait behind the pull's fence. */
  pull(
    folder: string,
    cursor: OfficeCursorRow,
    limit?: number,
  ): Promise<{ events: PulledEvent[]; cursor: OfficeCursorRow; held?: boolean }>;
  /** pull() of several folders in one round trip, a page each in the order asked (office/client.ts's OfficeClient has it). */
  pullMany?(
    wants: ReadonlyArray<{ folder: string; cursor: OfficeCursorRow }>,
    limit: number,
  ): Promise<Array<{ events: PulledEvent[]; cursor: OfficeCursorRow; held?: boolean }>>;
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
  /** The link this loop serves (what it pushes is marked sent only while the profile still has it). */
  link: { url: string; login: string };
  connect: () => Promise<OfficeConnection>;
  clock: Clock;
  timers: Timers;
  logger: Logger;
}

/** Events pushed per transaction, and pulled per page. */
export const PUSH_BATCH = 200;
export const PULL_PAGE = 128;
/** One read of several folders (a round of pullMany): at most this many folders and events in all (the client's bounds). */
export const PULL_ROUND_FOLDERS = 64;
export const PULL_ROUND_EVENTS = 500;
/** Pulled events applied in the first SQLite transaction of a page; later ones are sized to SLICE_MS. */
export const APPLY_SLICE = 32;
/**
 * What one transaction of applying (or settling) may hold core's thread for; the event loop is free between two.
 * Small, because a young-generation GC pause can fall right after a slice, in the same stretch.
 */
export const SLICE_MS = 3;
const MIN_SLICE = 4;
const MAX_SLICE = 256;
const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000];
/**
 * A folder whose events wait behind the fence (or, from a connection that cannot tell, a notified folder whose
 * pull brought nothing) is pulled again at the office's next notification, and up to this many times, HELD_DELAY_MS × n apart.
 */
const HELD_RETRIES = 6;
const HELD_DELAY_MS = 200;

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
  /** Re-pulls of notified folders that brought nothing yet (heldBack), and their timers. */
  private readonly held = new Map<string, number>();
  private readonly heldTimers = new Set<unknown>();
  /** Folders whose last pull left committed events behind the fence: pulled again when any transaction ends. */
  private readonly fenced = new Set<string>();
  private pullAll = true;
  private sliceSize = APPLY_SLICE;
  private settleSize = APPLY_SLICE;
  private current: Promise<void> = Promise.resolve();
  private readonly offChanges: () => void;

  constructor(private readonly deps: OfficeSyncDeps) {
    // The editor's own writes queue events (topic 'office'): push them soon. One told while a pass
    // runs is found by the pass's own check of what is still waiting.
    this.offChanges = deps.cache.changes.on((c) => {
      if (c.topic === 'office' && !this.running) this.wake();
      // A manuscript just recorded may be one the office's colleagues shortlisted for already.
      if (c.topic === 'manuscripts' && c.id !== undefined && !this.stopped) {
        const id = c.id;
        queueMicrotask(() => {
          try {
            deps.cache.office.adopt(id);
          } catch (err) {
            deps.logger.log('warn', 'office: the entries of a new manuscript could not be taken', {
              error: err instanceof Error ? err.message : String(err),
            });
          }
        });
      }
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
    for (const h of this.heldTimers) this.deps.timers.clearTimeout(h);
    this.heldTimers.clear();
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
        if (this.stopped) return;
        const waiting = this.deps.cache.office.waiting(this.deps.profileId);
        if (waiting > 0 && this.linkedAsStarted()) this.again = true;
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

  /** Whether the profile is still linked as this loop was started for (a re-link starts another loop). */
  private linkedAsStarted(): boolean {
    const now = this.deps.cache.office.link(this.deps.profileId);
    return now !== undefined && now.url === this.deps.link.url && now.login === this.deps.link.login;
  }

  private async pass(): Promise<void> {
    if (!this.linkedAsStarted()) {
      this.stopped = true;
      return;
    }
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
        this.deps.link,
      );
      if (this.stopped) return;
    }
    const notified = new Set(this.dirtyFolders);
    // Every journal of the editor's, and the office-wide folder every editor reads (decisions about people).
    const folders = this.pullAll ? [...(await conn.folders()), OFFICE_WIDE_FOLDER] : [...this.dirtyFolders];
    // The journals the editor belongs to are known before any of them is pulled (a move names where a manuscript went).
    if (this.pullAll) office.knowFolders(this.deps.profileId, folders);
    this.pullAll = false;
    this.dirtyFolders.clear();
    // The folders are read in rounds, one round trip each (pullMany; from a connection without it, one pull per
    // folder): a round asks for up to PULL_ROUND_FOLDERS folders, PULL_ROUND_EVENTS events in all. A folder whose
    // page came full is read again in a later round, from the page's end; that round is asked for before this
    // one is applied, so the office answers while core applies (at most two rounds' pages are held at once).
    type Want = { folder: string; cursor: OfficeCursorRow };
    const read = (wants: Want[], limit: number) =>
      conn.pullMany ? conn.pullMany(wants, limit) : Promise.all(wants.map((w) => conn.pull(w.folder, w.cursor, limit)));
    // Each with the cursor to read from; null: the cache's own, read when its round is asked for.
    const queue: Array<{ folder: string; cursor: OfficeCursorRow | null }> = folders.map((folder) => ({ folder, cursor: null }));
    const ask = () => {
      if (queue.length === 0) return null;
      const round = queue
        .splice(0, PULL_ROUND_FOLDERS)
        .map((w) => ({ folder: w.folder, cursor: w.cursor ?? office.cursor(this.deps.profileId, w.folder) }));
      const limit = Math.max(1, Math.min(PULL_PAGE, Math.floor(PULL_ROUND_EVENTS / round.length)));
      const pages = read(round, limit);
      pages.catch(() => {}); // awaited below unless the pass ends first (stopped, or a failed apply)
      return { round, limit, pages };
    };
    const got = new Map<string, number>();
    const held = new Map<string, boolean | undefined>();
    for (let next = ask(); next !== null;) {
      const { round, limit } = next;
      const pages = await next.pages;
      // The answer came in the event loop's I/O phase, where an immediate still runs before the loop's timers:
      // the slices start from the next check phase, so every yield between two of them lets timers and I/O in.
      await yieldToLoop();
      if (this.stopped) return;
      if (pages.length !== round.length)
        throw new DeskError('bad_response', 'The office answered a read of several journals with a page missing.');
      round.forEach((w, i) => {
        if (pages[i]!.events.length >= limit) queue.push({ folder: w.folder, cursor: pages[i]!.cursor });
      });
      next = ask();
      for (let r = 0; r < round.length; r++) {
        const { folder } = round[r]!;
        const page = pages[r]!;
        const cursor = office.cursor(this.deps.profileId, folder);
        got.set(folder, (got.get(folder) ?? 0) + page.events.length);
        held.set(folder, page.held);
        if (page.events.length === 0) {
          if (page.cursor.xid !== cursor.xid || page.cursor.seq !== cursor.seq) office.apply(this.deps.profileId, folder, [], page.cursor);
          continue;
        }
        // A page is applied in slices, each with the cursor after its last event (any prefix of a page
        // is a point to go on from), yielding to the event loop between them. A slice is sized from the
        // last one's time per event to take about SLICE_MS of this thread's time, and ends sooner when its
        // events cost more than that guess (people new to the ledger cost several times a known one).
        for (let i = 0; i < page.events.length;) {
          const slice = page.events.slice(i, i + this.sliceSize);
          const lastOfPage = i + slice.length >= page.events.length;
          const end = lastOfPage ? page.cursor : { xid: slice.at(-1)!.xid, seq: slice.at(-1)!.seq };
          const t = threadMs();
          const { taken } = office.apply(this.deps.profileId, folder, slice, end, { settleLater: true, stop: overrun(SLICE_MS) });
          i += taken;
          this.sliceSize = nextSlice(taken, threadMs() - t);
          await yieldToLoop();
          if (this.stopped) return;
        }
      }
    }
    for (const folder of folders) {
      const h = held.get(folder);
      if (h === undefined) {
        if (notified.has(folder)) this.heldBack(folder, (got.get(folder) ?? 0) === 0);
      } else {
        if (h) this.fenced.add(folder);
        else this.fenced.delete(folder);
        this.heldBack(folder, h);
      }
    }
    // The ledger counts of the people the pulled events named, once for the whole pass (a person several
    // journals name is counted once), and any a crash left stale, in transactions sized like the slices.
    for (;;) {
      const t = threadMs();
      const before = this.settleSize;
      const left = office.settle(before, overrun(SLICE_MS));
      if (left === 0) break;
      this.settleSize = nextSlice(before, threadMs() - t);
      await yieldToLoop();
      if (this.stopped) return;
    }
  }

  /**
   * A folder whose events may wait behind the pull's fence (a transaction that started earlier is still
   * open): pulled again at the office's next notification of any folder (a transaction ended), and, in case
   * the one holding the fence notifies nothing, a few times, later each time.
   */
  private heldBack(folder: string, waiting: boolean): void {
    if (!waiting) {
      this.held.delete(folder);
      return;
    }
    const tries = this.held.get(folder) ?? 0;
    if (tries >= HELD_RETRIES) {
      this.held.delete(folder);
      return;
    }
    this.held.set(folder, tries + 1);
    const handle = this.deps.timers.setTimeout(
      () => {
        this.heldTimers.delete(handle);
        this.wake(folder);
      },
      HELD_DELAY_MS * (tries + 1),
    );
    this.heldTimers.add(handle);
  }

  private async connection(): Promise<OfficeConnection> {
    if (this.conn) return this.conn;
    this.set(this.state === 'offline' ? 'offline' : 'connecting', this.reason);
    const conn = await this.deps.connect();
    try {
      await conn.listen(
        (folder) => {
          // A transaction ended: events held behind the fence by it may be visible now.
          for (const f of this.fenced) this.dirtyFolders.add(f);
          this.wake(folder);
        },
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

const yieldToLoop = () => new Promise<void>((r) => setImmediate(r));

/**
 * This thread's CPU time in ms, where the runtime tells it (else the clock): a slice sized by the clock shrinks
 * when the machine is busy with other processes, and more, smaller transactions then cost more of this thread.
 */
const threadMs: () => number =
  typeof process.threadCpuUsage === 'function'
    ? () => {
        const u = process.threadCpuUsage();
        return (u.user + u.system) / 1000;
      }
    : () => performance.now();

/**
 * Whether `ms` have passed on the clock since it was made, asked after each event or person of a slice. The
 * clock, not the thread's time: that is counted in the kernel's ticks (several ms), too coarse to end a slice
 * on; and a slice the machine kept waiting for a core has held the event loop as long anyway.
 */
function overrun(ms: number): () => boolean {
  const until = performance.now() + ms;
  return () => performance.now() >= until;
}

/** The next slice's size: as many events as took about SLICE_MS in the last one, within bounds. */
export function nextSlice(events: number, ms: number): number {
  const perEvent = ms / Math.max(1, events);
  const n = perEvent > 0 ? Math.floor(SLICE_MS / perEvent) : MAX_SLICE;
  return Math.max(MIN_SLICE, Math.min(MAX_SLICE, n));
}

function message(err: unknown): string {
  if (isDeskError(err)) return err.message;
  return 'The office could not be reached.';
}
