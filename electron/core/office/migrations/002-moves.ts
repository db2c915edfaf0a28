// A manuscript moved to another folder (a 'manuscript.moved' event in the folder it left, written by the
// editor who uploaded it elsewhere) takes its shared runs out of the old folder's sight: the run events of
// that manuscript written there before the move are no longer readable by the old folder's editors. A run
// shared in the folder again (it moved back) ends the move. The moves table is kept by a trigger that runs
// as its owner; editors may read the moves of their own folders, which the read policy needs.
import type { OfficeMigration } from '../schema';

const up = String.raw`
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

export const officeMigration002: OfficeMigration = { version: 2, name: 'a moved manuscript’s runs hidden from the folder it left', up };
