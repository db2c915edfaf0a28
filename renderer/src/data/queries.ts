// The window's one read path: a cache of core's answers keyed by channel and input (TanStack Query's
// useQuery, in the small). A view asks with `useQuery(channel, input)`; the answer is fetched when a view
// first shows it, shared by every view that shows the same key, and refetched when core says a change
// made it old — which changes do is declared once per channel beside the channel names (READS in
// electron/common/channels.ts, Actual Budget's live queries). Changes are coalesced: however many arrive
// before the next frame, each answer on screen is asked for once (GitHub Desktop's emitUpdate), and an
// answer asked for while its request is in flight is asked again once, after it.
//
// The domain stores that hold more than an answer (the manuscripts list with its drop batch, the candidates
// table with its paging and filters, the open drafts) keep their own loaders and plug into the same path
// with `live(channel, input, reload)`: the same declarations and the same frame decide when they reload.
// Writes never reload by hand: core's change feed says what they changed.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { changeAges, type ReadChannel } from '../../../electron/common/channels';
import type { RequestInput, RequestOutput } from '../../../electron/common/contract';
import type { DataChangedEvent } from '../../../electron/common/shapes';
import { desk, errorText } from '../platform/instance';

export interface QueryState<T> {
  /** The last answer (kept while a newer one is on its way), null before the first. */
  data: T | null;
  /** The last request's failure in the editor's words, null after a success. */
  error: string | null;
  /** A request for this key is in flight. */
  loading: boolean;
}

type Output<C extends ReadChannel> = RequestOutput<C>;

interface Entry {
  readonly key: string;
  readonly channel: ReadChannel;
  readonly input: unknown;
  state: QueryState<unknown>;
  readonly listeners: Set<() => void>;
  /** Views showing this answer now: only those are refetched when it grows old. */
  users: number;
  /** The answer is missing or old: the next view to show it asks for it. */
  stale: boolean;
  /** Bumped by `resetQueries`: an answer to a request of the old workspace is dropped. */
  ticket: number;
  inflight: Promise<void> | null;
  /** It grew old while its request was in flight: ask once more when that one is back. */
  again: boolean;
  /** When the last view stopped showing it (for dropping the oldest unshown answers). */
  idleSince: number;
  /** One function per entry, so React does not resubscribe a view at every render. */
  readonly subscribe: (listener: () => void) => () => void;
}

const IDLE: QueryState<never> = Object.freeze({ data: null, error: null, loading: false });

/** Unshown answers kept for a view that comes back; beyond this the longest unshown are dropped. */
export const MAX_IDLE_ENTRIES = 64;

const entries = new Map<string, Entry>();

/** The same input in another key order is the same query. */
export function queryKey(channel: ReadChannel, input: unknown): string {
  return `${channel} ${stableJson(input)}`;
}

function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/**
 * The new answer with the old answer's objects wherever they are deeply equal (TanStack's structural
 * sharing): a refetch that changed one row gives every other row its old object, so memoised rows and
 * selectors that return a row re-render only where something changed.
 */
export function shareEqual<T>(before: unknown, after: T): T {
  if (before === after) return after;
  if (Array.isArray(before) && Array.isArray(after)) {
    let same = before.length === after.length;
    const out = after.map((x, i) => {
      const kept = shareEqual(before[i], x);
      if (kept !== before[i]) same = false;
      return kept;
    });
    return (same ? before : out) as T;
  }
  if (isPlain(before) && isPlain(after)) {
    const a = before as Record<string, unknown>;
    const b = after as Record<string, unknown>;
    const keys = Object.keys(b);
    let same = keys.length === Object.keys(a).length;
    const out: Record<string, unknown> = {};
    for (const k of keys) {
      out[k] = shareEqual(a[k], b[k]);
      if (out[k] !== a[k] || !(k in a)) same = false;
    }
    return (same ? before : out) as T;
  }
  return after;
}

const isPlain = (v: unknown): boolean => v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

function entryFor(channel: ReadChannel, input: unknown): Entry {
  const key = queryKey(channel, input);
  let e = entries.get(key);
  if (!e) {
    const listeners = new Set<() => void>();
    const subscribe = (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    };
    e = {
      key,
      channel,
      input,
      state: IDLE,
      listeners,
      users: 0,
      stale: true,
      ticket: 0,
      inflight: null,
      again: false,
      idleSince: 0,
      subscribe,
    };
    entries.set(key, e);
  }
  return e;
}

function setState(e: Entry, patch: Partial<QueryState<unknown>>): void {
  e.state = { ...e.state, ...patch };
  for (const l of [...e.listeners]) l();
}

function run(e: Entry): Promise<void> {
  if (e.inflight) {
    e.again = true;
    return e.inflight;
  }
  const mine = e.ticket;
  e.stale = false;
  if (!e.state.loading) setState(e, { loading: true });
  const channel = e.channel;
  const p: Promise<void> = (desk().invoke(channel, e.input as RequestInput<typeof channel>) as Promise<unknown>)
    .then(
      (data) => {
        if (mine === e.ticket) setState(e, { data: shareEqual(e.state.data, data), error: null, loading: false });
      },
      (err: unknown) => {
        if (mine === e.ticket) setState(e, { error: errorText(err), loading: false });
      },
    )
    .finally(() => {
      // A reset started another request meanwhile: that one is in charge now.
      if (e.inflight !== p) return;
      e.inflight = null;
      if (!e.again) return;
      e.again = false;
      if (e.users > 0) void run(e);
      else e.stale = true;
    });
  e.inflight = p;
  return p;
}

function dropIdle(): void {
  const idle = [...entries.values()].filter((e) => e.users === 0 && !e.inflight);
  if (idle.length <= MAX_IDLE_ENTRIES) return;
  idle.sort((a, b) => a.idleSince - b.idleSince);
  for (const e of idle.slice(0, idle.length - MAX_IDLE_ENTRIES)) entries.delete(e.key);
}

/** Asks core now (or joins the request in flight) and resolves with the answer; for actions, not views. */
export async function fetchQuery<C extends ReadChannel>(channel: C, input: RequestInput<C>): Promise<Output<C>> {
  const e = entryFor(channel, input);
  if (e.stale || e.state.data === null) await run(e);
  else if (e.inflight) await e.inflight;
  if (e.state.error !== null && e.state.data === null) throw new Error(e.state.error);
  return e.state.data as Output<C>;
}

/** The answer a view is showing, without asking (null when nothing is known yet). */
export function peekQuery<C extends ReadChannel>(channel: C, input: RequestInput<C>): Output<C> | null {
  return (entries.get(queryKey(channel, input))?.state.data as Output<C> | undefined) ?? null;
}

/** A write's own answer is the new state of a read: put it there instead of asking again. */
export function setQueryData<C extends ReadChannel>(channel: C, input: RequestInput<C>, data: Output<C>): void {
  const e = entryFor(channel, input);
  e.ticket++;
  e.stale = false;
  setState(e, { data: shareEqual(e.state.data, data), error: null, loading: false });
}

const noSubscription = () => () => undefined;

/**
 * Asks core with another input (the same read with `refresh: true`: go to the service, not the cache) and keeps the
 * answer as `input`'s, the views showing it loading meanwhile.
 */
export async function refetchWith<C extends ReadChannel>(channel: C, input: RequestInput<C>, ask: RequestInput<C>): Promise<void> {
  const e = entryFor(channel, input);
  const mine = e.ticket;
  setState(e, { loading: true });
  try {
    const data = await desk().invoke(channel, ask);
    if (mine === e.ticket) setState(e, { data: shareEqual(e.state.data, data), error: null, loading: false });
  } catch (err) {
    if (mine === e.ticket) setState(e, { error: errorText(err), loading: false });
  }
}

/** Counts a user of `e` until the returned function is called, asking for the answer when it is missing or old. */
function show(e: Entry): () => void {
  // A key dropped while nobody showed it is made again (the view kept the object of its first render).
  if (!entries.has(e.key)) entries.set(e.key, e);
  e.users++;
  if (e.stale) void run(e);
  return () => {
    e.users--;
    if (e.users === 0) {
      e.idleSince = performance.now();
      dropIdle();
    }
  };
}

/** Counts the calling view as a user of `e` while it is mounted. */
function useShown(e: Entry | null): void {
  useEffect(() => (e ? show(e) : undefined), [e]);
}

/** Shows an answer outside React (a test, a store): asked for now if missing or old, kept fresh until the returned stop. */
export function watchQuery<C extends ReadChannel>(channel: C, input: RequestInput<C>): () => void {
  return show(entryFor(channel, input));
}

/** The state of an answer as a view would see it now. */
export function queryState<C extends ReadChannel>(channel: C, input: RequestInput<C>): QueryState<Output<C>> {
  return (entries.get(queryKey(channel, input))?.state ?? IDLE) as QueryState<Output<C>>;
}

/**
 * The answer of `channel` for `input` (null input: nothing asked, an idle state), asked for when the view
 * first shows it and kept fresh while it shows. With `keepPrevious`, a new input shows the answer of the
 * previous one until its own comes (a search typed letter by letter does not empty the list each time).
 */
export function useQuery<C extends ReadChannel>(
  channel: C,
  input: RequestInput<C> | null,
  { keepPrevious = false }: { keepPrevious?: boolean } = {},
): QueryState<Output<C>> {
  const e = input === null ? null : entryFor(channel, input);
  const snapshot = () => (e ? e.state : IDLE);
  const state = useSyncExternalStore(e ? e.subscribe : noSubscription, snapshot, snapshot);
  useShown(e);
  const shown = useRef<QueryState<unknown>>(IDLE);
  if (state.data !== null || !keepPrevious) shown.current = state;
  else if (shown.current.data !== null) return { ...(state as QueryState<Output<C>>), data: shown.current.data as Output<C> };
  return state as QueryState<Output<C>>;
}

/**
 * Part of an answer: the view re-renders only when `select`'s result changes (by identity; answers keep
 * the objects that did not change, see shareEqual). `select` is called again when the answer or `select`
 * itself changes. With `ask: false` the view only listens: another view (useKeepFresh) decides when the
 * answer is asked for (a table's cells, while the table asks once its rows are painted).
 */
export function useQuerySelect<C extends ReadChannel, T>(
  channel: C,
  input: RequestInput<C> | null,
  select: (s: QueryState<Output<C>>) => T,
  { ask = true }: { ask?: boolean } = {},
): T {
  const e = input === null ? null : entryFor(channel, input);
  const memo = useRef<{ state: unknown; select: unknown; value: T } | null>(null);
  const read = (): T => {
    const s = (e ? e.state : IDLE) as QueryState<Output<C>>;
    const m = memo.current;
    if (m && m.state === s && m.select === select) return m.value;
    const value = select(s);
    memo.current = { state: s, select, value };
    return value;
  };
  const value = useSyncExternalStore(e ? e.subscribe : noSubscription, read, read);
  useShown(ask ? e : null);
  return value;
}

/** Asks for an answer and keeps it fresh while the view is mounted, without re-rendering the view for it
 * (its parts listen with useQuerySelect). Null input: nothing asked. */
export function useKeepFresh<C extends ReadChannel>(channel: C, input: RequestInput<C> | null): void {
  useShown(input === null ? null : entryFor(channel, input));
}

// ---------------------------------------------------------------------------------------------
// Changes

/** A domain store's loader, reloaded by the same declarations as the cached answers. */
interface LiveReader {
  channel: ReadChannel;
  /** The input the store shows now; null when it shows nothing (then it is not reloaded). */
  input: () => unknown;
  reload: () => unknown;
  /** Its reload in flight, and whether it grew old again meanwhile (then it reloads once more after). */
  running: Promise<unknown> | null;
  again: boolean;
}

function reloadOnce(r: LiveReader): void {
  if (r.running) {
    r.again = true;
    return;
  }
  r.running = Promise.resolve(r.reload())
    .catch(() => undefined)
    .finally(() => {
      r.running = null;
      if (!r.again) return;
      r.again = false;
      reloadOnce(r);
    });
}

const liveReaders = new Set<LiveReader>();

/** Registers a store's loader for `channel`; returns the unregister. */
export function live<C extends ReadChannel>(channel: C, input: () => RequestInput<C> | null, reload: () => unknown): () => void {
  const reader: LiveReader = { channel, input, reload, running: null, again: false };
  liveReaders.add(reader);
  return () => liveReaders.delete(reader);
}

const dirty = new Set<Entry>();
const dirtyReaders = new Set<LiveReader>();
let flushQueued = false;

/**
 * Runs `fn` at the start of the frame after next: every change that arrives within a frame's time of the first
 * is one refetch (a write's changes come in a few messages, milliseconds apart, which one animation frame
 * could split). A window that paints no frames (hidden) gets it from a timer; without a window at all (tests
 * under Node), after the current task.
 */
function nextFrame(fn: () => void): void {
  if (typeof requestAnimationFrame !== 'function' || typeof document === 'undefined') {
    setTimeout(fn, 0);
    return;
  }
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    fn();
  };
  requestAnimationFrame(() => requestAnimationFrame(once));
  setTimeout(once, document.visibilityState === 'hidden' ? 16 : 100);
}

/** Core said data changed: every answer and store it makes old is marked, and refetched at the next frame. */
export function invalidate(change: DataChangedEvent): void {
  for (const e of entries.values())
    if (changeAges(e.channel, e.input, change)) {
      e.stale = true;
      dirty.add(e);
    }
  for (const r of liveReaders) {
    const input = r.input();
    if (input !== null && changeAges(r.channel, input, change)) dirtyReaders.add(r);
  }
  if (flushQueued || (dirty.size === 0 && dirtyReaders.size === 0)) return;
  flushQueued = true;
  nextFrame(flush);
}

/** Refetches what grew old since the last frame: each shown answer and each store once. */
export function flush(): void {
  flushQueued = false;
  const answers = [...dirty];
  const readers = [...dirtyReaders];
  dirty.clear();
  dirtyReaders.clear();
  for (const e of answers) if (e.users > 0 && e.stale) void run(e);
  for (const r of readers) reloadOnce(r);
}

/**
 * Another profile's workspace: every answer is forgotten (one on its way is dropped when it comes), and the
 * answers views show are asked for again.
 */
export function resetQueries(): void {
  dirty.clear();
  for (const e of [...entries.values()]) {
    e.ticket++;
    e.again = false;
    if (e.users === 0) {
      entries.delete(e.key);
      continue;
    }
    e.stale = true;
    setState(e, { data: null, error: null, loading: false });
    e.inflight = null;
    void run(e);
  }
}

/** For tests: how many answers are kept and how many views show them. */
export function queryStats(): { entries: number; shown: number } {
  let shown = 0;
  for (const e of entries.values()) if (e.users > 0) shown++;
  return { entries: entries.size, shown };
}
