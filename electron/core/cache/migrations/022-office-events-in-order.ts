import type { Migration } from './types';

// The office events a cache keeps are stored in the server's order: keyed by (profile, folder, xid, seq), which
// the office assigns once per event, instead of by the event's random id. Each pulled event was an insert at a
// random place of the id's index, so one applied slice rewrote about one page of that index per event at its
// commit; in the server's order a slice's events go to the end of one folder's range, a few pages. A page
// applied again still changes nothing: the same event comes back with the same (xid, seq).
export const migration022: Migration = {
  version: 22,
  name: 'office events kept in the server’s order',
  up(db) {
    db.exec(`
      CREATE TABLE office_events_in_order (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        folder TEXT NOT NULL,
        xid INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        id TEXT NOT NULL,
        author TEXT NOT NULL,
        kind TEXT NOT NULL,
        body_json TEXT NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (profile_id, folder, xid, seq)
      ) STRICT, WITHOUT ROWID;
      INSERT OR IGNORE INTO office_events_in_order (profile_id, folder, xid, seq, id, author, kind, body_json, at)
        SELECT profile_id, folder, xid, seq, id, author, kind, body_json, at FROM office_events;
      DROP TABLE office_events;
      ALTER TABLE office_events_in_order RENAME TO office_events;
    `);
  },
};
