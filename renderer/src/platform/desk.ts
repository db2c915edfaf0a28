// The renderer's only door to core: a typed invoke/on over whichever bridge this build runs on.
// Electron: window.desk from preload. Browser host: a WebSocket carrying the page's session token.
import type {
  DeskBridge,
  Envelope,
  EventChannel,
  EventPayload,
  RequestChannel,
  RequestInput,
  RequestOutput,
} from '../../../electron/common/contract';
import { DeskError } from '../../../electron/common/errors';
import type { StagedFile } from '../../../electron/common/shapes';
import { connectWebSocketBridge } from './websocket';

declare global {
  interface Window {
    desk?: DeskBridge;
  }
}

export interface Desk {
  readonly host: DeskBridge['host'];
  invoke<C extends RequestChannel>(channel: C, input: RequestInput<C>): Promise<RequestOutput<C>>;
  on<E extends EventChannel>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  /** Stages a dropped or picked File: Electron by its path (its bytes never cross IPC), the browser host by
   * its bytes as binary WebSocket messages. null when the bridge cannot (a File with no path in Electron):
   * the caller then sends the bytes with files.stage. */
  stageFile(file: File): Promise<StagedFile> | null;
}

function unwrap<T>(env: Envelope<unknown>): T {
  if (env.ok) return env.value as T;
  throw new DeskError(env.error.code, env.error.message, {
    ...(env.error.field !== undefined ? { field: env.error.field } : {}),
    ...(env.error.retryAfterMs !== undefined ? { retryAfterMs: env.error.retryAfterMs } : {}),
  });
}

export function deskFromBridge(bridge: DeskBridge): Desk {
  return {
    host: bridge.host,
    async invoke(channel, input) {
      const call = bridge.request[channel] as unknown as (i: unknown) => Promise<Envelope<unknown>>;
      return unwrap<RequestOutput<typeof channel>>(await call(input));
    },
    stageFile(file) {
      const sent = bridge.stageFile?.(file) ?? null;
      return sent && sent.then((env) => unwrap<StagedFile>(env));
    },
    on(event, listener) {
      const sub = bridge.subscribe[event] as unknown as (l: (payload: unknown) => void) => () => void;
      return sub(listener as (payload: unknown) => void);
    },
  };
}

export function detectBridge(): DeskBridge {
  if (window.desk) return window.desk;
  const token = new URLSearchParams(window.location.search).get('token');
  if (!token) {
    throw new DeskError(
      'forbidden_sender',
      'Open Referee Desk from the desktop app, or use the address `npm run web` prints (it carries a session token).',
    );
  }
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return connectWebSocketBridge(`${scheme}://${window.location.host}/ws?token=${encodeURIComponent(token)}`);
}
