// Row-level security and privileges, tried with hand-written SQL through an editor's own login: an
// editor of J1 cannot read or write J2's events, cannot forge the author or the server's columns,
// cannot change or delete events, memberships or the schema, and cannot become another editor.
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEditor, initOffice } from '../../../electron/core/office/admin';
import type { PgCluster } from '../../support/pg-cluster';
import { asAdmin, freshDatabase, pgAvailable, PG_MISSING, startPgCluster } from '../../support/pg-cluster';

if (!pgAvailable()) console.warn(`office row-level security: skipped, ${PG_MISSING}`);

const PW = 'correct horse battery';

describe.skipIf(!pgAvailable())('office row-level security through an editor login', () => {
  let pg: PgCluster;
  let db: string;
  let alice: Client;
  let bob: Client;
  const j2Event = '00000000-0000-4000-8000-0000000000b2';

  beforeAll(async () => {
    pg = await startPgCluster();
    db = await freshDatabase(pg);
    const admin = { url: pg.urlFor(db) };
    await initOffice(admin);
    await addEditor(admin, 'alice', ['J1'], PW);
    await addEditor(admin, 'bob', ['J2'], PW);
    alice = new Client({ connectionString: pg.urlFor(db, 'alice', PW) });
    bob = new Client({ connectionString: pg.urlFor(db, 'bob', PW) });
    await alice.connect();
    await bob.connect();
    await bob.query(`INSERT INTO office.events (id, folder, kind, body) VALUES ($1, 'J2', 'note', '{"secret": "J2 only"}')`, [j2Event]);
    await alice.query(`INSERT INTO office.events (id, folder, kind, body) VALUES (gen_random_uuid(), 'J1', 'note', '{}')`);
  });
  afterAll(async () => {
    await alice?.end();
    await bob?.end();
    await pg?.stop();
  });

  /** The SQLSTATE alice's statement fails with, or 'ok'. */
  const asAlice = async (sql: string, values: unknown[] = []): Promise<string> => {
    try {
      await alice.query(sql, values);
      return 'ok';
    } catch (err) {
      return (err as { code?: string }).code ?? String(err);
    }
  };

  it('reads only the events and memberships of her own folders', async () => {
    expect((await asAdmin(pg, db, 'SELECT id FROM office.events')).length).toBe(2);
    const all = await alice.query<{ folder: string }>('SELECT folder FROM office.events');
    expect(all.rows.map((r) => r.folder)).toEqual(['J1']);
    expect((await alice.query(`SELECT * FROM office.events WHERE folder = 'J2' OR id = $1`, [j2Event])).rowCount).toBe(0);
    expect((await alice.query('SELECT login, folder FROM office.members')).rows).toEqual([{ login: 'alice', folder: 'J1' }]);
  });

  it('cannot write into a folder that is not hers', async () => {
    expect(await asAlice(`INSERT INTO office.events (id, folder, kind, body) VALUES (gen_random_uuid(), 'J2', 'note', '{}')`)).toBe(
      '42501',
    );
    expect((await asAdmin(pg, db, `SELECT 1 FROM office.events WHERE folder = 'J2'`)).length).toBe(1);
  });

  it('cannot forge the author, the transaction, the order or the time', async () => {
    const forged = [
      `INSERT INTO office.events (id, folder, kind, body, author) VALUES (gen_random_uuid(), 'J1', 'note', '{}', 'bob')`,
      `INSERT INTO office.events (id, folder, kind, body, xid) VALUES (gen_random_uuid(), 'J1', 'note', '{}', 1)`,
      `INSERT INTO office.events (id, folder, kind, body, at) VALUES (gen_random_uuid(), 'J1', 'note', '{}', now() - interval '1 year')`,
      `INSERT INTO office.events (seq, id, folder, kind, body) OVERRIDING SYSTEM VALUE VALUES (1, gen_random_uuid(), 'J1', 'note', '{}')`,
    ];
    for (const sql of forged) expect(await asAlice(sql)).toBe('42501');
    const authors = await asAdmin<{ author: string }>(pg, db, `SELECT DISTINCT author FROM office.events WHERE folder = 'J1'`);
    expect(authors).toEqual([{ author: 'alice' }]);
  });

  it('cannot change or delete events, memberships, folders or the schema', async () => {
    const attempts = [
      `UPDATE office.events SET body = '{"changed": true}'`,
      `UPDATE office.events SET author = 'bob'`,
      `DELETE FROM office.events`,
      `TRUNCATE office.events`,
      `INSERT INTO office.members (login, folder) VALUES ('alice', 'J2')`,
      `UPDATE office.members SET folder = 'J2'`,
      `DELETE FROM office.members`,
      `INSERT INTO office.folders (name) VALUES ('J3')`,
      `UPDATE office.meta SET value = '99'`,
      `ALTER TABLE office.events DISABLE ROW LEVEL SECURITY`,
      `DROP POLICY events_read ON office.events`,
      `CREATE TABLE office.mine (x int)`,
      `SET ROLE bob`,
      `SET ROLE postgres`,
    ];
    for (const sql of attempts) expect([sql, await asAlice(sql)]).toEqual([sql, '42501']);
    expect((await asAdmin(pg, db, 'SELECT 1 FROM office.events')).length).toBe(2);
    expect((await asAdmin(pg, db, 'SELECT login, folder FROM office.members ORDER BY login')).length).toBe(2);
  });
});
