// Migration 13: the editorial office's tables and the reviewer_entries view the ledger counts from:
// the editor's shortlist plus colleagues' entries of manuscripts the editor has no entry of.
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../electron/core/cache';
import { migrate } from '../../../electron/core/cache/migrate';
import { openAtVersion } from './migration-fixtures';

describe('migration 13: the editorial office', () => {
  it('keeps the shortlist as it was and counts colleagues’ entries only where the editor has none', () => {
    const { db, log } = openAtVersion(12, { seed: 'manuscript' });
    db.prepare(
      `INSERT INTO shortlist (profile_id, manuscript_id, author_id, position, name, status, invited_at, created_at, updated_at)
       VALUES ('p', 1, 7, 1, 'Ada', 'invited', 50, 1, 1)`,
    ).run();

    db.prepare(
      `INSERT INTO ledger_people (id, name, suggested, shortlisted, invited, accepted, declined, no_answer, reviewing, last_invited_at,
         acceptance_rate, first_seen_at, last_seen_at) VALUES (1, 'Ada', 2, 1, 1, 0, 0, 0, 0, 50, NULL, 1, 1)`,
    ).run();

    expect(migrate(db, MIGRATIONS, log, 13)).toEqual([13]);
    // The counts so far were the editor's own: they become "Only mine"'s too.
    expect(db.prepare('SELECT mine_shortlisted, mine_invited, mine_last_invited_at FROM ledger_people').get()).toEqual({
      mine_shortlisted: 1,
      mine_invited: 1,
      mine_last_invited_at: 50,
    });
    const entries = () => db.prepare('SELECT author_id, status, invited_at FROM reviewer_entries ORDER BY author_id, status').all();
    expect(entries()).toEqual([{ author_id: 7, status: 'invited', invited_at: 50 }]);

    const office = db.prepare(
      `INSERT INTO office_entries (profile_id, origin_id, author_id, folder, title, name, status, invited_at, note, removed, added_by, changed_by, xid, seq)
       VALUES ('p', ?, ?, 'F', 'T', 'N', ?, ?, '', ?, 'bob', 'bob', 1, ?)`,
    );
    office.run('mine', 7, 'accepted', 50, 0, 1); // the same entry as the editor's own: counted once, from shortlist
    office.run('theirs', 7, 'invited', 60, 0, 2); // a colleague's manuscript: counted
    office.run('gone', 8, 'invited', 70, 1, 3); // removed: not counted
    expect(entries()).toEqual([
      { author_id: 7, status: 'invited', invited_at: 50 },
      { author_id: 7, status: 'invited', invited_at: 60 },
    ]);
    for (const t of ['office_links', 'office_events', 'office_cursors', 'office_invites', 'office_outbox'])
      expect(db.prepare('SELECT count(*) AS n FROM sqlite_schema WHERE name = ?').get(t)).toEqual({ n: 1 });
    db.close();
  });
});
