// The channel names come from channels.ts, not contract.ts: the renderer's first bundle builds this
// bridge (the browser host's WebSocket) and must not pull the contract's zod schemas in with it.
import { EVENT_CHANNELS, REQUEST_CHANNELS } from './channels';
import type { DeskBridge, Envelope, EventChannel, RequestChannel } from './contract';

export type RawInvoke = (channel: RequestChannel, input: unknown) => Promise<Envelope<unknown>>;
export type RawListen = (event: EventChannel, listener: (payload: unknown) => void) => () => void;

/** Builds the contract-derived bridge object from two raw primitives. Preload builds it over
 * ipcRenderer, the browser build over a WebSocket: one entry per contract channel, nothing else
 * (plus stageFile: a File's path in Electron, its bytes as binary pieces in the browser host; see stage-file.ts). */
export function createBridge(
  host: DeskBridge['host'],
  invoke: RawInvoke,
  listen: RawListen,
  extras: Pick<DeskBridge, 'stageFile'> = {},
): DeskBridge {
  const request = Object.fromEntries(
    REQUEST_CHANNELS.map((c) => [c, (input: unknown) => invoke(c, input)] as const),
  ) as unknown as DeskBridge['request'];
  const subscribe = Object.fromEntries(
    EVENT_CHANNELS.map((e) => [e, (listener: (payload: unknown) => void) => listen(e, listener)] as const),
  ) as unknown as DeskBridge['subscribe'];
  return Object.freeze({ host, request: Object.freeze(request), subscribe: Object.freeze(subscribe), ...extras });
}
