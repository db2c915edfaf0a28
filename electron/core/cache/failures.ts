// What a failed SQLite (or file-system) call means for the editor. One classification for every
// caller: opening the cache, the router's handlers, the outbox and the webhook receiver.
import { DeskError } from '../../common/errors';

/**
 * - corrupt: the file is damaged (SQLITE_CORRUPT*, SQLITE_NOTADB) — mark it, rebuild at next start;
 * - full: no space left (SQLITE_FULL, ENOSPC) — the editor is told the disk is full;
 * - busy: another connection holds a lock (SQLITE_BUSY*, SQLITE_LOCKED*) — transient, try again;
 * - access: the file or its folder cannot be written (read-only folder or file system, permissions).
 */
export type CacheFailure = 'corrupt' | 'full' | 'busy' | 'access';

const ACCESS_FS = new Set(['EACCES', 'EPERM', 'EROFS']);

export function cacheFailureOf(err: unknown): CacheFailure | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  if (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT')) return 'corrupt';
  if (code === 'SQLITE_FULL' || code === 'ENOSPC') return 'full';
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'busy';
  if (
    code.startsWith('SQLITE_READONLY') ||
    code.startsWith('SQLITE_CANTOPEN') ||
    code === 'SQLITE_PERM' ||
    code === 'SQLITE_AUTH' ||
    ACCESS_FS.has(code)
  )
    return 'access';
  return null;
}

export function isCorruption(err: unknown): boolean {
  return cacheFailureOf(err) === 'corrupt';
}

/** The editor's words for a cache failure; `folder` is the data folder holding cache.db. */
export function cacheFailureError(kind: CacheFailure, folder: string, cause?: unknown): DeskError {
  const extra = cause === undefined ? {} : { cause };
  switch (kind) {
    case 'full':
      return new DeskError(
        'disk_full',
        `The disk is full: Referee Desk could not save its data in ${folder}. Free some space on that disk, then try again.`,
        extra,
      );
    case 'corrupt':
      return new DeskError(
        'cache_damaged',
        'The local cache is damaged. Restart Referee Desk to repair it: what can be read is kept, and every queued change with it.',
        extra,
      );
    case 'busy':
      return new DeskError('cache_unavailable', 'The local cache is busy for a moment; try again.', extra);
    case 'access':
      return unwritableError(folder, cause);
  }
}

/** A cache that exists and is healthy but cannot be opened for writing: nothing is changed. */
export function unwritableError(folder: string, cause?: unknown): DeskError {
  const why = describe(cause);
  return new DeskError(
    'cache_unavailable',
    `Referee Desk cannot write to its data folder ${folder}${why ? ` (${why})` : ''}. ` +
      'Make the folder and the files in it writable for your user account, or start Referee Desk with another data folder. Nothing was changed.',
    cause === undefined ? {} : { cause },
  );
}

/**
 * The WAL could not be synced after a write was committed (WalSync): the write is in the cache and stays there
 * while the app runs, but the disk did not confirm it. A full disk or a folder that cannot be written says so.
 */
export function notDurableError(folder: string, cause: unknown): DeskError {
  const kind = cacheFailureOf(cause);
  if (kind === 'full' || kind === 'access') return cacheFailureError(kind, folder, cause);
  const why = describe(cause);
  return new DeskError(
    'cache_unavailable',
    `Referee Desk saved your change but the disk did not confirm it${why ? ` (${why})` : ''}. It is kept and sent ` +
      `while Referee Desk runs; if the computer loses power first, check it after the restart. Check the disk holding ${folder}.`,
    { cause },
  );
}

function describe(cause: unknown): string {
  const code = (cause as { code?: unknown } | null)?.code;
  switch (code) {
    case 'EROFS':
    case 'SQLITE_READONLY':
      return 'the folder is on a read-only file system';
    case 'EACCES':
    case 'EPERM':
    case 'SQLITE_PERM':
      return 'permission denied';
    default:
      return typeof code === 'string' ? code : '';
  }
}

/**
 * Wraps request handlers so that a SQLite failure from any query reaches the editor in plain words
 * (and damage marks the cache for a rebuild) instead of a generic internal error.
 */
export function withCacheErrors<H extends Record<string, (...args: never[]) => unknown>>(
  handlers: H,
  cache: { noteError(err: unknown): DeskError | null },
): H {
  const wrapped: Record<string, (...args: never[]) => unknown> = {};
  for (const [channel, handler] of Object.entries(handlers)) {
    wrapped[channel] = async (...args: never[]) => {
      try {
        return await handler(...args);
      } catch (err) {
        throw cache.noteError(err) ?? err;
      }
    };
  }
  return wrapped as H;
}
