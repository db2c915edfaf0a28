// The office's PostgreSQL schema (docs/office.md): numbered migrations, each applied in one transaction
// and recorded in office.meta('schema_version'). Append a migration; never edit or reorder a released one.
import type { ClientBase } from 'pg';
import { DeskError } from '../../common/errors';

export interface OfficeMigration {
  version: number;
  name: string;
  /** SQL run in the migration's transaction, as the administrator. */
  up: string;
}

/** The group role whose members are the office's editors. */
export const EDITOR_ROLE = 'office_editor';
/** The notification channel an insert into office.events wakes, with the folder as payload. */
export const EVENTS_CHANNEL = 'office_events';
/** The oldest PostgreSQL the office runs on (server_version_num). */
export const MIN_SERVER_VERSION = 150000;
/** The largest event body, in bytes of the body's jsonb text. */
export const MAX_BODY_BYTES = 65536;
/** What an event's kind looks like (the same pattern as the table's check). */
export const KIND_PATTERN = /^[a-z][a-z_.]{0,39}$/;
/** The longest folder name. */
export const MAX_FOLDER_LENGTH = 200;
/**
 * The folder of the office-wide decisions about people (office schema 3): every editor of the office (anyone
 * with a journal) reads it and writes OFFICE_WIDE_KINDS into it; no one is its member, and no journal may be
 * named so.
 */
export const OFFICE_WIDE_FOLDER = '(office)';
/** The kinds of event the office-wide folder takes: decisions about a person or an address, not about a journal's manuscript. */
export const OFFICE_WIDE_KINDS = ['person.do_not_invite', 'person.availability', 'email.bounced'] as const;
export type OfficeWideKind = (typeof OFFICE_WIDE_KINDS)[number];

const m001 = String.raw`
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'office_editor') THEN
    CREATE ROLE office_editor NOLOGIN;
  END IF;
END
$$;

REVOKE ALL ON SCHEMA office FROM PUBLIC;
GRANT USAGE ON SCHEMA office TO office_editor;
REVOKE ALL ON office.meta FROM PUBLIC;
GRANT SELECT ON office.meta TO office_editor;

CREATE TABLE office.folders (
  name text PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 200)
);

CREATE TABLE office.members (
  login text NOT NULL,
  folder text NOT NULL REFERENCES office.folders (name) ON UPDATE CASCADE,
  PRIMARY KEY (login, folder)
);

CREATE TABLE office.events (
  seq bigint GENERATED ALWAYS AS IDENTITY,
  id uuid PRIMARY KEY,
  folder text NOT NULL REFERENCES office.folders (name),
  author text NOT NULL DEFAULT current_user,
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z_.]{0,39}$'),
  body jsonb NOT NULL CHECK (octet_length(body::text) <= 65536),
  xid bigint NOT NULL DEFAULT (pg_catalog.pg_current_xact_id()::text::bigint),
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX events_folder_xid_seq ON office.events (folder, xid, seq);

CREATE FUNCTION office.notify_event() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
  PERFORM pg_notify('office_events', NEW.folder);
  RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION office.notify_event() FROM PUBLIC;
CREATE TRIGGER events_notify AFTER INSERT ON office.events FOR EACH ROW EXECUTE FUNCTION office.notify_event();

REVOKE ALL ON office.folders, office.members, office.events FROM PUBLIC;
GRANT SELECT ON office.members TO office_editor;
GRANT SELECT ON office.events TO office_editor;
GRANT INSERT (id, folder, kind, body) ON office.events TO office_editor;

-- An editor sees only their own memberships, and only the events of their folders; an insert must be
-- into one of their folders, with the server's author (the column is not insertable, the check makes sure).
ALTER TABLE office.members ENABLE ROW LEVEL SECURITY;
ALTER TABLE office.members FORCE ROW LEVEL SECURITY;
CREATE POLICY members_own ON office.members FOR SELECT TO office_editor USING (login = current_user);

ALTER TABLE office.events ENABLE ROW LEVEL SECURITY;
ALTER TABLE office.events FORCE ROW LEVEL SECURITY;
CREATE POLICY events_read ON office.events FOR SELECT TO office_editor
  USING (folder IN (SELECT m.folder FROM office.members m WHERE m.login = current_user));
CREATE POLICY events_write ON office.events FOR INSERT TO office_editor
  WITH CHECK (author = current_user AND folder IN (SELECT m.folder FROM office.members m WHERE m.login = current_user));
`;

// A manuscript moved to another folder (a 'manuscript.moved' event in the folder it left, written by the
// editor who uploaded it elsewhere) takes its shared runs out of the old folder's sight: the run events of
// that manuscript written there before the move are no longer readable by the old folder's editors. A run
// shared in the folder again (it moved back) ends the move. The moves table is kept by a trigger that runs
// as its owner; editors may read the moves of their own folders, which the read policy needs.
const m002 = String.raw`
CREATE TABLE office.moves (
  origin_id text NOT NULL CHECK (length(origin_id) BETWEEN 1 AND 200),
  from_folder text NOT NULL REFERENCES office.folders (name) ON UPDATE CASCADE,
  to_folder text NOT NULL,
  xid bigint NOT NULL,
  PRIMARY KEY (origin_id, from_folder)
);

CREATE FUNCTION office.track_move() RETURNS trigger
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
  IF NEW.kind = 'manuscript.moved' AND jsonb_typeof(NEW.body -> 'originId') = 'string' AND jsonb_typeof(NEW.body -> 'to') = 'string'
     AND length(NEW.body ->> 'originId') BETWEEN 1 AND 200 THEN
    INSERT INTO office.moves (origin_id, from_folder, to_folder, xid)
    VALUES (NEW.body ->> 'originId', NEW.folder, NEW.body ->> 'to', NEW.xid)
    ON CONFLICT (origin_id, from_folder) DO UPDATE SET to_folder = EXCLUDED.to_folder, xid = EXCLUDED.xid;
  ELSIF NEW.kind = 'manuscript.run' AND jsonb_typeof(NEW.body -> 'originId') = 'string' THEN
    DELETE FROM office.moves WHERE origin_id = NEW.body ->> 'originId' AND from_folder = NEW.folder;
  END IF;
  RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION office.track_move() FROM PUBLIC;
CREATE TRIGGER events_track_move AFTER INSERT ON office.events FOR EACH ROW
  WHEN (NEW.kind IN ('manuscript.moved', 'manuscript.run')) EXECUTE FUNCTION office.track_move();

REVOKE ALL ON office.moves FROM PUBLIC;
GRANT SELECT ON office.moves TO office_editor;
-- Not forced: the owner (the administrator who ran init) writes through the trigger; editors read their folders' moves.
ALTER TABLE office.moves ENABLE ROW LEVEL SECURITY;
CREATE POLICY moves_read ON office.moves FOR SELECT TO office_editor
  USING (from_folder IN (SELECT m.folder FROM office.members m WHERE m.login = current_user));

DROP POLICY events_read ON office.events;
CREATE POLICY events_read ON office.events FOR SELECT TO office_editor
  USING (
    folder IN (SELECT m.folder FROM office.members m WHERE m.login = current_user)
    AND NOT (
      kind IN ('manuscript.run', 'run.part')
      AND EXISTS (
        SELECT 1 FROM office.moves mv
        WHERE mv.origin_id = events.body ->> 'originId' AND mv.from_folder = events.folder AND mv.xid > events.xid
      )
    )
  );
`;

// Decisions about people that are not a journal's (do-not-invite, "unavailable until", a bounced address) go in
// one office-wide folder, '(office)': every editor with at least one journal reads it, and writes into it only
// the office-wide kinds (a journal's events stay behind their folder's membership). Nobody is a member of it
// (the check on members), so the per-folder policies never open it to anyone by membership.
const m003 = String.raw`
DO $$
BEGIN
  IF EXISTS (SELECT FROM office.folders WHERE name = '(office)') THEN
    RAISE EXCEPTION 'A journal of this office is named "(office)", the name kept for office-wide decisions: rename it first.';
  END IF;
END
$$;
INSERT INTO office.folders (name) VALUES ('(office)');
ALTER TABLE office.members ADD CONSTRAINT members_not_office_wide CHECK (folder <> '(office)');

DROP POLICY events_read ON office.events;
CREATE POLICY events_read ON office.events FOR SELECT TO office_editor
  USING (
    (
      folder IN (SELECT m.folder FROM office.members m WHERE m.login = current_user)
      AND NOT (
        kind IN ('manuscript.run', 'run.part')
        AND EXISTS (
          SELECT 1 FROM office.moves mv
          WHERE mv.origin_id = events.body ->> 'originId' AND mv.from_folder = events.folder AND mv.xid > events.xid
        )
      )
    )
    OR (folder = '(office)' AND EXISTS (SELECT 1 FROM office.members m WHERE m.login = current_user))
  );

DROP POLICY events_write ON office.events;
CREATE POLICY events_write ON office.events FOR INSERT TO office_editor
  WITH CHECK (
    author = current_user
    AND (
      (folder <> '(office)' AND folder IN (SELECT m.folder FROM office.members m WHERE m.login = current_user))
      OR (
        folder = '(office)'
        AND kind IN ('person.do_not_invite', 'person.availability', 'email.bounced')
        AND EXISTS (SELECT 1 FROM office.members m WHERE m.login = current_user)
      )
    )
  );
`;

/** Every schema step in order. */
export const OFFICE_MIGRATIONS: readonly OfficeMigration[] = [
  { version: 1, name: 'events, folders, members, editors', up: m001 },
  { version: 2, name: 'a moved manuscript’s runs hidden from the folder it left', up: m002 },
  { version: 3, name: 'an office-wide folder for decisions about people', up: m003 },
];

export const OFFICE_SCHEMA_VERSION = OFFICE_MIGRATIONS.length;

/** The schema version recorded in a database: 0 when the office was never set up there. */
export async function officeSchemaVersion(client: ClientBase): Promise<number> {
  const meta = await client.query<{ present: boolean }>(`SELECT to_regclass('office.meta') IS NOT NULL AS present`);
  if (!meta.rows[0]?.present) return 0;
  const r = await client.query<{ value: string }>(`SELECT value FROM office.meta WHERE key = 'schema_version'`);
  const raw = r.rows[0]?.value;
  if (raw === undefined) return 0;
  const version = Number(raw);
  if (!Number.isSafeInteger(version) || version < 0) {
    throw new DeskError('bad_response', `The office's schema version is unreadable ("${raw.slice(0, 40)}").`);
  }
  return version;
}

export function tooNewMessage(version: number): string {
  return (
    `This office was set up by a newer Referee Desk (office schema ${version}; this app knows up to ${OFFICE_SCHEMA_VERSION}). ` +
    'Update Referee Desk; the office was left as it is.'
  );
}

/** The server's version as server_version_num (e.g. 150004), refused below PostgreSQL 15. */
export async function requireServerVersion(client: ClientBase): Promise<number> {
  const r = await client.query<{ v: string }>(`SELECT current_setting('server_version_num') AS v`);
  const v = Number(r.rows[0]?.v);
  if (!Number.isSafeInteger(v) || v < MIN_SERVER_VERSION) {
    throw new DeskError(
      'unsupported',
      `The office server runs PostgreSQL ${formatServerVersion(v)}; the office needs PostgreSQL 15 or newer.`,
    );
  }
  return v;
}

export function formatServerVersion(v: number): string {
  if (!Number.isSafeInteger(v) || v <= 0) return 'of an unknown version';
  return `${Math.floor(v / 10000)}.${v % 10000}`;
}

/**
 * Creates or brings the office schema up to `target` (default: the newest), one transaction per
 * migration, serialized against a concurrent init by an advisory lock. A database set up by a newer
 * app is refused and left untouched. Needs an administrator's connection (it creates a role).
 */
export async function migrateOffice(
  client: ClientBase,
  target: number = OFFICE_SCHEMA_VERSION,
  migrations: readonly OfficeMigration[] = OFFICE_MIGRATIONS,
): Promise<{ from: number; to: number }> {
  await requireServerVersion(client);
  const before = await officeSchemaVersion(client);
  if (before > migrations.length) throw new DeskError('database_too_new', tooNewMessage(before));
  let version = before;
  for (const m of migrations) {
    if (m.version > target) break;
    await client.query('BEGIN');
    try {
      await client.query(`SELECT pg_advisory_xact_lock(hashtext('referee-desk office migrate'))`);
      await client.query('CREATE SCHEMA IF NOT EXISTS office');
      await client.query('CREATE TABLE IF NOT EXISTS office.meta (key text PRIMARY KEY, value text NOT NULL)');
      // Read again under the lock: a concurrent init may have applied it meanwhile.
      version = await officeSchemaVersion(client);
      if (version > migrations.length) throw new DeskError('database_too_new', tooNewMessage(version));
      if (version >= m.version) {
        await client.query('COMMIT');
        continue;
      }
      await client.query(m.up);
      await client.query(
        `INSERT INTO office.meta (key, value) VALUES ('schema_version', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
        [String(m.version)],
      );
      await client.query('COMMIT');
      version = m.version;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  }
  return { from: before, to: version };
}
