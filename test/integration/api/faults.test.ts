// Every error class through the local service's fault injection (docs: electron/localservice/admin.ts,
// /admin/faults/): one test each, asserting the code and that nothing was half-applied.
import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DeskError } from '../../../electron/common/errors';
import { isOutcomeUnknown, ServiceClient } from '../../../electron/core/api';
import { startTestSandbox, type TestSandbox } from './sandbox';

let t: TestSandbox;
const errors: DeskError[] = [];
let teams: string[];

interface AdminGroup {
  id: number;
  group_name: string;
  authors: Array<Record<string, unknown> & { client_id: string }>;
}
const groups = async (orgId = t.orgId) => (await t.admin<{ groups: AdminGroup[] }>('GET', `orgs/${orgId}/groups/`)).groups;
const boardAuthor = async (clientId: string) => (await groups())[0]!.authors.find((a) => a.client_id === clientId);
const manuscripts = async () =>
  (await t.admin<{ manuscripts: Array<{ origin_id: string; folder?: string }> }>('GET', `orgs/${t.orgId}/manuscripts/`)).manuscripts;
const fault = (rule: Record<string, unknown>) => t.admin('POST', 'faults/', rule);

async function failure(p: Promise<unknown>): Promise<DeskError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(DeskError);
    errors.push(e as DeskError);
    return e as DeskError;
  }
  throw new Error('expected the call to fail');
}

const form = (originId: string, folder = 'DEMO') => ({
  fields: {
    folder,
    origin_id: originId,
    title: 'Antimicrobial stewardship trials',
    abstract: 'Randomized controlled trials of stewardship.',
    authors_count: 0,
    authors: [],
  },
});

beforeAll(async () => {
  t = await startTestSandbox();
  teams = (await t.admin<{ teams: string[] }>('GET', `orgs/${t.orgId}/teams/`)).teams;
});
afterEach(async () => {
  await t.admin('DELETE', 'faults/');
});
afterAll(async () => {
  await t.close();
});

describe('each error class', () => {
  it('offline: nothing listens at the address', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const client = new ServiceClient({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: async () => t.sb.apiKey,
      sleep: async () => undefined,
    });
    const e = await failure(client.putAuthor(1, 'f-offline', { name: 'X' }));
    await client.close();
    expect(e.code).toBe('offline');
    expect(await boardAuthor('f-offline')).toBeUndefined();
  });

  it('timeout: the service never answers (hang)', async () => {
    await fault({ route: 'author_post', kind: 'hang' });
    const { client } = t.client({ timeouts: { headersMs: 300 }, retry: { maxAttempts: 2 } });
    const e = await failure(client.putAuthor(1, 'f-timeout', { name: 'X' }));
    expect(e.code).toBe('timeout');
    expect(await boardAuthor('f-timeout')).toBeUndefined();
  });

  it('unauthorized: a wrong key', async () => {
    const { client } = t.client({ apiKey: async () => 'not-the-key-000' });
    const e = await failure(client.putAuthor(1, 'f-401', { name: 'X' }));
    expect(e.code).toBe('unauthorized');
    expect(e.message).toMatch(/Local demo/);
    expect(await boardAuthor('f-401')).toBeUndefined();
  });

  it('feature_not_in_plan: an organization without Authors groups', async () => {
    const org = await t.admin<{ id: number; api_key: string }>('POST', 'orgs/', {
      name: 'No groups org',
      api_key: 'no-groups-key-123456',
      teams: ['Office'],
      features: { authors_groups: false, referee_finder: true, recommend_journals: false },
    });
    const { client } = t.client({ apiKey: async () => org.api_key });
    const e = await failure(client.createAuthorsGroup({ group_name: 'G', owner_team: 'Office', editor_teams: [], viewer_teams: [] }));
    expect(e.code).toBe('feature_not_in_plan');
    expect(e.message).toMatch(/Authors groups/);
    expect(await groups(org.id)).toEqual([]);
    expect((await failure(client.recommendJournals('x'))).message).toMatch(/Recommend journals/);
  });

  it('not_found: an author that does not exist', async () => {
    const e = await failure(t.client().client.getAuthor(1, 'f-nobody'));
    expect(e.code).toBe('not_found');
    expect(e.message).toMatch(/f-nobody/);
  });

  it('invalid_request: a team that does not exist, with the service message and field', async () => {
    const before = (await groups()).length;
    const e = await failure(
      t.client().client.createAuthorsGroup({ group_name: 'G', owner_team: 'No Such Team', editor_teams: [], viewer_teams: [] }),
    );
    expect(e.code).toBe('invalid_request');
    expect(e.field).toBe('owner_team');
    expect(e.message).toMatch(/No Such Team/);
    expect(isOutcomeUnknown(e)).toBe(false);
    expect((await groups()).length).toBe(before);
  });

  it('rate_limited: Retry-After beyond the time budget is returned, not waited', async () => {
    await fault({ route: 'upload', kind: 'rate_limit', retry_after_s: 600 });
    const { client, sleeps } = t.client();
    const e = await failure(client.uploadManuscript(form('F-429')));
    expect(e).toMatchObject({ code: 'rate_limited', retryAfterMs: 600_000 });
    expect(sleeps).toEqual([]);
    expect((await manuscripts()).some((m) => m.origin_id === 'F-429')).toBe(false);
  });

  it('server_error: HTTP 500 is not retried and changes nothing', async () => {
    await t.client().client.putAuthor(1, 'f-500', { name: 'Before', emails: ['a@x.org'] });
    await fault({ route: 'author_partial', kind: 'status', status: 500 });
    const { client, sleeps } = t.client();
    const e = await failure(client.patchAuthor(1, 'f-500', { name: 'After' }));
    expect(e.code).toBe('server_error');
    expect(sleeps).toEqual([]);
    expect(await boardAuthor('f-500')).toMatchObject({ name: 'Before', emails: ['a@x.org'] });
  });

  it('bad_response: an HTML login page instead of data', async () => {
    await fault({ route: 'author_post', kind: 'html_login' });
    const e = await failure(t.client().client.putAuthor(1, 'f-html', { name: 'X' }));
    expect(e.code).toBe('bad_response');
    expect(e.message).toMatch(/web page/);
    expect(await boardAuthor('f-html')).toBeUndefined();
  });

  it('bad_response: malformed JSON from a read', async () => {
    await fault({ route: 'custom_fields', kind: 'malformed_json' });
    const e = await failure(t.client().client.listCustomFields());
    expect(e.code).toBe('bad_response');
  });

  it('cancelled: the caller aborts while the service is slow', async () => {
    await fault({ route: 'author_post', kind: 'latency', latency_ms: 30_000 });
    const ac = new AbortController();
    const { client } = t.client();
    const call = client.putAuthor(1, 'f-cancel', { name: 'X' }, { signal: ac.signal });
    ac.abort();
    const e = await failure(call);
    expect(e.code).toBe('cancelled');
    expect(await boardAuthor('f-cancel')).toBeUndefined();
  });
});

describe('recovery', () => {
  it('503 twice, then success: retried with backoff, applied once', async () => {
    await fault({ route: 'author_post', kind: 'status', status: 503, times: 2 });
    const { client, sleeps } = t.client();
    const r = await client.putAuthor(1, 'f-503', { name: 'Retried' });
    expect(r.attempts).toBe(3);
    expect(sleeps).toHaveLength(2);
    expect(await boardAuthor('f-503')).toMatchObject({ name: 'Retried' });
  });

  it('429 with a short Retry-After is waited out, then the upload goes through', async () => {
    await fault({ route: 'upload', kind: 'rate_limit', retry_after_s: 2, times: 1 });
    const { client, sleeps } = t.client();
    const r = await client.uploadManuscript(form('F-429-ok'));
    expect(r.attempts).toBe(2);
    expect(sleeps).toEqual([2000]);
  });

  it('an answer cut off after the write: the full replace is repeated, same end state', async () => {
    await fault({ route: 'author_post', kind: 'truncate', times: 1 });
    const r = await t.client().client.putAuthor(1, 'f-trunc', { name: 'Once', emails: ['o@x.org'] });
    expect(r.attempts).toBe(2);
    expect(await boardAuthor('f-trunc')).toMatchObject({ name: 'Once', emails: ['o@x.org'] });
  });

  it('a connection reset after an upload: re-sent, deduplicated by origin_id', async () => {
    await fault({ route: 'upload', kind: 'reset', times: 1 });
    const r = await t.client().client.uploadManuscript(form('F-RESET'));
    expect(r.attempts).toBe(2);
    expect((await manuscripts()).filter((m) => m.origin_id === 'F-RESET')).toHaveLength(1);
  });

  it('authors group creation whose answer is lost: not retried, outcome unknown, exactly one group exists', async () => {
    await fault({ route: 'authors_group_create', kind: 'truncate' });
    const { client, sleeps } = t.client();
    const e = await failure(
      client.createAuthorsGroup({ group_name: 'Lost answer group', owner_team: teams[0]!, editor_teams: [], viewer_teams: [] }),
    );
    expect(isOutcomeUnknown(e)).toBe(true);
    expect(e.message).toMatch(/Lost answer group/);
    expect(sleeps).toEqual([]);
    expect((await groups()).filter((g) => g.group_name === 'Lost answer group')).toHaveLength(1);
  });

  it('authors group creation refused with 503 before the handler: outcome unknown too (a gateway cannot be told apart)', async () => {
    await fault({ route: 'authors_group_create', kind: 'status', status: 503 });
    const e = await failure(
      t.client().client.createAuthorsGroup({ group_name: 'Maybe group', owner_team: teams[0]!, editor_teams: [], viewer_teams: [] }),
    );
    expect(isOutcomeUnknown(e)).toBe(true);
    expect(e.code).toBe('server_error');
    expect((await groups()).filter((g) => g.group_name === 'Maybe group')).toHaveLength(0);
  });
});

describe('the API key never leaks', () => {
  it('appears in no error message, error shape or log line of this whole session', () => {
    expect(errors.length).toBeGreaterThan(10);
    const text = [
      ...errors.map((e) => `${e.message}\n${JSON.stringify(e.toShape())}\n${e.stack ?? ''}\n${JSON.stringify(e.cause ?? null)}`),
      ...t.logLines(),
    ].join('\n');
    expect(t.logLines().length).toBeGreaterThan(20);
    expect(text).not.toContain(t.sb.apiKey);
  });
});
