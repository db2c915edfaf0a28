// The browser host over real HTTP and WebSocket on loopback: token, Origin and Host checks,
// malformed messages, requests and events.
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createCore, type Core } from '../../electron/core/composition';
import { startHost, type Host } from '../../electron/host/server';
import { MemoryLogger, MemorySecrets } from '../support/fakes';
import { routerTurns } from '../support/turns';

let core: Core;
let host: Host;

beforeEach(async () => {
  const www = mkdtempSync(join(tmpdir(), 'desk-www-'));
  writeFileSync(join(www, 'index.html'), '<!doctype html><title>Referee Desk</title>');
  core = await createCore({ appVersion: '3.1.4', dataDir: www, host: 'browser', secrets: new MemorySecrets(), logger: new MemoryLogger() });
  host = await startHost({ core, rendererDir: www });
});
afterEach(async () => {
  await host.close();
  await core.close();
});

function open(opts: { token?: string; origin?: string; path?: string } = {}): Promise<WebSocket> {
  const url = `${host.origin.replace('http', 'ws')}${opts.path ?? '/ws'}?token=${opts.token ?? host.token}`;
  const ws = new WebSocket(url, { origin: opts.origin ?? host.origin });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}
function next(ws: WebSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve) => ws.once('message', (d) => resolve(JSON.parse(d.toString()) as Record<string, unknown>)));
}

describe('browser host', () => {
  it('listens on loopback only and serves the renderer with the CSP allowing only its own socket', async () => {
    expect(new URL(host.origin).hostname).toBe('127.0.0.1');
    const res = await fetch(host.url);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`connect-src ws://${new URL(host.origin).host}`);
    expect(csp).toContain("default-src 'none'");
  });

  it('firstReply settles once a page has had its first answer (the host starts its background work then)', async () => {
    let settled = false;
    void host.firstReply.then(() => (settled = true));
    const ws = await open();
    await new Promise((r) => setTimeout(r, 50));
    expect(settled).toBe(false);
    const answer = next(ws);
    ws.send(JSON.stringify({ id: 1, channel: 'app.info', input: {} }));
    await answer;
    await host.firstReply;
    expect(settled).toBe(true);
    ws.close();
  });

  it('refuses a socket without the right token', async () => {
    await expect(open({ token: 'wrong' })).rejects.toThrow(/403/);
    await expect(open({ token: '' })).rejects.toThrow(/403/);
  });

  it('refuses a socket opened from another origin, even with the token', async () => {
    await expect(open({ origin: 'http://evil.example' })).rejects.toThrow(/403/);
    await expect(open({ origin: 'http://127.0.0.1:1' })).rejects.toThrow(/403/);
  });

  it('refuses requests with a foreign Host header (DNS rebinding)', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve) => {
      const u = new URL(host.origin);
      request({ host: u.hostname, port: u.port, path: '/', headers: { Host: 'evil.example' } }, (res) =>
        resolve(res.statusCode ?? 0),
      ).end();
    });
    expect(status).toBe(421);
  });

  it('answers a request with its envelope', async () => {
    const ws = await open();
    ws.send(JSON.stringify({ id: 1, channel: 'app.info', input: {} }));
    expect(await next(ws)).toMatchObject({ id: 1, result: { ok: true, value: { version: '3.1.4', host: 'browser' } } });
    ws.close();
  });

  it('answers malformed messages with a typed error and keeps the socket open', async () => {
    const ws = await open();
    ws.send('not json');
    expect(await next(ws)).toMatchObject({ id: null, result: { ok: false, error: { code: 'invalid_input' } } });
    ws.send(JSON.stringify({ id: 2, channel: 'app.info', input: { x: 1 } }));
    expect(await next(ws)).toMatchObject({ id: 2, result: { ok: false, error: { code: 'invalid_input' } } });
    ws.send(JSON.stringify({ id: 3, channel: 'nope', input: {} }));
    expect(await next(ws)).toMatchObject({ id: 3, result: { ok: false, error: { code: 'unknown_channel' } } });
    ws.send(JSON.stringify({ id: 4, channel: 'app.status', input: {} }));
    expect(await next(ws)).toMatchObject({ id: 4, result: { ok: true } });
    ws.close();
  });

  it('handles a burst of requests that arrives in one chunk one per turn of the loop', async () => {
    const ws = await open();
    const { turns, stop } = routerTurns(core.router);
    const n = 6;
    const answers = new Promise<void>((resolve) => {
      let left = n;
      ws.on('message', () => --left === 0 && resolve());
    });
    // the frames leave in one write, so the server reads them in one chunk
    const socket = (ws as unknown as { _socket: Socket })._socket;
    socket.cork();
    for (let id = 1; id <= n; id++) ws.send(JSON.stringify({ id, channel: 'app.info', input: {} }));
    socket.uncork();
    await answers;
    stop();
    expect(turns).toHaveLength(n);
    expect(new Set(turns).size).toBe(n);
    ws.close();
  });

  it('pushes core events to connected sockets', async () => {
    const ws = await open();
    const msg = next(ws);
    core.status.update({ connectivity: 'online' });
    expect(await msg).toMatchObject({ event: 'app.status', payload: { connectivity: 'online', message: 'Online' } });
    ws.close();
  });
});
