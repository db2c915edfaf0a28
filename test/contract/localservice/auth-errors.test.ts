import { describe, expect, it } from 'vitest';
import { createGroup, expectError, sandbox, useSandboxes } from './helpers';

useSandboxes();

const ENDPOINTS: Array<[string, string]> = [
  ['GET', '/api/external/author-from-group/1/a/'],
  ['POST', '/api/external/author-from-group/1/a/'],
  ['POST', '/api/external/author-from-group/1/a/partial/'],
  ['DELETE', '/api/external/author-from-group/1/a/'],
  ['POST', '/api/external/authors-group/create/'],
  ['POST', '/api/external/proposal/'],
  ['GET', '/api/external/recommend-journals/x/'],
  ['GET', '/api/external/custom-fields/all/'],
];

describe('§5 authentication', () => {
  it('§5.1 every endpoint answers 401 with the error body when X-ApiKey is missing or wrong', async () => {
    const sb = await sandbox();
    for (const [method, path] of ENDPOINTS) {
      expectError(await sb.api(method, path, { key: null }), 401, 'X-ApiKey');
      expectError(await sb.api(method, path, { key: 'not-the-key-at-all' }), 401, 'X-ApiKey');
    }
  });

  it('§5.1 the header name is case-insensitive', async () => {
    const sb = await sandbox();
    for (const name of ['x-apikey', 'X-APIKEY', 'x-ApiKey']) {
      const r = await sb.api('GET', '/api/external/custom-fields/all/', { key: null, headers: { [name]: sb.apiKey } });
      expect(r.status).toBe(200);
    }
  });

  it('§5.2 upload: a missing api_key form field is 400 naming it, a different one is 401', async () => {
    const sb = await sandbox();
    const fields = { folder: 'F', origin_id: 'o', title: 't', abstract: 'a', authors_count: '0' };
    expectError(await sb.upload(fields), 400, 'api_key');
    expectError(await sb.upload({ ...fields, api_key: 'wrong-key-123' }), 401, 'api_key');
    expect((await sb.upload({ ...fields, api_key: sb.apiKey })).status).toBe(200);
  });

  it('§5.4 an API whose feature is not in the plan answers 403 naming the feature', async () => {
    const sb = await sandbox();
    const group = await createGroup(sb);
    const upload = {
      api_key: sb.apiKey,
      folder: 'F',
      origin_id: 'o1',
      title: 'Deep learning',
      abstract: 'Neural networks',
      authors_count: '0',
    };
    expect((await sb.upload(upload)).status).toBe(200);
    await sb.admin('PUT', '/admin/orgs/1/features/', { authors_groups: false, referee_finder: false, recommend_journals: false });
    expectError(
      await sb.api('POST', '/api/external/authors-group/create/', {
        json: { group_name: 'x', owner_team: 'Editorial Office', editor_teams: [], viewer_teams: [] },
      }),
      403,
      'authors_groups',
    );
    expectError(await sb.api('GET', `/api/external/author-from-group/${group}/a/`), 403, 'authors_groups');
    expectError(await sb.api('POST', `/api/external/author-from-group/${group}/a/`, { json: { name: 'A' } }), 403, 'authors_groups');
    expectError(await sb.upload(upload), 403, 'referee_finder');
    expectError(await sb.api('GET', '/api/external/recommend-journals/o1/'), 403, 'recommend_journals');
    expect((await sb.api('GET', '/api/external/custom-fields/all/')).status).toBe(200);
  });

  it('§5.4 without referee finder an upload with exclude_candidates still stores the manuscript', async () => {
    const sb = await sandbox();
    await sb.admin('PUT', '/admin/orgs/1/features/', { referee_finder: false });
    const r = await sb.upload({
      api_key: sb.apiKey,
      folder: 'F',
      origin_id: 'o1',
      title: 't',
      abstract: 'a',
      authors_count: '0',
      exclude_candidates: 'yes',
    });
    expect(r.status).toBe(200);
    expect(r.body.candidates).toBeNull();
  });

  it('§5 each organization has its own key and plan; data of one is invisible to another', async () => {
    const sb = await sandbox({
      config: { orgs: [{ name: 'Other', api_key: 'other-org-key-0001', features: { recommend_journals: false }, teams: ['T'] }] },
    });
    const group = await createGroup(sb);
    const other = { key: 'other-org-key-0001' };
    expectError(await sb.api('GET', `/api/external/author-from-group/${group}/a/`, other), 404, 'group_id');
    expect((await sb.api('GET', '/api/external/custom-fields/all/', other)).body).toEqual({
      author_from_group: [],
      folder: [],
      proposal: [],
    });
    expectError(await sb.api('GET', '/api/external/recommend-journals/x/', other), 403, 'recommend_journals');
  });
});

describe('§4 paths and §7 errors', () => {
  it('§4 paths are matched exactly as written, trailing slash included; a wrong method is 405', async () => {
    const sb = await sandbox();
    expectError(await sb.api('GET', '/api/external/custom-fields/all'), 404);
    expectError(await sb.api('POST', '/api/external/custom-fields/all/', { json: {} }), 405);
    expect((await sb.api('POST', '/api/external/custom-fields/all/', { json: {} })).headers.get('allow')).toBe('GET');
    expectError(await sb.api('GET', '/api/external/nothing-here/'), 404);
  });

  it('§7.1 every failure is a non-200 status with {"error": {"code", "message", "field"?}}', async () => {
    const sb = await sandbox();
    const cases = [
      await sb.api('GET', '/api/external/custom-fields/all/', { key: null }),
      await sb.api('POST', '/api/external/authors-group/create/', { json: [] }),
      await sb.api('POST', '/api/external/authors-group/create/', { headers: { 'Content-Type': 'application/json' }, form: undefined }),
      await sb.api('GET', '/api/external/recommend-journals/never/'),
      await sb.api('GET', '/api/external/author-from-group/999/x/'),
    ];
    for (const r of cases) {
      expect(r.status).not.toBe(200);
      expect(r.headers.get('content-type')).toMatch(/application\/json/);
      expect(Object.keys(r.body)).toEqual(['error']);
      expect(typeof r.body.error.code).toBe('string');
      expect(typeof r.body.error.message).toBe('string');
    }
  });

  it('§7 invalid JSON bodies are 400', async () => {
    const sb = await sandbox();
    const r = await fetch(`${sb.baseUrl}/api/external/authors-group/create/`, {
      method: 'POST',
      headers: { 'X-ApiKey': sb.apiKey, 'Content-Type': 'application/json' },
      body: '{"group_name": ',
    });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe('invalid_request');
  });

  it('§7 a failed request writes nothing (one transaction per request)', async () => {
    const sb = await sandbox();
    const group = await createGroup(sb);
    const fields = (await sb.api('GET', '/api/external/custom-fields/all/')).body.author_from_group as Array<{
      api_id: string;
      data_kind: string;
    }>;
    const num = fields.find((f) => f.data_kind === 'number')!.api_id;
    const path = `/api/external/author-from-group/${group}/c1/`;
    expect((await sb.api('POST', path, { json: { name: 'Ann Lee', emails: ['ann@x.org'], [num]: 3 } })).status).toBe(200);
    // full replace with one bad custom value: nothing of the new body is written
    expectError(await sb.api('POST', path, { json: { name: 'Changed', [num]: 'three' } }), 400, num);
    // partial update with an unknown key: nothing written either
    expectError(await sb.api('POST', `${path}partial/`, { json: { name: 'Changed', 'not-a-field': 1 } }), 400, 'not-a-field');
    const after = await sb.api('GET', path);
    expect(after.body.name).toBe('Ann Lee');
    expect(after.body.emails).toEqual(['ann@x.org']);
    expect(after.text).toContain(`"${num}":3.0`);
    // a rejected group creation leaves no group behind
    expectError(
      await sb.api('POST', '/api/external/authors-group/create/', {
        json: { group_name: 'G', owner_team: 'Nobody', editor_teams: [], viewer_teams: [] },
      }),
      400,
      'owner_team',
    );
    expect((await sb.admin('GET', '/admin/orgs/1/groups/')).body.groups.map((g: { id: number }) => g.id)).toEqual([1, group]);
    // a rejected upload creates neither manuscript nor folder
    expectError(
      await sb.upload({ api_key: sb.apiKey, folder: 'NEWFOLDER', origin_id: 'm', title: 't', abstract: 'a', authors_count: 'x' }),
      400,
      'authors_count',
    );
    expect((await sb.admin('GET', '/admin/orgs/1/manuscripts/')).body.manuscripts).toEqual([]);
    expect((await sb.admin('GET', '/admin/orgs/1/folders/')).body.folders.map((f: { name: string }) => f.name)).toEqual(['DEMO']);
  });
});
