import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export type Db = Database.Database;

// Append-only migrations; the version lives in PRAGMA user_version.
const MIGRATIONS: string[] = [
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

  -- corpus ------------------------------------------------------------------
  CREATE TABLE publishers (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
  CREATE TABLE journals (
    id INTEGER PRIMARY KEY, title TEXT NOT NULL UNIQUE, publisher_id INTEGER REFERENCES publishers(id),
    field TEXT, external_id TEXT UNIQUE
  );
  CREATE TABLE institutions (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, city TEXT, country TEXT, external_id TEXT UNIQUE
  );
  CREATE TABLE authors (
    id INTEGER PRIMARY KEY,
    first_name TEXT NOT NULL, middle_name TEXT, last_name TEXT NOT NULL, suffix TEXT,
    email TEXT, orcid TEXT, name_key TEXT NOT NULL, external_id TEXT UNIQUE,
    articles_count INTEGER NOT NULL DEFAULT 0, citations_count INTEGER NOT NULL DEFAULT 0,
    h_index INTEGER NOT NULL DEFAULT 0, first_year INTEGER, last_year INTEGER
  );
  CREATE INDEX authors_email ON authors(email);
  CREATE INDEX authors_orcid ON authors(orcid);
  CREATE INDEX authors_name_key ON authors(name_key);
  CREATE TABLE author_affiliations (
    author_id INTEGER NOT NULL REFERENCES authors(id), institution_id INTEGER NOT NULL REFERENCES institutions(id),
    start_year INTEGER NOT NULL, end_year INTEGER,
    PRIMARY KEY (author_id, institution_id, start_year)
  );
  CREATE TABLE articles (
    id INTEGER PRIMARY KEY, doi TEXT UNIQUE, title TEXT NOT NULL, abstract TEXT NOT NULL DEFAULT '',
    year INTEGER NOT NULL, journal_id INTEGER REFERENCES journals(id), retracted INTEGER NOT NULL DEFAULT 0,
    cited_by_count INTEGER NOT NULL DEFAULT 0, concepts TEXT NOT NULL DEFAULT '[]', external_id TEXT UNIQUE
  );
  CREATE TABLE authorships (
    article_id INTEGER NOT NULL REFERENCES articles(id), author_id INTEGER NOT NULL REFERENCES authors(id),
    position INTEGER NOT NULL, institution_id INTEGER REFERENCES institutions(id),
    PRIMARY KEY (article_id, author_id)
  );
  CREATE INDEX authorships_author ON authorships(author_id);
  CREATE TABLE citations (
    citing_id INTEGER NOT NULL REFERENCES articles(id), cited_id INTEGER NOT NULL REFERENCES articles(id),
    PRIMARY KEY (citing_id, cited_id)
  ) WITHOUT ROWID;
  CREATE INDEX citations_cited ON citations(cited_id);

  -- organisations -------------------------------------------------------------
  CREATE TABLE orgs (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, api_key TEXT NOT NULL UNIQUE,
    feature_authors_groups INTEGER NOT NULL DEFAULT 1, feature_referee_finder INTEGER NOT NULL DEFAULT 1,
    feature_recommend_journals INTEGER NOT NULL DEFAULT 1,
    prefer TEXT NOT NULL DEFAULT 'metadata', conflicts TEXT NOT NULL DEFAULT 'include',
    without_email TEXT NOT NULL DEFAULT 'include', candidates_limit INTEGER NOT NULL DEFAULT 50,
    webhook_order INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE teams (org_id INTEGER NOT NULL REFERENCES orgs(id), name TEXT NOT NULL, PRIMARY KEY (org_id, name));
  CREATE TABLE authors_groups (
    id INTEGER PRIMARY KEY, org_id INTEGER NOT NULL REFERENCES orgs(id), name TEXT NOT NULL,
    owner_team TEXT NOT NULL, editor_teams TEXT NOT NULL, viewer_teams TEXT NOT NULL, created_at TEXT NOT NULL
  );
  CREATE TABLE group_authors (
    group_id INTEGER NOT NULL REFERENCES authors_groups(id), client_id TEXT NOT NULL,
    record TEXT NOT NULL, author_id INTEGER REFERENCES authors(id), updated_at TEXT NOT NULL,
    PRIMARY KEY (group_id, client_id)
  );
  CREATE INDEX group_authors_author ON group_authors(author_id);
  CREATE TABLE custom_fields (
    api_id TEXT PRIMARY KEY, org_id INTEGER NOT NULL REFERENCES orgs(id), scope TEXT NOT NULL,
    data_kind TEXT NOT NULL, name TEXT NOT NULL, description TEXT, options TEXT, position INTEGER NOT NULL
  );
  CREATE TABLE folders (
    id INTEGER PRIMARY KEY, org_id INTEGER NOT NULL REFERENCES orgs(id), name TEXT NOT NULL,
    rf_settings TEXT, UNIQUE (org_id, name)
  );
  CREATE TABLE folder_journals (
    folder_id INTEGER NOT NULL REFERENCES folders(id), journal_id INTEGER NOT NULL REFERENCES journals(id),
    PRIMARY KEY (folder_id, journal_id)
  );
  CREATE TABLE external_conflicts (
    id INTEGER PRIMARY KEY, org_id INTEGER NOT NULL REFERENCES orgs(id),
    author_id INTEGER, orcid TEXT, email TEXT, origin_id TEXT, reason TEXT
  );
  CREATE TABLE manuscripts (
    id INTEGER PRIMARY KEY, org_id INTEGER NOT NULL REFERENCES orgs(id), origin_id TEXT NOT NULL,
    folder_id INTEGER NOT NULL REFERENCES folders(id), title TEXT NOT NULL, abstract TEXT NOT NULL,
    authors TEXT NOT NULL, text TEXT NOT NULL, refs TEXT NOT NULL, source_file TEXT,
    filters TEXT NOT NULL, candidates TEXT, debug_info TEXT NOT NULL,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL, UNIQUE (org_id, origin_id)
  );
  CREATE TABLE marks (
    manuscript_id INTEGER NOT NULL REFERENCES manuscripts(id), author_id INTEGER NOT NULL,
    marked INTEGER NOT NULL, marked_by TEXT NOT NULL, snapshot TEXT NOT NULL,
    first_marked_at TEXT NOT NULL, updated_at TEXT NOT NULL, PRIMARY KEY (manuscript_id, author_id)
  );
  CREATE TABLE webhook_receivers (
    id INTEGER PRIMARY KEY, org_id INTEGER NOT NULL REFERENCES orgs(id), url TEXT NOT NULL, created_at TEXT NOT NULL
  );
  CREATE TABLE webhook_deliveries (
    id INTEGER PRIMARY KEY, receiver_id INTEGER NOT NULL REFERENCES webhook_receivers(id),
    event_order INTEGER NOT NULL, body TEXT NOT NULL, status TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL, last_status INTEGER, last_error TEXT, delivered_at TEXT, created_at TEXT NOT NULL,
    log TEXT NOT NULL DEFAULT '[]'
  );
  CREATE INDEX webhook_deliveries_pending ON webhook_deliveries(status, receiver_id, id);
  `,
  // Uploads per manuscript (one candidate run each), so tests see a re-sent upload.
  `ALTER TABLE manuscripts ADD COLUMN runs INTEGER NOT NULL DEFAULT 1;`,
];

export function openDb(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, 'sandbox.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > MIGRATIONS.length) {
    db.close();
    throw new Error(`sandbox database at ${dataDir} has schema ${version}, newer than this sandbox (${MIGRATIONS.length})`);
  }
  for (let v = version; v < MIGRATIONS.length; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v]!);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
  return db;
}

export function getMeta(db: Db, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

export function setMeta(db: Db, key: string, value: string): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
}

export const nowIso = (): string => new Date().toISOString();
