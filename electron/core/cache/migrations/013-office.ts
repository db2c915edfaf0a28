import type { Database } from 'better-sqlite3';
import type { Migration } from './types';

// The editorial office (docs/office.md): a profile may be linked to an office store; the cache keeps
// the office's events it pulled (per folder, with the server's order), a cursor per folder, the
// folded state of every shared shortlist entry and every invitation made in the office, and the
// editor's own events waiting to be pushed. Nothing here is written while no office is linked.
export const migration013: Migration = {
  version: 13,
  name: 'office: link, events, cursors, entries, invitations, outbox',
  up(db: Database) {
    db.exec(`
      CREATE TABLE office_links (
        profile_id TEXT PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
        url TEXT NOT NULL,
        login TEXT NOT NULL,
        linked_at INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE office_events (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        id TEXT NOT NULL,
        folder TEXT NOT NULL,
        author TEXT NOT NULL,
        kind TEXT NOT NULL,
        body_json TEXT NOT NULL,
        xid INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (profile_id, id)
      ) STRICT;
      CREATE INDEX office_events_order ON office_events(profile_id, folder, xid, seq);

      CREATE TABLE office_cursors (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        folder TEXT NOT NULL,
        xid INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        PRIMARY KEY (profile_id, folder)
      ) STRICT;

      CREATE TABLE office_entries (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        origin_id TEXT NOT NULL,
        author_id INTEGER NOT NULL,
        folder TEXT NOT NULL,
        title TEXT NOT NULL,
        name TEXT NOT NULL,
        email TEXT,
        orcid TEXT,
        affiliation TEXT,
        status TEXT NOT NULL,
        invited_at INTEGER,
        answered_at INTEGER,
        closed_at INTEGER,
        due_date TEXT,
        note TEXT NOT NULL,
        removed INTEGER NOT NULL,
        position INTEGER,
        added_by TEXT NOT NULL,
        changed_by TEXT NOT NULL,
        xid INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        PRIMARY KEY (profile_id, origin_id, author_id)
      ) STRICT;
      CREATE INDEX office_entries_author ON office_entries(author_id, invited_at);

      CREATE TABLE office_invites (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        origin_id TEXT NOT NULL,
        author_id INTEGER NOT NULL,
        editor TEXT NOT NULL,
        invited_at INTEGER NOT NULL,
        title TEXT NOT NULL,
        folder TEXT NOT NULL,
        PRIMARY KEY (profile_id, origin_id, author_id, editor)
      ) STRICT;
      CREATE INDEX office_invites_author ON office_invites(author_id);

      CREATE TABLE office_outbox (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        id TEXT NOT NULL UNIQUE,
        entity TEXT NOT NULL,
        folder TEXT NOT NULL,
        kind TEXT NOT NULL,
        body_json TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        -- 1 once the office committed it; the row goes when a pull brings it back.
        sent INTEGER NOT NULL DEFAULT 0
      ) STRICT;
      CREATE INDEX office_outbox_entity ON office_outbox(profile_id, entity);

      -- The ledger's counts become office-wide (below); the editor's own ones are kept beside them for
      -- the Reviewers view's "Only mine". Until now every count was the editor's own.
      ALTER TABLE ledger_people ADD COLUMN mine_shortlisted INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE ledger_people ADD COLUMN mine_invited INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE ledger_people ADD COLUMN mine_accepted INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE ledger_people ADD COLUMN mine_declined INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE ledger_people ADD COLUMN mine_no_answer INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE ledger_people ADD COLUMN mine_reviewing INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE ledger_people ADD COLUMN mine_last_invited_at INTEGER;
      ALTER TABLE ledger_people ADD COLUMN mine_acceptance_rate REAL;
      UPDATE ledger_people SET mine_shortlisted = shortlisted, mine_invited = invited, mine_accepted = accepted, mine_declined = declined,
        mine_no_answer = no_answer, mine_reviewing = reviewing, mine_last_invited_at = last_invited_at, mine_acceptance_rate = acceptance_rate;
      CREATE INDEX ledger_people_mine ON ledger_people(mine_shortlisted) WHERE mine_shortlisted > 0;

      -- Every shortlist entry a person has in the office: the editor's own, and colleagues' entries of
      -- manuscripts the editor has no entry of (those of local manuscripts are applied to shortlist).
      CREATE VIEW reviewer_entries AS
        SELECT s.author_id, s.status, s.invited_at, 1 AS mine FROM shortlist s
        UNION ALL
        SELECT e.author_id, e.status, e.invited_at, 0 AS mine FROM office_entries e
        WHERE e.removed = 0 AND NOT EXISTS (
          SELECT 1 FROM manuscripts ms JOIN shortlist s2 ON s2.manuscript_id = ms.id
          WHERE ms.profile_id = e.profile_id AND ms.origin_id = e.origin_id AND s2.author_id = e.author_id);

    `);
  },
};
