// Migration 12: group_authors.base_json, the service's last known values of an author. A synced row
// holds them; a row with a write waiting (pending, failed, deleting) has none known.
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../electron/core/cache';
import { migrate } from '../../../electron/core/cache/migrate';
import { openAtVersion } from './migration-fixtures';

describe('migration 12: authors’ last known values', () => {
  it('copies the values of synced authors, and of no others', () => {
    const { db, log } = openAtVersion(11, { seed: 'profile' });
    const g = (
      db
        .prepare(
          "INSERT INTO authors_groups (profile_id, service_id, name, origin, sync_state, created_at) VALUES ('p', 1, 'g', 'added', 'synced', 5) RETURNING id",
        )
        .get() as { id: number }
    ).id;
    const author = db.prepare(
      `INSERT INTO group_authors (group_id, client_id, name, emails_json, affiliations_json, custom_json, sync_state, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 1)`,
    );
    author.run(g, 'synced', 'Ada', '["ada@example.org"]', null, '{"f1":3,"f2":["a","b"]}', 'synced');
    author.run(g, 'failed', 'Bob', null, '["X"]', '{}', 'failed');
    author.run(g, 'pending', 'Cy', null, null, '{}', 'pending');

    expect(migrate(db, MIGRATIONS, log, 12)).toEqual([12]);
    const base = Object.fromEntries(
      (db.prepare('SELECT client_id, base_json FROM group_authors').all() as Array<{ client_id: string; base_json: string | null }>).map(
        (r) => [r.client_id, r.base_json === null ? null : JSON.parse(r.base_json)],
      ),
    );
    expect(base).toEqual({
      synced: {
        name: 'Ada',
        emails: ['ada@example.org'],
        orcids: null,
        articles: null,
        affiliations: null,
        customFields: { f1: 3, f2: ['a', 'b'] },
      },
      failed: null,
      pending: null,
    });
    db.close();
  });
});
