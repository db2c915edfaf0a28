// Migration 5: each run stores the authors groups of its candidates; runs recorded before it are
// filled in from their candidates' JSON (a run with none gets an empty list).
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../electron/core/cache';
import { migrate } from '../../../electron/core/cache/migrate';
import { openAtVersion } from './migration-fixtures';

describe('migration 5: authors groups of a run', () => {
  it('fills group_ids_json of existing runs from their candidates', () => {
    const { db, log } = openAtVersion(4, { seed: 'manuscript', originId: 'o1' });
    const addRun = db.prepare(
      'INSERT INTO runs (profile_id, manuscript_id, seq, uploaded_at, folder_name, form_json, ' +
        "candidates_count, raw_json) VALUES ('p', 1, ?, 1, 'F', '{}', 2, '{}')",
    );
    const run1 = Number(addRun.run(1).lastInsertRowid);
    const run2 = Number(addRun.run(2).lastInsertRowid);
    const add = db.prepare(
      'INSERT INTO candidates (run_id, profile_id, rank, author_id, name, concepts_json, ' +
        "authors_groups_json, marked, conflicts, conflict_count, has_email, raw_json) VALUES (?, 'p', ?, " +
        "?, 'A', '[]', ?, 0, 0, 0, 0, '{}')",
    );
    const addCandidate = (runId: number, rank: number, groups: string) => add.run(runId, rank, 100 + rank, groups);
    addCandidate(run1, 0, '[{"group_id":9,"client_id":null}]');
    addCandidate(run1, 1, '[{"group_id":3,"client_id":"a"},{"group_id":9,"client_id":"b"}]');
    addCandidate(run2, 0, '[]');

    expect(migrate(db, MIGRATIONS, log, 5)).toEqual([5]);
    expect(db.prepare('SELECT id, group_ids_json FROM runs ORDER BY id').all()).toEqual([
      { id: run1, group_ids_json: '[3,9]' },
      { id: run2, group_ids_json: '[]' },
    ]);
    db.close();
  });
});
