// Issue 17: retry delays are measured on the monotonic clock; the wall clock set back an hour after a
// transient failure does not move a 2 s retry to an hour later.
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { DeskError } from '../../../electron/common/errors';
import { openCache } from '../../../electron/core/cache';
import { Outbox } from '../../../electron/core/outbox';
import { classifyFailure } from '../../../electron/core/outbox/classify';
import { Connectivity, SyncLoop, type Timers } from '../../../electron/core/sync';
import { MemoryLogger, tempDir } from '../../integration/cache/fixtures';
import { FakeService, addFakeProfile } from '../../integration/outbox/fakes';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((f) => f()));

it('a retry due in 2 s still comes after 2 s of monotonic time when the wall clock is set back one hour', async () => {
  const { dir, cleanup } = tempDir('desk-mono-');
  let wall = Date.UTC(2026, 10, 23, 12);
  let mono = 1_000;
  const clock = { now: () => wall, monotonic: () => mono };
  const cache = openCache({ file: join(dir, 'cache.db'), clock, logger: new MemoryLogger() });
  cleanups.push(() => (cache.close(), cleanup()));
  addFakeProfile(cache, 'p1');
  const api = new FakeService();
  const outbox = new Outbox({
    cache,
    profileId: 'p1',
    api,
    clock,
    logger: new MemoryLogger(),
    uploadsDir: join(dir, 'uploads'),
    random: () => 1,
  });
  const g = cache.groups.addExisting('p1', 7, 'G');
  api.groups.set(7, { group_name: 'G' });
  api.failNext('putAuthor', new DeskError('server_error', 'HTTP 503'));
  const id = outbox.putAuthor(g.id, 'c1', { name: 'A' });
  expect(await outbox.drain()).toMatchObject({ sent: 0, retried: 1 });

  wall -= 3_600_000; // the editor (or NTP) sets the clock back an hour
  mono += 10;
  expect(outbox.nextDueIn()).toBe(1_990);
  // Shown in wall time: two seconds after the (new) wall clock, not an hour later.
  expect(outbox.list().find((e) => e.id === id)!.nextAttemptAt - wall).toBe(1_990);

  const armed: Array<{ fn: () => void; ms: number }> = [];
  const timers: Timers = { setTimeout: (fn, ms) => (armed.push({ fn, ms }), armed.length), clearTimeout: () => undefined };
  const connectivity = new Connectivity({ probe: async () => true, timers, clock, logger: new MemoryLogger() });
  const loop = new SyncLoop({ outbox, connectivity, timers, clock, logger: new MemoryLogger() });
  loop.start();
  const retry = armed.at(-1)!;
  expect(retry.ms).toBe(1_990); // not 3,601,990
  mono += retry.ms;
  const synced = loop.events.once('synced');
  retry.fn();
  expect(await synced).toMatchObject({ sent: 1 });
  expect(api.authors.get('7/c1')).toEqual({ name: 'A' });
  await loop.stop();
});

it('a busy database and a full disk are retried, never parked; damage holds the queue', () => {
  const err = (code: string) => Object.assign(new Error(code), { code });
  expect(classifyFailure(err('SQLITE_BUSY'))).toMatchObject({ action: 'retry', code: 'cache_unavailable' });
  expect(classifyFailure(err('SQLITE_BUSY_SNAPSHOT'))).toMatchObject({ action: 'retry' });
  expect(classifyFailure(err('SQLITE_LOCKED'))).toMatchObject({ action: 'retry' });
  expect(classifyFailure(err('SQLITE_FULL'))).toMatchObject({ action: 'retry', code: 'disk_full' });
  expect(classifyFailure(err('SQLITE_CORRUPT'))).toMatchObject({ action: 'hold', code: 'cache_damaged' });
  expect(classifyFailure(err('SQLITE_NOTADB'))).toMatchObject({ action: 'hold', code: 'cache_damaged' });
  expect(classifyFailure(err('SQLITE_READONLY'))).toMatchObject({ action: 'hold', code: 'cache_unavailable' });
  expect(classifyFailure(new Error('other'))).toMatchObject({ action: 'park' });
});
