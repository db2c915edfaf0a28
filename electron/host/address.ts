// A stable address for the browser host: the same session token and, when it is free, the same port
// after a restart, so a tab left open on the page reconnects instead of being stranded. Both live in
// the data folder (per user), in host.json, readable by its owner only (0600): the token opens the
// app, like the key file of a local database.
import { randomBytes } from 'node:crypto';
import { chmodSync, lstatSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const ADDRESS_FILE = 'host.json';

export interface HostAddress {
  /** The session token the page's address carries. */
  token: string;
  /** The port the host listened on last time, or null (the system picks one). */
  port: number | null;
}

/** A token as startHost makes them: 24 random bytes, base64url. Anything else in the file is replaced. */
const TOKEN = /^[A-Za-z0-9_-]{32,128}$/;

export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * The address kept in the data folder: its token and last port, or a new token (and no port) when the
 * file is missing, unreadable or not a regular file. A file others can read is narrowed to 0600.
 */
export function readHostAddress(dataDir: string): HostAddress {
  const file = join(dataDir, ADDRESS_FILE);
  try {
    const st = lstatSync(file);
    if (!st.isFile()) return { token: newToken(), port: null };
    if ((st.mode & 0o077) !== 0) chmodSync(file, 0o600);
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { token?: unknown; port?: unknown };
    const token = typeof parsed.token === 'string' && TOKEN.test(parsed.token) ? parsed.token : newToken();
    const port =
      typeof parsed.port === 'number' && Number.isInteger(parsed.port) && parsed.port > 0 && parsed.port < 65536 ? parsed.port : null;
    return { token, port };
  } catch {
    return { token: newToken(), port: null };
  }
}

/** Writes the address (0600), through a file beside it renamed into place, so a crash leaves the old one. */
export function writeHostAddress(dataDir: string, address: HostAddress): void {
  const file = join(dataDir, ADDRESS_FILE);
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(address)}\n`, { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, file);
}

/**
 * Listens on the remembered port when one is kept and free, otherwise on a port the system picks.
 * `listen` is startHost with everything but the port bound; an explicit port is the caller's, not this.
 */
export async function listenOnKeptPort<T>(kept: number | null, listen: (port: number) => Promise<T>): Promise<T> {
  if (kept === null) return listen(0);
  try {
    return await listen(kept);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES') return listen(0);
    throw err;
  }
}
