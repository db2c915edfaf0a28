// Issue 17: a cache that cannot be written is an error naming the folder and changes nothing; damage
// found by any query at run time is marked and rebuilt at the next start with every queued write;
// a full disk says so. Tests run as root here, which ignores file permissions: the read-only folder
// is a read-only tmpfs mount and the unwritable file an immutable one (chattr +i); each test says
// why it is skipped where that is not possible.
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, writeSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeskError } from '../../../electron/common/errors';
import { openCache, withCacheErrors } from '../../../electron/core/cache';
import { form, ManualClock, MemoryLogger, openCacheError, range, response, tempDir } from './fixtures';

let dir: string;
let cleanup: () => void;
const undo: Array<() => void> = [];
beforeEach(() => ({ dir, cleanup } = tempDir('desk-cache-fail-')));
afterEach(() => {
  for (const f of undo.splice(0).reverse()) f();
  cleanup();
});

const P = 'p';
const sha = (f: string) => createHash('sha256').update(readFileSync(f)).digest('hex');

/** A cache with a profile, five recorded runs (2,000 candidates) and 31 queued writes. */
function seed(file: string): void {
  const cache = openCache({ file, clock: new ManualClock(), logger: new MemoryLogger() });
  cache.profiles.upsert({ id: P, name: 'P', baseUrl: 'http://x', kind: 'demo', createdAt: 1, lastCheckedAt: null, lastFeatures: null });
  for (let i = 0; i < 5; i++) cache.runs.recordUploadRun(P, { form: form(`o${i}`) }, response(i + 1, `o${i}`, range(1 + i * 100, 400)));
  const insert = cache.db.prepare(
    'INSERT INTO outbox (profile_id, kind, entity_key, payload_json, state, next_attempt_at, ' +
      "created_at, updated_at) VALUES (?, 'author_put', ?, '{}', 'queued', 0, 0, 0)",
  );
  for (let i = 0; i < 31; i++) insert.run(P, `author:1:c${i}`);
  cache.close();
}

function trySh(cmd: string, args: string[]): string | null {
  try {
    execFileSync(cmd, args, { stdio: 'pipe' });
    return null;
  } catch (err) {
    return String((err as { stderr?: Buffer }).stderr ?? err).trim() || String(err);
  }
}

function expectUnchanged(folder: string, file: string, before: { hash: string; names: string[] }): void {
  expect(sha(file)).toBe(before.hash);
  expect(readdirSync(folder).sort()).toEqual(before.names);
}

describe('a healthy cache that cannot be opened for writing', () => {
  it('in a read-only folder: cache_unavailable naming the folder, nothing moved or changed', (ctx) => {
    const folder = join(dir, 'ro');
    mkdirSync(folder);
    const failed = trySh('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', folder]);
    if (failed) {
      console.warn(`skipped: cannot mount a tmpfs to make a read-only folder here (${failed})`);
      ctx.skip();
    }
    undo.push(() => trySh('umount', [folder]));
    const file = join(folder, 'cache.db');
    seed(file);
    const before = { hash: sha(file), names: readdirSync(folder).sort() };
    expect(trySh('mount', ['-o', 'remount,ro', folder])).toBeNull();

    const error = openCacheError(file);
    expect(error).toBeInstanceOf(DeskError);
    expect(error).toMatchObject({ code: 'cache_unavailable' });
    expect((error as Error).message).toContain(folder);
    expect((error as Error).message).toContain('read-only');
    expectUnchanged(folder, file, before);
    // Made writable again, the same file opens with its 31 queued writes: nothing was lost.
    expect(trySh('mount', ['-o', 'remount,rw', folder])).toBeNull();
    const cache = openCache({ file, clock: new ManualClock(), logger: new MemoryLogger() });
    expect(cache.recovery).toBeNull();
    expect(cache.db.prepare('SELECT count(*) AS n FROM outbox').get()).toEqual({ n: 31 });
    cache.close();
  });

  it('a file the user may not write (immutable): cache_unavailable naming the folder, nothing moved or changed', (ctx) => {
    const file = join(dir, 'cache.db');
    seed(file);
    const failed = trySh('chattr', ['+i', file]);
    if (failed) {
      console.warn(
        `skipped: cannot make a file immutable here (${failed}); the classification is covered by test/unit/outbox/monotonic.test.ts`,
      );
      ctx.skip();
    }
    undo.push(() => trySh('chattr', ['-i', file]));
    const before = { hash: sha(file), names: readdirSync(dir).sort() };
    expect(() => openCache({ file, clock: new ManualClock(), logger: new MemoryLogger() })).toThrow(
      expect.objectContaining({ code: 'cache_unavailable', message: expect.stringContaining(dir) }),
    );
    expectUnchanged(dir, file, before);
    trySh('chattr', ['-i', file]);
    const cache = openCache({ file, clock: new ManualClock(), logger: new MemoryLogger() });
    expect(cache.recovery).toBeNull();
    expect(cache.db.prepare('SELECT count(*) AS n FROM outbox').get()).toEqual({ n: 31 });
    cache.close();
  });
});

describe('damage found by a query at run time', () => {
  it('reaches the editor as cache_damaged, marks the cache, and the next start rebuilds it with all 31 queued writes', async () => {
    const file = join(dir, 'cache.db');
    seed(file);
    // Garbage over the candidates table's root page, as a torn write or a bad disk would leave.
    const db = new Database(file);
    const { rootpage } = db.prepare<[], { rootpage: number }>("SELECT rootpage FROM sqlite_schema WHERE name = 'candidates'").get()!;
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    db.close();
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (rootpage - 1) * pageSize);
    closeSync(fd);

    const cache = openCache({ file, clock: new ManualClock(), logger: new MemoryLogger() });
    expect(cache.recovery).toBeNull(); // the open itself does not see it
    // An ordinary handler reading candidates, through the router's wrapper.
    const handlers = withCacheErrors(
      { read: async () => cache.db.prepare('SELECT sum(length(raw_json)) AS n FROM candidates').get() },
      cache,
    );
    const error = await handlers.read().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'cache_damaged' });
    expect((error as Error).message).toMatch(/damaged.*Restart Referee Desk/);
    expect(existsSync(`${file}.corrupt-marker`)).toBe(true);
    cache.close();

    const rebuilt = openCache({ file, clock: new ManualClock(), logger: new MemoryLogger() });
    expect(rebuilt.recovery).toMatchObject({ outboxKept: true });
    expect(rebuilt.db.prepare('SELECT count(*) AS n FROM outbox').get()).toEqual({ n: 31 });
    expect(rebuilt.db.pragma('integrity_check', { simple: true })).toBe('ok');
    rebuilt.close();
  });
});

describe('a full disk', () => {
  it('reaches the editor as disk_full in plain words, and what was stored stays', async () => {
    const file = join(dir, 'cache.db');
    seed(file);
    const cache = openCache({ file, clock: new ManualClock(), logger: new MemoryLogger() });
    // A size limit as a full disk would set one: no page beyond the current ones.
    const pages = cache.db.pragma('page_count', { simple: true }) as number;
    cache.db.pragma(`max_page_count = ${pages}`);
    const handlers = withCacheErrors(
      {
        write: async () => {
          for (let i = 0; i < 50; i++) cache.runs.recordUploadRun(P, { form: form(`n${i}`) }, response(100 + i, `n${i}`, range(1, 400)));
        },
      },
      cache,
    );
    const error = await handlers.write().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'disk_full' });
    expect((error as Error).message).toContain('The disk is full');
    expect((error as Error).message).toContain(dir);
    expect(existsSync(`${file}.corrupt-marker`)).toBe(false); // not mistaken for damage
    expect(cache.db.prepare('SELECT count(*) AS n FROM outbox').get()).toEqual({ n: 31 });
    expect(cache.db.prepare('SELECT count(*) AS n FROM manuscripts').get()).toEqual({ n: 5 });
    cache.close();
  });
});
