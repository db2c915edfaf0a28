import Database from 'better-sqlite3';
import { existsSync, openSync, readFileSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isCorruption, openCache, LATEST_VERSION } from '../../../electron/core/cache';
import { form, ManualClock, MemoryLogger, range, response, tempDir } from './fixtures';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

const P = 'p';

function seed(file: string): void {
  const cache = openCache({ file, clock: new ManualClock(), logger: new MemoryLogger() });
  cache.profiles.upsert({ id: P, name: 'P', baseUrl: 'http://x', kind: 'demo', createdAt: 1, lastCheckedAt: null, lastFeatures: null });
  cache.groups.createLocal(P, { group_name: 'G', owner_team: 'T', editor_teams: [], viewer_teams: [] });
  for (let i = 0; i < 5; i++) cache.runs.recordUploadRun(P, { form: form(`o${i}`) }, response(i + 1, `o${i}`, range(1 + i * 100, 400)));
  const insert = cache.db.prepare(
    'INSERT INTO outbox (profile_id, kind, entity_key, payload_json, state, next_attempt_at, ' +
      "created_at, updated_at) VALUES (?, 'author_put', ?, '{}', 'queued', 0, 0, 0)",
  );
  for (let i = 0; i < 3; i++) insert.run(P, `author:1:c${i}`);
  cache.close();
}

/** Overwrites the root page of a table with garbage, as a torn write or a bad disk would. */
function damageTable(file: string, table: string): void {
  const db = new Database(file);
  const { rootpage } = db.prepare<[string], { rootpage: number }>('SELECT rootpage FROM sqlite_schema WHERE name = ?').get(table)!;
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  db.close();
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (rootpage - 1) * pageSize);
  closeSync(fd);
}

describe('a damaged cache', () => {
  it('that is not a database at all is moved aside (timestamped) and rebuilt empty, the loss reported', () => {
    const file = join(dir, 'cache.db');
    writeFileSync(file, Buffer.alloc(8192, 0x42));
    const clock = new ManualClock(Date.UTC(2025, 2, 1, 10, 30, 0));
    const cache = openCache({ file, clock, logger: new MemoryLogger() });
    expect(cache.recovery).toMatchObject({ fromVersion: null, outboxKept: false, lost: [{ table: '*', rows: null }] });
    expect(cache.recovery!.movedTo).toBe(`${file}.corrupt-2025-03-01T10-30-00-000Z`);
    expect(readFileSync(cache.recovery!.movedTo)).toEqual(Buffer.alloc(8192, 0x42));
    expect(cache.schemaVersion).toBe(LATEST_VERSION);
    expect(cache.profiles.list()).toEqual([]);
    cache.close();
  });

  it(
    'whose candidates table is unreadable: queries report corruption; the next open salvages ' +
      'profiles, groups, manuscripts and the outbox and reports the candidates lost',
    () => {
      const file = join(dir, 'cache.db');
      seed(file);
      damageTable(file, 'candidates');

      const damaged = openCache({ file, clock: new ManualClock(), logger: new MemoryLogger() });
      let err: unknown;
      try {
        damaged.db.prepare('SELECT sum(length(raw_json)) FROM candidates').get();
      } catch (e) {
        err = e;
      }
      expect(isCorruption(err)).toBe(true);
      damaged.markCorrupt(String(err));
      damaged.close();

      const logger = new MemoryLogger();
      const cache = openCache({ file, clock: new ManualClock(), logger });
      const r = cache.recovery!;
      expect(r).toMatchObject({ fromVersion: LATEST_VERSION, outboxKept: true });
      expect(r.kept).toMatchObject({ profiles: 1, outbox: 3, authors_groups: 1, manuscripts: 5 });
      expect(r.lost.map((l) => l.table)).toContain('candidates');
      expect(existsSync(r.movedTo)).toBe(true);
      expect(cache.db.prepare('SELECT count(*) AS n FROM outbox').get()).toEqual({ n: 3 });
      expect(
        cache.manuscripts
          .list(P)
          .map((m) => m.originId)
          .sort(),
      ).toEqual(['o0', 'o1', 'o2', 'o3', 'o4']);
      expect(cache.search.manuscripts(P, 'folding')).toHaveLength(5);
      expect(cache.db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(logger.lines.some((e) => e.level === 'error' && e.message.includes('moved aside'))).toBe(true);
      cache.close();
      const again = openCache({ file, clock: new ManualClock(), logger: new MemoryLogger() });
      expect(again.recovery).toBeNull();
      again.close();
    },
  );

  it('whose outbox is unreadable says exactly that the queued writes could not be kept', () => {
    const file = join(dir, 'cache.db');
    seed(file);
    damageTable(file, 'outbox');
    writeFileSync(`${file}.corrupt-marker`, 'test\n');
    const cache = openCache({ file, clock: new ManualClock(), logger: new MemoryLogger() });
    expect(cache.recovery!.outboxKept).toBe(false);
    expect(cache.recovery!.lost.find((l) => l.table === 'outbox')).toBeDefined();
    expect(cache.recovery!.kept).toMatchObject({ profiles: 1, manuscripts: 5 });
    cache.close();
  });
});
