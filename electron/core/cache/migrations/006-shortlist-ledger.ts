import { chooseMerge, normalizeEmail, normalizeOrcid } from '../../../common/domain/ledger';
import type { Migration } from './types';

// The editor's own records, never sent to the service: a shortlist per manuscript (order, note,
// status with its dates, due date), the invitation template and settings, and the reviewer ledger
// (one person across manuscripts and profiles: author_ids merged by ORCID or e-mail, with the rule
// that merged them) with its counts kept up to date on each write and full-text search. The ledger
// is filled from the people already seen as candidates.
export const migration006: Migration = {
  version: 6,
  name: 'shortlist, invitation settings and the reviewer ledger',
  up(db) {
    db.exec(`
      CREATE TABLE ledger_people (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        affiliation TEXT,
        email TEXT,
        orcid TEXT,
        suggested INTEGER NOT NULL DEFAULT 0,
        shortlisted INTEGER NOT NULL DEFAULT 0,
        invited INTEGER NOT NULL DEFAULT 0,
        accepted INTEGER NOT NULL DEFAULT 0,
        declined INTEGER NOT NULL DEFAULT 0,
        no_answer INTEGER NOT NULL DEFAULT 0,
        reviewing INTEGER NOT NULL DEFAULT 0,
        last_invited_at INTEGER,
        acceptance_rate REAL,
        first_seen_at INTEGER NOT NULL,
        last_seen_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX ledger_people_suggested ON ledger_people(suggested DESC, id);
      CREATE INDEX ledger_people_name ON ledger_people(name COLLATE NOCASE, id);
      CREATE INDEX ledger_people_invited ON ledger_people(invited DESC, id);
      CREATE INDEX ledger_people_accepted ON ledger_people(accepted DESC, id);
      CREATE INDEX ledger_people_reviewing ON ledger_people(reviewing DESC, id);
      CREATE INDEX ledger_people_last_invited ON ledger_people(last_invited_at DESC, id);

      CREATE TABLE ledger_members (
        author_id INTEGER PRIMARY KEY,
        person_id INTEGER NOT NULL REFERENCES ledger_people(id),
        rule TEXT NOT NULL CHECK (rule IN ('author_id', 'orcid', 'email', 'split')),
        name TEXT NOT NULL,
        orcid TEXT,
        email TEXT,
        joined_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX ledger_members_person ON ledger_members(person_id);
      CREATE INDEX ledger_members_orcid ON ledger_members(orcid) WHERE orcid IS NOT NULL;
      CREATE INDEX ledger_members_email ON ledger_members(email) WHERE email IS NOT NULL;

      CREATE VIRTUAL TABLE ledger_people_fts USING fts5(name, affiliation, content = 'ledger_people', content_rowid = 'id',
        tokenize = "unicode61 remove_diacritics 2", prefix = '2 3');
      CREATE TRIGGER ledger_people_fts_insert AFTER INSERT ON ledger_people BEGIN
        INSERT INTO ledger_people_fts(rowid, name, affiliation) VALUES (new.id, new.name, new.affiliation);
      END;
      CREATE TRIGGER ledger_people_fts_delete AFTER DELETE ON ledger_people BEGIN
        INSERT INTO ledger_people_fts(ledger_people_fts, rowid, name, affiliation) VALUES ('delete', old.id, old.name, old.affiliation);
      END;
      CREATE TRIGGER ledger_people_fts_update AFTER UPDATE OF name, affiliation ON ledger_people BEGIN
        INSERT INTO ledger_people_fts(ledger_people_fts, rowid, name, affiliation) VALUES ('delete', old.id, old.name, old.affiliation);
        INSERT INTO ledger_people_fts(rowid, name, affiliation) VALUES (new.id, new.name, new.affiliation);
      END;

      CREATE TABLE shortlist (
        id INTEGER PRIMARY KEY,
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        manuscript_id INTEGER NOT NULL REFERENCES manuscripts(id) ON DELETE CASCADE,
        author_id INTEGER NOT NULL,
        position INTEGER NOT NULL,
        name TEXT NOT NULL,
        email TEXT,
        orcid TEXT,
        affiliation TEXT,
        note TEXT NOT NULL DEFAULT '',
        status TEXT NOT NULL CHECK (status IN ('shortlisted', 'invited', 'accepted', 'declined', 'no_answer', 'closed')),
        due_date TEXT CHECK (due_date IS NULL OR due_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
        invited_at INTEGER,
        answered_at INTEGER,
        closed_at INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        UNIQUE (manuscript_id, author_id)
      ) STRICT;
      CREATE INDEX shortlist_order ON shortlist(manuscript_id, position);
      CREATE INDEX shortlist_author ON shortlist(author_id, invited_at);
      CREATE INDEX shortlist_waiting ON shortlist(profile_id, invited_at) WHERE status = 'invited';

      CREATE TABLE invitation_settings (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        editor_name TEXT NOT NULL,
        subject TEXT NOT NULL,
        body TEXT NOT NULL,
        reminder_days INTEGER NOT NULL CHECK (reminder_days BETWEEN 1 AND 365),
        fatigue_k INTEGER NOT NULL CHECK (fatigue_k >= 1),
        fatigue_d INTEGER NOT NULL CHECK (fatigue_d BETWEEN 1 AND 3650),
        fatigue_r INTEGER NOT NULL CHECK (fatigue_r >= 1)
      ) STRICT;

      -- A person's history reads every manuscript of each of their author_ids, in any profile.
      CREATE INDEX author_manuscripts_author ON author_manuscripts(author_id);
    `);

    // People already seen as candidates, oldest first, through the same merge rule as new runs.
    const people = db
      .prepare<
        [],
        {
          author_id: number;
          name: string;
          affiliation: string | null;
          email: string | null;
          orcid: string | null;
          first_seen_at: number;
          last_seen_at: number;
          suggested: number;
        }
      >(
        `SELECT a.author_id, a.name, a.affiliation, a.email, a.orcid, min(a.first_seen_at) AS first_seen_at, max(a.last_seen_at) AS last_seen_at,
           (SELECT count(*) FROM author_manuscripts am WHERE am.author_id = a.author_id) AS suggested
         FROM authors a GROUP BY a.author_id ORDER BY first_seen_at, a.author_id`,
      )
      .all();
    const byOrcid = db.prepare<[string], { person_id: number }>('SELECT DISTINCT person_id FROM ledger_members WHERE orcid = ?');
    const byEmail = db.prepare<[string], { person_id: number }>('SELECT DISTINCT person_id FROM ledger_members WHERE email = ?');
    const membersOf = db.prepare<[number], { orcid: string | null; email: string | null }>(
      'SELECT orcid, email FROM ledger_members WHERE person_id = ?',
    );
    const insertPerson = db.prepare<unknown[], { id: number }>(
      'INSERT INTO ledger_people (name, affiliation, email, orcid, suggested, first_seen_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id',
    );
    const bump = db.prepare('UPDATE ledger_people SET suggested = suggested + ?, last_seen_at = max(last_seen_at, ?) WHERE id = ?');
    const insertMember = db.prepare(
      'INSERT INTO ledger_members (author_id, person_id, rule, name, orcid, email, joined_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    for (const p of people) {
      const orcid = normalizeOrcid(p.orcid);
      const email = normalizeEmail(p.email);
      const ids = new Set<number>([...(orcid ? byOrcid.all(orcid) : []), ...(email ? byEmail.all(email) : [])].map((r) => r.person_id));
      const decision = chooseMerge(
        { authorId: p.author_id, orcid, email },
        [...ids].map((personId) => ({ personId, members: membersOf.all(personId) })),
      );
      let personId = decision.personId;
      if (personId === null)
        personId = insertPerson.get(p.name, p.affiliation, p.email, orcid, p.suggested, p.first_seen_at, p.last_seen_at)!.id;
      else bump.run(p.suggested, p.last_seen_at, personId);
      insertMember.run(p.author_id, personId, decision.rule, p.name, orcid, email, p.first_seen_at);
    }
  },
};
