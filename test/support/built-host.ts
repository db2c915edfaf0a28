// The built browser host (out/main/host.js, `npm start` in a browser) as a child process: started on a data
// folder, its printed address read, app.info asked over its socket as the page would, and stopped.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import WebSocket from 'ws';
import { repoRoot } from './browser';

export const hostEntry = join(repoRoot, 'out', 'main', 'host.js');
/** Whether `npx electron-vite build` has left the host and the page in out/. */
export const hostBuilt = existsSync(hostEntry) && existsSync(join(repoRoot, 'out', 'renderer', 'index.html'));

/** Starts the built host on `data`; `preload` is a module Node imports first, `env` is added to this process's. */
export function spawnBuiltHost(data: string, opts: { preload?: string; env?: Record<string, string> } = {}): ChildProcess {
  return spawn(process.execPath, [...(opts.preload ? ['--import', opts.preload] : []), hostEntry, '--data', data], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...opts.env },
  });
}

/** The address the host prints on its first line; rejects if it exits first. */
export async function printedAddress(child: ChildProcess): Promise<URL> {
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the host exited (${code})`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  return new URL((JSON.parse(line) as { url: string }).url);
}

/** Asks app.info over the host's socket at `url`, with the page's Origin: whether it answered ok, and the socket, still open. */
export async function askAppInfo(url: URL): Promise<{ ok: boolean; ws: WebSocket }> {
  const ws = new WebSocket(`ws://${url.host}/ws?token=${url.searchParams.get('token')}`, { origin: url.origin });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const answer = new Promise<{ result: { ok: boolean } }>((resolve) => ws.once('message', (d) => resolve(JSON.parse(d.toString()))));
  ws.send(JSON.stringify({ id: 1, channel: 'app.info', input: {} }));
  return { ok: (await answer).result.ok, ws };
}

/** Stops the host with SIGTERM and waits until it has exited. */
export async function stopHost(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}
