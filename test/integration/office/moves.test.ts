// A manuscript moved to another folder, checked through each editor's own login (row-level security):
// the runs shared in the folder it left are no longer readable there, the move itself is, a colleague of
// both folders reads the runs where the manuscript went, editors cannot write the moves, and a run shared
// in the old folder again (it moved back) makes it visible there again.
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEditor, initOffice } from '../../../electron/core/office/admin';
import type { PgCluster } from '../../support/pg-cluster';
import { freshDatabase, pgAvailable, PG_MISSING, startPgCluster } from '../../support/pg-cluster';

if (!pgAvailable()) console.warn(`office moves: skipped, ${PG_MISSING}`);

const PW = 'correct horse battery';

describe.skipIf(!pgAvailable())('a moved manuscript’s runs, through each editor’s login', () => {
  let pg: PgCluster;
  const clients: Record<string, Client> = {};

  beforeAll(async () => {
    pg = await startPgCluster();
    const db = await freshDatabase(pg);
    const admin = { url: pg.urlFor(db) };
    await initOffice(admin);
    await addEditor(admin, 'ann', ['J1', 'J2'], PW);
    await addEditor(admin, 'bob', ['J1'], PW);
    await addEditor(admin, 'cat', ['J1', 'J2'], PW);
    for (const login of ['ann', 'bob', 'cat']) {
      clients[login] = new Client({ connectionString: pg.urlFor(db, login, PW) });
      await clients[login]!.connect();
    }
  });
  afterAll(async () => {
    for (const c of Object.values(clients)) await c.end();
    await pg?.stop();
  });

  const write = (login: string, folder: string, kind: string, body: unknown) =>
    clients[login]!.query(`INSERT INTO office.events (id, folder, kind, body) VALUES (gen_random_uuid(), $1, $2, $3)`, [
      folder,
      kind,
      JSON.stringify(body),
    ]);
  const seen = async (login: string, originId: string) =>
    (
      await clients[login]!.query<{ folder: string; kind: string }>(
        `SELECT folder, kind FROM office.events WHERE body ->> 'originId' = $1 ORDER BY xid, seq`,
        [originId],
      )
    ).rows.map((r) => `${r.folder} ${r.kind}`);

  it('hides the old folder’s runs from its editors once the manuscript moved, shows the move, and shows them again when it comes back', async () => {
    await write('ann', 'J1', 'manuscript.run', { originId: 'm1', parts: 1 });
    await write('ann', 'J1', 'run.part', { originId: 'm1', index: 0 });
    await write('bob', 'J1', 'shortlist.entry', { originId: 'm1', authorId: 5 });
    expect(await seen('bob', 'm1')).toEqual(['J1 manuscript.run', 'J1 run.part', 'J1 shortlist.entry']);

    await write('ann', 'J1', 'manuscript.moved', { originId: 'm1', to: 'J2' });
    await write('ann', 'J2', 'manuscript.run', { originId: 'm1', parts: 1 });
    await write('ann', 'J2', 'run.part', { originId: 'm1', index: 0 });
    // Bob, only of J1: the runs went with the manuscript; his shortlist entry and the move stay.
    expect(await seen('bob', 'm1')).toEqual(['J1 shortlist.entry', 'J1 manuscript.moved']);
    // Cat, of both: the runs where it went.
    expect(await seen('cat', 'm1')).toEqual(['J1 shortlist.entry', 'J1 manuscript.moved', 'J2 manuscript.run', 'J2 run.part']);
    // Another manuscript of J1 is untouched.
    await write('ann', 'J1', 'manuscript.run', { originId: 'm2', parts: 1 });
    expect(await seen('bob', 'm2')).toEqual(['J1 manuscript.run']);

    // Back to J1: a run shared there again ends the move.
    await write('ann', 'J1', 'manuscript.run', { originId: 'm1', parts: 1 });
    expect(await seen('bob', 'm1')).toEqual([
      'J1 manuscript.run',
      'J1 run.part',
      'J1 shortlist.entry',
      'J1 manuscript.moved',
      'J1 manuscript.run',
    ]);
  });

  it('editors read the moves of their own folders only and cannot write them', async () => {
    await write('cat', 'J2', 'manuscript.moved', { originId: 'm3', to: 'J1' });
    expect((await clients.bob!.query('SELECT origin_id FROM office.moves')).rows).toEqual([]);
    expect((await clients.cat!.query('SELECT origin_id, from_folder FROM office.moves ORDER BY origin_id')).rows).toEqual([
      { origin_id: 'm3', from_folder: 'J2' },
    ]);
    for (const sql of [
      `INSERT INTO office.moves VALUES ('m9', 'J1', 'J2', 1)`,
      `DELETE FROM office.moves`,
      `UPDATE office.moves SET xid = 0`,
    ]) {
      const code = await clients.bob!.query(sql).then(
        () => 'ok',
        (err: { code?: string }) => err.code,
      );
      expect([sql, code]).toEqual([sql, '42501']);
    }
  });
});
