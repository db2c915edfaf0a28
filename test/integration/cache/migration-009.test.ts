// Migration 9: runs.links_next, the rank of the next candidate whose author record and ledger
// suggestion are still to be written (NULL: all written). Runs recorded before it were linked whole
// when they were written, so they must come out as NULL — nothing to resume.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../electron/core/cache';
import { migrate } from '../../../electron/core/cache/migrate';
import { MemoryLogger, tempDir } from './fixtures';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

describe('migration 9: runs linked in slices', () => {
  it('adds links_next as NULL on existing runs and keeps their rows', () => {
    const db = new Database(join(dir, 'c.db'));
    const log = new MemoryLogger();
    migrate(db, MIGRATIONS, log, 8);
    db.prepare("INSERT INTO profiles VALUES ('p', 'P', 'http://x', 'demo', 1, NULL, NULL)").run();
    db.prepare("INSERT INTO folders (profile_id, name, first_used_at) VALUES ('p', 'F', 1)").run();
    db.prepare(
      'INSERT INTO manuscripts (profile_id, origin_id, folder_id, title, abstract, authors_count, ' +
        "authors_json, authors_text, form_json, sync_state, created_at, updated_at) VALUES ('p', 'o1', " +
        "1, 'T', 'A', 0, '[]', '', '{}', 'synced', 1, 1)",
    ).run();
    db.prepare(
      'INSERT INTO runs (profile_id, manuscript_id, seq, uploaded_at, folder_name, form_json, ' +
        "candidates_count, raw_json) VALUES ('p', 1, 1, 1, 'F', '{}', 3, '{}')",
    ).run();
    const columns = () => (db.prepare('PRAGMA table_info(runs)').all() as Array<{ name: string }>).map((c) => c.name);
    expect(columns()).not.toContain('links_next');

    expect(migrate(db, MIGRATIONS, log, 9)).toEqual([9]);
    expect(columns()).toContain('links_next');
    expect(db.prepare('SELECT seq, candidates_count, links_next FROM runs').all()).toEqual([
      { seq: 1, candidates_count: 3, links_next: null },
    ]);
    db.prepare('UPDATE runs SET links_next = 2').run();
    expect(db.prepare('SELECT count(*) AS n FROM runs WHERE links_next IS NOT NULL').get()).toEqual({ n: 1 });
    db.close();
  });
});
