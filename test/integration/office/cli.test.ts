// `npm run office -- …` as IT runs it: init (twice), add-editor with the password on standard input
// (the editor can then connect), remove-editor, and clear errors that never print a password.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfficeClient } from '../../../electron/core/office/client';
import { OFFICE_SCHEMA_VERSION } from '../../../electron/core/office/schema';
import type { PgCluster } from '../../support/pg-cluster';
import { asAdmin, freshDatabase, pgAvailable, PG_MISSING, startPgCluster } from '../../support/pg-cluster';

if (!pgAvailable()) console.warn(`office CLI: skipped, ${PG_MISSING}`);

const root = join(__dirname, '..', '..', '..');
const office = (args: string[], input = '') => {
  const r = spawnSync(
    process.execPath,
    [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(root, 'scripts', 'office.ts'), ...args],
    {
      input,
      encoding: 'utf8',
      env: { ...process.env, PGPASSWORD: '' },
    },
  );
  return { status: r.status, out: r.stdout + r.stderr };
};

describe.skipIf(!pgAvailable())('npm run office', () => {
  let pg: PgCluster;
  let db: string;
  beforeAll(async () => {
    pg = await startPgCluster();
    db = await freshDatabase(pg);
  });
  afterAll(async () => {
    await pg?.stop();
  });

  it('init, add-editor, remove-editor; the editor connects in between', async () => {
    const admin = pg.urlFor(db);
    expect(office(['init', admin])).toMatchObject({
      status: 0,
      out: expect.stringMatching(new RegExp(`from version 0 to ${OFFICE_SCHEMA_VERSION}`)) as string,
    });
    expect(office(['init', admin])).toMatchObject({ status: 0, out: expect.stringMatching(/up to date/) as string });

    const added = office(['add-editor', 'erin', '--folders', 'J1, J2', '--password-stdin', '--admin', admin], 'erin secret pw\n');
    expect(added).toMatchObject({ status: 0, out: expect.stringMatching(/Created editor erin: journals J1, J2/) as string });
    expect(await OfficeClient.check({ url: pg.urlFor(db, 'erin', 'erin secret pw') })).toMatchObject({ ok: true, folders: ['J1', 'J2'] });
    // The stored password is a SCRAM verifier made by the script, never the password itself.
    const [shadow] = await asAdmin<{ p: string }>(pg, db, `SELECT rolpassword AS p FROM pg_authid WHERE rolname = 'erin'`);
    expect(shadow?.p).toMatch(/^SCRAM-SHA-256\$4096:/);

    expect(office(['add-editor', 'erin', '--folders', 'J2', '--admin', admin]).status).toBe(0);
    expect(await OfficeClient.check({ url: pg.urlFor(db, 'erin', 'erin secret pw') })).toMatchObject({ ok: true, folders: ['J2'] });

    expect(office(['remove-editor', 'erin', '--admin', admin])).toMatchObject({
      status: 0,
      out: expect.stringMatching(/1 journal memberships/) as string,
    });
    expect(await OfficeClient.check({ url: pg.urlFor(db, 'erin', 'erin secret pw') })).toMatchObject({ ok: false, reason: 'not_editor' });
  });

  it('refuses bad input with a clear message and never prints the admin password', () => {
    const admin = pg.urlFor(db);
    expect(office(['add-editor', 'Robert"); DROP', '--folders', 'J1', '--admin', admin])).toMatchObject({
      status: 1,
      out: expect.stringMatching(/cannot be an editor's login/) as string,
    });
    expect(office(['add-editor', 'frank', '--admin', admin])).toMatchObject({
      status: 2,
      out: expect.stringMatching(/--folders is required/) as string,
    });
    expect(office(['frobnicate'])).toMatchObject({ status: 2, out: expect.stringMatching(/Unknown command/) as string });
    const wrong = pg.urlFor(db, 'postgres', 'not-the-admin-password');
    const refused = office(['init', wrong]);
    expect(refused.status).toBe(1);
    expect(refused.out).toMatch(/28P01|password/);
    expect(refused.out).not.toContain('not-the-admin-password');
    const remote = office(['init', 'postgres://admin:s3cret@office.invalid/office']);
    expect(remote).toMatchObject({ status: 1, out: expect.stringMatching(/must be reached over TLS/) as string });
    expect(remote.out).not.toContain('s3cret');
  });
});
