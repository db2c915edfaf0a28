import { describe, expect, it } from 'vitest';
import { authorDetail, createGroup, expectError, findAuthor, sandbox, useSandboxes, type TestSandbox } from './helpers';

useSandboxes();

async function fieldIds(sb: TestSandbox) {
  const fields = (await sb.api('GET', '/api/external/custom-fields/all/')).body.author_from_group as Array<{
    api_id: string;
    data_kind: string;
    options?: Array<{ api_id: string }>;
  }>;
  const of = (kind: string) => fields.find((f) => f.data_kind === kind)!;
  return { number: of('number'), str: of('str'), date: of('date'), single: of('single_option'), multi: of('multi_option') };
}

describe('§4.5 create authors group', () => {
  it('§4.5 creates a group from the four fields and returns authors_group_id', async () => {
    const sb = await sandbox();
    const r = await sb.api('POST', '/api/external/authors-group/create/', {
      json: { group_name: 'Board', owner_team: 'Editorial Office', editor_teams: ['Section Editors'], viewer_teams: ['Reviewer Pool'] },
    });
    expect(r.status).toBe(200);
    expect(Number.isInteger(r.body.authors_group_id)).toBe(true);
    const groups = (await sb.admin('GET', '/admin/orgs/1/groups/')).body.groups;
    expect(groups.at(-1)).toMatchObject({
      id: r.body.authors_group_id,
      group_name: 'Board',
      owner_team: 'Editorial Office',
      editor_teams: ['Section Editors'],
      viewer_teams: ['Reviewer Pool'],
    });
  });

  it('§4.5 every field is required and typed: 400 naming the field', async () => {
    const sb = await sandbox();
    const good = { group_name: 'G', owner_team: 'Editorial Office', editor_teams: [], viewer_teams: [] };
    const bad: Record<string, unknown> = {
      group_name: 5,
      owner_team: ['Editorial Office'],
      editor_teams: 'Section Editors',
      viewer_teams: [1],
    };
    for (const key of Object.keys(good)) {
      const missing: Record<string, unknown> = { ...good };
      delete missing[key];
      expectError(await sb.api('POST', '/api/external/authors-group/create/', { json: missing }), 400, key);
      expectError(await sb.api('POST', '/api/external/authors-group/create/', { json: { ...good, [key]: bad[key] } }), 400, key);
    }
    expect((await sb.api('POST', '/api/external/authors-group/create/', { json: good })).status).toBe(200);
  });

  it('§4.5 every named team must exist: 400 naming the team', async () => {
    const sb = await sandbox();
    const base = { group_name: 'G', owner_team: 'Editorial Office', editor_teams: [], viewer_teams: [] };
    for (const [field, value] of [
      ['owner_team', 'Ghost Team'],
      ['editor_teams', ['Section Editors', 'Ghost Team']],
      ['viewer_teams', ['Ghost Team']],
    ] as const) {
      const r = await sb.api('POST', '/api/external/authors-group/create/', { json: { ...base, [field]: value } });
      expectError(r, 400, field);
      expect(r.body.error.message).toContain('Ghost Team');
    }
    await sb.admin('POST', '/admin/orgs/1/teams/', { name: 'Ghost Team' });
    expect((await sb.api('POST', '/api/external/authors-group/create/', { json: { ...base, viewer_teams: ['Ghost Team'] } })).status).toBe(
      200,
    );
  });
});

describe('§4.1–4.4 author from group', () => {
  it('§4.2 creates an author; §4.1 get returns the fields, the custom fields set and author null when unmatched', async () => {
    const sb = await sandbox();
    const g = await createGroup(sb);
    const f = await fieldIds(sb);
    const sent = {
      name: 'Nobody Known',
      emails: ['nobody@nowhere.test'],
      orcids: null,
      articles: ['Some title'],
      affiliations: ['Nowhere Institute'],
      [f.str.api_id]: 'note',
    };
    const r = await sb.api('POST', `/api/external/author-from-group/${g}/cid-1/`, { json: sent });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: true });
    const got = await sb.api('GET', `/api/external/author-from-group/${g}/cid-1/`);
    // every field as sent, and no corpus author matched
    expect(got.body).toEqual({ ...sent, author: null });
  });

  it('§4.2 full replace nulls omitted fields', async () => {
    const sb = await sandbox();
    const g = await createGroup(sb);
    const f = await fieldIds(sb);
    const path = `/api/external/author-from-group/${g}/c/`;
    await sb.api('POST', path, {
      json: {
        name: 'A B',
        emails: ['a@b.org'],
        orcids: ['0000-0002-1825-0097'],
        articles: ['x'],
        affiliations: ['y'],
        [f.number.api_id]: 2,
        [f.str.api_id]: 's',
      },
    });
    expect((await sb.api('POST', path, { json: { name: 'A C', [f.number.api_id]: 5 } })).status).toBe(200);
    const got = (await sb.api('GET', path)).body;
    expect(got).toEqual({
      name: 'A C',
      emails: null,
      orcids: null,
      articles: null,
      affiliations: null,
      [f.number.api_id]: 5,
      author: null,
    });
  });

  it('§4.2 name is required for the full operation; list fields must be null or string arrays', async () => {
    const sb = await sandbox();
    const g = await createGroup(sb);
    const path = `/api/external/author-from-group/${g}/c/`;
    expectError(await sb.api('POST', path, { json: { emails: ['a@b.org'] } }), 400, 'name');
    expectError(await sb.api('POST', path, { json: { name: '' } }), 400, 'name');
    for (const key of ['emails', 'orcids', 'articles', 'affiliations']) {
      expectError(await sb.api('POST', path, { json: { name: 'N', [key]: 'not a list' } }), 400, key);
      expectError(await sb.api('POST', path, { json: { name: 'N', [key]: [1] } }), 400, key);
    }
    expectError(await sb.api('GET', path), 404, 'client_id');
  });

  it('§4.3 partial update changes only the fields given', async () => {
    const sb = await sandbox();
    const g = await createGroup(sb);
    const f = await fieldIds(sb);
    const path = `/api/external/author-from-group/${g}/c/`;
    await sb.api('POST', path, {
      json: { name: 'A B', emails: ['a@b.org'], articles: ['x'], affiliations: ['y'], [f.str.api_id]: 's', [f.date.api_id]: '2024-02-29' },
    });
    expect(
      (await sb.api('POST', `${path}partial/`, { json: { emails: ['new@b.org'], articles: ['arXiv:2101.00001'], [f.str.api_id]: 't' } }))
        .body,
    ).toEqual({ ok: true });
    expect((await sb.api('POST', `${path}partial/`, { json: { affiliations: null } })).status).toBe(200);
    expect((await sb.api('GET', path)).body).toEqual({
      name: 'A B',
      emails: ['new@b.org'],
      orcids: null,
      articles: ['arXiv:2101.00001'],
      affiliations: null,
      [f.str.api_id]: 't',
      [f.date.api_id]: '2024-02-29',
      author: null,
    });
    expectError(await sb.api('POST', `${path}partial/`, { json: { name: null } }), 400, 'name');
  });

  it('§4.3 partial update of an unknown client_id is 404', async () => {
    const sb = await sandbox();
    const g = await createGroup(sb);
    expectError(await sb.api('POST', `/api/external/author-from-group/${g}/ghost/partial/`, { json: { name: 'X' } }), 404, 'client_id');
  });

  it('§4.4 delete removes the author; get and delete of an unknown client_id are 404', async () => {
    const sb = await sandbox();
    const g = await createGroup(sb);
    const path = `/api/external/author-from-group/${g}/c/`;
    await sb.api('POST', path, { json: { name: 'A B' } });
    expect((await sb.api('DELETE', path)).body).toEqual({ ok: true });
    expectError(await sb.api('GET', path), 404, 'client_id');
    expectError(await sb.api('DELETE', path), 404, 'client_id');
  });

  it('§4.1 an unknown group is 404 for every operation; a non-integer group_id is 400', async () => {
    const sb = await sandbox();
    for (const [method, suffix, json] of [
      ['GET', '', undefined],
      ['POST', '', { name: 'N' }],
      ['POST', 'partial/', { name: 'N' }],
      ['DELETE', '', undefined],
    ] as const) {
      expectError(await sb.api(method, `/api/external/author-from-group/9999/c/${suffix}`, { json }), 404, 'group_id');
    }
    expectError(await sb.api('GET', '/api/external/author-from-group/abc/c/'), 400, 'group_id');
  });

  it('§4.1 client_id is Json string (URL-encoded in the path)', async () => {
    const sb = await sandbox();
    const g = await createGroup(sb);
    const cid = encodeURIComponent('ext:42 / ü');
    await sb.api('POST', `/api/external/author-from-group/${g}/${cid}/`, { json: { name: 'Enc Oded' } });
    expect((await sb.api('GET', `/api/external/author-from-group/${g}/${cid}/`)).body.name).toBe('Enc Oded');
  });
});

describe('§2.9 custom-field values on author from group', () => {
  it('§2.9 values are validated per data_kind and read back in the read format', async () => {
    const sb = await sandbox();
    const g = await createGroup(sb);
    const f = await fieldIds(sb);
    const path = `/api/external/author-from-group/${g}/c/`;
    const single = f.single.options![1]!.api_id;
    const multi = [f.multi.options![0]!.api_id, f.multi.options![2]!.api_id];
    const body = {
      name: 'N',
      [f.number.api_id]: 3,
      [f.str.api_id]: 'text',
      [f.date.api_id]: '2025-01-31',
      [f.single.api_id]: single,
      [f.multi.api_id]: multi,
    };
    expect((await sb.api('POST', path, { json: body })).status).toBe(200);
    const got = await sb.api('GET', path);
    expect(got.text).toContain(`"${f.number.api_id}":3.0`); // number → float
    expect(got.body[f.str.api_id]).toBe('text');
    expect(got.body[f.date.api_id]).toBe('2025-01-31');
    expect(got.body[f.single.api_id]).toBe(single);
    expect(got.body[f.multi.api_id]).toEqual(multi);
    await sb.api('POST', `${path}partial/`, { json: { [f.number.api_id]: 2.5 } });
    expect((await sb.api('GET', path)).text).toContain(`"${f.number.api_id}":2.5`);
  });

  it('§2.9 a bad value is 400 naming the key', async () => {
    const sb = await sandbox();
    const g = await createGroup(sb);
    const f = await fieldIds(sb);
    const path = `/api/external/author-from-group/${g}/c/`;
    const bad: Array<[string, unknown]> = [
      [f.number.api_id, '3'],
      [f.number.api_id, true],
      [f.str.api_id, 5],
      [f.date.api_id, '2025-02-30'],
      [f.date.api_id, '31.01.2025'],
      [f.single.api_id, 'Available'],
      [f.single.api_id, [f.single.options![0]!.api_id]],
      [f.multi.api_id, f.multi.options![0]!.api_id],
      [f.multi.api_id, ['nope']],
    ];
    expect((await sb.api('POST', `/api/external/author-from-group/${g}/kept/`, { json: { name: 'Kept' } })).status).toBe(200);
    for (const [key, value] of bad) {
      expectError(await sb.api('POST', path, { json: { name: 'N', [key]: value } }), 400, key);
      expectError(await sb.api('POST', `/api/external/author-from-group/${g}/kept/partial/`, { json: { [key]: value } }), 400, key);
    }
    expectError(await sb.api('GET', path), 404, 'client_id');
  });

  it('§2.9 an unknown key, or a custom field of another scope, is 400 naming the key', async () => {
    const sb = await sandbox();
    const g = await createGroup(sb);
    const all = (await sb.api('GET', '/api/external/custom-fields/all/')).body;
    const folderField = all.folder[0].api_id as string;
    const path = `/api/external/author-from-group/${g}/c/`;
    expectError(
      await sb.api('POST', path, { json: { name: 'N', '00000000-0000-4000-8000-000000000000': 1 } }),
      400,
      '00000000-0000-4000-8000-000000000000',
    );
    expectError(await sb.api('POST', path, { json: { name: 'N', [folderField]: 'x' } }), 400, folderField);
  });
});

describe('§2.2 linked author', () => {
  it('§2.2 a record is linked by ORCID, by email, or by name with an affiliation or an article; last_articles are the last three', async () => {
    const sb = await sandbox();
    const g = await createGroup(sb);
    const a = await findAuthor(sb, '', (x) => !!x.orcid && !!x.email && (x.articles_count as number) >= 4);
    const detail = await authorDetail(sb, a.id);
    const byOrcid = await sb.api('POST', `/api/external/author-from-group/${g}/o/`, {
      json: { name: 'Whatever Name', orcids: [`https://orcid.org/${a.orcid}`] },
    });
    expect(byOrcid.status).toBe(200);
    await sb.api('POST', `/api/external/author-from-group/${g}/e/`, { json: { name: 'Whatever Name', emails: [a.email.toUpperCase()] } });
    await sb.api('POST', `/api/external/author-from-group/${g}/n/`, {
      json: { name: a.name, affiliations: [`Dept. of Things, ${detail.affiliations.at(-1).name}`] },
    });
    await sb.api('POST', `/api/external/author-from-group/${g}/t/`, { json: { name: a.name, articles: [detail.articles[0].doi] } });
    await sb.api('POST', `/api/external/author-from-group/${g}/x/`, { json: { name: a.name } });
    for (const cid of ['o', 'e', 'n', 't']) {
      const linked = (await sb.api('GET', `/api/external/author-from-group/${g}/${cid}/`)).body.author;
      expect(linked).toMatchObject({ id: a.id, name: a.name, articles_count: a.articles_count, h_index: a.h_index });
      expect(linked.prophy_url).toBe(`${sb.baseUrl}/authors/${a.id}/`);
      const years = detail.articles.map((x: { year: number }) => x.year).sort((p: number, q: number) => q - p);
      expect(linked.last_articles).toHaveLength(3);
      expect(linked.last_articles.map((x: { year: number }) => x.year)).toEqual(years.slice(0, 3));
      for (const item of linked.last_articles) expect(Object.keys(item).sort()).toEqual(['prophy_url', 'title', 'year']);
    }
    // a name alone is not enough
    expect((await sb.api('GET', `/api/external/author-from-group/${g}/x/`)).body.author).toBeNull();
  });
});

describe('§4.8 list custom fields', () => {
  it('§4.8 lists all three scopes; options only for the option kinds', async () => {
    const sb = await sandbox();
    await sb.admin('POST', '/admin/orgs/1/custom-fields/', {
      scope: 'proposal',
      data_kind: 'multi_option',
      name: 'Topics',
      options: ['A', 'B'],
    });
    const r = await sb.api('GET', '/api/external/custom-fields/all/');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['author_from_group', 'folder', 'proposal']);
    const all = [...r.body.author_from_group, ...r.body.folder, ...r.body.proposal];
    expect(new Set(all.map((f: { data_kind: string }) => f.data_kind))).toEqual(
      new Set(['number', 'str', 'date', 'single_option', 'multi_option']),
    );
    for (const f of all) {
      expect(f.api_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(typeof f.name).toBe('string');
      expect('description' in f).toBe(true);
      if (f.data_kind === 'single_option' || f.data_kind === 'multi_option') {
        expect(f.options.length).toBeGreaterThan(0);
        for (const o of f.options) expect(Object.keys(o).sort()).toEqual(['api_id', 'option']);
      } else expect('options' in f).toBe(false);
    }
    expect(r.body.proposal.at(-1)).toMatchObject({ name: 'Topics', options: [{ option: 'A' }, { option: 'B' }] });
  });
});
