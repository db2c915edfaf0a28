// Migration 19: the outbox table rebuilt without its CHECK on kind (the kinds registry checks them): every
// row, id, dependency and park reason kept, the indexes back, and a kind the old list did not name now stored.
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../electron/core/cache';
import { migrate } from '../../../electron/core/cache/migrate';
import { openAtVersion } from './migration-fixtures';

const insert = `INSERT INTO outbox (id, profile_id, kind, entity_key, payload_json, depends_on, state, attempts, next_attempt_at,
  error_code, error_message, created_at, updated_at, park_reason)
  VALUES (@id, 'p', @kind, @key, '{}', @dependsOn, @state, 0, 5, NULL, NULL, 1, 2, @parkReason)`;

describe('migration 19: outbox kinds in code', () => {
  it('keeps every row with its id, dependency and park reason; a new kind needs no table change; dependencies still hold', () => {
    const { db, log } = openAtVersion(18, { foreignKeys: true, seed: 'profile' });
    const add = db.prepare(insert);
    add.run({ id: 1, kind: 'group_create', key: 'g:1', dependsOn: null, state: 'queued', parkReason: null });
    add.run({ id: 2, kind: 'author_put', key: 'a:1', dependsOn: 1, state: 'parked', parkReason: 'rejected' });
    add.run({ id: 3, kind: 'upload', key: 'u:1', dependsOn: null, state: 'done', parkReason: null });
    // Before: the table refuses a kind its CHECK does not list.
    expect(() => add.run({ id: 4, kind: 'office_future', key: 'x', dependsOn: null, state: 'queued', parkReason: null })).toThrow(/CHECK/);
    const before = db.prepare('SELECT * FROM outbox ORDER BY id').all();

    expect(migrate(db, MIGRATIONS, log, 19)).toEqual([19]);
    expect(db.prepare('SELECT * FROM outbox ORDER BY id').all()).toEqual(before);
    add.run({ id: 4, kind: 'office_future', key: 'x', dependsOn: null, state: 'queued', parkReason: null });
    expect(() => add.run({ id: 5, kind: '', key: 'y', dependsOn: null, state: 'queued', parkReason: null })).toThrow(/CHECK/);
    expect(() => add.run({ id: 5, kind: 'upload', key: 'y', dependsOn: null, state: 'lost', parkReason: null })).toThrow(/CHECK/);
    const indexes = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'outbox' ORDER BY name").pluck().all();
    expect(indexes).toEqual(['outbox_depends', 'outbox_entity', 'outbox_open', 'outbox_state']);
    // The dependency refers to the rebuilt table: removing the group's entry clears it, and a missing one is refused.
    expect(db.prepare('SELECT sql FROM sqlite_master WHERE name = ?').pluck().get('outbox')).toMatch(/REFERENCES "?outbox"?\(id\)/);
    expect(() => add.run({ id: 6, kind: 'upload', key: 'z', dependsOn: 99, state: 'queued', parkReason: null })).toThrow(/FOREIGN KEY/);
    db.prepare('DELETE FROM outbox WHERE id = 1').run();
    expect(db.prepare('SELECT depends_on FROM outbox WHERE id = 2').pluck().get()).toBeNull();
    expect(db.pragma('foreign_key_check')).toEqual([]);
    db.close();
  });
});
