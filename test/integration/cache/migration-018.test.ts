// Migration 18: the office's receivers (the address a headless receiver announced per folder): a new table only,
// rows of the earlier schema untouched, one row per profile and folder, gone with its profile.
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../electron/core/cache';
import { migrate } from '../../../electron/core/cache/migrate';
import { openAtVersion } from './migration-fixtures';

describe('migration 18: office receivers', () => {
  it('adds office_receivers after 17, keeps the office link, one row per profile and folder, gone with the profile', () => {
    const { db, log } = openAtVersion(17, { foreignKeys: true, seed: 'profile' });
    db.prepare("INSERT INTO office_links (profile_id, url, login, linked_at) VALUES ('p', 'postgres://o/d', 'ann', 1)").run();

    expect(migrate(db, MIGRATIONS, log, 18)).toEqual([18]);
    expect(db.pragma('user_version', { simple: true })).toBe(18);
    expect(db.prepare('SELECT login FROM office_links').pluck().all()).toEqual(['ann']);

    const add = db.prepare(
      "INSERT INTO office_receivers (profile_id, folder, login, url, at) VALUES ('p', @f, 'receiver', 'https://m.example', @at)",
    );
    add.run({ f: 'J1', at: 1 });
    add.run({ f: 'J2', at: 2 });
    expect(() => add.run({ f: 'J1', at: 3 })).toThrow(/UNIQUE|PRIMARY/);
    expect(() =>
      db.prepare("INSERT INTO office_receivers (profile_id, folder, login, url, at) VALUES ('nobody', 'J', 'r', 'u', 1)").run(),
    ).toThrow(/FOREIGN KEY/);
    db.prepare('DELETE FROM office_links').run();
    db.prepare("DELETE FROM profiles WHERE id = 'p'").run();
    expect(db.prepare('SELECT count(*) FROM office_receivers').pluck().get()).toBe(0);
    db.close();
  });
});
