// The editor's writes (an upload queued, a group created, an author put, patched or deleted) are committed at
// once and answered only when cache.durable() says they are on disk: the fsync of the WAL runs off core's
// thread (cache/wal-sync.ts), so the answer waits for it and the loop does not.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DeskError } from '../../electron/common/errors';
import type { Envelope } from '../../electron/common/contract';
import type { Core } from '../../electron/core/composition';
import { startCoreWithService, type CoreWithService } from '../support/core-with-service';

let t: CoreWithService;
let core: Core;

beforeAll(async () => {
  t = await startCoreWithService({ prefix: 'durable' });
  core = t.core;
  // Nothing is sent while the test looks: the loop would send each write as soon as it is queued (a deleted
  // author would then be gone before the test sees it "deleting").
  await core.workspace()!.sync.stop();
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Holds every durable() call until release(); counts the calls. */
function holdDurable() {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const spy = vi.spyOn(core.cache, 'durable').mockImplementation(() => held);
  return { spy, release };
}

const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
};

/** Calls a channel with durable() held: the write is in the cache before the answer, which waits for the fsync. */
async function answeredAfterFsync(channel: string, input: unknown, written: () => boolean): Promise<Envelope<unknown>> {
  const { spy, release } = holdDurable();
  let settled = false;
  const answer = t.handle(channel, input).finally(() => (settled = true));
  await vi.waitFor(() => expect(spy).toHaveBeenCalled());
  expect(written(), `${channel}: committed before the fsync`).toBe(true);
  await turns(5);
  expect(settled, `${channel}: answered before the fsync`).toBe(false);
  release();
  const env = await answer;
  expect(env, `${channel}: ${JSON.stringify(env)}`).toMatchObject({ ok: true });
  return env;
}

describe('the editor’s writes are answered once on disk', () => {
  it('an upload, a group and an author’s put, patch and delete each wait for durable() and not before', async () => {
    await answeredAfterFsync(
      'manuscripts.upload',
      { form: { folder: 'DUR', origin_id: 'durable-1', title: 'Tides', abstract: 'Rocks.', authors_count: 0 } },
      () => core.cache.manuscripts.list(core.profiles.activeId()!).some((m) => m.originId === 'durable-1'),
    );
    const group = await answeredAfterFsync(
      'groups.create',
      { group_name: 'Durable group', owner_team: 'Team A', editor_teams: [], viewer_teams: [] },
      () => core.cache.groups.list(core.profiles.activeId()!).some((g) => g.name === 'Durable group'),
    );
    const groupId = (group as { value: { id: number } }).value.id;
    const author = () => core.cache.groups.author(groupId, 'dur-1');
    await answeredAfterFsync('authors.put', { groupId, clientId: 'dur-1', body: { name: 'Ada Lovelace' } }, () => author() !== undefined);
    await answeredAfterFsync(
      'authors.patch',
      { groupId, clientId: 'dur-1', body: { affiliations: ['Analytical Engines'] } },
      () => author()?.affiliations?.[0] === 'Analytical Engines',
    );
    await answeredAfterFsync('authors.delete', { groupId, clientId: 'dur-1' }, () => author()?.syncState === 'deleting');
  });

  it('says so in the editor’s words when the disk does not confirm the write, and keeps it', async () => {
    vi.spyOn(core.cache, 'durable').mockRejectedValue(
      new DeskError('cache_unavailable', 'Referee Desk saved your change but the disk did not confirm it (EIO).'),
    );
    const env = await t.handle('manuscripts.upload', {
      form: { folder: 'DUR', origin_id: 'durable-2', title: 'Tides again', abstract: 'Rocks.', authors_count: 0 },
    });
    expect(env).toMatchObject({ ok: false, error: { code: 'cache_unavailable', message: expect.stringContaining('did not confirm') } });
    expect(core.cache.manuscripts.list(core.profiles.activeId()!).some((m) => m.originId === 'durable-2')).toBe(true);
  });
});
