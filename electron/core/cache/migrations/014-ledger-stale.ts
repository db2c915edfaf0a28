import type { Migration } from './types';

// People whose ledger counts wait to be recomputed. The office's pull folds thousands of colleagues'
// events in a row, touching the same people again and again; their counts are recomputed once, after
// the pull (OfficeRepository.settle), instead of after every slice. Kept in the file, not in memory, so
// counts a crash left stale are recomputed at the next pull.
export const migration014: Migration = {
  version: 14,
  name: 'ledger_stale: people whose counts wait',
  up(db) {
    db.exec(`
      CREATE TABLE ledger_stale (
        person_id INTEGER PRIMARY KEY REFERENCES ledger_people(id) ON DELETE CASCADE
      ) STRICT;
    `);
  },
};
