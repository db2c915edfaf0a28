// `npm start` in a browser: the built host, stopped and started again on the same data folder, prints
// the same address (token and port), so a tab left open on the page reconnects; when the port has been
// taken meanwhile, the token is kept and another port is used.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { repoRoot } from '../support/browser';

const hostEntry = join(repoRoot, 'out', 'main', 'host.js');
const built = existsSync(hostEntry) && existsSync(join(repoRoot, 'out', 'renderer', 'index.html'));

/** Starts the built host on `data`, returns its printed address once it serves, and stops it. */
async function runOnce(data: string, check?: (url: URL) => Promise<void>): Promise<URL> {
  const child = spawn(process.execPath, [hostEntry, '--data', data], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const line = await new Promise<string>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the host exited (${code})`)));
      createInterface({ input: child.stdout! }).once('line', resolve);
    });
    const url = new URL((JSON.parse(line) as { url: string }).url);
    await check?.(url);
    return url;
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

async function answersAppInfo(url: URL): Promise<void> {
  const ws = new WebSocket(`ws://${url.host}/ws?token=${url.searchParams.get('token')}`, { origin: url.origin });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const answer = new Promise<{ result: { ok: boolean } }>((resolve) => ws.once('message', (d) => resolve(JSON.parse(d.toString()))));
  ws.send(JSON.stringify({ id: 1, channel: 'app.info', input: {} }));
  expect((await answer).result.ok).toBe(true);
  ws.close();
}

describe.skipIf(!built)('the built browser host keeps its address across restarts', () => {
  it('same token and port after a restart; the token kept (0600) when the port is taken', { timeout: 60_000 }, async () => {
    const data = join(mkdtempSync(join(tmpdir(), 'desk-host-address-')), 'data');
    const first = await runOnce(data);
    if (process.platform !== 'win32') expect(statSync(join(data, 'host.json')).mode & 0o777).toBe(0o600);
    // the address printed the first time opens the app the second time
    const second = await runOnce(data, answersAppInfo);
    expect(second.href).toBe(first.href);

    const squatter = createServer();
    await new Promise<void>((r) => squatter.listen(Number(first.port), '127.0.0.1', () => r()));
    try {
      const third = await runOnce(data, answersAppInfo);
      expect(third.port).not.toBe(first.port);
      expect(third.searchParams.get('token')).toBe(first.searchParams.get('token'));
    } finally {
      await new Promise((r) => squatter.close(r));
    }
  });
});

if (!built) console.warn('host-restart-address.test.ts skipped: out/ is missing (npx electron-vite build)');
