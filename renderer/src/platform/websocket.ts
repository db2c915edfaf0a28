// The browser build's bridge: the same DeskBridge as preload's, over the host's WebSocket.
import { createBridge } from '../../../electron/common/bridge';
import type { DeskBridge, Envelope, EventChannel } from '../../../electron/common/contract';

/** The socket renderer/public/connect.js opened before the bundle ran (see there). */
export interface EarlySocket {
  url: string;
  socket: WebSocket;
  take(): MessageEvent[];
}

declare global {
  interface Window {
    deskEarlySocket?: EarlySocket;
  }
}

/** The socket connect.js opened for this address, if it is still usable, with what it received so far. */
function adoptEarlySocket(wsUrl: string): { socket: WebSocket; early: MessageEvent[] } | null {
  const early = window.deskEarlySocket;
  if (!early) return null;
  const messages = early.take();
  const { readyState } = early.socket;
  if (early.url !== wsUrl || (readyState !== WebSocket.CONNECTING && readyState !== WebSocket.OPEN)) {
    early.socket.close();
    return null;
  }
  return { socket: early.socket, early: messages };
}

export function connectWebSocketBridge(wsUrl: string): DeskBridge {
  let nextId = 1;
  const pending = new Map<number, (env: Envelope<unknown>) => void>();
  const listeners = new Map<EventChannel, Set<(payload: unknown) => void>>();
  const queue: string[] = [];
  const adopted = adoptEarlySocket(wsUrl);
  const socket = adopted?.socket ?? new WebSocket(wsUrl);

  const failAll = (message: string) => {
    for (const resolve of pending.values()) resolve({ ok: false, error: { code: 'offline', message } });
    pending.clear();
  };
  socket.addEventListener('open', () => {
    for (const m of queue.splice(0)) socket.send(m);
  });
  socket.addEventListener('close', () => failAll('The connection to Referee Desk closed. Reload the page.'));
  const onMessage = (ev: MessageEvent) => {
    let msg: { id?: number | null; result?: Envelope<unknown>; event?: EventChannel; payload?: unknown };
    try {
      msg = JSON.parse(String(ev.data)) as typeof msg;
    } catch {
      return;
    }
    if (typeof msg.id === 'number' && msg.result) {
      pending.get(msg.id)?.(msg.result);
      pending.delete(msg.id);
    } else if (msg.event) {
      for (const l of listeners.get(msg.event) ?? []) l(msg.payload);
    }
  };
  socket.addEventListener('message', onMessage);
  // Events core pushed before this bridge listened (no request went out on the early socket, so no
  // answers): delivered in order in a microtask, after the code that made the bridge has subscribed.
  if (adopted?.early.length) queueMicrotask(() => adopted.early.forEach(onMessage));

  return createBridge(
    'browser',
    (channel, input) =>
      new Promise((resolve) => {
        const id = nextId++;
        pending.set(id, resolve);
        const text = JSON.stringify({ id, channel, input });
        if (socket.readyState === WebSocket.OPEN) socket.send(text);
        else if (socket.readyState === WebSocket.CONNECTING) queue.push(text);
        else {
          pending.delete(id);
          resolve({ ok: false, error: { code: 'offline', message: 'The connection to Referee Desk is closed. Reload the page.' } });
        }
      }),
    (event, listener) => {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  );
}
