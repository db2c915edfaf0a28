// One Referee Desk process per data folder (the desktop app and the browser host alike).
//
// The lock is an operating-system lock, taken through SQLite on a small file of its own
// (`instance.lock`, `locking_mode = EXCLUSIVE`): the kernel releases it when the process ends, however
// it ends (crash, SIGKILL, power loss), so there is no stale lock to detect and no pid to trust —
// a reused pid can never keep a folder locked. Who holds it is written beside it (`instance.json`:
// pid, host kind, since when, machine, a random token) by the holder only, after it has the lock, so a
// second process can say which process to close. Node has no flock(2); SQLite's unix VFS uses fcntl
// locks, the same ones SQLite relies on for cache.db itself.
//
// On Linux and macOS a lock belongs to the file, not to its name: once `instance.lock` is deleted (a
// clean-up tool, an editor who takes it for a stale lock), a new file of that name can be locked by a
// second process while the first still runs. Windows refuses to delete a file SQLite holds open. So:
// - the holder keeps a descriptor of the file it locked and checks every `recheckMs` that the name
//   still leads to that file. When it does not, it locks the file now at that name (creating it when
//   missing) and carries on; when another process already holds that one, the holder has lost the
//   folder and says so (onLost) instead of writing on beside the other;
// - a process that gets the lock while `instance.json` names another holder that may still run (a live
//   pid on this machine, or another machine) lets go, waits five re-check periods and tries again: a
//   holder that is still running has taken the file back by then and the newcomer is refused. A pid
//   reused by an unrelated program only costs that wait, never a refusal.
// A descriptor is never closed while SQLite holds a lock on the same file: closing any descriptor of
// a file drops the process's fcntl locks on it.
import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
  /** Random per lock; tells one holder from another with the same pid. Empty when not written. */
  token: string;
}

export interface InstanceLock {
  readonly dataDir: string;
  readonly owner: InstanceOwner;
  /** Releases the lock (idempotent). The kernel releases it anyway when the process ends. */
  release(): void;
  /** Called once if another process takes the folder over (see the top of this file). */
  onLost(listener: (err: DeskError) => void): void;
}

export interface InstanceLockOptions {
  now?: () => number;
  /** How often the holder checks that `instance.lock` is still the file it locked (default 1 s). */
  recheckMs?: number;
}

const LOCK_FILE = 'instance.lock';
const OWNER_FILE = 'instance.json';
const DEFAULT_RECHECK_MS = 1000;
/** A newcomer that finds a possible holder waits this many re-check periods before trying again. */
const NEWCOMER_WAIT_PERIODS = 5;
const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;

/** Tokens of the locks this process holds now (a second lock in the same process has the same pid). */
const heldTokens = new Set<string>();
/** The files this process holds locked (dev:ino): never opened again here, see the top of this file. */
const heldFiles = new Set<string>();
const fileKey = (id: FileId) => `${id.dev}:${id.ino}`;

/** Who holds the data folder's lock, as its holder wrote it (null when unknown or unreadable). */
export function readInstanceOwner(dataDir: string): InstanceOwner | null {
  try {
    const text = readFileSync(join(dataDir, OWNER_FILE), 'utf8');
    if (text.length > 4096) return null;
    const o = JSON.parse(text) as Partial<InstanceOwner>;
    if (typeof o.pid !== 'number' || typeof o.host !== 'string' || typeof o.since !== 'string') return null;
    return {
      pid: o.pid,
      host: o.host,
      since: o.since,
      hostname: typeof o.hostname === 'string' ? o.hostname : '',
      token: typeof o.token === 'string' ? o.token : '',
    };
  } catch {
    return null;
  }
}

const HOST_WORDS: Record<string, string> = { electron: 'the Referee Desk app', browser: 'the browser host (npm run web)' };

function describeOwner(o: InstanceOwner | null): string {
  return o
    ? `${HOST_WORDS[o.host] ?? `Referee Desk (${o.host})`}, process ${o.pid}${o.hostname ? ` on ${o.hostname}` : ''}, since ${o.since}`
    : 'another Referee Desk process';
}

function inUseError(dataDir: string): DeskError {
  return new DeskError(
    'data_folder_in_use',
    `The data folder ${dataDir} is in use by ${describeOwner(readInstanceOwner(dataDir))}. Close that one first, or start this one with another data folder.`,
  );
}

function lostError(dataDir: string): DeskError {
  return new DeskError(
    'data_folder_in_use',
    `Another process took over the data folder ${dataDir} (${describeOwner(readInstanceOwner(dataDir))}) after its lock file was deleted. ` +
      'Close one of the two; changes made from now on may be lost.',
  );
}

/** Whether the holder `o` names may still be running (only a dead pid on this machine is known not to). */
function mayStillRun(o: InstanceOwner): boolean {
  if (o.hostname && o.hostname !== hostname()) return true;
  if (o.pid === process.pid) return heldTokens.has(o.token);
  try {
    process.kill(o.pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

type FileId = { dev: bigint; ino: bigint };
const sameFile = (a: FileId, b: FileId) => a.dev === b.dev && a.ino === b.ino;

/** What `instance.lock` names now, or null when nothing does. */
function idAtPath(file: string): FileId | null {
  try {
    return statSync(file, { bigint: true });
  } catch {
    return null;
  }
}

interface Held {
  db: Db;
  /** Our own descriptor of the locked file, to know which file it is. */
  fd: number;
  id: FileId;
}

/**
 * Locks the file at `instance.lock` (created when missing). Returns null when another connection
 * holds it ('busy'), and retries when the name was switched to another file while it was being opened.
 */
function lockFile(dataDir: string): Held | null {
  const file = join(dataDir, LOCK_FILE);
  for (let attempt = 0; ; attempt++) {
    const current = idAtPath(file);
    if (current && heldFiles.has(fileKey(current))) return null;
    let fd: number;
    let db: Db;
    try {
      fd = openSync(file, constants.O_RDWR | constants.O_CREAT | O_NOFOLLOW, 0o600);
    } catch (err) {
      throw unwritableError(dataDir, err);
    }
    try {
      db = new Database(file);
    } catch (err) {
      closeSync(fd);
      throw unwritableError(dataDir, err);
    }
    try {
      db.pragma('busy_timeout = 0');
      db.pragma('locking_mode = EXCLUSIVE');
      // BEGIN EXCLUSIVE takes the exclusive lock at once; in EXCLUSIVE locking mode it is kept after COMMIT.
      db.exec('BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS held (at INTEGER); DELETE FROM held; INSERT INTO held VALUES (0); COMMIT');
    } catch (err) {
      db.close();
      closeSync(fd);
      const kind = cacheFailureOf(err);
      if (kind === 'busy') return null;
      throw kind === 'access' ? unwritableError(dataDir, err) : err;
    }
    // Opened before SQLite and still what the name leads to: SQLite opened and locked this file.
    const id = fstatSync(fd, { bigint: true });
    const now = idAtPath(file);
    if (now && sameFile(now, id)) {
      heldFiles.add(fileKey(id));
      return { db, fd, id };
    }
    db.close();
    closeSync(fd);
    if (attempt >= 5)
      throw new DeskError('data_folder_in_use', `The lock file in ${dataDir} keeps being replaced; another program is changing it.`);
  }
}

function dropHeld(h: Held): void {
  h.db.close();
  closeSync(h.fd);
  heldFiles.delete(fileKey(h.id));
}

function writeOwner(dataDir: string, owner: InstanceOwner): void {
  const ownerFile = join(dataDir, OWNER_FILE);
  const temp = `${ownerFile}.${randomBytes(8).toString('hex')}.tmp`;
  try {
    writeFileSync(temp, `${JSON.stringify(owner)}\n`, { flag: 'wx' });
    renameSync(temp, ownerFile);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Takes the data folder's lock or throws `data_folder_in_use` naming the holder (pid, host kind,
 * since when). A folder that cannot be written throws `cache_unavailable` naming the folder.
 */
export async function acquireInstanceLock(dataDir: string, host: string, options: InstanceLockOptions = {}): Promise<InstanceLock> {
  const now = options.now ?? Date.now;
  const recheckMs = options.recheckMs ?? DEFAULT_RECHECK_MS;
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (err) {
    throw unwritableError(dataDir, err);
  }
  let held = lockFile(dataDir);
  if (!held) throw inUseError(dataDir);
  const before = readInstanceOwner(dataDir);
  if (before && mayStillRun(before)) {
    // The lock was free although a holder may be running: its lock file was deleted. Give it the
    // time to take it back.
    dropHeld(held);
    await sleep(recheckMs * NEWCOMER_WAIT_PERIODS);
    held = lockFile(dataDir);
    if (!held) throw inUseError(dataDir);
  }
  let h: Held = held;
  const owner: InstanceOwner = {
    pid: process.pid,
    host,
    since: new Date(now()).toISOString(),
    hostname: hostname(),
    token: randomBytes(16).toString('hex'),
  };
  try {
    writeOwner(dataDir, owner);
  } catch (err) {
    dropHeld(h);
    throw unwritableError(dataDir, err);
  }
  heldTokens.add(owner.token);

  let active = true;
  const listeners: Array<(err: DeskError) => void> = [];
  let lost: DeskError | null = null;
  const stop = () => {
    active = false;
    clearInterval(timer);
    heldTokens.delete(owner.token);
  };
  const recheck = () => {
    if (!active) return;
    const id = idAtPath(join(dataDir, LOCK_FILE));
    if (id && sameFile(id, h.id)) {
      if (readInstanceOwner(dataDir)?.token !== owner.token) rewriteOwner();
      return;
    }
    let next: Held | null;
    try {
      next = lockFile(dataDir);
    } catch {
      return; // the folder cannot be written just now: try again at the next check
    }
    if (next) {
      dropHeld(h);
      h = next;
      rewriteOwner();
      return;
    }
    lost = lostError(dataDir);
    stop();
    dropHeld(h);
    for (const l of listeners.splice(0)) notify(l, lost);
  };
  const rewriteOwner = () => {
    try {
      writeOwner(dataDir, owner);
    } catch {
      // Only the name shown to a second process; the lock itself is held.
    }
  };
  const timer = setInterval(recheck, recheckMs);
  timer.unref();

  return {
    dataDir,
    owner,
    release() {
      if (!active) return;
      stop();
      if (readInstanceOwner(dataDir)?.token === owner.token) rmSync(join(dataDir, OWNER_FILE), { force: true });
      dropHeld(h);
    },
    onLost(listener) {
      if (lost) notify(listener, lost);
      else listeners.push(listener);
    },
  };
}

function notify(listener: (err: DeskError) => void, err: DeskError): void {
  try {
    listener(err);
  } catch {
    // A listener's failure must not stop the others or the checks.
  }
}
