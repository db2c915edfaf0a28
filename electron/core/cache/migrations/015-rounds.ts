import type { Database } from 'better-sqlite3';
import type { Migration } from './types';

// The second and third rounds of inviting (docs/shortlist.md): why a person declined (on their shortlist
// entry, kept until they decline again), when a person is unavailable until (by author_id, the key the
// service and an editorial office share, with where it came from and when it was set), and how many of a
// manuscript's shortlist are invited at once (the rest are alternates, in the list's order). Entries that
// declined before reasons were asked keep a null reason ("not recorded").
export const migration015: Migration = {
  version: 15,
  name: 'decline reasons, availability, invite-now count per manuscript',
  up(db: Database) {
    db.exec(`
      ALTER TABLE shortlist ADD COLUMN decline_reason TEXT CHECK (decline_reason IS NULL OR decline_reason IN
        ('too_busy', 'outside_expertise', 'conflict_of_interest', 'on_leave', 'no_reason', 'other'));
      ALTER TABLE shortlist ADD COLUMN decline_text TEXT;
      CREATE INDEX shortlist_declined ON shortlist(decline_reason) WHERE status = 'declined';

      CREATE TABLE availability (
        author_id INTEGER PRIMARY KEY,
        until TEXT NOT NULL CHECK (until GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
        source TEXT NOT NULL CHECK (source IN ('typed', 'declined')),
        set_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX availability_until ON availability(until);

      CREATE TABLE shortlist_rounds (
        manuscript_id INTEGER PRIMARY KEY REFERENCES manuscripts(id) ON DELETE CASCADE,
        invite_now INTEGER NOT NULL CHECK (invite_now BETWEEN 1 AND 50),
        updated_at INTEGER NOT NULL
      ) STRICT;
    `);
  },
};
