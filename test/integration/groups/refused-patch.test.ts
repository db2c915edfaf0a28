// A partial author update the service refused, then edited or discarded by the editor, through core's
// router against the local service: the author's row shows the service's last known values (or the
// edited ones), never a value the service refused — also for a field the edit no longer sends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthorsGroupRow, GroupAuthorRow, OutboxItemView } from '../../../electron/common/shapes';
import type { Core } from '../../../electron/core/composition';
import type { RunningSandbox } from '../../../electron/localservice';
import { startCoreWithService, type CoreWithService } from '../../support/core-with-service';

let t: CoreWithService;
let core: Core;
let service: RunningSandbox;
const call = <T>(channel: string, input: unknown) => t.call<T>(channel, input);
const sync = () => core.workspace()!.sync.syncNow();
const entries = () => call<OutboxItemView[]>('outbox.list', {});
// The custom fields are never listed: an unknown key can only be refused by the service.
const unknownField = '5a1d0000-0000-4000-8000-000000009998';
let group: AuthorsGroupRow;
const cached = () => core.cache.groups.author(group.id, 'r-7')!;
const onService = async () => {
  const res = await fetch(`${service.baseUrl}/api/external/author-from-group/${core.cache.groups.get(group.id)!.serviceId}/r-7/`, {
    headers: { 'X-ApiKey': service.apiKey },
  });
  return (await res.json()) as Record<string, unknown>;
};
const refusedPatch = async (body: Record<string, unknown>) => {
  await call('authors.patch', { groupId: group.id, clientId: 'r-7', body });
  await sync();
  return (await entries()).find((e) => e.target?.clientId === 'r-7' && e.state === 'failed')!;
};

beforeAll(async () => {
  t = await startCoreWithService({ prefix: 'refused-patch' });
  ({ core, service } = t);
  // The tests send with sync() when they mean to: the loop would send a write as soon as it is queued, before
  // the answer that shows it pending (the answer waits for the disk, cache.editorWrite).
  await core.workspace()!.sync.stop();
  group = await call<AuthorsGroupRow>('groups.create', {
    group_name: 'Patch panel',
    owner_team: 'Editorial Office',
    editor_teams: [],
    viewer_teams: [],
  });
  await call('authors.put', { groupId: group.id, clientId: 'r-7', body: { name: 'Grace Hopper', affiliations: ['Yale'] } });
  await sync();
  group = core.cache.groups.get(group.id)!;
});
afterAll(async () => {
  await t?.close();
});

describe('a refused partial author update', () => {
  it('edited without the refused fields: the row takes the service’s values back for them, then the edit', async () => {
    expect(cached()).toMatchObject({ name: 'Grace Hopper', affiliations: ['Yale'], syncState: 'synced' });
    const refused = await refusedPatch({ affiliations: ['Navy'], customFields: { [unknownField]: 'x' } });
    expect(refused).toMatchObject({ kind: 'author_patch', error: { message: expect.stringMatching(/unknown field/) } });
    // Shown while it waits for the editor: the values that were refused, marked failed.
    expect(cached()).toMatchObject({ affiliations: ['Navy'], customFields: { [unknownField]: 'x' }, syncState: 'failed' });

    await call('outbox.edit', { id: refused.id, kind: 'author_patch', body: { name: 'Grace B. Hopper' } });
    expect(cached()).toMatchObject({ name: 'Grace B. Hopper', affiliations: ['Yale'], customFields: {}, syncState: 'pending' });
    await sync();
    expect(cached()).toMatchObject({ name: 'Grace B. Hopper', affiliations: ['Yale'], customFields: {}, syncState: 'synced' });
    expect(await onService()).toMatchObject({ name: 'Grace B. Hopper', affiliations: ['Yale'] });
    expect((await call<GroupAuthorRow[]>('groups.authors', { groupId: group.id })).find((a) => a.clientId === 'r-7')).toMatchObject({
      affiliations: ['Yale'],
      customFields: {},
    });
  });

  it('discarded: the row is the service’s last known one again, synced', async () => {
    const refused = await refusedPatch({ name: 'Admiral Hopper', customFields: { [unknownField]: 'y' } });
    expect(cached()).toMatchObject({ name: 'Admiral Hopper', syncState: 'failed' });
    await call('outbox.discard', { id: refused.id });
    expect(cached()).toMatchObject({ name: 'Grace B. Hopper', affiliations: ['Yale'], customFields: {}, syncState: 'synced' });
    expect(await onService()).toMatchObject({ name: 'Grace B. Hopper' });
  });

  it('discarded while a later write waits: the row is the service’s values plus that write only', async () => {
    const refused = await refusedPatch({ affiliations: ['Refused Inc.'], customFields: { [unknownField]: 'z' } });
    // A second edit queues behind the refused one (same author: sent in order, after it).
    await call('authors.patch', { groupId: group.id, clientId: 'r-7', body: { emails: ['grace@example.org'] } });
    expect(cached()).toMatchObject({ affiliations: ['Refused Inc.'], emails: ['grace@example.org'] });
    await call('outbox.discard', { id: refused.id });
    expect(cached()).toMatchObject({ name: 'Grace B. Hopper', affiliations: ['Yale'], emails: ['grace@example.org'], customFields: {} });
    expect(cached().syncState).toBe('pending');
    await sync();
    expect(cached()).toMatchObject({ affiliations: ['Yale'], emails: ['grace@example.org'], syncState: 'synced' });
    expect(await onService()).toMatchObject({ affiliations: ['Yale'], emails: ['grace@example.org'] });
  });
});
