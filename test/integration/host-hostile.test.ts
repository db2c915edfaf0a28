// The browser host under hostile frames from a holder of the session token: a malformed frame closes that
// socket only; the host keeps answering other clients. A message over the host's limit is refused at its
// frame header, and another client's request is answered meanwhile.
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { createCore, type Core } from '../../electron/core/composition';
import { startHost, type Host } from '../../electron/host/server';
import { openSocket } from '../support/host-socket';
import { MemoryLogger, MemorySecrets } from '../support/fakes';

let core: Core;
let host: Host;
const uncaught: unknown[] = [];
const onUncaught = (err: unknown) => uncaught.push(err);

beforeEach(async () => {
  uncaught.length = 0;
  process.on('uncaughtException', onUncaught);
  const www = mkdtempSync(join(tmpdir(), 'desk-www-'));
  writeFileSync(join(www, 'index.html'), '<!doctype html><title>Referee Desk</title>');
  core = await createCore({ appVersion: '3.1.4', dataDir: www, host: 'browser', secrets: new MemorySecrets(), logger: new MemoryLogger() });
  host = await startHost({ core, rendererDir: www, maxSockets: 12 });
});
afterEach(async () => {
  process.off('uncaughtException', onUncaught);
  await host.close();
  await core.close();
});

const open = (): Promise<WebSocket> => openSocket(host);

let nextId = 1;
function request(ws: WebSocket, channel: string, input: unknown = {}): Promise<Record<string, unknown>> {
  const id = nextId++;
  return new Promise((resolve) => {
    const onMessage = (d: WebSocket.RawData) => {
      const msg = JSON.parse(d.toString()) as Record<string, unknown>;
      if (msg.id !== id) return;
      ws.off('message', onMessage);
      resolve(msg);
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ id, channel, input }));
  });
}

/** A client frame as RFC 6455 lays it out (masked), with the first byte and the declared length given. */
function frame(first: number, payload: Buffer, declared = payload.length): Buffer {
  const mask = Buffer.from([1, 2, 3, 4]);
  let header: Buffer;
  if (declared < 126) header = Buffer.from([first, 0x80 | declared]);
  else if (declared < 65536) header = Buffer.from([first, 0x80 | 126, declared >> 8, declared & 0xff]);
  else {
    header = Buffer.alloc(10);
    header[0] = first;
    header[1] = 0x80 | 127;
    header.writeBigUInt64BE(BigInt(declared), 2);
  }
  const body = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]!));
  return Buffer.concat([header, mask, body]);
}

/** Sends raw bytes on an open client's socket and resolves with the close code the host chose. */
function sendRaw(ws: WebSocket, bytes: Buffer[]): Promise<number> {
  const socket = (ws as unknown as { _socket: Socket })._socket;
  return new Promise((resolve) => {
    ws.on('error', () => {});
    ws.once('close', (code) => resolve(code));
    for (const b of bytes) socket.write(b);
  });
}

const HOSTILE: [string, () => Buffer[], number][] = [
  ['a text frame of invalid UTF-8', () => [frame(0x81, Buffer.from([0xc3, 0x28, 0xff, 0xfe]))], 1007],
  ['a frame with the RSV1 bit and no extension', () => [frame(0xc1, Buffer.from('{"id":1}'))], 1002],
  ['a frame declaring 200 MB', () => [frame(0x81, Buffer.alloc(16), 200 * 1024 * 1024)], 1009],
  ['an unknown opcode', () => [frame(0x83, Buffer.from('x'))], 1002],
  [
    'fragments adding up past the message limit',
    () => {
      const part = Buffer.alloc(8 * 1024 * 1024, 0x61);
      return [frame(0x01, part), ...Array.from({ length: 9 }, () => frame(0x00, part))];
    },
    1009,
  ],
];

describe('browser host under hostile frames', () => {
  for (const [what, bytes, code] of HOSTILE) {
    it(`${what}: closes that socket (${code}); the host answers another client`, async () => {
      const bad = await open();
      const good = await open();
      expect(await sendRaw(bad, bytes())).toBe(code);
      const answer = await request(good, 'app.info');
      expect((answer.result as { ok: boolean }).ok).toBe(true);
      const third = await open();
      expect(((await request(third, 'app.info')).result as { ok: boolean }).ok).toBe(true);
      expect(uncaught).toEqual([]);
      third.close();
      good.close();
    });
  }

  it('sockets beyond the cap are refused with 503 and the open ones keep working', async () => {
    const open12 = await Promise.all(Array.from({ length: 12 }, () => open()));
    await expect(open()).rejects.toThrow('HTTP 503');
    open12[0]!.close();
    await new Promise((r) => setTimeout(r, 50));
    const again = await open();
    expect(((await request(again, 'app.info')).result as { ok: boolean }).ok).toBe(true);
    for (const ws of [...open12, again]) ws.close();
  });

  it('four clients sending a 20 MB request as text are each closed (1009) before it is read, and a small request is answered', async () => {
    const senders = await Promise.all(Array.from({ length: 4 }, () => open()));
    const other = await open();
    const big = `{"id":0,"channel":"no.such","input":"${'A'.repeat(20 * 1024 * 1024)}"}`;
    const closed = senders.map((ws) => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code))));
    for (const ws of senders) ws.send(big);
    const small = await request(other, 'app.info');
    expect((small.result as { ok: boolean }).ok).toBe(true);
    // files cross as binary pieces (test/integration/host-upload.test.ts), so no request is that large
    expect(await Promise.all(closed)).toEqual([1009, 1009, 1009, 1009]);
    other.close();
  });
});
