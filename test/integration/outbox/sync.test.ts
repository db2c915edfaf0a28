import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeskError } from '../../../electron/common/errors';
import { openCache, type Cache } from '../../../electron/core/cache';
import { Outbox } from '../../../electron/core/outbox';
import { Connectivity, SyncLoop, type ConnectivityChange, type SyncStatus } from '../../../electron/core/sync';
import { ManualClock, MemoryLogger, tempDir } from '../cache/fixtures';
import { FakeService, FakeTimers, addFakeProfile } from './fakes';

const P = 'p1';
let cleanup: () => void;
let cache: Cache;
let clock: ManualClock;
let timers: FakeTimers;
let api: FakeService;
let outbox: Outbox;
let reachable: boolean;
let connectivity: Connectivity;
let loop: SyncLoop;
let groupId: number;

beforeEach(() => {
  const t = tempDir('desk-sync-');
  cleanup = t.cleanup;
  clock = new ManualClock();
  timers = new FakeTimers(clock);
  cache = openCache({ file: join(t.dir, 'cache.db'), clock, logger: new MemoryLogger() });
  addFakeProfile(cache, P);
  api = new FakeService();
  api.groups.set(7, { group_name: 'G' });
  groupId = cache.groups.addExisting(P, 7, 'G').id;
  outbox = new Outbox({ cache, profileId: P, api, clock, logger: new MemoryLogger(), uploadsDir: join(t.dir, 'uploads'), random: () => 1 });
  reachable = false;
  connectivity = new Connectivity({
    probe: async () => reachable,
    timers,
    clock,
    logger: new MemoryLogger(),
    onlineIntervalMs: 60_000,
    offlineIntervalMs: 10_000,
  });
  loop = new SyncLoop({ outbox, connectivity, timers, clock, logger: new MemoryLogger() });
});
afterEach(async () => {
  await loop.stop();
  connectivity.stop();
  cache.close();
  cleanup();
});

const nextChange = (state: ConnectivityChange['state']) => connectivity.events.once('change', (c) => c.state === state);
const nextSynced = () => loop.events.once('synced');

describe('connectivity', () => {
  it('starts unknown, follows the probe, and probes again more often while offline', async () => {
    expect(connectivity.state).toBe('unknown');
    const offline = nextChange('offline');
    connectivity.start();
    await offline;
    reachable = true;
    const online = nextChange('online');
    timers.advance(9_999);
    expect(connectivity.state).toBe('offline');
    timers.advance(1);
    await online;
    expect(connectivity.state).toBe('online');
  });

  it('goes offline on an unreachable-service failure, not on a service error; online on any answer', () => {
    connectivity.reportSuccess();
    connectivity.reportFailure('invalid_request');
    expect(connectivity.state).toBe('online');
    connectivity.reportFailure('timeout');
    expect(connectivity.state).toBe('offline');
    connectivity.reportSuccess();
    expect(connectivity.state).toBe('online');
  });
});

describe('sync loop', () => {
  it('keeps writes queued while offline and sends them when the connection returns', async () => {
    const offline = nextChange('offline');
    connectivity.start();
    loop.start();
    await offline;
    const statuses: SyncStatus[] = [];
    loop.events.on('status', (s) => statuses.push(s));
    outbox.putAuthor(groupId, 'c1', { name: 'A' });
    expect(api.calls).toEqual([]);
    expect(statuses.at(-1)).toMatchObject({ connectivity: 'offline', pending: 1 });

    reachable = true;
    const synced = nextSynced();
    timers.advance(10_000);
    expect(await synced).toMatchObject({ sent: 1 });
    expect(api.authors.get('7/c1')).toEqual({ name: 'A' });
    expect(loop.status()).toMatchObject({ connectivity: 'online', pending: 0, syncing: false, lastError: null });
  });

  it('sends a write queued while online on the next tick, and a retried one when its backoff ends', async () => {
    connectivity.reportSuccess();
    loop.start();
    api.failNext('putAuthor', new DeskError('server_error', 'HTTP 502'));
    outbox.putAuthor(groupId, 'c1', { name: 'A' });
    let synced = nextSynced();
    timers.advance(0);
    expect(await synced).toMatchObject({ sent: 0, retried: 1 });
    synced = nextSynced();
    timers.advance(2_000);
    expect(await synced).toMatchObject({ sent: 1 });
  });

  it('goes offline when a send cannot reach the service; sync now probes and skips the backoff', async () => {
    connectivity.reportSuccess();
    loop.start();
    api.failNext('putAuthor', new DeskError('offline', 'refused'));
    outbox.putAuthor(groupId, 'c1', { name: 'A' });
    const offline = nextChange('offline');
    timers.advance(0);
    await offline;
    expect(loop.status()).toMatchObject({ pending: 1, lastError: { code: 'offline' } });

    expect(await loop.syncNow()).toMatchObject({ sent: 0, stoppedBy: { code: 'offline' } });
    reachable = true;
    expect(await loop.syncNow()).toMatchObject({ sent: 1, stoppedBy: null });
    expect(connectivity.state).toBe('online');
  });

  it('stop() lets the write in flight finish as queued-or-done, never lost', async () => {
    connectivity.reportSuccess();
    loop.start();
    outbox.putAuthor(groupId, 'c1', { name: 'A' });
    const sync = loop.syncNow();
    await loop.stop();
    await sync;
    const [e] = cache.db.prepare<[], { state: string }>('SELECT state FROM outbox').all();
    expect(['queued', 'done']).toContain(e!.state);
  });
});
