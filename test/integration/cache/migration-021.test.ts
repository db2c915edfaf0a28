// Migration 21: who made a shared decision about a person (a colleague's login) on do-not-invite entries,
// availability dates, bounced addresses and authors' request lines; earlier rows read null (the editor's own).
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../electron/core/cache';
import { migrate } from '../../../electron/core/cache/migrate';
import { MemoryLogger, tempDir } from './fixtures';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

describe('migration 21: who decided', () => {
  it('adds set_by (null on earlier rows, bounded) to do-not-invite, availability, bounced addresses and requests', () => {
    const db = new Database(join(dir, 'c.db'));
    db.pragma('foreign_keys = ON');
    const log = new MemoryLogger();
    migrate(db, MIGRATIONS, log, 20);
    db.prepare("INSERT INTO profiles VALUES ('p', 'P', 'http://x', 'demo', 1, NULL, NULL)").run();
    db.prepare("INSERT INTO ledger_people (id, name, first_seen_at, last_seen_at) VALUES (1, 'Ann Lee', 1, 1)").run();
    db.prepare("INSERT INTO do_not_invite VALUES (1, 'k', 'Ann Lee', 'conflict', NULL, 1, 2)").run();
    db.prepare("INSERT INTO availability VALUES (7, '2027-01-01', 'typed', 3)").run();
    db.prepare("INSERT INTO bounced_emails VALUES ('a@x.org', 4)").run();

    expect(migrate(db, MIGRATIONS, log, 21)).toEqual([21]);
    expect(db.pragma('user_version', { simple: true })).toBe(21);
    expect(db.prepare('SELECT reason, updated_at, set_by FROM do_not_invite').get()).toEqual({
      reason: 'conflict',
      updated_at: 2,
      set_by: null,
    });
    expect(db.prepare('SELECT until, set_by FROM availability').get()).toEqual({ until: '2027-01-01', set_by: null });
    expect(db.prepare('SELECT email, set_by FROM bounced_emails').get()).toEqual({ email: 'a@x.org', set_by: null });
    expect(db.prepare("SELECT count(*) FROM pragma_table_info('author_requests') WHERE name = 'set_by'").pluck().get()).toBe(1);

    db.prepare("UPDATE do_not_invite SET set_by = 'ann'").run();
    expect(db.prepare('SELECT set_by FROM do_not_invite').pluck().get()).toBe('ann');
    expect(() => db.prepare("UPDATE bounced_emails SET set_by = ''").run()).toThrow(/CHECK/);
    expect(() => db.prepare('UPDATE availability SET set_by = @s').run({ s: 'x'.repeat(201) })).toThrow(/CHECK/);
    db.close();
  });
});
