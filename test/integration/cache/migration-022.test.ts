// Migration 22: the office events a cache keeps are keyed by the server's order (profile, folder, xid, seq), not
// by the event's id; the rows kept before it stay, and an event applied again is still ignored.
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../electron/core/cache';
import { migrate } from '../../../electron/core/cache/migrate';
import { openAtVersion } from './migration-fixtures';

describe('migration 22: office events in the server’s order', () => {
  it('keeps every event, keys them by (profile, folder, xid, seq) and still ignores one applied again', () => {
    const { db, log } = openAtVersion(21, { seed: 'profile', foreignKeys: true });
    const before = db.prepare(
      `INSERT INTO office_events (profile_id, id, folder, author, kind, body_json, xid, seq, at) VALUES ('p', ?, ?, 'bob', 'shortlist.entry', '', ?, ?, 1)`,
    );
    before.run('b-id', 'J1', 7, 2);
    before.run('a-id', 'J1', 7, 1);
    before.run('c-id', 'J2', 3, 3);

    expect(migrate(db, MIGRATIONS, log, 22)).toEqual([22]);
    const rows = () => db.prepare('SELECT folder, xid, seq, id FROM office_events').all();
    // Read in the key's order: per folder, by xid then seq (the id no longer orders anything).
    expect(rows()).toEqual([
      { folder: 'J1', xid: 7, seq: 1, id: 'a-id' },
      { folder: 'J1', xid: 7, seq: 2, id: 'b-id' },
      { folder: 'J2', xid: 3, seq: 3, id: 'c-id' },
    ]);
    const pk = db.prepare("SELECT name FROM pragma_table_info('office_events') WHERE pk > 0 ORDER BY pk").pluck().all();
    expect(pk).toEqual(['profile_id', 'folder', 'xid', 'seq']);
    expect(db.prepare("SELECT sql FROM sqlite_master WHERE name = 'office_events'").pluck().get()).toMatch(/WITHOUT ROWID/);
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'office_events_order'").pluck().get()).toBe(0);

    // The cache's own insert (OR IGNORE): the same event again changes nothing, a new one is kept.
    const again = db.prepare(
      `INSERT OR IGNORE INTO office_events (profile_id, id, folder, author, kind, body_json, xid, seq, at) VALUES ('p', ?, 'J1', 'bob', 'k', '', ?, ?, 1)`,
    );
    expect(again.run('a-id', 7, 1).changes).toBe(0);
    expect(again.run('d-id', 8, 4).changes).toBe(1);
    // Still the profile's: removing the profile removes its events.
    db.prepare("DELETE FROM profiles WHERE id = 'p'").run();
    expect(db.prepare('SELECT count(*) FROM office_events').pluck().get()).toBe(0);
  });
});
