// Migration 8: two partial indexes for the outbox queries that the older ones did not serve (a group
// creation's dependents, open entries by state). Queued entries are kept and the planner uses them.
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../electron/core/cache';
import { migrate } from '../../../electron/core/cache/migrate';
import { openAtVersion } from './migration-fixtures';

const plan = (db: Database.Database, sql: string) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((r) => r.detail).join(' | ');

describe('migration 8: outbox indexes', () => {
  it('keeps queued entries and serves the dependents and by-state queries from an index', () => {
    const { db, log } = openAtVersion(7, { seed: 'profile' });
    const add = db.prepare(
      'INSERT INTO outbox (profile_id, kind, entity_key, payload_json, depends_on, state, attempts, ' +
        "next_attempt_at, created_at, updated_at) VALUES ('p', ?, ?, '{}', ?, ?, 0, 0, 1, 1)",
    );
    const group = Number(add.run('group_create', 'g1', null, 'queued').lastInsertRowid);
    add.run('author_put', 'a1', group, 'queued');
    add.run('upload', 'm1', null, 'done');
    const dependents = "SELECT * FROM outbox WHERE depends_on = 1 AND state <> 'done'";
    const open = "SELECT kind, count(*) AS n FROM outbox WHERE state = 'sending' AND state <> 'done' GROUP BY kind";
    expect(plan(db, dependents)).not.toContain('outbox_depends');

    expect(migrate(db, MIGRATIONS, log, 8)).toEqual([8]);
    expect(db.prepare('SELECT kind, depends_on, state FROM outbox ORDER BY id').all()).toEqual([
      { kind: 'group_create', depends_on: null, state: 'queued' },
      { kind: 'author_put', depends_on: group, state: 'queued' },
      { kind: 'upload', depends_on: null, state: 'done' },
    ]);
    expect(plan(db, dependents)).toContain('outbox_depends');
    expect(plan(db, open)).toContain('outbox_state');
    db.close();
  });
});
