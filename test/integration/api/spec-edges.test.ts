// Spec edges between the client and the local service (issue 17, "Spec edges"), through the same
// router channels the renderer uses: blank author rows, an affiliation without a name, delete on an
// unknown group, client ids a URL cannot carry, an out-of-range webhook port, and what Test
// connection says about Referee finder once candidates came.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionTest, ManuscriptRow, ProfilesState, WebhookStatusView } from '../../../electron/common/shapes';
import { ServiceClient } from '../../../electron/core/api';
import { startCoreWithService, type CoreWithService } from '../../support/core-with-service';

let t: CoreWithService;
const call = <T>(channel: string, input: unknown) => t.call<T>(channel, input);

beforeAll(async () => {
  t = await startCoreWithService({ prefix: 'edges' });
});
afterAll(async () => {
  await t?.close();
});

describe('spec edges', () => {
  it('a blank author row and an affiliation without a name: the upload goes through, authors numbered densely', async () => {
    const m = await call<ManuscriptRow>('manuscripts.upload', {
      form: {
        folder: 'DEMO',
        origin_id: 'edges-1',
        title: 'Tidal rhythms of lichens',
        abstract: 'Lichens on rocky shores.',
        authors_count: 3,
        authors: [{ name: 'Ada Lovelace' }, { name: '', aff: '', orcid: '', email: '' }, { aff: 'University of Oslo, Oslo, Norway' }],
      },
    });
    await t.core.workspace()!.sync.syncNow();
    const row = t.core.cache.manuscripts.getById(m.id)!;
    expect(row.syncState).toBe('synced');
    expect(row.authors).toEqual([{ name: 'Ada Lovelace' }, { aff: 'University of Oslo, Oslo, Norway' }]);
    expect(row.authorsCount).toBe(2);
    const runs = await call<{ runs: Array<{ debugInfo: { authors_info?: { authors_count?: number } } | null }> }>('manuscripts.get', {
      id: m.id,
    });
    expect(runs.runs).toHaveLength(1);
  });

  it('Test connection reports Referee finder as available once an upload brought candidates', async () => {
    const state = await call<ProfilesState>('profiles.list', {});
    const id = state.activeId!;
    const test = await call<ConnectionTest>('profiles.test', { id });
    expect(test.ok).toBe(true);
    expect(test.features).toEqual({ authorsGroups: true, refereeFinder: true, recommendJournals: true });
    const after = await call<ProfilesState>('profiles.list', {});
    expect(after.profiles.find((p) => p.id === id)?.lastFeatures?.refereeFinder).toBe(true);
  });

  it('deleteAuthor: an unknown group is an error, an unknown author in a known group is gone', async () => {
    const client = new ServiceClient({ baseUrl: t.service.baseUrl, apiKey: async () => t.service.apiKey, retry: { maxAttempts: 1 } });
    try {
      const group = await client.createAuthorsGroup({
        group_name: 'Edges',
        owner_team: 'Editorial Office',
        editor_teams: [],
        viewer_teams: [],
      });
      const gone = await client.deleteAuthor(group.value.authors_group_id, 'nobody');
      expect(gone.value).toEqual({ ok: true, existed: false });
      await expect(client.deleteAuthor(987_654, 'nobody')).rejects.toMatchObject({
        code: 'not_found',
        field: 'group_id',
        message: 'The service has no authors group 987654.',
      });
    } finally {
      await client.close();
    }
  });

  it('client ids "." and ".." and ones with "/" are refused by the contract', async () => {
    for (const clientId of ['.', '..', 'a/b']) {
      for (const channel of ['authors.fetch', 'authors.delete']) {
        const env = await t.handle(channel, { groupId: 1, clientId });
        expect(env.ok, `${channel} ${clientId}`).toBe(false);
        if (!env.ok) expect(env.error).toMatchObject({ code: 'invalid_input', field: 'clientId' });
      }
    }
    const env = await t.handle('authors.put', { groupId: 1, clientId: '..', body: { name: 'X' } });
    expect(!env.ok && env.error.message).toMatch(/cannot be "\." or "\.\."/);
  });

  it('the webhook port 99999 is refused with a clear message and nothing changes', async () => {
    const before = await call<WebhookStatusView>('webhook.status', {});
    const env = await t.handle('webhook.configure', { enabled: true, port: 99999 });
    expect(env.ok).toBe(false);
    if (!env.ok) {
      expect(env.error).toMatchObject({ code: 'invalid_input', field: 'port' });
      expect(env.error.message).toMatch(/webhook port must be a whole number from 1 to 65535, or 0/);
    }
    expect(await call<WebhookStatusView>('webhook.status', {})).toEqual(before);
  });
});
