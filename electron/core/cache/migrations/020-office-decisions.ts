import type { Migration } from './types';

// The editor's decisions shared through the editorial office (docs/office.md, "Decisions about people"):
// - office_entries keeps the decline reason a shared entry state carries (the winning state is what a local
//   shortlist takes, so the reason must be folded with it); null for states of apps that did not send one;
// - office_parked keeps a colleague's event about a manuscript this cache does not have yet (the authors'
//   requests, the invite-now count), by the manuscript's origin_id and folder, in the office's order, until the
//   manuscript arrives (a colleague's shared run or the editor's own upload); emptied on unlink.
export const migration020: Migration = {
  version: 20,
  name: 'office: decline reasons of shared entries, events parked until their manuscript arrives',
  up(db) {
    db.exec(`
      ALTER TABLE office_entries ADD COLUMN decline_reason TEXT CHECK (decline_reason IS NULL OR decline_reason IN
        ('too_busy', 'outside_expertise', 'conflict_of_interest', 'on_leave', 'no_reason', 'other'));
      ALTER TABLE office_entries ADD COLUMN decline_text TEXT;

      CREATE TABLE office_parked (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        id TEXT NOT NULL,
        folder TEXT NOT NULL,
        origin_id TEXT NOT NULL,
        author TEXT NOT NULL,
        kind TEXT NOT NULL,
        body_json TEXT NOT NULL,
        xid INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (profile_id, id)
      ) STRICT;
      CREATE INDEX office_parked_manuscript ON office_parked(profile_id, origin_id, folder, xid, seq);
    `);
  },
};
