// The office schema's migrations on a throwaway PostgreSQL cluster: a fresh init, a second init that
// changes nothing, two inits at once, a database set up by a newer app refused untouched, and what
// migration 1 creates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeskError } from '../../../electron/common/errors';
import { initOffice } from '../../../electron/core/office/admin';
import { migrateOffice, OFFICE_MIGRATIONS, OFFICE_SCHEMA_VERSION } from '../../../electron/core/office/schema';
import { Client } from 'pg';
import type { PgCluster } from '../../support/pg-cluster';
import { asAdmin, freshDatabase, pgAvailable, PG_MISSING, startPgCluster } from '../../support/pg-cluster';

if (!pgAvailable()) console.warn(`office migrations: skipped, ${PG_MISSING}`);

describe.skipIf(!pgAvailable())('office schema migrations', () => {
  let pg: PgCluster;
  beforeAll(async () => {
    pg = await startPgCluster();
  });
  afterAll(async () => {
    await pg?.stop();
  });

  const schemaState = async (db: string) => ({
    version: await asAdmin<{ value: string }>(pg, db, `SELECT value FROM office.meta WHERE key = 'schema_version'`),
    tables: (
      await asAdmin<{ t: string }>(pg, db, `SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'office' ORDER BY 1`)
    ).map((r) => r.t),
    policies: (await asAdmin<{ p: string }>(pg, db, `SELECT policyname AS p FROM pg_policies WHERE schemaname = 'office' ORDER BY 1`)).map(
      (r) => r.p,
    ),
    triggers: (await asAdmin<{ t: string }>(pg, db, `SELECT tgname AS t FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1`)).map(
      (r) => r.t,
    ),
  });

  it('is numbered 1..N without gaps', () => {
    expect(OFFICE_MIGRATIONS.map((m) => m.version)).toEqual(OFFICE_MIGRATIONS.map((_, i) => i + 1));
    expect(OFFICE_SCHEMA_VERSION).toBe(OFFICE_MIGRATIONS.length);
  });

  it('a fresh init creates the schema at the newest version, and a second init changes nothing', async () => {
    const db = await freshDatabase(pg);
    expect(await initOffice({ url: pg.urlFor(db) })).toEqual({ from: 0, to: OFFICE_SCHEMA_VERSION });
    const first = await schemaState(db);
    expect(first.version).toEqual([{ value: String(OFFICE_SCHEMA_VERSION) }]);
    expect(first.tables).toEqual(['events', 'folders', 'members', 'meta', 'moves']);

    expect(await initOffice({ url: pg.urlFor(db) })).toEqual({ from: OFFICE_SCHEMA_VERSION, to: OFFICE_SCHEMA_VERSION });
    expect(await schemaState(db)).toEqual(first);
  });

  it('two inits at once both succeed and apply each migration once', async () => {
    const db = await freshDatabase(pg);
    const results = await Promise.all([initOffice({ url: pg.urlFor(db) }), initOffice({ url: pg.urlFor(db) })]);
    expect(results.map((r) => r.to)).toEqual([OFFICE_SCHEMA_VERSION, OFFICE_SCHEMA_VERSION]);
    const state = await schemaState(db);
    expect(state.policies).toEqual(['events_read', 'events_write', 'members_own', 'moves_read']);
    expect(state.triggers).toEqual(['events_notify', 'events_track_move']);
  });

  it('refuses a database set up by a newer app and leaves it untouched', async () => {
    const db = await freshDatabase(pg);
    await asAdmin(pg, db, `CREATE SCHEMA office; CREATE TABLE office.meta (key text PRIMARY KEY, value text NOT NULL)`);
    const newer = OFFICE_SCHEMA_VERSION + 1;
    await asAdmin(pg, db, `INSERT INTO office.meta VALUES ('schema_version', $1)`, [String(newer)]);
    const err = await initOffice({ url: pg.urlFor(db) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeskError);
    expect((err as DeskError).code).toBe('database_too_new');
    expect((err as DeskError).message).toMatch(/newer Referee Desk.*Update Referee Desk/);
    const state = await schemaState(db);
    expect(state.version).toEqual([{ value: String(newer) }]);
    expect(state.tables).toEqual(['meta']);
  });

  describe('migration 1: events, folders, members, editors', () => {
    it('creates the editors role, the tables with their keys, checks, index, identity and row-level security', async () => {
      const db = await freshDatabase(pg);
      await initOffice({ url: pg.urlFor(db) });
      expect(await asAdmin(pg, db, `SELECT rolcanlogin FROM pg_roles WHERE rolname = 'office_editor'`)).toEqual([{ rolcanlogin: false }]);
      const rls = await asAdmin<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>(
        pg,
        db,
        `SELECT relname, relrowsecurity, relforcerowsecurity FROM pg_class
         WHERE relnamespace = 'office'::regnamespace AND relname IN ('events', 'members') ORDER BY relname`,
      );
      expect(rls).toEqual([
        { relname: 'events', relrowsecurity: true, relforcerowsecurity: true },
        { relname: 'members', relrowsecurity: true, relforcerowsecurity: true },
      ]);
      const index = await asAdmin<{ def: string }>(
        pg,
        db,
        `SELECT indexdef AS def FROM pg_indexes WHERE indexname = 'events_folder_xid_seq'`,
      );
      expect(index[0]?.def).toMatch(/\(folder, xid, seq\)/);

      await asAdmin(pg, db, `INSERT INTO office.folders VALUES ('J1')`);
      const id = '00000000-0000-4000-8000-000000000001';
      await asAdmin(pg, db, `INSERT INTO office.events (id, folder, kind, body) VALUES ($1, 'J1', 'shortlist.add', '{"a": 1}')`, [id]);
      const [row] = await asAdmin<{ author: string; xid: string; seq: string }>(pg, db, `SELECT author, xid, seq FROM office.events`);
      expect(row?.author).toBe('postgres');
      expect(Number(row?.xid)).toBeGreaterThan(0);
      expect(row?.seq).toBe('1');

      const refused = async (sql: string, values: unknown[]) =>
        (await asAdmin(pg, db, sql, values).catch((e: { code: string }) => e)) as { code?: string };
      const insert = `INSERT INTO office.events (id, folder, kind, body) VALUES (gen_random_uuid(), $1, $2, $3::jsonb)`;
      expect((await refused(insert, ['J1', 'Bad Kind', '{}'])).code).toBe('23514');
      expect((await refused(insert, ['J1', 'a', JSON.stringify({ t: 'x'.repeat(65_536) })])).code).toBe('23514');
      expect((await refused(insert, ['nowhere', 'a', '{}'])).code).toBe('23503');
      expect(
        (await refused(`INSERT INTO office.events (seq, id, folder, kind, body) VALUES (5, gen_random_uuid(), 'J1', 'a', '{}')`, [])).code,
      ).toBe('428C9');
      expect((await refused(`INSERT INTO office.events (id, folder, kind, body) VALUES ($1, 'J1', 'a', '{}')`, [id])).code).toBe('23505');
    });
  });

  describe('migration 2: a moved manuscript’s runs hidden from the folder it left', () => {
    it('applies on an office at 1 with its events kept; a move recorded by the trigger, ended by a run shared there again', async () => {
      const db = await freshDatabase(pg);
      const client = new Client({ connectionString: pg.urlFor(db) });
      await client.connect();
      try {
        expect(await migrateOffice(client, 1)).toEqual({ from: 0, to: 1 });
        await client.query(`INSERT INTO office.folders VALUES ('J1'), ('J2')`);
        const insert = `INSERT INTO office.events (id, folder, kind, body) VALUES (gen_random_uuid(), $1, $2, $3::jsonb)`;
        await client.query(insert, ['J1', 'manuscript.run', '{"originId": "m"}']);
        expect(await migrateOffice(client, 2)).toEqual({ from: 1, to: 2 });
        expect((await client.query('SELECT count(*)::int AS n FROM office.events')).rows).toEqual([{ n: 1 }]);
        await client.query(insert, ['J1', 'manuscript.moved', '{"originId": "m", "to": "J2"}']);
        // A malformed move records nothing.
        await client.query(insert, ['J1', 'manuscript.moved', '{"originId": 5, "to": "J2"}']);
        expect((await client.query('SELECT origin_id, from_folder, to_folder FROM office.moves')).rows).toEqual([
          { origin_id: 'm', from_folder: 'J1', to_folder: 'J2' },
        ]);
        await client.query(insert, ['J1', 'manuscript.run', '{"originId": "m"}']);
        expect((await client.query('SELECT count(*)::int AS n FROM office.moves')).rows).toEqual([{ n: 0 }]);
      } finally {
        await client.end();
      }
    });
  });
});
