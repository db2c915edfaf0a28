// Set-ups the office tests share: a linked editor's cache on a temp file (alone, or with its sync loop), a
// run recorded in it, a pull that hides what is above a movable fence (a transaction still open), a colleague's
// shortlist entry as an event, an office on a throwaway cluster with its editors, and two editors' cores
// reaching that office through a relay.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { openCache, type Cache } from '../../electron/core/cache';
import type { EntryBody, OfficeCursorRow } from '../../electron/core/cache/office';
import { addEditor, initOffice } from '../../electron/core/office/admin';
import { OfficeSync, type OfficeConnection } from '../../electron/core/office/sync';
import type { Clock } from '../../electron/core/ports';
import type { Timers } from '../../electron/core/sync';
import { startCoreWithService, type CoreWithService } from './core-with-service';
import { form, response, tempDir } from '../integration/cache/fixtures';
import { FakeOffice } from './fake-office';
import { MemoryLogger } from './fakes';
import { freshDatabase, startPgCluster, type PgCluster } from './pg-cluster';
import { TcpRelay } from './tcp-relay';

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

/** Timers that never fire: a test drives the sync loop itself (syncNow). */
export const NO_TIMERS: Timers = { setTimeout: () => 0, clearTimeout: () => undefined };

/**
 * An editor's linked cache (linkedCache) with its office sync loop over `connect`, timers that never fire unless
 * `timers` is given; its stop and close go into `cleanups` (run after each test).
 */
export function syncedEditor(
  login: string,
  o: { url: string; clock: Clock; connect: () => Promise<OfficeConnection>; timers?: Timers; cleanups: Array<() => void> },
): { cache: Cache; sync: OfficeSync } {
  const { cache, close } = linkedCache(login, o.url, o.clock);
  const sync = new OfficeSync({
    cache,
    profileId: OFFICE_PROFILE,
    link: { url: o.url, login },
    connect: o.connect,
    clock: o.clock,
    timers: o.timers ?? NO_TIMERS,
    logger: new MemoryLogger(),
  });
  o.cleanups.push(() => {
    void sync.stop();
    close();
  });
  return { cache, sync };
}

/** A run of the manuscript `originId` (folder JOURNAL-A unless said) suggesting `authors`, recorded in the cache. */
export const recordRun = (cache: Cache, originId: string, authors: number[], folder = 'JOURNAL-A') =>
  cache.runs.recordUploadRun(OFFICE_PROFILE, { form: form(originId, { folder }) }, response(authors[0]! * 7, originId, authors));

/**
 * A connection whose pulls show only the events below `fence()`, as the office's fence would while a transaction is open.
 * `tellHeld`: each page also says, as the real client does, whether events wait behind the fence.
 */
export function fencedConnect(
  connect: () => Promise<OfficeConnection>,
  fence: () => number,
  opts: { tellHeld?: boolean } = {},
): () => Promise<OfficeConnection> {
  return async () => {
    const c = await connect();
    return {
      ...c,
      pull: async (folder: string, cursor: OfficeCursorRow, limit?: number) => {
        const r = await c.pull(folder, cursor, limit);
        const events = r.events.filter((e) => e.xid < fence());
        const last = events.at(-1);
        const page = { events, cursor: last ? { xid: last.xid, seq: last.seq } : cursor };
        return opts.tellHeld ? { ...page, held: events.length < r.events.length } : page;
      },
    };
  };
}

/** None of an entry's dates set. */
const UNDATED = { invitedAt: null, answeredAt: null, closedAt: null, dueDate: null } as const;

/** The state a colleague shares of `authorId` on the shortlist of `originId`: shortlisted, no contact details, nothing dated, `over` on top. */
export const entryBody = (originId: string, authorId: number, over: Partial<EntryBody> = {}): EntryBody => ({
  originId,
  title: 't',
  authorId,
  name: `X ${authorId}`,
  email: null,
  orcid: null,
  affiliation: null,
  status: 'shortlisted',
  ...UNDATED,
  note: '',
  removed: false,
  ...over,
});

/** A new shortlist.entry event of `folder` carrying `body`, as an editor pushes it. */
export const entryEvent = (folder: string, body: EntryBody) => ({ id: randomUUID(), folder, kind: 'shortlist.entry', body });

/** An office set up on a new throwaway cluster, with `editors` (login → password) in `folders`. `url` names no user. */
export async function officeWithEditors(editors: Record<string, string>, folders: string[]): Promise<{ pg: PgCluster; url: string }> {
  const pg = await startPgCluster();
  const admin = { url: pg.urlFor(await freshDatabase(pg)) };
  await initOffice(admin);
  for (const [login, password] of Object.entries(editors)) await addEditor(admin, login, folders, password);
  return { pg, url: admin.url.replace(/\/\/[^@]*@/, '//') };
}

/** Two editors' cores (Ann and Bob, each with its demo service) and an office they reach through a relay that can take it off the network. */
export interface TwoCoresOffice {
  pg: PgCluster;
  relay: TcpRelay;
  /** The office's address through the relay (no user). */
  url: string;
  /** The office's own database name. */
  db: string;
  ann: CoreWithService;
  bob: CoreWithService;
  /** Closes both cores and removes their folders, takes the relay down and stops the cluster. */
  stop(): Promise<void>;
}

/** An office with editors `passwords` (ann and bob) in folder DEMO, and their two cores (data folders named from `prefix`). */
export async function twoCoresOffice(passwords: { ann: string; bob: string }, prefix: string): Promise<TwoCoresOffice> {
  const { pg, url: plain } = await officeWithEditors(passwords, ['DEMO']);
  const relay = new TcpRelay(pg.port);
  const cores: CoreWithService[] = [];
  const stop = async () => {
    for (const t of cores) {
      await t.close();
      rmSync(t.dataDir, { recursive: true, force: true });
    }
    await relay.down();
    await pg.stop();
  };
  try {
    await relay.up();
    for (const who of ['ann', 'bob']) cores.push(await startCoreWithService({ prefix: `${prefix}-${who}` }));
  } catch (err) {
    await stop();
    throw err;
  }
  const url = plain.replace(`:${pg.port}/`, `:${relay.port}/`);
  return { pg, relay, url, db: new URL(plain).pathname.slice(1), ann: cores[0]!, bob: cores[1]!, stop };
}

/**
 * A new in-memory office before each test of the file, with `editors` (login → folders), and the cleanups run after
 * each test (syncedEditor's go there). The tests read `office` and `cleanups` of the returned object.
 */
export function eachFakeOffice(editors: Record<string, string[]>): { office: FakeOffice; cleanups: Array<() => void> } {
  const t = { office: new FakeOffice(), cleanups: [] as Array<() => void> };
  beforeEach(() => {
    t.office = new FakeOffice();
    for (const [login, folders] of Object.entries(editors)) t.office.addEditor(login, folders);
    t.cleanups = [];
  });
  afterEach(() => {
    for (const c of t.cleanups) c();
  });
  return t;
}
