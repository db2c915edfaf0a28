// The office client over TLS, against a cluster with a self-signed certificate: sslmode=require really
// encrypts, verify-full with the certificate trusted connects and without it is refused, and the byte
// budget still closes a connection whose answer is too large once the socket is the TLS one.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeskError } from '../../../electron/common/errors';
import { addEditor, initOffice } from '../../../electron/core/office/admin';
import { OfficeClient } from '../../../electron/core/office/client';
import type { PgCluster } from '../../support/pg-cluster';
import { asAdmin, freshDatabase, pgAvailable, PG_MISSING, startPgCluster } from '../../support/pg-cluster';

if (!pgAvailable()) console.warn(`office TLS: skipped, ${PG_MISSING}`);

const PW = 'tls editor password';

describe.skipIf(!pgAvailable())('office client over TLS', () => {
  let pg: PgCluster;
  let db: string;
  beforeAll(async () => {
    pg = await startPgCluster({ tls: true });
    db = await freshDatabase(pg);
    await initOffice({ url: pg.urlFor(db) });
    await addEditor({ url: pg.urlFor(db) }, 'tina', ['J1'], PW);
  });
  afterAll(async () => {
    await pg?.stop();
  });

  it('sslmode=require encrypts the connection; push and pull work over it', async () => {
    const c = await OfficeClient.connect({ url: `${pg.urlFor(db, 'tina', PW)}?sslmode=require` });
    try {
      const id = randomUUID();
      await c.push([{ id, folder: 'J1', kind: 'note', body: { over: 'tls' } }]);
      const page = await c.pull('J1', { xid: 0, seq: 0 });
      expect(page.events.map((e) => e.id)).toEqual([id]);
      const ssl = await asAdmin<{ ssl: boolean }>(
        pg,
        db,
        `SELECT s.ssl FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) WHERE a.usename = 'tina'`,
      );
      expect(ssl).toEqual([{ ssl: true }]);
    } finally {
      await c.close();
    }
  });

  it('verify-full connects with the certificate trusted and is refused without it', async () => {
    const base = `${pg.urlFor(db, 'tina', PW).replace('127.0.0.1', 'localhost')}?sslmode=verify-full`;
    const trusted = await OfficeClient.check({ url: `${base}&sslrootcert=${encodeURIComponent(pg.caFile!)}` });
    expect(trusted).toMatchObject({ ok: true, folders: ['J1'] });
    const untrusted = await OfficeClient.check({ url: base });
    expect(untrusted).toMatchObject({ ok: false, reason: 'unreachable' });
    expect(untrusted.ok ? '' : untrusted.message).toMatch(/secure connection|certificate/i);
    expect(JSON.stringify(untrusted)).not.toContain(PW);
  });

  it('closes a TLS connection whose answer is larger than the page could be', async () => {
    const d = await freshDatabase(pg);
    await initOffice({ url: pg.urlFor(d) });
    await asAdmin(pg, d, 'ALTER TABLE office.events RENAME TO real_events');
    await asAdmin(
      pg,
      d,
      `CREATE VIEW office.events AS SELECT gen_random_uuid() AS id, 'J1'::text AS folder, repeat('a', 8000000) AS author,
        'note'::text AS kind, '{}'::jsonb AS body, 1::bigint AS xid, 1::bigint AS seq, now() AS at`,
    );
    const c = await OfficeClient.connect({ url: `${pg.urlFor(d)}?sslmode=require` });
    try {
      const err = await c.pull('J1', { xid: 0, seq: 0 }, 1).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DeskError);
      expect((err as DeskError).code).toBe('bad_response');
      expect((err as DeskError).message).toMatch(/more than \d+ KB/);
    } finally {
      await c.close();
    }
  });
});
