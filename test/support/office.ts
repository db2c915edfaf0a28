// Set-ups the office tests share: a linked editor's cache on a temp file, a run recorded in it, a
// pull that hides what is above a movable fence (a transaction still open), and an office on a
// throwaway cluster with its editors.
import { join } from 'node:path';
import { openCache, type Cache } from '../../electron/core/cache';
import type { OfficeCursorRow } from '../../electron/core/cache/office';
import { addEditor, initOffice } from '../../electron/core/office/admin';
import type { OfficeConnection } from '../../electron/core/office/sync';
import type { Clock } from '../../electron/core/ports';
import { form, response, tempDir } from '../integration/cache/fixtures';
import { MemoryLogger } from './fakes';
import { freshDatabase, startPgCluster, type PgCluster } from './pg-cluster';

export const OFFICE_PROFILE = 'p';

/** A cache with one profile linked to the office at `url` as `login`; `close` closes it and removes its folder. */
export function linkedCache(login: string, url: string, clock: Clock): { cache: Cache; close: () => void } {
  const t = tempDir('desk-office-');
  const cache = openCache({ file: join(t.dir, 'cache.db'), clock, logger: new MemoryLogger() });
  cache.profiles.upsert({
    id: OFFICE_PROFILE,
    name: 'Office',
    baseUrl: 'https://rf.example',
    kind: 'remote',
    createdAt: 1,
    lastCheckedAt: null,
    lastFeatures: null,
  });
  cache.office.setLink(OFFICE_PROFILE, { url, login });
  return {
    cache,
    close: () => {
      cache.close();
      t.cleanup();
    },
  };
}

/** A run of the manuscript `originId` (folder JOURNAL-A unless said) suggesting `authors`, recorded in the cache. */
export const recordRun = (cache: Cache, originId: string, authors: number[], folder = 'JOURNAL-A') =>
  cache.runs.recordUploadRun(OFFICE_PROFILE, { form: form(originId, { folder }) }, response(authors[0]! * 7, originId, authors));

/** A connection whose pulls show only the events below `fence()`, as the office's fence would while a transaction is open. */
export function fencedConnect(connect: () => Promise<OfficeConnection>, fence: () => number): () => Promise<OfficeConnection> {
  return async () => {
    const c = await connect();
    return {
      ...c,
      pull: async (folder: string, cursor: OfficeCursorRow, limit?: number) => {
        const r = await c.pull(folder, cursor, limit);
        const events = r.events.filter((e) => e.xid < fence());
        const last = events.at(-1);
        return { events, cursor: last ? { xid: last.xid, seq: last.seq } : cursor };
      },
    };
  };
}

/** An office set up on a new throwaway cluster, with `editors` (login → password) in `folders`. `url` names no user. */
export async function officeWithEditors(editors: Record<string, string>, folders: string[]): Promise<{ pg: PgCluster; url: string }> {
  const pg = await startPgCluster();
  const admin = { url: pg.urlFor(await freshDatabase(pg)) };
  await initOffice(admin);
  for (const [login, password] of Object.entries(editors)) await addEditor(admin, login, folders, password);
  return { pg, url: admin.url.replace(/\/\/[^@]*@/, '//') };
}
