// Migration 17: manuscripts and runs shared in the office. Columns added with null (the editor's own),
// a run's office key unique per profile, the tables of shared runs with their checks.
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../electron/core/cache';
import { migrate } from '../../../electron/core/cache/migrate';
import { openAtVersion } from './migration-fixtures';

describe('migration 17: shared manuscripts and runs', () => {
  it('keeps manuscripts and runs as the editor’s own, keys runs once, checks a run’s parts', () => {
    const { db, log } = openAtVersion(16, { foreignKeys: true, seed: 'manuscript' });
    const run = db.prepare(
      `INSERT INTO runs (profile_id, manuscript_id, seq, uploaded_at, folder_name, form_json, raw_json, complete)
       VALUES ('p', 1, @seq, 1, 'F', '{}', '{}', 1)`,
    );
    run.run({ seq: 1 });

    expect(migrate(db, MIGRATIONS, log, 17)).toEqual([17]);
    expect(db.prepare('SELECT uploaded_by FROM manuscripts').get()).toEqual({ uploaded_by: null });
    expect(db.prepare('SELECT uploaded_by, office_key FROM runs').get()).toEqual({ uploaded_by: null, office_key: null });

    run.run({ seq: 2 });
    const key = db.prepare('UPDATE runs SET office_key = @k WHERE seq = @seq');
    key.run({ k: 'k1', seq: 1 });
    expect(() => key.run({ k: 'k1', seq: 2 })).toThrow(/UNIQUE/);

    const head = db.prepare(
      `INSERT INTO office_runs (profile_id, run_key, folder, author, origin_id, parts, sha256, uploaded_at, at)
       VALUES ('p', @k, 'F', 'ann', 'o', @parts, 'x', 1, 1)`,
    );
    expect(() => head.run({ k: 'a', parts: 0 })).toThrow(/CHECK/);
    expect(() => head.run({ k: 'a', parts: 65 })).toThrow(/CHECK/);
    head.run({ k: 'a', parts: 2 });
    const part = db.prepare("INSERT INTO office_run_parts (profile_id, run_key, idx, data) VALUES ('p', 'a', @i, '')");
    part.run({ i: 0 });
    expect(() => part.run({ i: 64 })).toThrow(/CHECK/);
    expect(() => part.run({ i: 0 })).toThrow(/UNIQUE|PRIMARY/);
    db.close();
  });
});
