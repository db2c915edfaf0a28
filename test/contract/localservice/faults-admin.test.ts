import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { expectError, sandbox, useSandboxes, type TestSandbox } from './helpers';

useSandboxes();

const CF = '/api/external/custom-fields/all/';
const addFault = async (sb: TestSandbox, rule: Record<string, unknown>) => {
  const r = await sb.admin('POST', '/admin/faults/', rule);
  if (r.status !== 200) throw new Error(r.text);
  return r.body as { id: string };
};
const groupCount = async (sb: TestSandbox) => (await sb.admin('GET', '/admin/orgs/1/groups/')).body.groups.length as number;
const newGroup = (sb: TestSandbox) =>
  sb.api('POST', '/api/external/authors-group/create/', {
    json: { group_name: 'G', owner_team: 'Editorial Office', editor_teams: [], viewer_teams: [] },
  });

/** Raw GET that reports how the exchange ended, for faults fetch would hide. */
function rawGet(sb: TestSandbox, path: string): Promise<{ status?: number; body: string; error?: string }> {
  return new Promise((resolve) => {
    const req = request(`${sb.baseUrl}${path}`, { headers: { 'X-ApiKey': sb.apiKey } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode, body }));
      res.on('error', (e: NodeJS.ErrnoException) => resolve({ status: res.statusCode, body, error: e.code ?? e.message }));
      res.on('aborted', () => resolve({ status: res.statusCode, body, error: 'aborted' }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ body: '', error: e.code ?? e.message }));
    req.end();
  });
}

describe('fault injection (issue 3 item 10)', () => {
  it('faults: added latency delays the answer', async () => {
    const sb = await sandbox();
    await addFault(sb, { route: 'custom_fields', kind: 'latency', latency_ms: 250 });
    const t = performance.now();
    expect((await sb.api('GET', CF)).status).toBe(200);
    expect(performance.now() - t).toBeGreaterThanOrEqual(240);
  });

  it('faults: 500, 502 and 503 answer an error body and run nothing', async () => {
    const sb = await sandbox();
    const before = await groupCount(sb);
    for (const status of [500, 502, 503]) {
      const f = await addFault(sb, { route: 'authors_group_create', kind: 'status', status });
      expectError(await newGroup(sb), status);
      await sb.admin('DELETE', `/admin/faults/${f.id}/`);
    }
    expect(await groupCount(sb)).toBe(before);
    expect((await newGroup(sb)).status).toBe(200);
  });

  it('faults: a rate of 0.5 fails about half the requests, deterministically by seed', async () => {
    const sb = await sandbox();
    await addFault(sb, { kind: 'status', status: 503, rate: 0.5 });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await sb.api('GET', CF)).status);
    const failed = statuses.filter((s) => s === 503).length;
    expect(failed).toBeGreaterThan(8);
    expect(failed).toBeLessThan(32);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
  });

  it('faults: 429 carries Retry-After', async () => {
    const sb = await sandbox();
    await addFault(sb, { route: 'upload', kind: 'rate_limit', retry_after_s: 12 });
    const r = await sb.upload({ api_key: sb.apiKey, folder: 'F', origin_id: 'o', title: 't', abstract: 'a', authors_count: '0' });
    expectError(r, 429);
    expect(r.headers.get('retry-after')).toBe('12');
    expect((await sb.admin('GET', '/admin/orgs/1/manuscripts/')).body.manuscripts).toEqual([]);
  });

  it('faults: a hanging request never answers until the client gives up', async () => {
    const sb = await sandbox();
    await addFault(sb, { route: 'custom_fields', kind: 'hang', times: 1 });
    await expect(fetch(`${sb.baseUrl}${CF}`, { headers: { 'X-ApiKey': sb.apiKey }, signal: AbortSignal.timeout(300) })).rejects.toThrow(
      /abort|timeout/i,
    );
    expect((await sb.api('GET', CF)).status).toBe(200);
  });

  it("faults: a connection reset mid-response (the handler's writes still commit)", async () => {
    const sb = await sandbox();
    await addFault(sb, { route: 'authors_group_create', kind: 'reset', times: 1 });
    const before = await groupCount(sb);
    await expect(newGroup(sb)).rejects.toThrow();
    expect(await groupCount(sb)).toBe(before + 1);
    await addFault(sb, { route: 'custom_fields', kind: 'reset', times: 1 });
    const raw = await rawGet(sb, CF);
    expect(raw.error).toBeDefined();
  });

  it('faults: malformed JSON with status 200', async () => {
    const sb = await sandbox();
    await addFault(sb, { route: 'custom_fields', kind: 'malformed_json' });
    const r = await sb.api('GET', CF);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/application\/json/);
    expect(() => JSON.parse(r.text)).toThrow();
  });

  it('faults: a 200 HTML login page instead of JSON', async () => {
    const sb = await sandbox();
    await addFault(sb, { kind: 'html_login' });
    const r = await sb.api('GET', CF);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/text\/html/);
    expect(r.text).toMatch(/<form[^>]*login/i);
  });

  it('faults: a truncated body (shorter than its Content-Length)', async () => {
    const sb = await sandbox();
    await addFault(sb, { route: 'custom_fields', kind: 'truncate' });
    const raw = await rawGet(sb, CF);
    expect(raw.status).toBe(200);
    expect(raw.error).toBeDefined();
    await expect(sb.api('GET', CF)).rejects.toThrow();
  });

  it('faults: rules are per route, per path prefix, per method or global, and times limits them', async () => {
    const sb = await sandbox();
    await addFault(sb, { route: 'custom_fields', kind: 'status', status: 502, times: 2 });
    expect((await sb.api('GET', '/api/external/recommend-journals/x/')).status).toBe(404); // other route untouched
    expect((await sb.api('GET', CF)).status).toBe(502);
    expect((await sb.api('GET', CF)).status).toBe(502);
    expect((await sb.api('GET', CF)).status).toBe(200);
    expect((await sb.admin('GET', '/admin/faults/')).body.faults[0]).toMatchObject({ fired: 2, times: 2 });
    await addFault(sb, { route: '/api/external/author-from-group/', method: 'DELETE', kind: 'status', status: 500 });
    expect((await sb.api('GET', '/api/external/author-from-group/1/x/')).status).toBe(404);
    expect((await sb.api('DELETE', '/api/external/author-from-group/1/x/')).status).toBe(500);
    await sb.admin('DELETE', '/admin/faults/');
    await addFault(sb, { kind: 'status', status: 503 });
    expect((await sb.api('GET', CF)).status).toBe(503);
    expect((await sb.api('GET', '/api/external/recommend-journals/x/')).status).toBe(503);
    expect((await sb.admin('GET', '/admin/corpus/')).status).toBe(200); // the admin surface is never faulted
    await sb.admin('DELETE', '/admin/faults/');
    expect((await sb.admin('GET', '/admin/faults/')).body.faults).toEqual([]);
    expect((await sb.api('GET', CF)).status).toBe(200);
  });

  it('faults: a rule naming an unknown route is refused', async () => {
    const sb = await sandbox();
    expectError(await sb.admin('POST', '/admin/faults/', { route: 'uplod', kind: 'hang' }), 400, 'route');
    expectError(await sb.admin('POST', '/admin/faults/', { kind: 'explode' }), 400, 'kind');
  });

  it('faults: rules can come from the config', async () => {
    const sb = await sandbox({ config: { faults: [{ route: 'custom_fields', kind: 'rate_limit', retry_after_s: 3, times: 1 }] } });
    expect((await sb.api('GET', CF)).status).toBe(429);
    expect((await sb.api('GET', CF)).status).toBe(200);
  });
});

describe('admin surface (issue 3 item 9)', () => {
  it('admin: off unless enabled, and token-protected', async () => {
    const off = await sandbox({ admin: false });
    expect(off.adminToken).toBeUndefined();
    expectError(
      await fetch(`${off.baseUrl}/admin/orgs/`).then(async (r) => ({
        status: r.status,
        body: await r.json(),
        headers: r.headers,
        text: '',
      })),
      404,
    );
    const on = await sandbox();
    for (const headers of [{}, { Authorization: 'Bearer wrong-token' }] as Array<Record<string, string>>) {
      const r = await fetch(`${on.baseUrl}/admin/orgs/`, { headers });
      expect(r.status).toBe(401);
    }
    expect((await fetch(`${on.baseUrl}/admin/orgs/`, { headers: { 'X-Admin-Token': on.adminToken! } })).status).toBe(200);
    const index = (await on.admin('GET', '/admin/')).body.routes as Array<{ method: string; path: string }>;
    expect(index.length).toBeGreaterThan(30);
  });

  it('admin: organizations with keys and plans; a rotated key replaces the old one', async () => {
    const sb = await sandbox();
    const created = await sb.admin('POST', '/admin/orgs/', { name: 'Second', features: { referee_finder: false }, teams: ['Board'] });
    expect(created.body).toMatchObject({
      name: 'Second',
      features: { authors_groups: true, referee_finder: false, recommend_journals: true },
    });
    const key = created.body.api_key as string;
    expect((await sb.api('GET', CF, { key })).status).toBe(200);
    expect(
      (
        await sb.api('POST', '/api/external/authors-group/create/', {
          key,
          json: { group_name: 'x', owner_team: 'Board', editor_teams: [], viewer_teams: [] },
        })
      ).status,
    ).toBe(200);
    const rotated = (await sb.admin('POST', `/admin/orgs/${created.body.id}/rotate-key/`)).body.api_key as string;
    expectError(await sb.api('GET', CF, { key }), 401);
    expect((await sb.api('GET', CF, { key: rotated })).status).toBe(200);
    expect((await sb.admin('POST', '/admin/orgs/', { name: 'Dup', api_key: rotated })).status).toBe(409);
    const patched = await sb.admin('PATCH', `/admin/orgs/${created.body.id}/`, {
      settings: { prefer: 'parsed', conflicts: 'exclude', without_email: 'exclude' },
    });
    expect(patched.body.settings).toMatchObject({ prefer: 'parsed', conflicts: 'exclude', without_email: 'exclude' });
    expectError(await sb.admin('PUT', `/admin/orgs/${created.body.id}/settings/`, { prefer: 'sometimes' }), 400, 'prefer');
  });

  it('admin: teams, custom fields, webhook receivers and external conflicts can be listed and removed', async () => {
    const sb = await sandbox();
    await sb.admin('POST', '/admin/orgs/1/teams/', { name: 'Temp' });
    expect((await sb.admin('GET', '/admin/orgs/1/teams/')).body.teams).toContain('Temp');
    expect((await sb.admin('DELETE', '/admin/orgs/1/teams/Temp/')).status).toBe(200);
    const f = (await sb.admin('POST', '/admin/orgs/1/custom-fields/', { scope: 'folder', data_kind: 'number', name: 'Impact' })).body;
    expect(f).toMatchObject({ scope: 'folder', data_kind: 'number', name: 'Impact', description: null });
    expect((await sb.admin('DELETE', `/admin/orgs/1/custom-fields/${f.api_id}/`)).status).toBe(200);
    expect((await sb.api('GET', CF)).body.folder.map((x: { name: string }) => x.name)).not.toContain('Impact');
    const w = (await sb.admin('POST', '/admin/orgs/1/webhooks/', { url: 'http://127.0.0.1:9/h' })).body;
    expect((await sb.admin('GET', '/admin/orgs/1/webhooks/')).body.webhooks).toMatchObject([{ id: w.id, url: 'http://127.0.0.1:9/h' }]);
    expect((await sb.admin('DELETE', `/admin/orgs/1/webhooks/${w.id}/`)).status).toBe(200);
    const c = (await sb.admin('POST', '/admin/orgs/1/conflicts/', { orcid: '0000-0002-1825-0097', reason: 'r' })).body;
    expect((await sb.admin('GET', '/admin/orgs/1/conflicts/')).body.conflicts).toMatchObject([{ id: c.id, orcid: '0000-0002-1825-0097' }]);
    expect((await sb.admin('DELETE', `/admin/orgs/1/conflicts/${c.id}/`)).status).toBe(200);
    expectError(await sb.admin('POST', '/admin/orgs/1/conflicts/', { reason: 'no target' }), 400, 'author_id');
    expectError(
      await sb.admin('PUT', '/admin/orgs/1/folders/X/settings/', { authors_groups: [{ id: 999 }], effect: 'highlight' }),
      400,
      'authors_groups',
    );
    expectError(
      await sb.admin('PUT', '/admin/orgs/1/folders/X/settings/', { authors_groups: [{ id: 1 }], effect: 'boost' }),
      400,
      'boost_multiplier',
    );
  });

  it('admin: the demo organization has every plan feature, teams, custom fields, a highlighted group and linked journals', async () => {
    const sb = await sandbox();
    const org = (await sb.admin('GET', '/admin/orgs/1/')).body;
    expect(org.features).toEqual({ authors_groups: true, referee_finder: true, recommend_journals: true });
    expect(org.api_key).toBe(sb.apiKey);
    const folders = (await sb.admin('GET', '/admin/orgs/1/folders/')).body.folders;
    expect(folders[0]).toMatchObject({ name: 'DEMO', referee_finder_settings: { effect: 'highlight' } });
    expect(folders[0].journal_ids.length).toBeGreaterThan(0);
    const groups = (await sb.admin('GET', '/admin/orgs/1/groups/')).body.groups;
    expect(groups[0].authors.every((a: { author_id: number | null }) => a.author_id !== null)).toBe(true);
  });
});
