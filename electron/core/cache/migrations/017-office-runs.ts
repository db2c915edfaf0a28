import type { Migration } from './types';

// Manuscripts and runs shared in the editorial office:
// - manuscripts.uploaded_by / runs.uploaded_by: the colleague (office login) whose upload this is, null for
//   the editor's own; runs.office_key: the id a run was shared under, so a run pulled back or twice is
//   recognised and never written again;
// - office_runs: a shared run's head as pulled (folder, author, manuscript, how many parts, their hash,
//   the manuscript's file when the colleague shares files) and the local run it became; office_run_parts
//   and office_file_parts: the parts received until the run or its file is whole;
// - office_links.share_files: the editor's choice to share the manuscript files themselves (off by default).
/**
 * The parts of a shared run (or of its file) received so far, at most `parts` of them, until it is whole. The
 * text is the SQL this migration first wrote (sqlite_master keeps it; the cache migration test compares it).
 */
const partsTable = (name: string, parts: number) => `CREATE TABLE ${name} (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        run_key TEXT NOT NULL,
        idx INTEGER NOT NULL CHECK (idx BETWEEN 0 AND ${parts - 1}),
        data TEXT NOT NULL,
        PRIMARY KEY (profile_id, run_key, idx)
      ) STRICT;`;

export const migration017: Migration = {
  version: 17,
  name: 'manuscripts and runs shared in the office',
  up(db) {
    db.exec(`
      ALTER TABLE office_links ADD COLUMN share_files INTEGER NOT NULL DEFAULT 0 CHECK (share_files IN (0, 1));
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
        -- the manuscript's file, when shared: its name, bytes, SHA-256 and parts; file_state 'waiting' until
        -- whole, then 'kept' (written beside the editor's uploads) or 'refused'
        file_name TEXT,
        file_size INTEGER,
        file_sha256 TEXT,
        file_parts INTEGER CHECK (file_parts IS NULL OR file_parts BETWEEN 1 AND 512),
        file_state TEXT CHECK (file_state IS NULL OR file_state IN ('waiting', 'kept', 'refused')),
        PRIMARY KEY (profile_id, run_key)
      ) STRICT;
      CREATE INDEX office_runs_origin ON office_runs(profile_id, origin_id);

      ${partsTable('office_run_parts', 64)}

      ${partsTable('office_file_parts', 512)}
    `);
  },
};
