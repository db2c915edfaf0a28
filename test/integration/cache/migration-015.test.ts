// Migration 15: decline reasons on shortlist entries, availability by author_id, the invite-now count
// per manuscript. Entries declined before keep a null reason ("not recorded"); bad values are refused.
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../electron/core/cache';
import { migrate } from '../../../electron/core/cache/migrate';
import { openAtVersion } from './migration-fixtures';

describe('migration 15: decline reasons, availability, invite-now count', () => {
  it('keeps old declines as "not recorded", stores reasons, dates and counts, and refuses what does not fit', () => {
    const { db, log } = openAtVersion(14, { seed: 'manuscript', originId: 'o' });
    db.prepare(
      `INSERT INTO shortlist (profile_id, manuscript_id, author_id, position, name, status, invited_at, answered_at, created_at, updated_at)
       VALUES ('p', 1, 7, 1, 'Ada', 'declined', 50, 60, 1, 1)`,
    ).run();

    expect(migrate(db, MIGRATIONS, log, 15)).toEqual([15]);
    expect(db.prepare('SELECT status, decline_reason, decline_text FROM shortlist').get()).toEqual({
      status: 'declined',
      decline_reason: null,
      decline_text: null,
    });
    db.prepare("UPDATE shortlist SET decline_reason = 'other', decline_text = 'Moving labs'").run();
    expect(() => db.prepare("UPDATE shortlist SET decline_reason = 'bored'").run()).toThrow(/CHECK/);

    db.prepare("INSERT INTO availability (author_id, until, source, set_at) VALUES (7, '2027-01-15', 'declined', 70)").run();
    expect(() => db.prepare("INSERT INTO availability (author_id, until, source, set_at) VALUES (8, 'soon', 'typed', 70)").run()).toThrow(
      /CHECK/,
    );
    expect(() =>
      db.prepare("INSERT INTO availability (author_id, until, source, set_at) VALUES (9, '2027-01-15', 'guessed', 70)").run(),
    ).toThrow(/CHECK/);

    db.prepare('INSERT INTO shortlist_rounds (manuscript_id, invite_now, updated_at) VALUES (1, 2, 80)').run();
    expect(() => db.prepare('UPDATE shortlist_rounds SET invite_now = 0').run()).toThrow(/CHECK/);
    // A manuscript that goes takes its count along.
    db.pragma('foreign_keys = ON');
    db.prepare('DELETE FROM manuscripts WHERE id = 1').run();
    expect(db.prepare('SELECT count(*) AS n FROM shortlist_rounds').get()).toEqual({ n: 0 });
    // Availability is the person's, not the manuscript's: it stays.
    expect(db.prepare('SELECT author_id, until, source FROM availability').all()).toEqual([
      { author_id: 7, until: '2027-01-15', source: 'declined' },
    ]);
    db.close();
  });
});
