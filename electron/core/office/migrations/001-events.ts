// Office schema 1: events, folders, members, editors.
import type { OfficeMigration } from '../schema';

const up = String.raw`
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

export const officeMigration001: OfficeMigration = { version: 1, name: 'events, folders, members, editors', up };
