// Migration 20: a shared entry's decline reason in office_entries (earlier rows read "not recorded"), and
// office_parked for colleagues' events waiting for their manuscript: one row per profile and event, gone with
// its profile.
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../electron/core/cache';
import { migrate } from '../../../electron/core/cache/migrate';
import { openAtVersion } from './migration-fixtures';

describe('migration 20: office decisions', () => {
  it('adds the decline reason to office entries (null on earlier rows) and office_parked, gone with its profile', () => {
    const { db, log } = openAtVersion(19, { foreignKeys: true, seed: 'profile' });
    db.prepare(
      `INSERT INTO office_entries (profile_id, origin_id, author_id, folder, title, name, status, note, removed, added_by, changed_by, xid, seq)
       VALUES ('p', 'o1', 7, 'J1', 'T', 'N', 'declined', '', 0, 'ann', 'ann', 1, 1)`,
    ).run();

    expect(migrate(db, MIGRATIONS, log, 20)).toEqual([20]);
    expect(db.pragma('user_version', { simple: true })).toBe(20);
    expect(db.prepare('SELECT status, decline_reason, decline_text FROM office_entries').get()).toEqual({
      status: 'declined',
      decline_reason: null,
      decline_text: null,
    });
    db.prepare("UPDATE office_entries SET decline_reason = 'other', decline_text = 'moving labs'").run();
    expect(() => db.prepare("UPDATE office_entries SET decline_reason = 'bored'").run()).toThrow(/CHECK/);

    const park = db.prepare(
      `INSERT INTO office_parked (profile_id, id, folder, origin_id, author, kind, body_json, xid, seq, at)
       VALUES (@p, @id, 'J1', 'o2', 'ann', 'requests.entry', '{}', 5, @seq, 1)`,
    );
    park.run({ p: 'p', id: 'e1', seq: 1 });
    park.run({ p: 'p', id: 'e2', seq: 2 });
    expect(() => park.run({ p: 'p', id: 'e1', seq: 3 })).toThrow(/UNIQUE|PRIMARY/);
    expect(() => park.run({ p: 'nobody', id: 'e3', seq: 4 })).toThrow(/FOREIGN KEY/);
    const plan = db
      .prepare(
        "EXPLAIN QUERY PLAN SELECT id FROM office_parked WHERE profile_id = 'p' AND origin_id = 'o2' AND folder = 'J1' ORDER BY xid, seq",
      )
      .all() as Array<{ detail: string }>;
    expect(plan.map((r) => r.detail).join(' ')).toMatch(/USING INDEX office_parked_manuscript/);
    expect(plan.map((r) => r.detail).join(' ')).not.toMatch(/TEMP B-TREE/);
    db.prepare('DELETE FROM office_entries').run();
    db.prepare("DELETE FROM profiles WHERE id = 'p'").run();
    expect(db.prepare('SELECT count(*) FROM office_parked').pluck().get()).toBe(0);
    db.close();
  });
});
