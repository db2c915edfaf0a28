// Issue 17: one process per data folder. A second process is refused and says which process holds
// the folder; a holder killed with SIGKILL leaves no stale lock (the kernel releases it).
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join, resolve } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createCore } from '../../../electron/core/composition';
import { readInstanceOwner } from '../../../electron/core/instance-lock';
import { MemoryLogger, MemorySecrets } from '../../support/fakes';
import { tempDir } from '../cache/fixtures';

const ROOT = resolve(import.meta.dirname, '../../..');
const HOLDER = join(import.meta.dirname, 'holder.ts');
const children: ChildProcess[] = [];
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  for (const f of cleanups.splice(0)) f();
});

function startHolder(dataDir: string): Promise<{ child: ChildProcess; line: { pid: number } }> {
  const child = spawn(process.execPath, ['--import', 'tsx', HOLDER, dataDir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((res, rej) => {
    createInterface({ input: child.stdout! }).once('line', (l) => res({ child, line: JSON.parse(l) as { pid: number } }));
    child.once('exit', (code) => rej(new Error(`holder exited ${code}: ${err}`)));
  });
}

const open = (dataDir: string) =>
  createCore({ appVersion: '0.0.0', dataDir, host: 'electron', secrets: new MemorySecrets(), logger: new MemoryLogger() });

it('a second process on the same data folder is refused, naming the holder; after the holder is killed the folder opens', async () => {
  const { dir, cleanup } = tempDir('desk-instance-');
  cleanups.push(cleanup);
  const { child, line } = await startHolder(dir);
  expect(readInstanceOwner(dir)).toMatchObject({ pid: line.pid, host: 'browser' });

  const refused = await open(dir).catch((e: unknown) => e);
  expect(refused).toMatchObject({ code: 'data_folder_in_use' });
  const message = (refused as Error).message;
  expect(message).toContain(dir);
  expect(message).toContain(`process ${line.pid}`);
  expect(message).toContain('browser host');
  expect(message).toMatch(/since \d{4}-\d\d-\d\dT/);
  // Refused before opening the cache: the holder's queue and claims are untouched by construction.

  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL'); // a crash: no clean-up runs in the holder
  await exited;
  const core = await open(dir);
  expect(readInstanceOwner(dir)).toMatchObject({ pid: process.pid, host: 'electron' });
  // Within one process too, a second core on the folder is refused while the first is open.
  await expect(open(dir)).rejects.toMatchObject({ code: 'data_folder_in_use' });
  await core.close();
  const again = await open(dir);
  await again.close();
});
