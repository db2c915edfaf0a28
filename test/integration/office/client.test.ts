// The editor's office client against a throwaway cluster: exactly-once push, paged pull, the server's
// answers treated as untrusted (an over-long body, wrong types, an answer over its byte budget), the
// "Test connection" outcomes, the password kept out of errors, and LISTEN waking a puller.
import { randomUUID } from 'node:crypto';
import type { AddressInfo, Socket } from 'node:net';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeskError } from '../../../electron/common/errors';
import { addEditor, initOffice, removeEditor } from '../../../electron/core/office/admin';
import { jsonbTextBytes, OfficeClient } from '../../../electron/core/office/client';
import { OFFICE_SCHEMA_VERSION } from '../../../electron/core/office/schema';
import type { OfficeEventIn } from '../../../electron/core/office/types';
import type { PgCluster } from '../../support/pg-cluster';
import { asAdmin, freshDatabase, pgAvailable, PG_MISSING, startPgCluster } from '../../support/pg-cluster';

if (!pgAvailable()) console.warn(`office client: skipped, ${PG_MISSING}`);

const PW = 'alice password 1';
const ev = (folder: string, n: number, body: unknown = { n }): OfficeEventIn => ({ id: randomUUID(), folder, kind: 'shortlist.add', body });

async function refusal(p: Promise<unknown>): Promise<DeskError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DeskError);
  return err as DeskError;
}

describe.skipIf(!pgAvailable())('office client', () => {
  let pg: PgCluster;
  let db: string;
  let alice: OfficeClient;
  const admin = () => ({ url: pg.urlFor(db) });
  const count = async (folder: string) =>
    Number((await asAdmin<{ n: string }>(pg, db, 'SELECT count(*) AS n FROM office.events WHERE folder = $1', [folder]))[0]?.n);

  beforeAll(async () => {
    pg = await startPgCluster();
    db = await freshDatabase(pg);
    await initOffice(admin());
    await addEditor(admin(), 'alice', ['J1', 'J3'], PW);
    await addEditor(admin(), 'bob', ['J2'], 'bob password 1');
    alice = await OfficeClient.connect({ url: pg.urlFor(db, 'alice', PW) });
  });
  afterAll(async () => {
    await alice?.close();
    await pg?.stop();
  });

  it('pushes a batch exactly once: the same batch again, and again with one more, adds only the new one', async () => {
    const batch = [ev('J1', 1), ev('J1', 2), ev('J1', 3)];
    await alice.push(batch);
    await alice.push(batch);
    await alice.push([...batch, ev('J1', 4)]);
    const rows = await asAdmin<{ id: string; author: string }>(
      pg,
      db,
      `SELECT id::text, author FROM office.events WHERE folder = 'J1' ORDER BY seq`,
    );
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining(batch.map((e) => e.id)));
    expect(rows.length).toBe(4);
    expect(new Set(rows.map((r) => r.author))).toEqual(new Set(['alice']));
  });

  it('pulls a folder in pages in commit order, with the author and time the server set', async () => {
    const sent = Array.from({ length: 7 }, (_, i) => ev('J3', i, { i, text: 'é✓' }));
    await alice.push(sent.slice(0, 4));
    await alice.push(sent.slice(4));
    const got: string[] = [];
    let cursor = { xid: 0, seq: 0 };
    for (;;) {
      const page = await alice.pull('J3', cursor, 3);
      expect(page.events.length).toBeLessThanOrEqual(3);
      if (page.events.length === 0) break;
      for (const e of page.events) {
        expect(e.author).toBe('alice');
        expect(e.folder).toBe('J3');
        expect(Math.abs(e.at - Date.now())).toBeLessThan(60 * 60_000);
      }
      got.push(...page.events.map((e) => (e.body as { i: number; text: string }).i + (e.body as { text: string }).text));
      cursor = page.cursor;
    }
    expect(got).toEqual(sent.map((e) => `${(e.body as { i: number }).i}é✓`));
  });

  it('pulls several folders in one read: each from its own cursor, at most the limit each, in commit order; bounds refused', async () => {
    await addEditor(admin(), 'erin', ['K1', 'K2', 'K3'], 'erin password');
    const erin = await OfficeClient.connect({ url: pg.urlFor(db, 'erin', 'erin password') });
    try {
      const k1 = Array.from({ length: 5 }, (_, i) => ev('K1', i, { i }));
      const k2 = [ev('K2', 10, { i: 10 })];
      await erin.push(k1.slice(0, 3));
      await erin.push([...k2, ...k1.slice(3)]);
      const first = await erin.pull('K1', { xid: 0, seq: 0 }, 2);
      const pages = await erin.pullMany(
        [
          { folder: 'K1', cursor: first.cursor },
          { folder: 'K2', cursor: { xid: 0, seq: 0 } },
          { folder: 'K3', cursor: { xid: 0, seq: 0 } },
        ],
        2,
      );
      const ids = (p: { events: Array<{ id: string }> }) => p.events.map((e) => e.id);
      expect(pages.map(ids)).toEqual([k1.slice(2, 4).map((e) => e.id), k2.map((e) => e.id), []]);
      expect(pages.map((p) => p.held)).toEqual([false, false, false]);
      expect(pages[2]!.cursor).toEqual({ xid: 0, seq: 0 });
      const rest = await erin.pullMany([{ folder: 'K1', cursor: pages[0]!.cursor }], 2);
      expect(ids(rest[0]!)).toEqual([k1[4]!.id]);
      // A folder not hers reads as empty (the office's row-level security), never as another's events.
      expect((await erin.pullMany([{ folder: 'J1', cursor: { xid: 0, seq: 0 } }], 5))[0]!.events).toEqual([]);
      const zero = { xid: 0, seq: 0 };
      expect((await refusal(erin.pullMany([], 1))).code).toBe('invalid_input');
      expect(
        (
          await refusal(
            erin.pullMany(
              [
                { folder: 'K1', cursor: zero },
                { folder: 'K1', cursor: zero },
              ],
              1,
            ),
          )
        ).field,
      ).toBe('folder');
      const many = Array.from({ length: 65 }, (_, i) => ({ folder: `F${i}`, cursor: zero }));
      expect((await refusal(erin.pullMany(many, 1))).field).toBe('folder');
      expect((await refusal(erin.pullMany(many.slice(0, 2), 251))).field).toBe('limit');
    } finally {
      await erin.close();
    }
  });

  it('tells when committed events of the folder wait behind the fence, in the same snapshot as the page', async () => {
    const { Client } = await import('pg');
    const older = new Client({ connectionString: pg.urlFor(db) });
    await older.connect();
    try {
      const start = await alice.pull('J3', { xid: 0, seq: 0 });
      let cursor = start.cursor;
      for (let page = start; page.events.length > 0; cursor = page.cursor) page = await alice.pull('J3', page.cursor);
      expect((await alice.pull('J3', cursor)).held).toBe(false);
      // A transaction that started earlier (it has an xid) is still open when Alice's event commits.
      await older.query('BEGIN');
      await older.query('SELECT pg_current_xact_id()');
      const e = ev('J3', 99);
      await alice.push([e]);
      const behind = await alice.pull('J3', cursor);
      expect(behind.events).toEqual([]);
      expect(behind.held).toBe(true);
      await older.query('COMMIT');
      const after = await alice.pull('J3', cursor);
      expect(after.events.map((x) => x.id)).toEqual([e.id]);
      expect(after.held).toBe(false);
    } finally {
      await older.end();
    }
  });

  it('measures a body as the office does (the jsonb text)', async () => {
    const bodies: unknown[] = [
      { a: 1, b: [1, 2, { c: 'x, y: z' }] },
      ['é✓', '"quoted" \\ back'],
      'plain',
      12,
      null,
      { nested: { deep: [[], {}] } },
    ];
    for (const b of bodies) {
      const [row] = await asAdmin<{ n: number }>(pg, db, 'SELECT octet_length($1::jsonb::text) AS n', [JSON.stringify(b)]);
      expect([b, jsonbTextBytes(b)]).toEqual([b, row?.n]);
    }
  });

  it('refuses events it cannot send, none of the batch kept', async () => {
    const before = await count('J1');
    expect((await refusal(alice.push([{ ...ev('J1', 1), id: 'not-a-uuid' }]))).field).toBe('id');
    expect((await refusal(alice.push([{ ...ev('J1', 1), kind: 'Drop Table' }]))).field).toBe('kind');
    expect((await refusal(alice.push([ev('J1', 1, { s: 'a\u0000b' })]))).field).toBe('body');
    expect((await refusal(alice.push(Array.from({ length: 501 }, (_, i) => ev('J1', i))))).code).toBe('invalid_input');
    // Under 64 KB as JSON.stringify writes it, over as jsonb writes it (", " and ": "): refused here, not by the server's check.
    const items = Array.from({ length: 30_000 }, () => 1);
    expect(JSON.stringify({ items }).length).toBeLessThan(65_536);
    expect(jsonbTextBytes({ items })).toBeGreaterThan(65_536);
    expect((await refusal(alice.push([ev('J1', 1, { items })]))).field).toBe('body');
    // A journal not hers: the office refuses the whole batch (row-level security), and the refusal names the journal.
    const foreign = await refusal(alice.push([ev('J1', 1), ev('J2', 2)]));
    expect(foreign.code).toBe('unauthorized');
    expect(foreign.message).toMatch(/"J2"/);
    expect(await count('J1')).toBe(before);
    expect(await count('J2')).toBe(0);
  });

  it('refuses to wait forever when the transaction numbers of the office went back below the cursor (a restored copy)', async () => {
    await alice.push([ev('J1', 1)]);
    const caughtUp = await alice.pull('J1', { xid: 1, seq: 0 });
    expect(caughtUp.events.length).toBeGreaterThan(0);
    // Caught up on this cluster: an empty page, no error.
    expect((await alice.pull('J1', { xid: caughtUp.cursor.xid, seq: Number.MAX_SAFE_INTEGER })).events).toEqual([]);
    // A cursor from before a restore into a cluster whose counter is lower.
    const err = await refusal(alice.pull('J1', { xid: 2 ** 40, seq: 0 }));
    expect(err.code).toBe('bad_response');
    expect(err.message).toMatch(/restored or moved/);
  });

  it('refuses a stored body over 64 KB (put there bypassing the check) and returns nothing of the page', async () => {
    const d = await freshDatabase(pg);
    await initOffice({ url: pg.urlFor(d) });
    await addEditor({ url: pg.urlFor(d) }, 'alice', ['J1']);
    const c = await OfficeClient.connect({ url: pg.urlFor(d, 'alice', PW) });
    try {
      await c.push([ev('J1', 1)]);
      await asAdmin(pg, d, 'ALTER TABLE office.events DROP CONSTRAINT events_body_check');
      await asAdmin(
        pg,
        d,
        `INSERT INTO office.events (id, folder, author, kind, body) VALUES (gen_random_uuid(), 'J1', 'alice', 'note', $1)`,
        [JSON.stringify({ big: 'x'.repeat(100_000) })],
      );
      const err = await refusal(c.pull('J1', { xid: 0, seq: 0 }));
      expect(err.code).toBe('bad_response');
      expect(err.message).toMatch(/over 64 KB/);
      // The good event before it is still readable alone.
      expect((await c.pull('J1', { xid: 0, seq: 0 }, 1)).events.length).toBe(1);
    } finally {
      await c.close();
    }
  });

  describe('a hostile office (events served by a view the test controls)', () => {
    let d: string;
    let c: OfficeClient;
    beforeAll(async () => {
      d = await freshDatabase(pg);
      await initOffice({ url: pg.urlFor(d) });
      await asAdmin(pg, d, 'ALTER TABLE office.events RENAME TO real_events');
      c = await OfficeClient.connect({ url: pg.urlFor(d) });
    });
    afterAll(async () => {
      await c?.close();
    });
    const serve = async (columns: Record<string, string>): Promise<DeskError> => {
      const cols = {
        id: 'gen_random_uuid()',
        folder: `'J1'`,
        author: `'mallory'`,
        kind: `'note'`,
        body: `'{}'::jsonb`,
        xid: '1::bigint',
        seq: 'g::bigint',
        at: 'now()',
        ...columns,
      };
      const list = Object.entries(cols)
        .map(([k, v]) => `${v} AS ${k}`)
        .join(', ');
      await asAdmin(pg, d, `CREATE OR REPLACE VIEW office.events AS SELECT ${list} FROM generate_series(1, 3) g`);
      try {
        const page = await c.pull('J1', { xid: 0, seq: 0 }, 3);
        throw new Error(`served ${JSON.stringify(page).slice(0, 200)}`);
      } catch (err) {
        expect(err).toBeInstanceOf(DeskError);
        return err as DeskError;
      } finally {
        await asAdmin(pg, d, 'DROP VIEW office.events');
      }
    };

    it('a sane view is read (the harness works)', async () => {
      await asAdmin(
        pg,
        d,
        `CREATE VIEW office.events AS SELECT gen_random_uuid() AS id, 'J1'::text AS folder, 'm'::text AS author,
        'note'::text AS kind, '{"ok": 1}'::jsonb AS body, 1::bigint AS xid, g::bigint AS seq, now() AS at FROM generate_series(1, 3) g`,
      );
      try {
        expect((await c.pull('J1', { xid: 0, seq: 0 }, 3)).events.map((e) => e.seq)).toEqual([1, 2, 3]);
      } finally {
        await asAdmin(pg, d, 'DROP VIEW office.events');
      }
    });

    it('refuses wrong types and impossible values, whole page', async () => {
      const cases: Array<[Record<string, string>, RegExp]> = [
        [{ seq: '(9007199254740992 + g)::bigint' }, /sequence number/],
        [{ seq: '(-g)::bigint' }, /sequence number/],
        [{ id: `'not a uuid'::text` }, /not a UUID/],
        [{ kind: `'DROP TABLE'::text` }, /event kind/],
        [{ author: `repeat('a', 200)` }, /author/],
      ];
      for (const [columns, message] of cases) {
        const err = await serve(columns);
        expect([columns, err.code]).toEqual([columns, 'bad_response']);
        expect(err.message).toMatch(message);
      }
    });

    it('gives up on an answer that takes longer than the statement timeout', async () => {
      const slow = await OfficeClient.connect({ url: pg.urlFor(d), statementTimeoutMs: 300 });
      await asAdmin(
        pg,
        d,
        `CREATE VIEW office.events AS SELECT gen_random_uuid() AS id, 'J1'::text AS folder, 'm'::text AS author,
        'note'::text AS kind, '{}'::jsonb AS body, 1::bigint AS xid, 1::bigint AS seq, now() AS at FROM pg_sleep(60)`,
      );
      try {
        const err = await refusal(slow.pull('J1', { xid: 0, seq: 0 }));
        expect(err.code).toBe('timeout');
      } finally {
        await slow.close();
        await asAdmin(
          pg,
          d,
          `SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND state = 'active'`,
          [d],
        );
        await asAdmin(pg, d, 'DROP VIEW office.events');
      }
    });

    it('closes the connection when an answer is larger than the page could be', async () => {
      const err = await serve({ author: `repeat('a', 8000000)` });
      expect(err.code).toBe('bad_response');
      expect(err.message).toMatch(/more than \d+ KB/);
    });
  });

  describe('Test connection', () => {
    it('ok: the login and its journals', async () => {
      expect(await OfficeClient.check({ url: pg.urlFor(db, 'alice', PW) })).toEqual({
        ok: true,
        login: 'alice',
        folders: ['J1', 'J3'],
        serverVersion: expect.any(Number) as number,
        schemaVersion: OFFICE_SCHEMA_VERSION,
      });
    });

    it('a wrong password, without the password in the message', async () => {
      const wrong = 'Wr0ng-pässword';
      const r = await OfficeClient.check({ url: pg.urlFor(db, 'alice', wrong) });
      expect(r).toMatchObject({ ok: false, reason: 'wrong_password' });
      expect(JSON.stringify(r)).not.toContain(wrong);
      expect(JSON.stringify(r)).not.toContain(encodeURIComponent(wrong));
      const viaOption = await OfficeClient.check({ url: pg.urlFor(db, 'alice', '').replace(':@', '@'), password: wrong });
      expect(viaOption).toMatchObject({ ok: false, reason: 'wrong_password' });
    });

    it('no rights to any journal, and an editor removed', async () => {
      await addEditor(admin(), 'carol', ['J1'], 'carol password');
      await asAdmin(pg, db, `DELETE FROM office.members WHERE login = 'carol'`);
      expect(await OfficeClient.check({ url: pg.urlFor(db, 'carol', 'carol password') })).toMatchObject({
        ok: false,
        reason: 'no_folders',
      });
      await addEditor(admin(), 'carol', ['J1']);
      await removeEditor(admin(), 'carol');
      expect(await OfficeClient.check({ url: pg.urlFor(db, 'carol', 'carol password') })).toMatchObject({
        ok: false,
        reason: 'not_editor',
      });
    });

    it('an editor removed while connected is refused on the next push', async () => {
      await addEditor(admin(), 'dave', ['J1'], 'dave password');
      const dave = await OfficeClient.connect({ url: pg.urlFor(db, 'dave', 'dave password') });
      try {
        await dave.push([ev('J1', 1)]);
        await removeEditor(admin(), 'dave');
        expect((await refusal(dave.push([ev('J1', 2)]))).code).toBe('unauthorized');
        expect((await refusal(dave.pull('J1', { xid: 0, seq: 0 }))).code).toBe('unauthorized');
      } finally {
        await dave.close();
      }
    });

    it('a server that accepts the connection and never answers: unreachable once the connect timeout passes', async () => {
      const sockets: Socket[] = [];
      const silent = createServer((s) => sockets.push(s));
      await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
      const port = (silent.address() as AddressInfo).port;
      try {
        const r = await OfficeClient.check({
          url: `postgres://alice:${encodeURIComponent(PW)}@127.0.0.1:${port}/office`,
          connectTimeoutMs: 300,
        });
        expect(r).toMatchObject({ ok: false, reason: 'unreachable' });
        expect(JSON.stringify(r)).not.toContain(PW);
      } finally {
        for (const s of sockets) s.destroy();
        silent.close();
      }
    });

    it('the schema missing, newer than the app, an unreachable server, a remote address without TLS', async () => {
      const empty = await freshDatabase(pg);
      expect(await OfficeClient.check({ url: pg.urlFor(empty, 'alice', PW) })).toMatchObject({ ok: false, reason: 'schema_missing' });
      const newer = await freshDatabase(pg);
      await initOffice({ url: pg.urlFor(newer) });
      await asAdmin(pg, newer, `UPDATE office.meta SET value = $1 WHERE key = 'schema_version'`, [String(OFFICE_SCHEMA_VERSION + 1)]);
      expect(await OfficeClient.check({ url: pg.urlFor(newer, 'alice', PW) })).toMatchObject({ ok: false, reason: 'schema_too_new' });
      const closed = pg.urlFor(db, 'alice', PW).replace(`:${pg.port}/`, ':1/');
      expect(await OfficeClient.check({ url: closed, connectTimeoutMs: 2000 })).toMatchObject({ ok: false, reason: 'unreachable' });
      const remote = await OfficeClient.check({ url: `postgres://alice:${encodeURIComponent(PW)}@office.invalid:5432/office` });
      expect(remote).toMatchObject({ ok: false, reason: 'tls_required' });
      expect(JSON.stringify(remote)).not.toContain(PW);
      expect(await OfficeClient.check({ url: 'http://office.example.org/' })).toMatchObject({ ok: false, reason: 'invalid_address' });
    });
  });

  it('close() returns even when the server has stopped reading (its backend frozen)', async () => {
    const c = await OfficeClient.connect({ url: pg.urlFor(db, 'alice', PW) });
    await c.folders();
    const [row] = await asAdmin<{ pid: number }>(
      pg,
      db,
      `SELECT pid FROM pg_stat_activity WHERE usename = 'alice' AND state = 'idle' AND query LIKE '%office.members%' ORDER BY backend_start DESC LIMIT 1`,
    );
    expect(row?.pid).toBeGreaterThan(0);
    process.kill(row!.pid, 'SIGSTOP');
    try {
      await c.close();
    } finally {
      process.kill(row!.pid, 'SIGCONT');
    }
  });

  it('listen wakes on a colleague-visible insert within 1 s, and tells when its connection is lost', async () => {
    const listener = await OfficeClient.connect({ url: pg.urlFor(db, 'alice', PW) });
    try {
      let lost: (err: unknown) => void = () => undefined;
      const lostP = new Promise<unknown>((resolve) => (lost = resolve));
      const woken = new Promise<string>((resolve, reject) => {
        const t = setTimeout(() => reject(new Error('not woken within 1 s')), 1000);
        void listener
          .listen(
            (folder) => {
              clearTimeout(t);
              resolve(folder);
            },
            (err) => lost(err),
          )
          .then(() => alice.push([ev('J3', 99)]))
          .catch(reject);
      });
      expect(await woken).toBe('J3');
      await asAdmin(pg, db, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'alice' AND query LIKE 'LISTEN%'`);
      const err = await lostP;
      expect(err).toBeInstanceOf(DeskError);
      expect((err as DeskError).code).toBe('offline');
    } finally {
      await listener.close();
    }
  });
});
