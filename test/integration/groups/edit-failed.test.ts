// A failed group creation or author write, edited where it was made and sent again (outbox.edit),
// through core's router against the local service, which refuses a team that does not exist and a
// custom field the organization does not have. Bad edits are refused whole: the write, its payload
// and the cache stay as they were.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthorsGroupRow, GroupAuthorRow, OutboxItemView } from '../../../electron/common/shapes';
import type { Core } from '../../../electron/core/composition';
import type { RunningSandbox } from '../../../electron/localservice';
import { startCoreWithService, type CoreWithService } from '../../support/core-with-service';

let t: CoreWithService;
let core: Core;
let service: RunningSandbox;
const handle = (channel: string, input: unknown) => t.handle(channel, input);
const call = <T>(channel: string, input: unknown) => t.call<T>(channel, input);
const sync = () => core.workspace()!.sync.syncNow();
const entries = () => call<OutboxItemView[]>('outbox.list', {});

beforeAll(async () => {
  // The custom fields are never listed: an unknown key can only be refused by the service.
  t = await startCoreWithService({ prefix: 'edit-failed' });
  ({ core, service } = t);
  // The tests send with sync() when they mean to: the loop would send a write as soon as it is queued, before
  // the answer that shows it pending (the answer waits for the disk, cache.editorWrite).
  await core.workspace()!.sync.stop();
});
afterAll(async () => {
  await t?.close();
});

describe('outbox.edit', () => {
  let group: AuthorsGroupRow;
  let failed: OutboxItemView;

  it('shows a refused group creation with its reason, its group and the values to edit', async () => {
    group = await call<AuthorsGroupRow>('groups.create', {
      group_name: 'Ghost team panel',
      owner_team: 'Ghost Team',
      editor_teams: [],
      viewer_teams: [],
    });
    await sync();
    failed = (await entries()).find((e) => e.target?.groupId === group.id)!;
    expect(failed).toMatchObject({
      kind: 'group_create',
      state: 'failed',
      error: { message: expect.stringMatching(/team "Ghost Team" does not exist/) },
      editable: { kind: 'group_create', input: { group_name: 'Ghost team panel', owner_team: 'Ghost Team' } },
    });
    expect(core.cache.groups.get(group.id)).toMatchObject({ serviceId: null, syncState: 'failed', verifiedAt: null });
  });

  it('refuses a bad edit whole: nothing changes', async () => {
    const before = core.workspace()!.outbox.get(failed.id);
    const cached = core.cache.groups.get(group.id);
    expect(
      await handle('outbox.edit', {
        id: failed.id,
        kind: 'group_create',
        input: { group_name: ' ', owner_team: 'X', editor_teams: [], viewer_teams: [] },
      }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await handle('outbox.edit', { id: failed.id, kind: 'author_put', body: { name: 'Not a group' } })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', field: 'kind' },
    });
    expect(core.workspace()!.outbox.get(failed.id)).toEqual(before);
    expect(core.cache.groups.get(group.id)).toEqual(cached);
  });

  it('sends the edited creation again: the group gets its number, verified', async () => {
    const list = await call<OutboxItemView[]>('outbox.edit', {
      id: failed.id,
      kind: 'group_create',
      input: { group_name: 'Real team panel', owner_team: 'Editorial Office', editor_teams: ['Section Editors'], viewer_teams: [] },
    });
    expect(list.find((e) => e.id === failed.id)).toMatchObject({ state: 'pending', error: null, editable: null });
    expect(core.cache.groups.get(group.id)).toMatchObject({ name: 'Real team panel', ownerTeam: 'Editorial Office', syncState: 'pending' });
    await sync();
    const g = core.cache.groups.get(group.id)!;
    expect(g).toMatchObject({ name: 'Real team panel', syncState: 'synced', verifiedAt: expect.any(Number) });
    expect(g.serviceId).not.toBeNull();
    expect((await entries()).some((e) => e.id === failed.id)).toBe(false);
    // An entry that is no longer failed cannot be edited.
    expect(
      await handle('outbox.edit', {
        id: failed.id,
        kind: 'group_create',
        input: { group_name: 'x', owner_team: 'x', editor_teams: [], viewer_teams: [] },
      }),
    ).toMatchObject({ ok: false, error: { code: 'conflict' } });
  });

  it('sends an edited author again after the service refused it, and the service stores the edit', async () => {
    const unknownField = '5a1d0000-0000-4000-8000-000000009999';
    await call('authors.put', {
      groupId: group.id,
      clientId: 'r-1',
      body: { name: 'Ada Lovelace', customFields: { [unknownField]: 'x' } },
    });
    await sync();
    const refused = (await entries()).find((e) => e.target?.clientId === 'r-1')!;
    expect(refused).toMatchObject({
      kind: 'author_put',
      state: 'failed',
      target: { groupId: group.id, clientId: 'r-1' },
      error: { message: expect.stringMatching(/unknown field/) },
      editable: { kind: 'author_put', body: { name: 'Ada Lovelace' } },
    });
    expect(core.cache.groups.author(group.id, 'r-1')!.syncState).toBe('failed');

    await call('outbox.edit', { id: refused.id, kind: 'author_put', body: { name: 'Ada King', emails: ['ada@example.org'] } });
    expect(core.cache.groups.author(group.id, 'r-1')).toMatchObject({ name: 'Ada King', syncState: 'pending' });
    await sync();
    expect(core.cache.groups.author(group.id, 'r-1')).toMatchObject({ name: 'Ada King', syncState: 'synced' });
    const res = await fetch(`${service.baseUrl}/api/external/author-from-group/${core.cache.groups.get(group.id)!.serviceId}/r-1/`, {
      headers: { 'X-ApiKey': service.apiKey },
    });
    expect(await res.json()).toMatchObject({ name: 'Ada King', emails: ['ada@example.org'] });
    expect((await call<GroupAuthorRow[]>('groups.authors', { groupId: group.id })).map((a) => a.name)).toEqual(['Ada King']);
  });
});
