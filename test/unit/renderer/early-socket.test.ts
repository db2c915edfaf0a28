// The browser host's socket opened early (issue 14, a window in under a second): renderer/public/connect.js
// opens it before the bundle runs, and the WebSocket bridge adopts it, so the shell's first requests go out
// on a socket that is already open. Runs connect.js as the page runs it, with a fake window and WebSocket.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectWebSocketBridge } from '../../../renderer/src/platform/websocket';

const CONNECT_JS = readFileSync(join(import.meta.dirname, '../../../renderer/public/connect.js'), 'utf8');
const URL_OF = (token: string) => `ws://127.0.0.1:4000/ws?token=${token}`;

class FakeSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static made: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  readonly sent: string[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.made.push(this);
  }
  send(text: string) {
    if (this.readyState !== FakeSocket.OPEN) throw new Error('not open');
    this.sent.push(text);
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  close() {
    this.readyState = FakeSocket.CLOSED;
  }
  receive(data: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
}

type FakeWindow = { location: URL; desk?: unknown; deskEarlySocket?: unknown };
let win: FakeWindow;
const runConnectJs = () => runInNewContext(CONNECT_JS, { window: win, WebSocket: FakeSocket, URLSearchParams, encodeURIComponent });

beforeEach(() => {
  FakeSocket.made = [];
  win = { location: new URL('http://127.0.0.1:4000/?token=abc') };
  Object.assign(globalThis, { window: win, WebSocket: FakeSocket });
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'window');
  Reflect.deleteProperty(globalThis, 'WebSocket');
});

describe('the early socket of the browser host', () => {
  it('is opened by connect.js before the bundle and adopted by the bridge, with the events that came first', async () => {
    runConnectJs();
    expect(FakeSocket.made.map((s) => s.url)).toEqual([URL_OF('abc')]);
    const early = FakeSocket.made[0]!;
    early.open();
    early.receive({ event: 'app.status', payload: { connectivity: 'online' } });

    const bridge = connectWebSocketBridge(URL_OF('abc'));
    const statuses: unknown[] = [];
    bridge.subscribe['app.status']((p) => statuses.push(p));
    // no second socket; the handle is taken once
    expect(FakeSocket.made).toHaveLength(1);
    expect(win.deskEarlySocket).toBeUndefined();
    await Promise.resolve();
    expect(statuses).toEqual([{ connectivity: 'online' }]);

    // the socket is open: a request goes out at once and its answer comes back
    const info = bridge.request['app.info']({});
    expect(early.sent.map((t) => JSON.parse(t) as { channel: string })).toEqual([expect.objectContaining({ channel: 'app.info' })]);
    early.receive({ id: 1, result: { ok: true, value: { name: 'Referee Desk' } } });
    await expect(info).resolves.toEqual({ ok: true, value: { name: 'Referee Desk' } });
  });

  it('sends requests made while it is still connecting once it opens', async () => {
    runConnectJs();
    const bridge = connectWebSocketBridge(URL_OF('abc'));
    const info = bridge.request['app.info']({});
    const early = FakeSocket.made[0]!;
    expect(early.sent).toEqual([]);
    early.open();
    expect(early.sent).toHaveLength(1);
    early.receive({ id: 1, result: { ok: true, value: 1 } });
    await expect(info).resolves.toEqual({ ok: true, value: 1 });
    expect(FakeSocket.made).toHaveLength(1);
  });

  it('is not opened in Electron (the preload bridge) or without a token', () => {
    win.desk = {};
    runConnectJs();
    win = { location: new URL('app://desk/index.html') };
    runConnectJs();
    expect(FakeSocket.made).toEqual([]);
    expect(win.deskEarlySocket).toBeUndefined();
  });

  it('is replaced when it closed before the bundle ran, or was opened for another address', () => {
    runConnectJs();
    FakeSocket.made[0]!.readyState = FakeSocket.CLOSED;
    connectWebSocketBridge(URL_OF('abc'));
    expect(FakeSocket.made.map((s) => s.url)).toEqual([URL_OF('abc'), URL_OF('abc')]);

    runConnectJs();
    connectWebSocketBridge(URL_OF('other'));
    expect(FakeSocket.made.map((s) => s.url)).toEqual([URL_OF('abc'), URL_OF('abc'), URL_OF('abc'), URL_OF('other')]);
    // the one it did not adopt is closed, not left open beside the bridge's
    expect(FakeSocket.made[2]!.readyState).toBe(FakeSocket.CLOSED);
  });
});
