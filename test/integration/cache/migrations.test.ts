import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeskError } from '../../../electron/common/errors';
import { LATEST_VERSION, MIGRATIONS, openCache } from '../../../electron/core/cache';
import { migrate } from '../../../electron/core/cache/migrate';
import { ManualClock, MemoryLogger, openCacheError, tempDir } from './fixtures';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

const tables = (db: Database.Database): string[] =>
  db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_schema WHERE type IN ('table') ORDER BY name")
    .all()
    .map((r) => r.name);

describe('migration list', () => {
  it('is numbered 1..N without gaps and LATEST_VERSION is N', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    expect(LATEST_VERSION).toBe(MIGRATIONS.length);
  });

  it('refuses an out-of-order list', () => {
    const db = new Database(':memory:');
    expect(() => migrate(db, [MIGRATIONS[1]!], new MemoryLogger())).toThrow(/out of order/);
  });
});

describe('migration 1: initial schema', () => {
  it('creates every per-profile table, version 1, foreign keys that cascade from profiles', () => {
    const db = new Database(join(dir, 'c.db'));
    migrate(db, MIGRATIONS, new MemoryLogger(), 1);
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(tables(db)).toEqual(
      expect.arrayContaining([
        'profiles',
        'app_state',
        'folders',
        'manuscripts',
        'runs',
        'run_groups_settings',
        'run_debug_info',
        'candidates',
        'authors',
        'author_manuscripts',
        'marks',
        'webhook_events',
        'journal_recommendations',
        'recommended_journals',
        'authors_groups',
        'group_authors',
        'custom_fields',
        'outbox',
      ]),
    );
    db.pragma('foreign_keys = ON');
    db.prepare("INSERT INTO profiles VALUES ('p', 'P', 'http://x', 'demo', 1, NULL, NULL)").run();
    db.prepare("INSERT INTO folders (profile_id, name, first_used_at) VALUES ('p', 'F', 1)").run();
    db.prepare(
      'INSERT INTO outbox (profile_id, kind, entity_key, payload_json, state, next_attempt_at, ' +
        "created_at, updated_at) VALUES ('p', 'upload', 'k', '{}', 'queued', 0, 0, 0)",
    ).run();
    db.prepare("DELETE FROM profiles WHERE id = 'p'").run();
    expect(db.prepare('SELECT count(*) AS n FROM folders').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT count(*) AS n FROM outbox').get()).toEqual({ n: 0 });
    db.close();
  });
});

describe('migration 2: full-text search', () => {
  it('indexes rows that existed before it ran and follows later changes', () => {
    const db = new Database(join(dir, 'c.db'));
    const log = new MemoryLogger();
    migrate(db, MIGRATIONS, log, 1);
    db.prepare("INSERT INTO profiles VALUES ('p', 'P', 'http://x', 'demo', 1, NULL, NULL)").run();
    db.prepare("INSERT INTO folders (id, profile_id, name, first_used_at) VALUES (1, 'p', 'F', 1)").run();
    db.prepare(
      `INSERT INTO manuscripts (profile_id, origin_id, folder_id, title, abstract, authors_count, authors_json, authors_text, form_json,
         sync_state, created_at, updated_at)
       VALUES ('p', 'o1', 1, 'Crystal growth kinetics', 'abstract', 1, '[]', 'Marie Curie', '{}', 'synced', 1, 1)`,
    ).run();
    expect(migrate(db, MIGRATIONS, log, 2)).toEqual([2]);
    const find = (q: string) =>
      db.prepare<[string], { rowid: number }>('SELECT rowid FROM manuscripts_fts WHERE manuscripts_fts MATCH ?').all(q).length;
    expect(find('curie')).toBe(1);
    expect(find('"cryst"*')).toBe(1);
    db.prepare("UPDATE manuscripts SET title = 'Liquid flow' WHERE origin_id = 'o1'").run();
    expect(find('crystal')).toBe(0);
    expect(find('liquid')).toBe(1);
    db.prepare('DELETE FROM manuscripts').run();
    expect(find('liquid')).toBe(0);
    db.close();
  });
});

describe('migration 3: outbox park reason', () => {
  it('adds park_reason, marking rows already parked as refusals, and constrains its values', () => {
    const db = new Database(join(dir, 'c.db'));
    const log = new MemoryLogger();
    migrate(db, MIGRATIONS, log, 2);
    db.prepare("INSERT INTO profiles VALUES ('p', 'P', 'http://x', 'demo', 1, NULL, NULL)").run();
    const add = db.prepare(
      'INSERT INTO outbox (profile_id, kind, entity_key, payload_json, state, next_attempt_at, ' +
        "created_at, updated_at) VALUES ('p', 'author_put', ?, '{}', ?, 0, 0, 0)",
    );
    add.run('a', 'parked');
    add.run('b', 'queued');
    expect(migrate(db, MIGRATIONS, log, 3)).toEqual([3]);
    expect(db.prepare('SELECT entity_key, park_reason FROM outbox ORDER BY id').all()).toEqual([
      { entity_key: 'a', park_reason: 'rejected' },
      { entity_key: 'b', park_reason: null },
    ]);
    expect(() => db.prepare("UPDATE outbox SET park_reason = 'whatever'").run()).toThrow(/CHECK/);
    db.close();
  });
});

describe('the schema after every migration', () => {
  it('is the recorded one to the byte: sqlite_master keeps the SQL each migration wrote', async () => {
    const cache = openCache({ file: join(dir, 'cache.db'), clock: new ManualClock(), logger: new MemoryLogger() });
    const rows = cache.db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name').all();
    cache.close();
    expect(rows.length).toBeGreaterThan(20);
    await expect(rows.map((r) => JSON.stringify(r)).join('\n') + '\n').toMatchFileSnapshot('./schema.snapshot.jsonl');
  });
});

describe('openCache version policy', () => {
  it('creates a fresh database at the latest version in WAL mode with foreign keys on', () => {
    const cache = openCache({ file: join(dir, 'sub', 'cache.db'), clock: new ManualClock(), logger: new MemoryLogger() });
    expect(cache.schemaVersion).toBe(LATEST_VERSION);
    expect(cache.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(cache.db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(cache.recovery).toBeNull();
    cache.close();
  });

  it('reopening applies nothing', () => {
    const file = join(dir, 'cache.db');
    openCache({ file, clock: new ManualClock(), logger: new MemoryLogger() }).close();
    const log = new MemoryLogger();
    openCache({ file, clock: new ManualClock(), logger: log }).close();
    expect(log.lines.filter((e) => e.message === 'cache migration applied')).toEqual([]);
  });

  it('upgrades an older database step by step, keeping its rows', () => {
    const file = join(dir, 'cache.db');
    // A database as the first release left it (today's repositories expect today's columns).
    const old = new Database(file);
    migrate(old, MIGRATIONS, new MemoryLogger(), 1);
    old.prepare("INSERT INTO profiles VALUES ('p', 'P', 'http://x', 'demo', 1, NULL, NULL)").run();
    old.close();
    const cache = openCache({ file, clock: new ManualClock(), logger: new MemoryLogger() });
    expect(cache.schemaVersion).toBe(LATEST_VERSION);
    expect(cache.profiles.list().map((p) => p.id)).toEqual(['p']);
    cache.close();
  });

  it('refuses a database from a newer app with database_too_new and leaves the file untouched', () => {
    const file = join(dir, 'cache.db');
    openCache({ file, clock: new ManualClock(), logger: new MemoryLogger() }).close();
    const raw = new Database(file);
    raw.pragma(`user_version = ${LATEST_VERSION + 5}`);
    raw.close();
    const hash = () => createHash('sha256').update(readFileSync(file)).digest('hex');
    const before = { hash: hash(), mtime: statSync(file).mtimeMs };
    const error = openCacheError(file);
    expect(error).toBeInstanceOf(DeskError);
    expect((error as DeskError).code).toBe('database_too_new');
    expect((error as DeskError).message).toMatch(/newer Referee Desk/);
    expect({ hash: hash(), mtime: statSync(file).mtimeMs }).toEqual(before);
  });
});
