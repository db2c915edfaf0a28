import type { Migration } from './types';

// The office's webhook receivers: the address a headless receiver (`npm run office -- receive`) announced in
// a journal folder, so the editor's Settings can say which receiver the service should call. One row per
// profile and folder, the newest announcement in the office's order; emptied when the profile is unlinked.
export const migration018: Migration = {
  version: 18,
  name: 'office receivers',
  up(db) {
    db.exec(`
      CREATE TABLE office_receivers (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        folder TEXT NOT NULL,
        -- the office login the receiver runs as
        login TEXT NOT NULL,
        -- its public base address (https://…), without the secret path
        url TEXT NOT NULL,
        -- when the office stored the announcement (ms)
        at INTEGER NOT NULL,
        PRIMARY KEY (profile_id, folder)
      ) STRICT;
    `);
  },
};
