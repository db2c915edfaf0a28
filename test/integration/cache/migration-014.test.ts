// Migration 14: ledger_stale, the people whose counts wait to be recomputed after an office pull.
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../electron/core/cache';
import { migrate } from '../../../electron/core/cache/migrate';
import { openAtVersion } from './migration-fixtures';

describe('migration 14: people whose counts wait', () => {
  it('starts empty, holds a person once, and lets a person go with their row', () => {
    const { db, log } = openAtVersion(13, { foreignKeys: true });
    db.prepare(
      `INSERT INTO ledger_people (id, name, suggested, shortlisted, invited, accepted, declined, no_answer, reviewing, last_invited_at,
         acceptance_rate, first_seen_at, last_seen_at) VALUES (1, 'Ada', 0, 0, 0, 0, 0, 0, 0, NULL, NULL, 1, 1)`,
    ).run();
    expect(migrate(db, MIGRATIONS, log, 14)).toEqual([14]);
    expect(db.prepare('SELECT count(*) FROM ledger_stale').pluck().get()).toBe(0);
    const mark = db.prepare('INSERT OR IGNORE INTO ledger_stale (person_id) VALUES (?)');
    mark.run(1);
    mark.run(1);
    expect(db.prepare('SELECT person_id FROM ledger_stale').pluck().all()).toEqual([1]);
    // Only people of the ledger can wait.
    expect(() => mark.run(2)).toThrow(/FOREIGN KEY/);
    db.prepare('DELETE FROM ledger_people WHERE id = 1').run();
    expect(db.prepare('SELECT count(*) FROM ledger_stale').pluck().get()).toBe(0);
    db.close();
  });
});
