import type { Migration } from './types';

// A large run's author records, manuscript links and reviewer-ledger suggestions are written after the
// run is visible, in short slices that yield to the event loop. `links_next` is the rank of the next
// candidate to link (NULL: all linked); a crash mid-way resumes from there on the next start.
export const migration009: Migration = {
  version: 9,
  name: 'runs: links_next for author records written in slices',
  up(db) {
    db.exec(`ALTER TABLE runs ADD COLUMN links_next INTEGER;`);
  },
};
