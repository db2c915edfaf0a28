import type { Migration } from './types';

// A large run is written in chunks (the main thread yields between them), so its candidates land
// before the run is done. `complete` is set in the last small transaction; every reader of runs
// ignores a run with complete = 0, and opening the cache drops such a run left by a crash.
export const migration007: Migration = {
  version: 7,
  name: 'runs: complete flag for runs written in chunks',
  up(db) {
    db.exec(`ALTER TABLE runs ADD COLUMN complete INTEGER NOT NULL DEFAULT 1;`);
  },
};
