// Damage the open does not see but the start's first reads do (the outbox's recovery of writes left in flight reads
// the outbox, its indexes and the manuscripts' files): createCore marks the cache and opens it again, rebuilt with
// every queued write still readable, and the editor is told how many were kept. Each case overwrites one b-tree page
// of a real cache file (the table's or index's root page from sqlite_schema, or a leaf page from dbstat).
import Database from 'better-sqlite3';
import { closeSync, existsSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppInfo } from '../../../electron/common/contract';
import { openCache } from '../../../electron/core/cache';
import { createCore, type Core } from '../../../electron/core/composition';
import { MemorySecrets } from '../../support/fakes';
import { form, ManualClock, MemoryLogger, range, response, tempDir } from './fixtures';

let dir: string;
let cleanup: () => void;
const cores: Core[] = [];
beforeEach(() => ({ dir, cleanup } = tempDir('desk-start-damage-')));
afterEach(async () => {
  for (const c of cores.splice(0)) await c.close();
  cleanup();
});

const P = 'p';
const QUEUED = 31;

/** The active profile, five recorded runs (2,000 candidates) and 31 queued writes over several pages, 3 of them in flight. */
function seed(file: string): void {
  const cache = openCache({ file, clock: new ManualClock(), logger: new MemoryLogger() });
  cache.profiles.upsert({
    id: P,
    name: 'P',
    baseUrl: 'http://127.0.0.1:9',
    kind: 'demo',
    createdAt: 1,
    lastCheckedAt: null,
    lastFeatures: null,
  });
  cache.profiles.setActiveId(P);
  for (let i = 0; i < 5; i++) cache.runs.recordUploadRun(P, { form: form(`o${i}`) }, response(i + 1, `o${i}`, range(1 + i * 100, 400)));
  const insert = cache.db.prepare(
    'INSERT INTO outbox (profile_id, kind, entity_key, payload_json, state, next_attempt_at, ' +
      "created_at, updated_at) VALUES (?, 'author_put', ?, ?, ?, 0, 0, 0)",
  );
  for (let i = 0; i < QUEUED; i++)
    insert.run(P, `author:1:c${i}`, JSON.stringify({ note: 'x'.repeat(400), i }), i % 10 === 0 ? 'sending' : 'queued');
  cache.close();
}

const pageSize = (db: Database.Database) => db.pragma('page_size', { simple: true }) as number;

function overwrite(file: string, page: number, size: number): void {
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(size, 0xa5), 0, size, (page - 1) * size);
  closeSync(fd);
}

/** Garbage over the root page of a table or an index, as a torn write or a bad disk would leave. */
function damageRoot(file: string, name: string): void {
  const db = new Database(file);
  const { rootpage } = db.prepare<[string], { rootpage: number }>('SELECT rootpage FROM sqlite_schema WHERE name = ?').get(name)!;
  const size = pageSize(db);
  db.close();
  overwrite(file, rootpage, size);
}

/** Garbage over the second leaf page of a table; returns the ids of the rows that were on it. */
function damageLeaf(file: string, table: string): number[] {
  const db = new Database(file);
  const leaves = db
    .prepare<[string], { pageno: number; ncell: number }>(
      "SELECT pageno, ncell FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY path",
    )
    .all(table);
  expect(leaves.length).toBeGreaterThan(2);
  const leaf = leaves[1]!;
  const size = pageSize(db);
  // the rows on that page, read before it is damaged: between the ids at the ends of its neighbours
  const ids = db
    .prepare<[], { id: number }>(`SELECT id FROM "${table}" ORDER BY id`)
    .all()
    .map((r) => r.id);
  db.close();
  const before = leaves[0]!.ncell;
  overwrite(file, leaf.pageno, size);
  return ids.slice(before, before + leaf.ncell);
}

async function start(): Promise<Core> {
  const core = await createCore({
    appVersion: '0.0.0',
    dataDir: dir,
    host: 'browser',
    secrets: new MemorySecrets(),
    logger: new MemoryLogger(),
    deferStart: true,
  });
  cores.push(core);
  return core;
}

const notices = async (core: Core) => {
  const env = await core.router.handle('app.info', {}, { transport: 'test' });
  if (!env.ok) throw new Error(env.error.message);
  return (env.value as AppInfo).notices;
};
const outboxIds = (core: Core) =>
  core.cache.db
    .prepare<[], { id: number }>('SELECT id FROM outbox ORDER BY id')
    .all()
    .map((r) => r.id);

describe('a cache damaged where the start reads first', () => {
  it('outbox leaf page: createCore rebuilds it; only the rows on that page are lost, and the editor is told how many', async () => {
    const file = join(dir, 'cache.db');
    seed(file);
    const lostIds = damageLeaf(file, 'outbox');
    expect(lostIds.length).toBeGreaterThan(0);
    const core = await start();
    const r = core.cache.recovery!;
    expect(r).not.toBeNull();
    expect(existsSync(r.movedTo)).toBe(true);
    expect(r.queued).toEqual({ kept: QUEUED - lostIds.length, lost: lostIds.length });
    const kept = outboxIds(core);
    expect(kept).toHaveLength(QUEUED - lostIds.length);
    expect(kept.some((id) => lostIds.includes(id))).toBe(false);
    expect(r.kept).toMatchObject({ profiles: 1, manuscripts: 5 });
    expect(core.workspace()?.profileId).toBe(P);
    // the writes left in flight that were kept went back to the queue
    expect(core.cache.db.prepare("SELECT count(*) AS n FROM outbox WHERE state = 'sending'").get()).toEqual({ n: 0 });
    expect(await notices(core)).toContain(
      `The local cache was damaged and has been rebuilt. ${QUEUED - lostIds.length} queued changes were kept; ` +
        `${lostIds.length} queued change${lostIds.length === 1 ? '' : 's'} could not be read and will not be sent. The damaged file is kept at ${r.movedTo}.`,
    );
    expect(core.cache.db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('outbox root page: createCore rebuilds it and says that none of the 31 queued changes could be read', async () => {
    const file = join(dir, 'cache.db');
    seed(file);
    damageRoot(file, 'outbox');
    const core = await start();
    const r = core.cache.recovery!;
    // the rowids still listed by an intact index of the outbox count what was lost
    expect(r.queued).toEqual({ kept: 0, lost: QUEUED });
    expect(r.kept).toMatchObject({ profiles: 1, manuscripts: 5 });
    expect(await notices(core)).toContainEqual(
      expect.stringContaining(`0 queued changes were kept; ${QUEUED} queued changes could not be read`),
    );
  });

  it('manuscripts root page: createCore rebuilds it with all 31 queued writes', async () => {
    const file = join(dir, 'cache.db');
    seed(file);
    damageRoot(file, 'manuscripts');
    const core = await start();
    const r = core.cache.recovery!;
    expect(r).not.toBeNull();
    expect(r.queued).toEqual({ kept: QUEUED, lost: 0 });
    expect(outboxIds(core)).toHaveLength(QUEUED);
    expect(r.lost.map((l) => l.table)).toContain('manuscripts');
    expect(await notices(core)).toContainEqual(expect.stringContaining(`All ${QUEUED} queued changes were kept.`));
    expect(core.cache.db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('an outbox index (outbox_open): createCore rebuilds it with all 31 queued writes and the index whole again', async () => {
    const file = join(dir, 'cache.db');
    seed(file);
    damageRoot(file, 'outbox_open');
    const core = await start();
    expect(core.cache.recovery!.queued).toEqual({ kept: QUEUED, lost: 0 });
    expect(outboxIds(core)).toHaveLength(QUEUED);
    expect(core.cache.db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('candidates root page (not read at start): the first query marks it and the next start rebuilds it with all 31', async () => {
    const file = join(dir, 'cache.db');
    seed(file);
    damageRoot(file, 'candidates');
    const first = await start();
    expect(first.cache.recovery).toBeNull();
    let err: unknown;
    try {
      first.cache.db.prepare('SELECT sum(length(raw_json)) FROM candidates').get();
    } catch (e) {
      err = e;
    }
    expect(first.cache.noteError(err)).toMatchObject({ code: 'cache_damaged' });
    await first.close();
    cores.splice(0);
    const core = await start();
    const r = core.cache.recovery!;
    expect(r.queued).toEqual({ kept: QUEUED, lost: 0 });
    expect(r.lost.map((l) => l.table)).toContain('candidates');
    expect(r.kept).toMatchObject({ manuscripts: 5 });
  });

  it('the file header: createCore rebuilds it empty and says no queued change could be kept', async () => {
    const file = join(dir, 'cache.db');
    seed(file);
    overwrite(file, 1, 100);
    const core = await start();
    const r = core.cache.recovery!;
    expect(r).toMatchObject({ fromVersion: null, queued: { kept: 0, lost: null } });
    expect(outboxIds(core)).toEqual([]);
    expect(await notices(core)).toContainEqual(expect.stringContaining('No queued change could be kept'));
  });
});

describe('a rebuild interrupted by a crash', () => {
  it('after the damaged file was moved aside: the next start finishes it from that file, with the readable queued writes', async () => {
    const file = join(dir, 'cache.db');
    seed(file);
    const lostIds = damageLeaf(file, 'outbox');
    // what rebuild() records and does before it salvages, then the process dies
    const movedTo = `${file}.corrupt-2025-01-15T09-00-00-000Z`;
    writeFileSync(`${file}.rebuild-pending`, JSON.stringify({ movedTo, reason: 'a query reported the database as damaged' }));
    renameSync(file, movedTo);
    const core = await start();
    const r = core.cache.recovery!;
    expect(r).toMatchObject({ movedTo, queued: { kept: QUEUED - lostIds.length, lost: lostIds.length } });
    expect(outboxIds(core)).toHaveLength(QUEUED - lostIds.length);
    expect(existsSync(`${file}.rebuild-pending`)).toBe(false);
    expect(existsSync(`${file}.rebuilding`)).toBe(false);
  });

  it('a record naming a file elsewhere is ignored: nothing outside the cache file is moved', async () => {
    const file = join(dir, 'cache.db');
    seed(file);
    const elsewhere = join(dir, 'notes.txt');
    writeFileSync(elsewhere, 'keep');
    writeFileSync(`${file}.rebuild-pending`, JSON.stringify({ movedTo: elsewhere, reason: 'x' }));
    const core = await start();
    expect(core.cache.recovery).toBeNull();
    expect(readFileSync(elsewhere, 'utf8')).toBe('keep');
    expect(outboxIds(core)).toHaveLength(QUEUED);
  });
});
