// One Referee Desk process per data folder (the desktop app and the browser host alike).
//
// The lock is an operating-system lock, taken through SQLite on a small file of its own
// (`instance.lock`, `locking_mode = EXCLUSIVE`): the kernel releases it when the process ends, however
// it ends (crash, SIGKILL, power loss), so there is no stale lock to detect and no pid to trust —
// a reused pid can never keep a folder locked. Who holds it is written beside it (`instance.json`:
// pid, host kind, since when, machine) by the holder only, after it has the lock, so a second
// process can say which process to close. Node has no flock(2); SQLite's unix VFS uses fcntl
// locks, the same ones SQLite relies on for cache.db itself.
import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { DeskError } from '../common/errors';
import { cacheFailureOf, unwritableError } from './cache/failures';

export interface InstanceOwner {
  pid: number;
  /** 'electron' (the desktop app), 'browser' (npm run web) or another host's name. */
  host: string;
  /** ISO time the lock was taken (wall clock: for display only). */
  since: string;
  hostname: string;
}

export interface InstanceLock {
  readonly dataDir: string;
  readonly owner: InstanceOwner;
  /** Releases the lock (idempotent). The kernel releases it anyway when the process ends. */
  release(): void;
}

const LOCK_FILE = 'instance.lock';
const OWNER_FILE = 'instance.json';

/** Who holds the data folder's lock, as its holder wrote it (null when unknown or unreadable). */
export function readInstanceOwner(dataDir: string): InstanceOwner | null {
  try {
    const o = JSON.parse(readFileSync(join(dataDir, OWNER_FILE), 'utf8')) as Partial<InstanceOwner>;
    if (typeof o.pid !== 'number' || typeof o.host !== 'string' || typeof o.since !== 'string') return null;
    return { pid: o.pid, host: o.host, since: o.since, hostname: typeof o.hostname === 'string' ? o.hostname : '' };
  } catch {
    return null;
  }
}

const HOST_WORDS: Record<string, string> = { electron: 'the Referee Desk app', browser: 'the browser host (npm run web)' };

function inUseError(dataDir: string): DeskError {
  const o = readInstanceOwner(dataDir);
  const who = o
    ? `${HOST_WORDS[o.host] ?? `Referee Desk (${o.host})`}, process ${o.pid}${o.hostname ? ` on ${o.hostname}` : ''}, since ${o.since}`
    : 'another Referee Desk process';
  return new DeskError(
    'data_folder_in_use',
    `The data folder ${dataDir} is in use by ${who}. Close that one first, or start this one with another data folder.`,
  );
}

/**
 * Takes the data folder's lock or throws `data_folder_in_use` naming the holder (pid, host kind,
 * since when). A folder that cannot be written throws `cache_unavailable` naming the folder.
 */
export function acquireInstanceLock(dataDir: string, host: string, now: () => number = Date.now): InstanceLock {
  let db: Db;
  try {
    mkdirSync(dataDir, { recursive: true });
    db = new Database(join(dataDir, LOCK_FILE));
  } catch (err) {
    throw unwritableError(dataDir, err);
  }
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = EXCLUSIVE');
    // BEGIN EXCLUSIVE takes the exclusive lock at once; in EXCLUSIVE locking mode it is kept after COMMIT.
    db.exec('BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS held (at INTEGER); DELETE FROM held; INSERT INTO held VALUES (0); COMMIT');
  } catch (err) {
    db.close();
    const kind = cacheFailureOf(err);
    if (kind === 'busy') throw inUseError(dataDir);
    throw kind === 'access' ? unwritableError(dataDir, err) : err;
  }
  const owner: InstanceOwner = { pid: process.pid, host, since: new Date(now()).toISOString(), hostname: hostname() };
  const ownerFile = join(dataDir, OWNER_FILE);
  try {
    writeFileSync(`${ownerFile}.${process.pid}.tmp`, `${JSON.stringify(owner)}\n`);
    renameSync(`${ownerFile}.${process.pid}.tmp`, ownerFile);
  } catch (err) {
    db.close();
    throw unwritableError(dataDir, err);
  }
  let held = true;
  return {
    dataDir,
    owner,
    release() {
      if (!held) return;
      held = false;
      if (readInstanceOwner(dataDir)?.pid === process.pid) rmSync(ownerFile, { force: true });
      db.close();
    },
  };
}
