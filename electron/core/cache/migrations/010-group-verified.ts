import type { Migration } from './types';

// A group added by its number is only a number the editor typed: the service has no endpoint to read
// a group, so the app knows it exists once a read of one of its authors succeeds. `verified_at` is when
// the service first answered for the group (created by the app: when it gave the number; added by id:
// the first successful author read). Groups recorded before this step: created ones were answered for;
// added ones count as verified only where an author was read from the service (fetched_at).
export const migration010: Migration = {
  version: 10,
  name: 'authors_groups: verified_at',
  up(db) {
    db.exec(`
      ALTER TABLE authors_groups ADD COLUMN verified_at INTEGER;
      UPDATE authors_groups SET verified_at = created_at WHERE origin = 'created' AND service_id IS NOT NULL;
      UPDATE authors_groups SET verified_at = (SELECT min(a.fetched_at) FROM group_authors a WHERE a.group_id = authors_groups.id)
        WHERE origin = 'added';
    `);
  },
};
