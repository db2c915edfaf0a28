// Shared by the migration tests (migration-0NN.test.ts): a cache database stopped at one schema version, with the rows
// most of them start from.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { MIGRATIONS } from '../../../electron/core/cache';
import { migrate } from '../../../electron/core/cache/migrate';
import { MemoryLogger, tempDir } from './fixtures';

export interface AtVersionOptions {
  /** Foreign keys on before migrating (SQLite leaves them off). */
  foreignKeys?: boolean;
  /** 'profile': demo profile 'p'; 'manuscript': also folder 1 'F' and manuscript 1 (origin `originId`, 'mine' unless said) in it. */
  seed?: 'profile' | 'manuscript';
  originId?: string;
}

/**
 * A database c.db in a temp folder migrated up to `version` and no further, seeded as `opts` says; `log` is the logger
 * the migrations wrote to, for the test's own `migrate(db, MIGRATIONS, log, version + 1)`. Closed and removed when the
 * test ends.
 */
export function openAtVersion(version: number, opts: AtVersionOptions = {}): { db: Database.Database; log: MemoryLogger } {
  const t = tempDir();
  const db = new Database(join(t.dir, 'c.db'));
  onTestFinished(() => {
    db.close();
    t.cleanup();
  });
  if (opts.foreignKeys) db.pragma('foreign_keys = ON');
  const log = new MemoryLogger();
  migrate(db, MIGRATIONS, log, version);
  if (opts.seed) db.prepare("INSERT INTO profiles VALUES ('p', 'P', 'http://x', 'demo', 1, NULL, NULL)").run();
  if (opts.seed === 'manuscript') {
    db.prepare("INSERT INTO folders (id, profile_id, name, first_used_at) VALUES (1, 'p', 'F', 1)").run();
    db.prepare(
      `INSERT INTO manuscripts (id, profile_id, origin_id, folder_id, title, abstract, authors_count, authors_json, authors_text, form_json,
         sync_state, created_at, updated_at) VALUES (1, 'p', @originId, 1, 'T', 'A', 0, '[]', '', '{}', 'synced', 1, 1)`,
    ).run({ originId: opts.originId ?? 'mine' });
  }
  return { db, log };
}
