// The editor's "Automatic updates" choice, kept in settings.json in the data folder ({"updates": false}
// turns checks off). Read by the desktop updater at start and by the Settings channels. Other keys
// in the file are kept; a damaged file reads as "on" (the default) and is replaced on the next write.
//
// The data folder may hold things another program put there, so the file is read as untrusted: only a
// regular file, at most MAX_BYTES, opened without blocking (a FIFO named settings.json answers at once
// instead of waiting for a writer). A write never goes through a link: the new content goes to a fresh
// temporary file (random name, created exclusively, links not followed), is flushed, and is renamed over
// settings.json, which replaces whatever entry had that name rather than writing where a link points.
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, fsyncSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { unwritableError } from './cache/failures';

const FILE = 'settings.json';
/** Largest settings.json read; a bigger one reads as damaged. */
export const SETTINGS_MAX_BYTES = 64 * 1024;

// Windows has neither flag (fs.constants leaves them out); there a FIFO cannot be created in a folder
// and CREATE_NEW (O_EXCL) does not follow a link either.
const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const O_NONBLOCK = constants.O_NONBLOCK ?? 0;

/** settings.json's bytes, or null when it is missing, not a regular file, unreadable or over the limit. */
function readBounded(file: string): Buffer | null {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || st.size > SETTINGS_MAX_BYTES) return null;
    // One byte more than allowed: a file that grew since fstat is caught too.
    const buf = Buffer.alloc(SETTINGS_MAX_BYTES + 1);
    let n = 0;
    for (;;) {
      const got = readSync(fd, buf, n, buf.length - n, null);
      if (got === 0) break;
      n += got;
      if (n > SETTINGS_MAX_BYTES) return null;
    }
    return buf.subarray(0, n);
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function readObject(dataDir: string): Record<string, unknown> {
  const bytes = readBounded(join(dataDir, FILE));
  if (!bytes) return {};
  try {
    const parsed: unknown = JSON.parse(utf8.decode(bytes));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function updatesEnabled(dataDir: string): boolean {
  return readObject(dataDir)['updates'] !== false;
}

/** Replaces dataDir/name with `text` atomically, never writing through a link (see the top of this file). */
function writeAtomic(dataDir: string, name: string, text: string): void {
  const target = join(dataDir, name);
  const temp = join(dataDir, `.${name}.${randomBytes(12).toString('hex')}.tmp`);
  const fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW, 0o600);
  try {
    try {
      const data = Buffer.from(text, 'utf8');
      let off = 0;
      while (off < data.length) off += writeSync(fd, data, off, data.length - off);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, target);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
  syncFolder(dataDir);
}

/** Flushes the folder entry of a rename where the platform allows it (not on Windows). */
function syncFolder(dir: string): void {
  if (process.platform === 'win32') return;
  let fd: number | undefined;
  try {
    fd = openSync(dir, constants.O_RDONLY);
    fsyncSync(fd);
  } catch {
    // The rename is done; a folder that cannot be flushed only loses durability, not content.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Writes the choice atomically (see writeAtomic), keeping the file's other keys; `cache_unavailable` when it cannot. */
export function setUpdatesEnabled(dataDir: string, enabled: boolean): void {
  const next = { ...readObject(dataDir), updates: enabled };
  try {
    writeAtomic(dataDir, FILE, `${JSON.stringify(next, null, 2)}\n`);
  } catch (err) {
    throw unwritableError(dataDir, err);
  }
}
