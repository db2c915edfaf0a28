// Migration 6: shortlist, invitation settings and the reviewer ledger. People already seen as
// candidates are taken into the ledger with the merge rules (ORCID, then e-mail) and their
// suggestion counts; the ledger is searchable; the shortlist's constraints hold.
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

const X = '0000-0002-1825-0097';

function v5WithPeople(): Database.Database {
  const db = new Database(join(dir, 'c.db'));
  migrate(db, MIGRATIONS, new MemoryLogger(), 5);
  for (const p of ['p', 'q']) db.prepare("INSERT INTO profiles VALUES (?, 'P', 'http://x', 'demo', 1, NULL, NULL)").run(p);
  db.prepare("INSERT INTO folders (id, profile_id, name, first_used_at) VALUES (1, 'p', 'F', 1), (2, 'q', 'G', 1)").run();
  const ms = db.prepare(
    'INSERT INTO manuscripts (id, profile_id, origin_id, folder_id, title, abstract, authors_count, ' +
      'authors_json, authors_text, form_json, sync_state, created_at, updated_at) VALUES (?, ?, ?, ?, ' +
      "'T', 'A', 0, '[]', '', '{}', 'synced', 1, 1)",
  );
  ms.run(1, 'p', 'o1', 1);
  ms.run(2, 'p', 'o2', 1);
  ms.run(3, 'q', 'o3', 2);
  const author = db.prepare(
    'INSERT INTO authors (profile_id, author_id, name, affiliation, email, orcid, concepts, ' +
      "suggestions_count, first_seen_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?, '', 0, ?, ?)",
  );
  // 100 and 200 share an ORCID (200 written as a URL); 300 shares 100's e-mail in another case; 400 is alone.
  author.run('p', 100, 'Ana Pérez', 'Madrid', 'Ana@Uni.es', null, 1, 5);
  author.run('q', 200, 'A. Pérez', null, null, `https://orcid.org/${X}`, 2, 2);
  author.run('p', 300, 'Ana Perez', 'Madrid', 'ana@uni.es', X, 3, 3);
  author.run('p', 400, 'Li Wei', 'Beijing', null, null, 4, 4);
  const link = db.prepare('INSERT INTO author_manuscripts (profile_id, author_id, manuscript_id, first_run_id) VALUES (?, ?, ?, 1)');
  link.run('p', 100, 1);
  link.run('p', 100, 2);
  link.run('q', 200, 3);
  link.run('p', 300, 2);
  link.run('p', 400, 1);
  return db;
}

describe('migration 6: shortlist and reviewer ledger', () => {
  it('takes people already seen into the ledger, merged by e-mail and ORCID, with their suggestions', () => {
    const db = v5WithPeople();
    expect(migrate(db, MIGRATIONS, new MemoryLogger(), 6)).toEqual([6]);
    const members = db.prepare('SELECT author_id, person_id, rule, orcid, email FROM ledger_members ORDER BY author_id').all() as Array<{
      author_id: number;
      person_id: number;
      rule: string;
      orcid: string | null;
      email: string | null;
    }>;
    expect(members.map((m) => [m.author_id, m.rule])).toEqual([
      [100, 'author_id'],
      [200, 'author_id'],
      [300, 'orcid'],
      [400, 'author_id'],
    ]);
    // 300 carries 200's ORCID (merge by ORCID wins over 100's e-mail); 100 stays alone: its e-mail
    // person is 300's, but 300 arrived after 100, and a known author_id never moves by itself.
    expect(members.find((m) => m.author_id === 300)!.person_id).toBe(members.find((m) => m.author_id === 200)!.person_id);
    expect(members.find((m) => m.author_id === 200)!.orcid).toBe(X);
    expect(members.find((m) => m.author_id === 100)!.email).toBe('ana@uni.es');
    const people = db.prepare('SELECT name, suggested FROM ledger_people ORDER BY id').all();
    expect(people).toEqual([
      { name: 'Ana Pérez', suggested: 2 },
      { name: 'A. Pérez', suggested: 2 },
      { name: 'Li Wei', suggested: 1 },
    ]);
    const find = (q: string) =>
      db.prepare<[string], { rowid: number }>('SELECT rowid FROM ledger_people_fts WHERE ledger_people_fts MATCH ?').all(q).length;
    expect(find('perez')).toBe(2);
    expect(find('"beij"*')).toBe(1);
    db.close();
  });

  it('merges a later author_id by e-mail when no ORCID contradicts it', () => {
    const db = new Database(join(dir, 'e.db'));
    migrate(db, MIGRATIONS, new MemoryLogger(), 5);
    db.prepare("INSERT INTO profiles VALUES ('p', 'P', 'http://x', 'demo', 1, NULL, NULL)").run();
    const author = db.prepare(
      "INSERT INTO authors (profile_id, author_id, name, email, concepts, first_seen_at, last_seen_at) VALUES ('p', ?, 'N', ?, '', ?, ?)",
    );
    author.run(1, 'jd@x.org', 1, 1);
    author.run(2, ' JD@X.ORG ', 2, 2);
    migrate(db, MIGRATIONS, new MemoryLogger(), 6);
    expect(db.prepare('SELECT author_id, person_id, rule FROM ledger_members ORDER BY author_id').all()).toEqual([
      { author_id: 1, person_id: 1, rule: 'author_id' },
      { author_id: 2, person_id: 1, rule: 'email' },
    ]);
    db.close();
  });

  it('constrains shortlist statuses and due dates, one entry per person and manuscript, gone with its manuscript', () => {
    const db = v5WithPeople();
    migrate(db, MIGRATIONS, new MemoryLogger(), 6);
    db.pragma('foreign_keys = ON');
    const add = db.prepare(
      'INSERT INTO shortlist (profile_id, manuscript_id, author_id, position, name, status, due_date, ' +
        "created_at, updated_at) VALUES ('p', 1, ?, 1, 'N', ?, ?, 1, 1)",
    );
    add.run(100, 'shortlisted', '2026-12-01');
    expect(() => add.run(100, 'shortlisted', null)).toThrow(/UNIQUE/);
    expect(() => add.run(400, 'maybe', null)).toThrow(/CHECK/);
    expect(() => add.run(400, 'invited', '1 Dec 2026')).toThrow(/CHECK/);
    expect(() => db.prepare("INSERT INTO invitation_settings VALUES (1, '', 's', 'b', 0, 3, 180, 2)").run()).toThrow(/CHECK/);
    db.prepare('DELETE FROM manuscripts WHERE id = 1').run();
    expect(db.prepare('SELECT count(*) AS n FROM shortlist').get()).toEqual({ n: 0 });
    db.close();
  });
});
