// Migration 9: runs.links_next, the rank of the next candidate whose author record and ledger
// suggestion are still to be written (NULL: all written). Runs recorded before it were linked whole
// when they were written, so they must come out as NULL — nothing to resume.
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../electron/core/cache';
import { migrate } from '../../../electron/core/cache/migrate';
import { openAtVersion } from './migration-fixtures';

describe('migration 9: runs linked in slices', () => {
  it('adds links_next as NULL on existing runs and keeps their rows', () => {
    const { db, log } = openAtVersion(8, { seed: 'manuscript', originId: 'o1' });
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
