// In the page: each request the window sends on the app's WebSocket, each answer and each core event it
// receives, with its time (performance.now()) and size. Installed with page.addInitScript before the app
// loads; read back with `readWire(page)`. Binary frames (a file's pieces while it is staged) are counted as
// `bytes` requests without a channel.
import type { Page } from 'playwright-core';

export interface Wire {
  kind: 'request' | 'answer' | 'event';
  /** The request's channel (for an answer: its request's); the event's name for an event. */
  channel: string;
  input?: { query?: { limit?: number; offset?: number } } & Record<string, unknown>;
  /** An event's payload (data.changed: { topic, id }). */
  payload?: { topic?: string; id?: number } & Record<string, unknown>;
  bytes?: number;
  t: number;
}

export const WIRE_LOG = `(() => {
  const log = (window.__wire = []);
  const names = new Map();
  const WS = window.WebSocket;
  window.WebSocket = class extends WS {
    constructor(...args) {
      super(...args);
      super.addEventListener('message', (ev) => {
        const text = String(ev.data);
        const id = /^\\{"id":(\\d+)/.exec(text);
        if (id) log.push({ kind: 'answer', channel: names.get(Number(id[1])), bytes: text.length, t: performance.now() });
        else if (text.startsWith('{"event":')) {
          const m = JSON.parse(text);
          log.push({ kind: 'event', channel: m.event, payload: m.payload, t: performance.now() });
        }
      });
    }
    send(data) {
      if (typeof data === 'string' && data.startsWith('{')) {
        const m = JSON.parse(data);
        if (m.channel) {
          names.set(m.id, m.channel);
          log.push({ kind: 'request', channel: m.channel, input: m.input, t: performance.now() });
        }
      }
      super.send(data);
    }
  };
})()`;

export const readWire = (page: Page): Promise<Wire[]> => page.evaluate(() => (window as unknown as { __wire: Wire[] }).__wire);
export const clearWire = (page: Page): Promise<void> =>
  page.evaluate(() => void ((window as unknown as { __wire: Wire[] }).__wire.length = 0));
