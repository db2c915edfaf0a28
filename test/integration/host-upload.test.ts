// Files crossing the browser host as binary pieces (electron/common/stage-file.ts, electron/host/uploads.ts):
// a file sent by the page's bridge is staged whole with its hash; a piece with no announcement, an
// announcement with no bytes, more bytes than announced, a start that is no PDF and a socket closing
// mid-file are each refused with a clear error and leave nothing in the staging folder.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { MAX_MANUSCRIPT_BYTES } from '../../electron/common/limits';
import { STAGE_PIECE_BYTES, stagePiece } from '../../electron/common/stage-file';
import { createCore, type Core } from '../../electron/core/composition';
import { startHost, type Host } from '../../electron/host/server';
import { connectWebSocketBridge } from '../../renderer/src/platform/websocket';
import { openSocket } from '../support/host-socket';
import { MemoryLogger, MemorySecrets } from '../support/fakes';

const IDLE_MS = 300;
let core: Core;
let host: Host;
let stagingDir: string;

beforeEach(async () => {
  const www = mkdtempSync(join(tmpdir(), 'desk-www-'));
  writeFileSync(join(www, 'index.html'), '<!doctype html><title>Referee Desk</title>');
  core = await createCore({ appVersion: '3.1.4', dataDir: www, host: 'browser', secrets: new MemorySecrets(), logger: new MemoryLogger() });
  stagingDir = join(www, 'staging');
  host = await startHost({ core, rendererDir: www, uploads: { perSocket: 4, idleMs: IDLE_MS } });
});
afterEach(async () => {
  await host.close();
  await core.close();
});

const open = (): Promise<WebSocket> => openSocket(host);

type Reply = { id: number | null; result: { ok: boolean; value?: Record<string, unknown>; error?: { code: string; message: string } } };

/** Every text reply the socket gets, in order. */
function replies(ws: WebSocket): Reply[] {
  const got: Reply[] = [];
  ws.on('message', (d, isBinary) => {
    if (!isBinary) got.push(JSON.parse(d.toString()) as Reply);
  });
  return got;
}

/** The reply to `id`, once it comes. */
async function replyTo(got: Reply[], id: number | null): Promise<Reply> {
  return vi.waitFor(
    () => {
      const r = got.find((m) => m.id === id);
      if (!r) throw new Error(`no reply to ${id} yet`);
      return r;
    },
    { timeout: 10_000, interval: 10 },
  );
}

/** A file intake's first checks take for a PDF: its header, `size` bytes in all, its end marker. */
function pdf(size: number, seed = 1): Buffer {
  const bytes = Buffer.alloc(size, 0x20 + (seed % 90));
  bytes.write('%PDF-1.7\n', 0);
  bytes.write('\n%%EOF\n', size - 7);
  return bytes;
}

function announce(ws: WebSocket, id: number, name: string, size: number): void {
  ws.send(JSON.stringify({ id, stage: { name, size } }));
}

function sendPieces(ws: WebSocket, id: number, bytes: Buffer): void {
  for (let at = 0; at < bytes.length; at += STAGE_PIECE_BYTES) ws.send(stagePiece(id, bytes.subarray(at, at + STAGE_PIECE_BYTES)));
}

const stagedEntries = () => readdirSync(stagingDir);

/** Waits until the staging folder is empty (a part is removed off the event loop, after the error goes out). */
const stagingEmpties = () =>
  vi.waitFor(
    () => {
      expect(stagedEntries()).toEqual([]);
    },
    { timeout: 5000, interval: 10 },
  );

/**
 * Makes this process look like the page to the bridge: a `window`, and as WebSocket the browser's, which sends the
 * page's Origin. `restore` puts the globals back.
 */
function actAsPage(): { PageSocket: new (url: string) => WebSocket; restore: () => void } {
  const g = globalThis as unknown as { window?: unknown; WebSocket: unknown };
  const saved = { window: g.window, WebSocket: g.WebSocket };
  const origin = host.origin;
  class PageSocket extends WebSocket {
    constructor(url: string) {
      super(url, { origin });
    }
  }
  g.window = {};
  g.WebSocket = PageSocket;
  const restore = () => {
    g.window = saved.window;
    g.WebSocket = saved.WebSocket;
  };
  return { PageSocket, restore };
}

/** The page's bridge to the host, over its socket address with the host's token. */
const pageBridge = () => connectWebSocketBridge(`${host.origin.replace('http', 'ws')}/ws?token=${host.token}`);

describe('files crossing the browser host as binary pieces', () => {
  it('a file announced and sent in pieces is staged whole, with its size and SHA-256, written as it arrives', async () => {
    const ws = await open();
    const got = replies(ws);
    const bytes = pdf(3 * STAGE_PIECE_BYTES + 1234);
    announce(ws, 7, 'lichens.pdf', bytes.length);
    sendPieces(ws, 7, bytes);
    const r = await replyTo(got, 7);
    expect(r.result.ok).toBe(true);
    const staged = r.result.value as { id: string; name: string; size: number; format: string; sha256: string };
    expect(staged).toMatchObject({ name: 'lichens.pdf', size: bytes.length, format: 'pdf' });
    expect(staged.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(readFileSync(await core.staging.path(staged.id)).equals(bytes)).toBe(true);
    ws.close();
  });

  it("the page's bridge sends a dropped File as binary pieces and gets the staged file back", async () => {
    const { PageSocket, restore } = actAsPage();
    const sent: Array<{ binary: boolean; bytes: number }> = [];
    const realSend = WebSocket.prototype.send;
    const spy = vi.spyOn(WebSocket.prototype, 'send').mockImplementation(function (this: WebSocket, data: unknown, ...rest: unknown[]) {
      if (this instanceof PageSocket)
        sent.push({ binary: typeof data !== 'string', bytes: typeof data === 'string' ? data.length : (data as Uint8Array).byteLength });
      return (realSend as (...a: unknown[]) => void).call(this, data, ...rest);
    });
    try {
      const bridge = pageBridge();
      const bytes = pdf(2 * STAGE_PIECE_BYTES + 99, 3);
      const env = await bridge.stageFile!(new File([new Uint8Array(bytes)], 'dropped.pdf'));
      expect(env).toMatchObject({ ok: true, value: { name: 'dropped.pdf', size: bytes.length, format: 'pdf' } });
      const id = (env as { ok: true; value: { id: string } }).value.id;
      expect(readFileSync(await core.staging.path(id)).equals(bytes)).toBe(true);
      // one small announcement, then the bytes in binary pieces: nothing carries the file as text
      expect(sent.filter((s) => s.binary).map((s) => s.bytes - 4)).toEqual([STAGE_PIECE_BYTES, STAGE_PIECE_BYTES, 99]);
      expect(Math.max(...sent.filter((s) => !s.binary).map((s) => s.bytes))).toBeLessThan(200);
      // something that is not a File is left to the caller
      expect(bridge.stageFile!({})).toBeNull();
    } finally {
      spy.mockRestore();
      restore();
    }
  });

  it('a piece with no announcement is refused by its id, once, and nothing is staged', async () => {
    const ws = await open();
    const got = replies(ws);
    sendPieces(ws, 41, pdf(STAGE_PIECE_BYTES * 2));
    const r = await replyTo(got, 41);
    expect(r.result.error).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('no file announced') });
    ws.send(Buffer.from([1, 2]));
    expect((await replyTo(got, null)).result.error?.message).toContain('too short to name its file');
    expect(got.filter((m) => m.id === 41)).toHaveLength(1);
    expect(stagedEntries()).toEqual([]);
    ws.close();
  });

  it('an announcement whose bytes never come is dropped after the idle time, with an error, and its part removed', async () => {
    const ws = await open();
    const got = replies(ws);
    announce(ws, 3, 'silent.pdf', 5000);
    const first = await replyTo(got, 3);
    expect(first.result.error).toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('stopped arriving after 0 of 5000 bytes'),
    });
    await stagingEmpties();
    // and one that stops half-way
    const bytes = pdf(STAGE_PIECE_BYTES * 2);
    announce(ws, 4, 'half.pdf', bytes.length);
    ws.send(stagePiece(4, bytes.subarray(0, STAGE_PIECE_BYTES)));
    const half = await replyTo(got, 4);
    expect(half.result.error?.message).toContain(`stopped arriving after ${STAGE_PIECE_BYTES} of ${bytes.length} bytes`);
    await stagingEmpties();
    ws.close();
  });

  it('more bytes than announced are refused, the part is removed, and the rest of its pieces are dropped quietly', async () => {
    const ws = await open();
    const got = replies(ws);
    const bytes = pdf(STAGE_PIECE_BYTES * 3);
    announce(ws, 5, 'short.pdf', STAGE_PIECE_BYTES + 10);
    sendPieces(ws, 5, bytes);
    const r = await replyTo(got, 5);
    expect(r.result.error).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('More bytes arrived for “short.pdf”') });
    await stagingEmpties();
    // the socket still works, and only one answer went to the refused file
    ws.send(JSON.stringify({ id: 6, channel: 'app.info', input: {} }));
    expect((await replyTo(got, 6)).result.ok).toBe(true);
    expect(got.filter((m) => m.id === 5)).toHaveLength(1);
    ws.close();
  });

  it('a file whose first bytes are not a PDF or DOCX is refused at its first piece, not after all of it', async () => {
    const ws = await open();
    const got = replies(ws);
    const html = Buffer.alloc(STAGE_PIECE_BYTES * 4, 0x20);
    html.write('<!doctype html><html>', 0);
    announce(ws, 8, 'paper.pdf', html.length);
    ws.send(stagePiece(8, html.subarray(0, STAGE_PIECE_BYTES)));
    const r = await replyTo(got, 8);
    expect(r.result.error).toMatchObject({ code: 'invalid_file', message: expect.stringContaining('web page (HTML)') });
    await stagingEmpties();
    ws.close();
  });

  it('an announcement over the size limit, or without a size, is refused before any byte is written', async () => {
    const ws = await open();
    const got = replies(ws);
    announce(ws, 9, 'huge.pdf', MAX_MANUSCRIPT_BYTES + 1);
    expect((await replyTo(got, 9)).result.error).toMatchObject({
      code: 'invalid_file',
      message: expect.stringContaining('the limit is 50 MB'),
    });
    ws.send(JSON.stringify({ id: 10, stage: { name: 'x.pdf' } }));
    expect((await replyTo(got, 10)).result.error?.code).toBe('invalid_input');
    announce(ws, 11, 'empty.pdf', 0);
    expect((await replyTo(got, 11)).result.error?.message).toContain('empty');
    expect(stagedEntries()).toEqual([]);
    ws.close();
  });

  it('a socket closing mid-file leaves nothing staged', async () => {
    const ws = await open();
    const got = replies(ws);
    const bytes = pdf(STAGE_PIECE_BYTES * 4);
    announce(ws, 12, 'cut.pdf', bytes.length);
    ws.send(stagePiece(12, bytes.subarray(0, STAGE_PIECE_BYTES)));
    // the part is on disk once the host has taken the first piece
    await vi.waitFor(() => expect(stagedEntries().length).toBe(1), { timeout: 5000, interval: 10 });
    ws.close();
    await stagingEmpties();
    expect(got).toEqual([]);
  });

  it('more files at once than a socket may send are refused by name', async () => {
    const ws = await open();
    const got = replies(ws);
    for (let id = 20; id < 25; id++) announce(ws, id, `f${id}.pdf`, 1000);
    const refused = await replyTo(got, 24);
    expect(refused.result.error?.message).toContain('“f24.pdf” was refused: 4 files are already arriving');
    ws.close();
    await stagingEmpties();
  });

  it('four clients pushing 20 MB files at once each get their file staged, and a small request is answered meanwhile', async () => {
    const senders = await Promise.all(Array.from({ length: 4 }, () => open()));
    const other = await open();
    const otherGot = replies(other);
    const files = senders.map((_, i) => pdf(20 * 1024 * 1024, i));
    const gots = senders.map((ws) => replies(ws));
    senders.forEach((ws, i) => {
      announce(ws, 1, `big${i}.pdf`, files[i]!.length);
      sendPieces(ws, 1, files[i]!);
    });
    other.send(JSON.stringify({ id: 99, channel: 'app.info', input: {} }));
    expect((await replyTo(otherGot, 99)).result.ok).toBe(true);
    const answers = await Promise.all(gots.map((g) => replyTo(g, 1)));
    answers.forEach((a, i) => {
      expect(a.result.value).toMatchObject({ size: files[i]!.length, sha256: createHash('sha256').update(files[i]!).digest('hex') });
    });
    for (const ws of [...senders, other]) ws.close();
  });
});

describe('bytes in answers (electron/common/socket-bytes.ts)', () => {
  it('a preview’s PDF comes back as a binary message after a short text answer, never as text', async () => {
    const bytes = pdf(3 * STAGE_PIECE_BYTES + 17, 5);
    const staged = await core.staging.stageBytes('preview.pdf', bytes);
    const ws = await open();
    const texts: string[] = [];
    const binaries: Buffer[] = [];
    ws.on('message', (d, isBinary) => (isBinary ? binaries.push(d as Buffer) : texts.push(d.toString())));
    ws.send(JSON.stringify({ id: 41, channel: 'intake.preview', input: { fileId: staged.id } }));
    await vi.waitFor(() => expect(binaries).toHaveLength(1), { timeout: 10_000, interval: 10 });
    expect(texts).toHaveLength(1);
    expect(texts[0]!.length).toBeLessThan(200);
    expect(JSON.parse(texts[0]!)).toEqual({
      id: 41,
      result: { ok: true, value: { fileId: staged.id, kind: 'pdf', data: null } },
      bytes: ['data'],
    });
    expect(binaries[0]!.readUInt32BE(0)).toBe(41);
    expect(binaries[0]!.subarray(4).equals(bytes)).toBe(true);
    ws.close();
  });

  it('the page’s bridge puts the bytes back into the answer, and the answers around it are unchanged', async () => {
    const { restore } = actAsPage();
    try {
      const bytes = pdf(STAGE_PIECE_BYTES + 5, 7);
      const staged = await core.staging.stageBytes('bridge.pdf', bytes);
      const bridge = pageBridge();
      const [info, preview, again] = await Promise.all([
        bridge.request['app.info']({}),
        bridge.request['intake.preview']({ fileId: staged.id }),
        bridge.request['intake.preview']({ fileId: staged.id }),
      ]);
      expect(info).toMatchObject({ ok: true, value: { version: '3.1.4' } });
      for (const env of [preview, again]) {
        expect(env).toMatchObject({ ok: true, value: { fileId: staged.id, kind: 'pdf' } });
        const data = (env as { ok: true; value: { data: Uint8Array } }).value.data;
        expect(data).toBeInstanceOf(Uint8Array);
        expect(Buffer.from(data).equals(bytes)).toBe(true);
      }
      // an answer without bytes is left as it is
      const missing = await bridge.request['intake.preview']({ fileId: 'f'.repeat(32) });
      expect(missing.ok).toBe(false);
    } finally {
      restore();
    }
  });
});
