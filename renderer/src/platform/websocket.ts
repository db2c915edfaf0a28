// The browser build's bridge: the same DeskBridge as preload's, over the host's WebSocket. A dropped or picked
// File crosses as binary messages (stageFile below; the wire format is in electron/common/stage-file.ts),
// never as base64 inside JSON: the host writes the pieces to disk as they arrive.
import { createBridge } from '../../../electron/common/bridge';
import type { DeskBridge, Envelope, EventChannel } from '../../../electron/common/contract';
import { STAGE_PIECE_BYTES, stagePiece, type StageAnnouncement } from '../../../electron/common/stage-file';
import type { StagedFile } from '../../../electron/common/shapes';

/** Bytes the page lets wait in the socket's send buffer before it reads the next piece of a file. */
const SEND_AHEAD_BYTES = 2 * STAGE_PIECE_BYTES;

/** What stageFile needs of a File (a Blob with a name). */
interface FileLike {
  name: string;
  size: number;
  slice(start: number, end: number): { arrayBuffer(): Promise<ArrayBuffer> };
}

function isFileLike(v: object): v is FileLike {
  const f = v as Partial<FileLike>;
  return typeof f.name === 'string' && typeof f.size === 'number' && typeof f.slice === 'function';
}

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

  const closed: Envelope<never> = {
    ok: false,
    error: { code: 'offline', message: 'The connection to Referee Desk is closed. Reload the page.' },
  };
  /** Sends a request's text (queued until the socket opens) and resolves with its answer. */
  const request = (build: (id: number) => string): { id: number; answer: Promise<Envelope<unknown>> } => {
    const id = nextId++;
    const answer = new Promise<Envelope<unknown>>((resolve) => {
      pending.set(id, resolve);
      const text = build(id);
      if (socket.readyState === WebSocket.OPEN) socket.send(text);
      else if (socket.readyState === WebSocket.CONNECTING) queue.push(text);
      else {
        pending.delete(id);
        resolve(closed);
      }
    });
    return { id, answer };
  };

  /** One file at a time: its announcement, then its pieces, each read from the File only when the socket
   * has room, so the page never holds more than a few pieces and another file waits its turn. */
  let files: Promise<unknown> = Promise.resolve();
  const stageFile = (file: object): Promise<Envelope<StagedFile>> | null => {
    if (!isFileLike(file)) return null;
    const turn = files.then(() => sendFile(file));
    files = turn.catch(() => undefined);
    return turn;
  };
  const sendFile = async (file: FileLike): Promise<Envelope<StagedFile>> => {
    const { id, answer } = request((id) => JSON.stringify({ id, stage: { name: file.name, size: file.size } } satisfies StageAnnouncement));
    let answered = false;
    void answer.then(() => (answered = true));
    for (let at = 0; at < file.size && !answered; at += STAGE_PIECE_BYTES) {
      while (
        socket.readyState === WebSocket.CONNECTING ||
        (socket.bufferedAmount > SEND_AHEAD_BYTES && socket.readyState === WebSocket.OPEN)
      ) {
        await new Promise((r) => setTimeout(r, socket.readyState === WebSocket.CONNECTING ? 50 : 5));
      }
      if (socket.readyState !== WebSocket.OPEN || answered) break;
      const bytes = new Uint8Array(await file.slice(at, at + STAGE_PIECE_BYTES).arrayBuffer());
      if (socket.readyState !== WebSocket.OPEN || answered) break;
      socket.send(stagePiece(id, bytes));
    }
    return (await answer) as Envelope<StagedFile>;
  };

  return createBridge(
    'browser',
    (channel, input) => request((id) => JSON.stringify({ id, channel, input })).answer,
    (event, listener) => {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
    { stageFile },
  );
}
