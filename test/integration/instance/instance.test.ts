// Issue 17: one process per data folder. A second process is refused and says which process holds
// the folder; a holder killed with SIGKILL leaves no stale lock (the kernel releases it).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { createInterface } from 'node:readline';
import { join, resolve } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createCore } from '../../../electron/core/composition';
import { acquireInstanceLock, readInstanceOwner } from '../../../electron/core/instance-lock';
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

it('deleting instance.lock while the holder runs does not let a second process open the folder', async () => {
  const { dir, cleanup } = tempDir('desk-instance-');
  cleanups.push(cleanup);
  const { line } = await startHolder(dir);
  rmSync(join(dir, 'instance.lock'));
  const refused = await open(dir).catch((e: unknown) => e);
  expect(refused).toMatchObject({ code: 'data_folder_in_use' });
  expect((refused as Error).message).toContain(`process ${line.pid}`);
  // The holder took the name back: it is there again and still names the holder.
  expect(existsSync(join(dir, 'instance.lock'))).toBe(true);
  expect(readInstanceOwner(dir)).toMatchObject({ pid: line.pid, host: 'browser' });
  await expect(open(dir)).rejects.toMatchObject({ code: 'data_folder_in_use' });
});

it.runIf(process.platform !== 'win32')(
  'a holder whose lock file was replaced by one another process holds says it lost the folder',
  async () => {
    const { dir, cleanup } = tempDir('desk-instance-');
    cleanups.push(cleanup);
    const lock = await acquireInstanceLock(dir, 'electron', { recheckMs: 200 });
    const lost = new Promise<Error>((r) => lock.onLost(r));
    // Another process locks a file of its own, which then takes the lock file's name: what a process
    // that got in between a deletion and the holder's next check holds.
    const other = join(dir, 'other.lock');
    const script = `const D = require('better-sqlite3'); const db = new D(${JSON.stringify(other)});
    db.pragma('locking_mode = EXCLUSIVE'); db.exec('BEGIN EXCLUSIVE; CREATE TABLE t (x); COMMIT');
    process.stdout.write('locked\\n'); setInterval(() => {}, 60000);`;
    const child = spawn(process.execPath, ['-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    await new Promise((r) => createInterface({ input: child.stdout! }).once('line', r));
    renameSync(other, join(dir, 'instance.lock'));
    const err = await lost;
    expect(err).toMatchObject({ code: 'data_folder_in_use' });
    expect(err.message).toContain('took over the data folder');
    lock.release();
  },
);

it('a leftover instance.json naming a live unrelated process costs a wait, not a refusal', async () => {
  const { dir, cleanup } = tempDir('desk-instance-');
  cleanups.push(cleanup);
  const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60000)'], { stdio: 'ignore' });
  children.push(other);
  const stale = { pid: other.pid, host: 'electron', since: '2025-01-01T00:00:00.000Z', hostname: hostname(), token: 'gone' };
  writeFileSync(join(dir, 'instance.json'), JSON.stringify(stale));
  const lock = await acquireInstanceLock(dir, 'browser', { recheckMs: 100 });
  expect(readInstanceOwner(dir)).toMatchObject({ pid: process.pid, host: 'browser' });
  lock.release();
  expect(readInstanceOwner(dir)).toBeNull();
});
