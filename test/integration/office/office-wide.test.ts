// Office schema 3, the office-wide folder for decisions about people, on a throwaway cluster: the migration on
// an office at 2 (its events kept; refused while a journal already has the folder's name), and row-level
// security tried with hand-written SQL through editors' own logins: every editor with a journal reads and
// writes the office-wide kinds there, no other kind; an editor without a journal neither reads nor writes it;
// nobody can be made its member.
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEditor, initOffice } from '../../../electron/core/office/admin';
import { migrateOffice, OFFICE_WIDE_FOLDER } from '../../../electron/core/office/schema';
import type { PgCluster } from '../../support/pg-cluster';
import { asAdmin, freshDatabase, pgAvailable, PG_MISSING, startPgCluster } from '../../support/pg-cluster';

if (!pgAvailable()) console.warn(`office-wide folder: skipped, ${PG_MISSING}`);

const PW = 'correct horse battery';
const INSERT = `INSERT INTO office.events (id, folder, kind, body) VALUES (gen_random_uuid(), $1, $2, $3::jsonb)`;
const DNI = JSON.stringify({ person: { authorIds: [7], name: 'A. Person', email: null, orcid: null }, removed: true });

describe.skipIf(!pgAvailable())('office schema 3: the office-wide folder', () => {
  let pg: PgCluster;
  beforeAll(async () => {
    pg = await startPgCluster();
  });
  afterAll(async () => {
    await pg?.stop();
  });

  const admin = async (db: string): Promise<Client> => {
    const c = new Client({ connectionString: pg.urlFor(db) });
    await c.connect();
    return c;
  };

  it('applies on an office at 2 with its events kept, and adds the folder nobody can be a member of', async () => {
    const db = await freshDatabase(pg);
    const c = await admin(db);
    try {
      expect(await migrateOffice(c, 2)).toEqual({ from: 0, to: 2 });
      await c.query(`INSERT INTO office.folders VALUES ('J1')`);
      await c.query(INSERT, ['J1', 'shortlist.entry', '{"a": 1}']);
      expect(await migrateOffice(c, 3)).toEqual({ from: 2, to: 3 });
      expect((await c.query('SELECT count(*)::int AS n FROM office.events')).rows).toEqual([{ n: 1 }]);
      expect((await c.query('SELECT name FROM office.folders ORDER BY name')).rows).toEqual([{ name: OFFICE_WIDE_FOLDER }, { name: 'J1' }]);
      const refused = await c
        .query(`INSERT INTO office.members VALUES ('ann', $1)`, [OFFICE_WIDE_FOLDER])
        .catch((e: { code: string }) => e);
      expect((refused as { code?: string }).code).toBe('23514');
    } finally {
      await c.end();
    }
  });

  it('is refused, the office left at 2, while a journal already has the folder’s name', async () => {
    const db = await freshDatabase(pg);
    const c = await admin(db);
    try {
      await migrateOffice(c, 2);
      await c.query(`INSERT INTO office.folders VALUES ($1)`, [OFFICE_WIDE_FOLDER]);
      await expect(migrateOffice(c, 3)).rejects.toThrow(/named "\(office\)".*rename it first/);
      expect((await c.query(`SELECT value FROM office.meta WHERE key = 'schema_version'`)).rows).toEqual([{ value: '2' }]);
    } finally {
      await c.end();
    }
  });

  describe('through editors’ logins', () => {
    let db: string;
    const clients: Client[] = [];
    let alice: Client;
    let bob: Client;
    let dave: Client;

    beforeAll(async () => {
      db = await freshDatabase(pg);
      const adm = { url: pg.urlFor(db) };
      await initOffice(adm);
      await addEditor(adm, 'alice', ['J1'], PW);
      await addEditor(adm, 'bob', ['J2'], PW);
      // An editor of the office with no journal (added by hand, as IT might).
      await asAdmin(pg, db, `CREATE ROLE dave LOGIN PASSWORD '${PW}' IN ROLE office_editor`);
      for (const login of ['alice', 'bob', 'dave']) {
        const c = new Client({ connectionString: pg.urlFor(db, login, PW) });
        await c.connect();
        clients.push(c);
      }
      [alice, bob, dave] = clients as [Client, Client, Client];
    });
    afterAll(async () => {
      for (const c of clients) await c.end();
      await asAdmin(pg, db, 'DROP ROLE IF EXISTS dave');
    });

    const code = async (c: Client, sql: string, values: unknown[] = []): Promise<string> => {
      try {
        await c.query(sql, values);
        return 'ok';
      } catch (err) {
        return (err as { code?: string }).code ?? String(err);
      }
    };

    it('an editor of one journal writes an office-wide decision an editor of another journal reads', async () => {
      expect(await code(alice, INSERT, [OFFICE_WIDE_FOLDER, 'person.do_not_invite', DNI])).toBe('ok');
      expect(await code(bob, INSERT, [OFFICE_WIDE_FOLDER, 'email.bounced', '{"email": "a@x.org", "bounced": true}'])).toBe('ok');
      for (const c of [alice, bob]) {
        const seen = await c.query<{ author: string; kind: string }>(
          'SELECT author, kind FROM office.events WHERE folder = $1 ORDER BY seq',
          [OFFICE_WIDE_FOLDER],
        );
        expect(seen.rows).toEqual([
          { author: 'alice', kind: 'person.do_not_invite' },
          { author: 'bob', kind: 'email.bounced' },
        ]);
      }
      // Her journal's events stay hers.
      expect(await code(alice, INSERT, ['J1', 'shortlist.entry', '{}'])).toBe('ok');
      expect((await bob.query(`SELECT 1 FROM office.events WHERE folder = 'J1'`)).rowCount).toBe(0);
    });

    it('takes only the office-wide kinds, with the server’s author', async () => {
      for (const kind of ['shortlist.entry', 'manuscript.run', 'marks.set', 'requests.entry', 'note'])
        expect([kind, await code(alice, INSERT, [OFFICE_WIDE_FOLDER, kind, '{}'])]).toEqual([kind, '42501']);
      const forged = `INSERT INTO office.events (id, folder, kind, body, author) VALUES (gen_random_uuid(), $1, 'email.bounced', '{}', 'bob')`;
      expect(await code(alice, forged, [OFFICE_WIDE_FOLDER])).toBe('42501');
    });

    it('an editor without a journal neither reads nor writes it', async () => {
      expect((await dave.query('SELECT 1 FROM office.events')).rowCount).toBe(0);
      expect(await code(dave, INSERT, [OFFICE_WIDE_FOLDER, 'email.bounced', '{"email": "d@x.org", "bounced": true}'])).toBe('42501');
    });

    it('nobody becomes its member: not through add-editor, not by hand', async () => {
      await expect(addEditor({ url: pg.urlFor(db) }, 'erin', [OFFICE_WIDE_FOLDER], PW)).rejects.toThrow(/office's own folder/);
      expect(await code(alice, `INSERT INTO office.members (login, folder) VALUES ('alice', $1)`, [OFFICE_WIDE_FOLDER])).toBe('42501');
      const byAdmin = await asAdmin(pg, db, `INSERT INTO office.members VALUES ('alice', $1)`, [OFFICE_WIDE_FOLDER]).catch(
        (e: { code: string }) => e,
      );
      expect((byAdmin as { code?: string }).code).toBe('23514');
    });
  });
});
