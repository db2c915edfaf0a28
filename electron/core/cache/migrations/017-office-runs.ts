import type { Migration } from './types';

// Manuscripts and runs shared in the editorial office:
// - manuscripts.uploaded_by / runs.uploaded_by: the colleague (office login) whose upload this is, null for
//   the editor's own; runs.office_key: the id a run was shared under, so a run pulled back or twice is
//   recognised and never written again;
// - office_runs: a shared run's head as pulled (folder, author, manuscript, how many parts, their hash)
//   and the local run it became; office_run_parts: the parts received until the run is whole.
export const migration017: Migration = {
  version: 17,
  name: 'manuscripts and runs shared in the office',
  up(db) {
    db.exec(`
      ALTER TABLE manuscripts ADD COLUMN uploaded_by TEXT;
      ALTER TABLE runs ADD COLUMN uploaded_by TEXT;
      ALTER TABLE runs ADD COLUMN office_key TEXT;
      CREATE UNIQUE INDEX runs_office_key ON runs(profile_id, office_key) WHERE office_key IS NOT NULL;

      CREATE TABLE office_runs (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        run_key TEXT NOT NULL,
        folder TEXT NOT NULL,
        author TEXT NOT NULL,
        origin_id TEXT NOT NULL,
        parts INTEGER NOT NULL CHECK (parts BETWEEN 1 AND 64),
        sha256 TEXT NOT NULL,
        uploaded_at INTEGER NOT NULL,
        at INTEGER NOT NULL,
        -- the local run it became; null while parts are missing
        run_id INTEGER REFERENCES runs(id) ON DELETE SET NULL,
        -- why it was refused (bad hash, bad answer), kept for the Activity view; null otherwise
        refused TEXT,
        PRIMARY KEY (profile_id, run_key)
      ) STRICT;
      CREATE INDEX office_runs_origin ON office_runs(profile_id, origin_id);

      CREATE TABLE office_run_parts (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        run_key TEXT NOT NULL,
        idx INTEGER NOT NULL CHECK (idx BETWEEN 0 AND 63),
        data TEXT NOT NULL,
        PRIMARY KEY (profile_id, run_key, idx)
      ) STRICT;
    `);
  },
};
