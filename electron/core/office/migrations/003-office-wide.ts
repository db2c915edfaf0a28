// Decisions about people that are not a journal's (do-not-invite, "unavailable until", a bounced address) go in
// one office-wide folder, '(office)': every editor with at least one journal reads it, and writes into it only
// the office-wide kinds (a journal's events stay behind their folder's membership). Nobody is a member of it
// (the check on members), so the per-folder policies never open it to anyone by membership.
import type { OfficeMigration } from '../schema';

const up = String.raw`
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

export const officeMigration003: OfficeMigration = { version: 3, name: 'an office-wide folder for decisions about people', up };
