import type { Migration } from './types';

// The outbox table checked its kind against a list in SQL, so a new kind of queued write had to rebuild the
// table. The kinds are now checked by the registry (electron/core/outbox/kinds/index.ts: isOutboxKind, on
// insert; an entry of a kind this version does not know is parked at start-up with the reason). SQLite cannot
// drop a CHECK: the table is rebuilt with the same columns, rows, ids and indexes, and no CHECK on kind.
// Nothing references outbox but itself (depends_on), and the rows are copied with their ids, so the
// references hold.
export const migration019: Migration = {
  version: 19,
  name: 'outbox: kinds checked by the registry, not by the table',
  up(db) {
    db.exec(`
      CREATE TABLE outbox_rebuilt (
        id INTEGER PRIMARY KEY,
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (length(kind) BETWEEN 1 AND 64),
        entity_key TEXT NOT NULL,
        payload_json TEXT NOT NULL,
        depends_on INTEGER REFERENCES outbox_rebuilt(id) ON DELETE SET NULL,
        state TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'parked', 'done')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        error_code TEXT,
        error_message TEXT,
        result_json TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        park_reason TEXT CHECK (park_reason IN ('rejected', 'outcome_unknown', 'failed'))
      ) STRICT;
      INSERT INTO outbox_rebuilt (id, profile_id, kind, entity_key, payload_json, depends_on, state, attempts, next_attempt_at,
        error_code, error_message, result_json, created_at, updated_at, park_reason)
      SELECT id, profile_id, kind, entity_key, payload_json, depends_on, state, attempts, next_attempt_at,
        error_code, error_message, result_json, created_at, updated_at, park_reason FROM outbox;
      DROP TABLE outbox;
      ALTER TABLE outbox_rebuilt RENAME TO outbox;
      CREATE INDEX outbox_open ON outbox(profile_id, state, id) WHERE state <> 'done';
      CREATE INDEX outbox_entity ON outbox(entity_key, id);
      CREATE INDEX outbox_depends ON outbox(depends_on) WHERE depends_on IS NOT NULL;
      CREATE INDEX outbox_state ON outbox(state, kind) WHERE state <> 'done';
    `);
  },
};
