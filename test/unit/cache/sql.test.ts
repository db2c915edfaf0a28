import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { ftsQuery, insertInto, keepWhenNull, statementCache } from '../../../electron/core/cache/sql';

describe('ftsQuery', () => {
  it('quotes every word as a prefix term so operators and punctuation cannot break the query', () => {
    expect(ftsQuery('protein fold')).toBe('"protein"* "fold"*');
    expect(ftsQuery('"OR NEAR( AND* -x')).toBe('"OR"* "NEAR"* "AND"* "x"*');
    expect(ftsQuery("Zürich, O'Brien")).toBe('"Zürich"* "O"* "Brien"*');
  });

  it('returns null when nothing searchable is left', () => {
    expect(ftsQuery('  -- ** ')).toBeNull();
  });
});

describe('insertInto', () => {
  it('names one parameter a column, with no conflict clause by default', () => {
    expect(insertInto('marks', ['manuscript_id', 'author_id'])).toBe(
      'INSERT INTO marks (manuscript_id, author_id) VALUES (@manuscript_id, @author_id)',
    );
  });

  it('writes INSERT OR IGNORE / INSERT OR REPLACE', () => {
    expect(insertInto('links', ['a', 'b'], 'IGNORE')).toBe('INSERT OR IGNORE INTO links (a, b) VALUES (@a, @b)');
    expect(insertInto('marks', ['a', 'b'], 'REPLACE')).toBe('INSERT OR REPLACE INTO marks (a, b) VALUES (@a, @b)');
  });

  it('writes an upsert: a column takes the new value, a pair its expression, keepWhenNull keeps the stored one', () => {
    expect(
      insertInto('authors', ['id', 'name', 'email', 'seen'], {
        target: ['id'],
        set: ['name', keepWhenNull('email'), ['seen', 'seen + 1']],
      }),
    ).toBe(
      'INSERT INTO authors (id, name, email, seen) VALUES (@id, @name, @email, @seen)' +
        ' ON CONFLICT (id) DO UPDATE SET name = excluded.name, email = coalesce(excluded.email, email), seen = seen + 1',
    );
  });

  it('refuses an upsert naming a column it does not insert, or with nothing to match or set', () => {
    expect(() => insertInto('t', ['id', 'name'], { target: ['id'], set: ['nmae'] })).toThrow('nmae is not one of the inserted columns');
    expect(() => insertInto('t', ['id', 'name'], { target: ['key'], set: ['name'] })).toThrow('key is not one of the inserted columns');
    expect(() => insertInto('t', ['id', 'name'], { target: [], set: ['name'] })).toThrow('needs a target and a set');
    expect(() => insertInto('t', ['id', 'name'], { target: ['id'], set: [] })).toThrow('needs a target and a set');
  });

  it('runs in SQLite: IGNORE keeps the first row, REPLACE the last, the upsert merges', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, email TEXT)');
    const columns = ['id', 'name', 'email'];
    db.prepare(insertInto('t', columns)).run({ id: 1, name: 'Ada', email: 'ada@x.org' });
    db.prepare(insertInto('t', columns, 'IGNORE')).run({ id: 1, name: 'Ignored', email: null });
    expect(db.prepare('SELECT name, email FROM t').get()).toEqual({ name: 'Ada', email: 'ada@x.org' });
    db.prepare(insertInto('t', columns, { target: ['id'], set: ['name', keepWhenNull('email')] })).run({
      id: 1,
      name: 'Ada L.',
      email: null,
    });
    expect(db.prepare('SELECT name, email FROM t').get()).toEqual({ name: 'Ada L.', email: 'ada@x.org' });
    db.prepare(insertInto('t', columns, 'REPLACE')).run({ id: 1, name: 'Grace', email: null });
    expect(db.prepare('SELECT name, email FROM t').get()).toEqual({ name: 'Grace', email: null });
    expect(() => db.prepare(insertInto('t', columns)).run({ id: 1, name: 'Twice', email: null })).toThrow(/UNIQUE constraint failed/);
    db.close();
  });
});

describe('statementCache', () => {
  it('prepares a SQL text once, keeps at most `max` texts and drops the one used least recently', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (n INTEGER)');
    db.exec('INSERT INTO t VALUES (1), (2), (3)');
    let prepares = 0;
    const prepare = db.prepare.bind(db);
    db.prepare = ((sql: string) => {
      prepares++;
      return prepare(sql);
    }) as typeof db.prepare;
    const stmt = statementCache(db, 2);
    const a = 'SELECT count(*) AS n FROM t WHERE n > ?';
    const b = 'SELECT count(*) AS n FROM t WHERE n < ?';
    const c = 'SELECT count(*) AS n FROM t WHERE n = ?';
    expect(stmt<[number], { n: number }>(a).get(1)!.n).toBe(2);
    expect(stmt(a)).toBe(stmt(a));
    expect(prepares).toBe(1);
    expect(stmt<[number], { n: number }>(b).get(3)!.n).toBe(2);
    stmt(a); // a is now the most recently used: c pushes b out, not a
    expect(stmt<[number], { n: number }>(c).get(2)!.n).toBe(1);
    expect(prepares).toBe(3);
    stmt(a);
    expect(prepares).toBe(3);
    stmt(b);
    expect(prepares).toBe(4);
    db.close();
  });
});
