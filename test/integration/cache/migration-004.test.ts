// Migration 4: webhook_receipts (deliveries answered without touching the marks) on a database
// that already holds webhook events; the events stay, receipts constrain their outcome and go
// with their profile.
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../electron/core/cache';
import { migrate } from '../../../electron/core/cache/migrate';
import { openAtVersion } from './migration-fixtures';

describe('migration 4: webhook receipts', () => {
  it('adds webhook_receipts beside the existing webhook events', () => {
    const { db, log } = openAtVersion(3);
    db.pragma('foreign_keys = ON');
    db.prepare("INSERT INTO profiles VALUES ('p', 'P', 'http://x', 'demo', 1, NULL, NULL)").run();
    db.prepare(
      'INSERT INTO webhook_events (profile_id, service_manuscript_id, origin_id, event_order, ' +
        "received_at, outcome, payload_json) VALUES ('p', 10, 'o1', 1, 5, 'parked', '{}')",
    ).run();
    expect(migrate(db, MIGRATIONS, log, 4)).toEqual([4]);
    expect(db.pragma('user_version', { simple: true })).toBe(4);
    expect(db.prepare('SELECT outcome FROM webhook_events').pluck().all()).toEqual(['parked']);

    const add = db.prepare(
      'INSERT INTO webhook_receipts (profile_id, received_at, status, outcome, reason, ' +
        "service_manuscript_id, event_order, remote) VALUES (?, 6, 401, ?, 'api_key does not match', 10, " +
        "2, '127.0.0.1')",
    );
    add.run('p', 'rejected');
    add.run(null, 'test');
    expect(() => add.run('p', 'applied')).toThrow(/CHECK/);
    expect(() => add.run('nobody', 'rejected')).toThrow(/FOREIGN KEY/);
    db.prepare("DELETE FROM profiles WHERE id = 'p'").run();
    expect(db.prepare('SELECT profile_id, outcome FROM webhook_receipts').all()).toEqual([{ profile_id: null, outcome: 'test' }]);
    db.close();
  });
});
