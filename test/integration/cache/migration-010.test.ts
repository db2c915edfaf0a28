// Migration 10: authors_groups.verified_at. Created groups with a number were answered for by the
// service; groups added by number count as verified only where one of their authors was read.
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../electron/core/cache';
import { migrate } from '../../../electron/core/cache/migrate';
import { openAtVersion } from './migration-fixtures';

describe('migration 10: groups verified', () => {
  it('marks created groups and added groups with a read author verified, and no others', () => {
    const { db, log } = openAtVersion(9, { seed: 'profile' });
    const group = db.prepare(
      "INSERT INTO authors_groups (profile_id, service_id, name, origin, sync_state, created_at) VALUES ('p', ?, ?, ?, ?, 5) RETURNING id",
    );
    const created = (group.get(1, 'created', 'created', 'synced') as { id: number }).id;
    const pending = (group.get(null, 'pending', 'created', 'pending') as { id: number }).id;
    const read = (group.get(2, 'read', 'added', 'synced') as { id: number }).id;
    const typed = (group.get(999, 'typed', 'added', 'synced') as { id: number }).id;
    const author = db.prepare(
      "INSERT INTO group_authors (group_id, client_id, custom_json, sync_state, fetched_at, updated_at) VALUES (?, ?, '{}', 'synced', ?, 1)",
    );
    author.run(read, 'a', 42);
    author.run(typed, 'b', null);

    expect(migrate(db, MIGRATIONS, log, 10)).toEqual([10]);
    const verified = Object.fromEntries(
      (db.prepare('SELECT id, verified_at FROM authors_groups').all() as Array<{ id: number; verified_at: number | null }>).map((r) => [
        r.id,
        r.verified_at,
      ]),
    );
    expect(verified).toEqual({ [created]: 5, [pending]: null, [read]: 42, [typed]: null });
    db.close();
  });
});
