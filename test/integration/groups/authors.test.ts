// Authors of a group through core's router against the local service: any client id can be read
// from the service (a group added by id starts empty), a missing one says so, and writes whose
// custom-field values do not fit the org's definitions are refused before anything is queued.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthorsGroupRow, GroupAuthorRow } from '../../../electron/common/shapes';
import type { Core } from '../../../electron/core/composition';
import type { RunningSandbox } from '../../../electron/localservice';
import { startCoreWithService, type CoreWithService } from '../../support/core-with-service';

const F = (n: number) => `5a1d0000-0000-4000-8000-${String(n).padStart(12, '0')}`;

let core: Core;
let service: RunningSandbox;
let group: AuthorsGroupRow;

let t: CoreWithService;
const handle = (channel: string, input: unknown) => t.handle(channel, input);
const call = <T>(channel: string, input: unknown) => t.call<T>(channel, input);
const outboxSize = () => core.workspace()!.outbox.list().length;

beforeAll(async () => {
  t = await startCoreWithService({ prefix: 'group-authors' });
  ({ core, service } = t);
  // The tests send with syncNow() when they mean to: the loop would send a write as soon as it is queued, before
  // the answer that shows it pending (the answer waits for the disk, cache.editorWrite).
  await core.workspace()!.sync.stop();
  await call('customFields.list', { refresh: true });
  const created = await call<AuthorsGroupRow>('groups.create', {
    group_name: 'Fetch test',
    owner_team: 'Editorial Office',
    editor_teams: [],
    viewer_teams: [],
  });
  await core.workspace()!.sync.syncNow();
  group = core.cache.groups.get(created.id)!;
  expect(group.serviceId).not.toBeNull();
  // An author written to the service by another client: this app's cache has never seen it.
  const res = await fetch(`${service.baseUrl}/api/external/author-from-group/${group.serviceId}/ext-1/`, {
    method: 'POST',
    headers: { 'X-ApiKey': service.apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Katherine Johnson', emails: ['kj@example.org'], [F(1)]: 12, [F(4)]: F(41) }),
  });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('authors.fetch', () => {
  it('reads an author the cache does not hold, by any client id', async () => {
    expect(await call<GroupAuthorRow[]>('groups.authors', { groupId: group.id })).toEqual([]);
    const row = await call<GroupAuthorRow>('authors.fetch', { groupId: group.id, clientId: 'ext-1' });
    expect(row).toMatchObject({
      clientId: 'ext-1',
      name: 'Katherine Johnson',
      emails: ['kj@example.org'],
      syncState: 'synced',
      customFields: { [F(1)]: 12, [F(4)]: F(41) },
    });
    expect((await call<GroupAuthorRow[]>('groups.authors', { groupId: group.id })).map((a) => a.clientId)).toEqual(['ext-1']);
  });

  it('says plainly when the service has no such author, and caches nothing', async () => {
    const env = await handle('authors.fetch', { groupId: group.id, clientId: 'nobody' });
    expect(env).toMatchObject({
      ok: false,
      error: {
        code: 'not_found',
        field: 'clientId',
        message: expect.stringMatching(/^The service has no author “nobody” in group “Fetch test”/),
      },
    });
    expect(core.cache.groups.author(group.id, 'nobody')).toBeUndefined();
  });

  it('refuses to overwrite an author whose change is still waiting to be sent', async () => {
    await call('authors.put', { groupId: group.id, clientId: 'queued-1', body: { name: 'Queued Author' } });
    const env = await handle('authors.fetch', { groupId: group.id, clientId: 'queued-1' });
    expect(env).toMatchObject({ ok: false, error: { code: 'conflict', field: 'clientId' } });
    expect(core.cache.groups.author(group.id, 'queued-1')).toMatchObject({ name: 'Queued Author', syncState: 'pending' });
    await core.workspace()!.sync.syncNow();
    expect(await call<GroupAuthorRow>('authors.fetch', { groupId: group.id, clientId: 'queued-1' })).toMatchObject({
      name: 'Queued Author',
      syncState: 'synced',
    });
  });

  it('never overwrites a change saved while the read was on its way', async () => {
    const reading = handle('authors.fetch', { groupId: group.id, clientId: 'queued-1' });
    await call('authors.patch', { groupId: group.id, clientId: 'queued-1', body: { name: 'Queued Author, renamed' } });
    expect(await reading).toMatchObject({ ok: false, error: { code: 'conflict', field: 'clientId' } });
    expect(core.cache.groups.author(group.id, 'queued-1')).toMatchObject({ name: 'Queued Author, renamed', syncState: 'pending' });
    await core.workspace()!.sync.syncNow();
    expect(core.cache.groups.author(group.id, 'queued-1')).toMatchObject({ name: 'Queued Author, renamed', syncState: 'synced' });
  });
});

describe('custom-field values checked in core', () => {
  const refused = async (channel: 'authors.put' | 'authors.patch', body: unknown, message: RegExp, field: string) => {
    const before = outboxSize();
    const cached = core.cache.groups.author(group.id, 'ext-1');
    const env = await handle(channel, { groupId: group.id, clientId: 'ext-1', body });
    expect(env).toMatchObject({ ok: false, error: { code: 'invalid_input', field, message: expect.stringMatching(message) } });
    expect(outboxSize()).toBe(before);
    expect(core.cache.groups.author(group.id, 'ext-1')).toEqual(cached);
  };

  it('refuses a value that does not fit its field, naming the field', async () => {
    await refused(
      'authors.put',
      { name: 'Katherine Johnson', customFields: { [F(3)]: '2026-02-30' } },
      /^Last invited must be a date \(YYYY-MM-DD\)\.$/,
      `body.customFields.${F(3)}`,
    );
    await refused(
      'authors.put',
      { name: 'Katherine Johnson', customFields: { [F(1)]: 'twelve' } },
      /^Reviews completed must be a number\.$/,
      `body.customFields.${F(1)}`,
    );
    await refused(
      'authors.patch',
      { customFields: { [F(4)]: F(51) } },
      /^Availability must be one of its options\.$/,
      `body.customFields.${F(4)}`,
    );
    await refused(
      'authors.patch',
      { customFields: { [F(5)]: [F(51), 'nope'] } },
      /^Expertise must be a list of its options\.$/,
      `body.customFields.${F(5)}`,
    );
  });

  it('refuses a key that is not an author custom field of the org (a folder field is not one)', async () => {
    await refused(
      'authors.patch',
      { customFields: { [F(6)]: 'JCODE' } },
      new RegExp(`^“${F(6)}” is not a custom field of authors`),
      `body.customFields.${F(6)}`,
    );
  });

  it('refuses a partial update that changes nothing', async () => {
    await refused('authors.patch', {}, /needs at least one field/, 'body');
  });

  it('queues values that fit, and the service stores them', async () => {
    await call('authors.patch', {
      groupId: group.id,
      clientId: 'ext-1',
      body: { customFields: { [F(3)]: '2024-02-29', [F(5)]: [F(51), F(53)], [F(1)]: null } },
    });
    await core.workspace()!.sync.syncNow();
    const res = await fetch(`${service.baseUrl}/api/external/author-from-group/${group.serviceId}/ext-1/`, {
      headers: { 'X-ApiKey': service.apiKey },
    });
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Katherine Johnson', [F(3)]: '2024-02-29', [F(5)]: [F(51), F(53)], [F(4)]: F(41) });
    expect(body[F(1)] ?? null).toBeNull();
  });
});

describe('a group added by its number', () => {
  it('is created by the service already verified; a number typed in stays not verified until one of its authors is read', async () => {
    expect(core.cache.groups.get(group.id)!.verifiedAt).not.toBeNull();

    const unknown = await call<AuthorsGroupRow>('groups.add', { serviceId: 999_999, name: 'Typo panel' });
    expect(unknown).toMatchObject({ serviceId: 999_999, name: 'Typo panel', origin: 'added', verifiedAt: null });
    const env = await handle('authors.fetch', { groupId: unknown.id, clientId: 'ext-1' });
    expect(env).toMatchObject({
      ok: false,
      error: {
        code: 'not_found',
        field: 'groupId',
        message: expect.stringMatching(/^The service has no authors group 999999: check the number/),
      },
    });
    expect(core.cache.groups.get(unknown.id)!.verifiedAt).toBeNull();

    // A group another client created: the app has never seen its number answer.
    const res = await fetch(`${service.baseUrl}/api/external/authors-group/create/`, {
      method: 'POST',
      headers: { 'X-ApiKey': service.apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ group_name: 'Shared', owner_team: 'Editorial Office', editor_teams: [], viewer_teams: [] }),
    });
    const serviceId = Number(((await res.json()) as { authors_group_id: number }).authors_group_id);
    const real = await call<AuthorsGroupRow>('groups.add', { serviceId, name: 'Shared panel' });
    expect(real.verifiedAt).toBeNull();
    // A missing author is still an answer about the author, not the group: the group stays not verified.
    expect(await handle('authors.fetch', { groupId: real.id, clientId: 'nobody' })).toMatchObject({
      ok: false,
      error: { field: 'clientId' },
    });
    expect(core.cache.groups.get(real.id)!.verifiedAt).toBeNull();
    await fetch(`${service.baseUrl}/api/external/author-from-group/${serviceId}/m-1/`, {
      method: 'POST',
      headers: { 'X-ApiKey': service.apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Mary Jackson' }),
    });
    await call('authors.fetch', { groupId: real.id, clientId: 'm-1' });
    expect(core.cache.groups.get(real.id)!.verifiedAt).toEqual(expect.any(Number));
    expect((await call<AuthorsGroupRow[]>('groups.list', {})).find((g) => g.id === real.id)!.verifiedAt).not.toBeNull();
  });
});
