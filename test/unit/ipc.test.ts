// The Electron transport with a fake ipcMain: sender checks, input validation, events to windows.
import { EventEmitter } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ipcEventChannel, ipcRequestChannel, requestChannels } from '../../electron/common/contract';
import { createCore, type Core } from '../../electron/core/composition';
import { MemoryLogger, MemorySecrets } from '../support/fakes';
import { routerTurns } from '../support/turns';

type InvokeHandler = (event: unknown, input: unknown) => Promise<unknown>;
const handlers = new Map<string, InvokeHandler>();
vi.mock('electron', () => ({
  ipcMain: {
    handle: (ch: string, h: InvokeHandler) => handlers.set(ch, h),
    removeHandler: (ch: string) => handlers.delete(ch),
  },
}));
const { registerIpc } = await import('../../electron/main/ipc');

class FakeContents extends EventEmitter {
  sent: Array<[string, unknown]> = [];
  constructor(readonly id: number) {
    super();
  }
  isDestroyed() {
    return false;
  }
  send(channel: string, payload: unknown) {
    this.sent.push([channel, payload]);
  }
}

const mainFrame = { url: 'app://desk/index.html', parent: null };
let core: Core;
let contents: FakeContents;

beforeEach(async () => {
  handlers.clear();
  core = await createCore({
    appVersion: '1.2.3',
    dataDir: mkdtempSync(join(tmpdir(), 'desk-ipc-')),
    host: 'electron',
    secrets: new MemorySecrets(),
    logger: new MemoryLogger(),
  });
  const ipc = registerIpc(core);
  contents = new FakeContents(7);
  ipc.addWindow(contents as never);
});

const call = (channel: string, event: unknown, input: unknown) => handlers.get(channel)!(event, input);

describe('Electron IPC transport', () => {
  it('registers one handler per contract channel', () => {
    expect([...handlers.keys()].sort()).toEqual(requestChannels.map(ipcRequestChannel).sort());
  });

  it('answers a trusted window', async () => {
    const env = await call(ipcRequestChannel('app.info'), { sender: contents, senderFrame: mainFrame }, {});
    expect(env).toMatchObject({ ok: true, value: { version: '1.2.3', host: 'electron' } });
  });

  it.each([
    ['an unknown window', { sender: new FakeContents(99), senderFrame: mainFrame }],
    ['a subframe', { sender: null, senderFrame: { url: 'app://desk/index.html', parent: mainFrame } }],
    ['a foreign origin', { sender: null, senderFrame: { url: 'https://evil.example/', parent: null } }],
    ['a destroyed frame', { sender: null, senderFrame: null }],
  ])('refuses %s', async (_name, event) => {
    const e = event as { sender: FakeContents | null };
    const env = await call(ipcRequestChannel('app.info'), { ...event, sender: e.sender ?? contents }, {});
    expect(env).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
  });

  it('refuses malformed input with a typed error', async () => {
    const env = await call(ipcRequestChannel('app.info'), { sender: contents, senderFrame: mainFrame }, { extra: true });
    expect(env).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('runs a burst of requests delivered in one task one per turn of the loop', async () => {
    const { turns, stop } = routerTurns(core.router);
    const event = { sender: contents, senderFrame: mainFrame };
    const envs = await Promise.all(Array.from({ length: 6 }, () => call(ipcRequestChannel('app.info'), event, {})));
    stop();
    expect(envs.every((e) => (e as { ok: boolean }).ok)).toBe(true);
    expect(turns).toHaveLength(6);
    expect(new Set(turns).size).toBe(6);
  });

  it('forwards core events to known windows', () => {
    core.status.update({ connectivity: 'offline', pendingWrites: 2 });
    expect(contents.sent).toHaveLength(1);
    expect(contents.sent[0]![0]).toBe(ipcEventChannel('app.status'));
    expect(contents.sent[0]![1]).toMatchObject({ connectivity: 'offline', pendingWrites: 2, message: 'Offline — 2 changes queued' });
  });
});
