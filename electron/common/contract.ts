// The whole IPC contract in one file (GitHub Desktop's ipc-shared.ts, VS Code's typed channels):
// request channels with their input schema and output type, events from core to the renderer.
// Preload, the WebSocket bridge, the router and the renderer are all derived from these maps, so a
// wrong channel name or argument is a compile error and a missing handler is a test failure.
import { z } from 'zod';
import type { DeskErrorShape } from './errors';

/** A request channel: its input is validated at runtime with `input`; `output` only carries a type. */
export interface RequestSpec<I extends z.ZodType, O> {
  readonly input: I;
  readonly output: O;
}
const request =
  <O>() =>
  <I extends z.ZodType>(input: I): RequestSpec<I, O> => ({ input, output: undefined as unknown as O });

/** An event channel: `payload` only carries a type (events flow from trusted core to the renderer). */
export interface EventSpec<P> {
  readonly payload: P;
}
const event = <P>(): EventSpec<P> => ({ payload: undefined as unknown as P });

// ---------------------------------------------------------------------------------------------
// Payload types

export type Connectivity = 'online' | 'offline' | 'unknown';

export interface AppInfo {
  name: string;
  version: string;
  /** Where the cache, the outbox copies of uploads and the logs live. */
  dataDir: string;
  /** 'electron' in the desktop app, 'browser' through the WebSocket host. */
  host: 'electron' | 'browser';
  platform: string;
  connectivity: Connectivity;
}

export interface StatusEvent {
  connectivity: Connectivity;
  /** Writes waiting in the outbox. */
  pendingWrites: number;
  /** Writes parked on a permanent error, waiting for the editor. */
  failedWrites: number;
  /** Human sentence for the status bar, e.g. "Offline — 3 changes queued". */
  message: string;
  at: number;
}

// ---------------------------------------------------------------------------------------------
// Channels

const empty = z.object({}).strict();

export const requests = {
  'app.info': request<AppInfo>()(empty),
  'app.status': request<StatusEvent>()(empty),
} as const;

export const events = {
  'app.status': event<StatusEvent>(),
} as const;

// ---------------------------------------------------------------------------------------------
// Derived types

export type Requests = typeof requests;
export type RequestChannel = keyof Requests;
export type RequestInput<C extends RequestChannel> = z.input<Requests[C]['input']>;
export type ParsedInput<C extends RequestChannel> = z.output<Requests[C]['input']>;
export type RequestOutput<C extends RequestChannel> = Requests[C]['output'];

export type Events = typeof events;
export type EventChannel = keyof Events;
export type EventPayload<E extends EventChannel> = Events[E]['payload'];

export const requestChannels = Object.keys(requests) as RequestChannel[];
export const eventChannels = Object.keys(events) as EventChannel[];

export const isRequestChannel = (c: unknown): c is RequestChannel =>
  typeof c === 'string' && Object.prototype.hasOwnProperty.call(requests, c);
export const isEventChannel = (c: unknown): c is EventChannel =>
  typeof c === 'string' && Object.prototype.hasOwnProperty.call(events, c);

/** What crosses a transport for every request: never a thrown error, never a stack trace. */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: DeskErrorShape };

/** The object preload exposes as `window.desk` and the WebSocket bridge implements. */
export interface DeskBridge {
  readonly host: 'electron' | 'browser';
  readonly request: { [C in RequestChannel]: (input: RequestInput<C>) => Promise<Envelope<RequestOutput<C>>> };
  readonly subscribe: { [E in EventChannel]: (listener: (payload: EventPayload<E>) => void) => () => void };
}

/** IPC channel names: requests and events live in separate namespaces on the wire. */
export const ipcRequestChannel = (c: RequestChannel): string => `desk:req:${c}`;
export const ipcEventChannel = (e: EventChannel): string => `desk:evt:${e}`;
