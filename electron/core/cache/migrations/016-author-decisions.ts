import type { Migration } from './types';

// The editor's decisions about people, kept beside the shortlist and shaped so the editorial office can
// later carry each row as an event (a person key that another cache recognises, the fields, a timestamp):
// - author_requests: per manuscript, the authors' opposed and suggested reviewers as pasted from the cover
//   letter (the line, what was read from it, its person key) and the known person it matched (author_id)
//   with the rule that matched ('editor' once the editor chose by hand);
// - do_not_invite: the editor's list, one row per ledger person, with a reason and an optional last day;
// - bounced_emails: addresses that bounced, normalised (the address is its own person key).
export const migration016: Migration = {
  version: 16,
  name: 'authors’ opposed and suggested reviewers, do-not-invite, bounced e-mails',
  up(db) {
    db.exec(`
      CREATE TABLE author_requests (
        id INTEGER PRIMARY KEY,
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        manuscript_id INTEGER NOT NULL REFERENCES manuscripts(id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('opposed', 'suggested')),
        line TEXT NOT NULL,
        name TEXT NOT NULL,
        email TEXT,
        orcid TEXT,
        affiliation TEXT,
        person_key TEXT NOT NULL,
        author_id INTEGER,
        rule TEXT CHECK (rule IS NULL OR rule IN ('orcid', 'email', 'name_affiliation', 'name', 'editor')),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        CHECK ((author_id IS NULL) = (rule IS NULL))
      ) STRICT;
      CREATE INDEX author_requests_manuscript ON author_requests(manuscript_id, kind, id);
      CREATE INDEX author_requests_author ON author_requests(author_id) WHERE author_id IS NOT NULL;

      CREATE TABLE do_not_invite (
        person_id INTEGER PRIMARY KEY REFERENCES ledger_people(id),
        person_key TEXT NOT NULL,
        name TEXT NOT NULL,
        reason TEXT NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
        until TEXT CHECK (until IS NULL OR until GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE bounced_emails (
        email TEXT PRIMARY KEY,
        bounced_at INTEGER NOT NULL
      ) STRICT;
    `);
  },
};
