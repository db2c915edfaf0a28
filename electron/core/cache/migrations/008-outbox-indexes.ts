import type { Migration } from './types';

// Every outbox query goes through OutboxStore; these two indexes serve the ones outbox_open and
// outbox_entity do not: a group creation's dependents (depends_on), and the cross-profile looks
// of the shell and the start-up sweep (what is being sent, which files open uploads still need).
export const migration008: Migration = {
  version: 8,
  name: 'outbox: indexes for dependents and open entries by state',
  up(db) {
    db.exec(`
      CREATE INDEX outbox_depends ON outbox(depends_on) WHERE depends_on IS NOT NULL;
      CREATE INDEX outbox_state ON outbox(state, kind) WHERE state <> 'done';
    `);
  },
};
