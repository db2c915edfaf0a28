import type { Migration } from './types';

// Who made a decision about a person that came through the editorial office (docs/office.md, "Who decided"):
// the colleague's office login on a do-not-invite entry, an availability date, a bounced address and an
// authors' request line; null for the editor's own decisions and for every row made before. The day shown
// beside it is the row's own time (updated_at, set_at, bounced_at), which a colleague's decision takes from
// the office event.
export const migration021: Migration = {
  version: 21,
  name: 'who decided: a colleague’s login on shared decisions about people',
  up(db) {
    db.exec(`
      ALTER TABLE do_not_invite ADD COLUMN set_by TEXT CHECK (set_by IS NULL OR length(set_by) BETWEEN 1 AND 200);
      ALTER TABLE availability ADD COLUMN set_by TEXT CHECK (set_by IS NULL OR length(set_by) BETWEEN 1 AND 200);
      ALTER TABLE bounced_emails ADD COLUMN set_by TEXT CHECK (set_by IS NULL OR length(set_by) BETWEEN 1 AND 200);
      ALTER TABLE author_requests ADD COLUMN set_by TEXT CHECK (set_by IS NULL OR length(set_by) BETWEEN 1 AND 200);
    `);
  },
};
