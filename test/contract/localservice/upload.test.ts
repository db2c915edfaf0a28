import { describe, expect, it } from 'vitest';
import { makeDocx, makePdf } from '../../fixtures/sandbox-files';
import {
  authorDetail,
  authorTopic,
  CANDIDATE_BASE_FIELDS,
  createGroup,
  expectError,
  manuscriptAbout,
  sandbox,
  useSandboxes,
} from './helpers';
import type { TestSandbox, Json } from './helpers';

useSandboxes();

type Candidate = Record<string, Json>;

const CANDIDATE_FIELDS = [
  ...CANDIDATE_BASE_FIELDS,
  'coauth_conflicts',
  'aff_conflicts',
  'retracted_articles',
  'referenced_articles',
  'external_coi',
];

/** A prolific corpus author with an email, and upload fields for a manuscript about their work. */
const topic = (sb: TestSandbox) => authorTopic(sb, (a) => !!a.email && a.articles_count >= 8);

const ids = (cands: Candidate[]) => cands.map((c) => c.author_id as number);

describe('§4.6 upload manuscript', () => {
  it('§4.6 answers version 6 with every §2.5 candidate field, authors_groups_settings and §2.7 debug_info', async () => {
    const sb = await sandbox();
    const { fields } = await topic(sb);
    const r = await sb.upload(fields);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual([
      'authors_groups_settings',
      'candidates',
      'debug_info',
      'manuscript_id',
      'origin_id',
      'version',
    ]);
    expect(r.body.version).toBe(6);
    expect(Number.isInteger(r.body.manuscript_id)).toBe(true);
    expect(r.body.origin_id).toBe('ms-1');
    expect(r.body.authors_groups_settings).toBeNull();
    expect(r.body.candidates.length).toBeGreaterThan(5);
    for (const c of r.body.candidates as Candidate[]) {
      expect(Object.keys(c).sort()).toEqual([...CANDIDATE_FIELDS].sort());
      expect(typeof c.name).toBe('string');
      expect(c.name).toContain(c.last_name);
      for (const k of ['author_id', 'articlesCount', 'citationsCount', 'hIndex']) expect(Number.isInteger(c[k])).toBe(true);
      for (const k of ['middle_name', 'suffix', 'email', 'orcid', 'affiliation'])
        expect(c[k] === null || typeof c[k] === 'string').toBe(true);
      expect(typeof c.score).toBe('number');
      expect(c.url).toBe(`${sb.baseUrl}/authors/${c.author_id}/`);
      expect(Array.isArray(c.relevant_concepts)).toBe(true);
      expect(c.authors_groups).toEqual([]);
      expect(c.marked).toBe(false);
      for (const k of ['coauth_conflicts', 'aff_conflicts', 'retracted_articles', 'referenced_articles', 'external_coi'])
        expect(typeof c[k].exists).toBe('boolean');
    }
    const scores = r.body.candidates.map((c: Candidate) => c.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(r.text).toMatch(/"score":\d+\.\d+/);
    expect(r.body.candidates[0].relevant_concepts.length).toBeGreaterThan(0);
    expect(r.body.debug_info).toEqual({
      source_file: null,
      parsed_text_len: 0,
      parsed_references: 0,
      extracted_concepts: expect.any(Number),
      authors_info: { authors_count: 1, emails_count: 1, orcids_count: 0 },
    });
    expect(r.body.debug_info.extracted_concepts).toBeGreaterThan(0);
  });

  it('§4.6 a missing required field is 400 naming it', async () => {
    const sb = await sandbox();
    const full = { api_key: sb.apiKey, folder: 'F', origin_id: 'o', title: 'T', abstract: 'A', authors_count: '0' };
    for (const key of ['folder', 'origin_id', 'title', 'abstract', 'authors_count']) {
      const f: Record<string, string> = { ...full };
      delete f[key];
      expectError(await sb.upload(f), 400, key);
      expectError(await sb.upload({ ...full, [key]: '' }), 400, key);
    }
    expectError(await sb.upload({ ...full, authors_count: 'two' }), 400, 'authors_count');
  });

  it('§4.6 the upload must be multipart/form-data', async () => {
    const sb = await sandbox();
    expectError(await sb.api('POST', '/api/external/proposal/', { json: { api_key: sb.apiKey } }), 400);
  });

  it('§4.6 / §8 authors_count must equal the number of authors given as authorK_*', async () => {
    const sb = await sandbox();
    const base = { api_key: sb.apiKey, folder: 'F', origin_id: 'o', title: 'T', abstract: 'A' };
    expectError(await sb.upload({ ...base, authors_count: '3', author1_name: 'A One', author2_name: 'B Two' }), 400, 'authors_count');
    expectError(await sb.upload({ ...base, authors_count: '1', author1_name: 'A One', author2_name: 'B Two' }), 400, 'authors_count');
    expectError(await sb.upload({ ...base, authors_count: '2', author1_name: 'A One', author3_name: 'C Three' }), 400, 'authors_count');
    // Every authorK_* field is optional (§4.6): an author given only by an email is an author.
    expect((await sb.upload({ ...base, authors_count: '1', author1_email: 'a@b.org', exclude_candidates: 'yes' })).status).toBe(200);
    expectError(await sb.upload({ ...base, authors_count: '1', author1_name: 'A', author1_orcid: '1234' }), 400, 'author1_orcid');
    const ok = await sb.upload({
      ...base,
      authors_count: '2',
      author1_name: 'A One',
      author1_aff: 'University of Oslo, Oslo, Norway',
      author1_orcid: '0000-0002-1825-0097',
      author1_email: 'a@one.org',
      author2_name: 'B Two',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.debug_info.authors_info).toEqual({ authors_count: 2, emails_count: 1, orcids_count: 1 });
  });

  it('§4.6 a PDF source_file is parsed: text length, references and concepts in debug_info (§2.7)', async () => {
    const sb = await sandbox();
    const { fields } = await topic(sb);
    const pdf = await makePdf({
      title: fields.title!,
      paragraphs: ['Abstract', fields.abstract!, 'Introduction', `${fields.abstract!} `.repeat(5)],
      references: [
        'Alpha A, Beta B. First cited work. Journal One, 2001.',
        'Gamma C. Second cited work. Journal Two, 2002.',
        'Delta D. Third. J Three, 2003.',
      ],
    });
    const r = await sb.upload(fields, { name: 'manuscript.pdf', data: pdf, type: 'application/pdf' });
    expect(r.status).toBe(200);
    const d = r.body.debug_info;
    expect(d.source_file).toBe('manuscript.pdf');
    expect(d.parsed_text_len).toBeGreaterThan(fields.abstract!.length * 5);
    expect(d.parsed_references).toBe(3);
    expect(d.extracted_concepts).toBeGreaterThan(0);
  });

  it('§4.6 a DOCX source_file is parsed', async () => {
    const sb = await sandbox();
    const { fields } = await topic(sb);
    const docx = await makeDocx({
      title: fields.title!,
      paragraphs: ['Abstract', fields.abstract!, 'Methods', 'We did things.'],
      references: ['One A. Ref one. J, 2001.', 'Two B. Ref two. J, 2002.'],
    });
    const r = await sb.upload(fields, { name: 'm.docx', data: docx });
    expect(r.status).toBe(200);
    expect(r.body.debug_info).toMatchObject({ source_file: 'm.docx', parsed_references: 2 });
    expect(r.body.debug_info.parsed_text_len).toBeGreaterThan(fields.abstract!.length);
  });

  it('§4.6 a source_file that is not a readable PDF or DOCX is 400 naming source_file, and nothing is stored', async () => {
    const sb = await sandbox();
    const { fields } = await topic(sb);
    expectError(await sb.upload(fields, { name: 'notes.txt', data: Buffer.from('plain text, not a manuscript') }), 400, 'source_file');
    expectError(
      await sb.upload(fields, { name: 'broken.pdf', data: Buffer.from('%PDF-1.7\nthis is not really a pdf\n%%EOF') }),
      400,
      'source_file',
    );
    expectError(
      await sb.upload(fields, { name: 'x.docx', data: Buffer.concat([Buffer.from('PK\u0003\u0004word/'), Buffer.alloc(64)]) }),
      400,
      'source_file',
    );
    expect((await sb.admin('GET', '/admin/orgs/1/manuscripts/')).body.manuscripts).toEqual([]);
  });

  it('§4.6 rule 1: the same origin_id updates the manuscript, never duplicates it', async () => {
    const sb = await sandbox();
    const { fields } = await topic(sb);
    const first = await sb.upload(fields);
    const second = await sb.upload({ ...fields, title: 'A revised title' });
    expect(second.body.manuscript_id).toBe(first.body.manuscript_id);
    const list = (await sb.admin('GET', '/admin/orgs/1/manuscripts/')).body.manuscripts;
    expect(list).toHaveLength(1);
    expect(list[0].title).toBe('A revised title');
    const other = await sb.upload({ ...fields, origin_id: 'ms-2' });
    expect(other.body.manuscript_id).not.toBe(first.body.manuscript_id);
  });

  it('§4.6 rule 2: a different folder value moves the manuscript, creating the folder on first use', async () => {
    const sb = await sandbox();
    const { fields } = await topic(sb);
    await sb.upload(fields);
    const moved = await sb.upload({ ...fields, folder: 'Brand New Folder' });
    expect(moved.status).toBe(200);
    const m = (await sb.admin('GET', '/admin/orgs/1/manuscripts/ms-1/')).body;
    expect(m.folder).toBe('Brand New Folder');
    expect((await sb.admin('GET', '/admin/orgs/1/folders/')).body.folders.map((f: { name: string }) => f.name)).toEqual([
      'DEMO',
      'F1',
      'Brand New Folder',
    ]);
    await sb.upload({ ...fields, folder: 'F1' });
    expect((await sb.admin('GET', '/admin/orgs/1/manuscripts/ms-1/')).body.folder).toBe('F1');
  });

  it('§4.6 exclude_candidates with Json non-empty value (even false or 0) gives candidates null', async () => {
    const sb = await sandbox();
    const { fields } = await topic(sb);
    for (const v of ['false', '0', 'true', 'x']) {
      const r = await sb.upload({ ...fields, exclude_candidates: v });
      expect(r.status).toBe(200);
      expect(r.body.candidates).toBeNull();
      expect(r.body.debug_info.extracted_concepts).toBeGreaterThan(0);
    }
    expect((await sb.upload({ ...fields, exclude_candidates: '' })).body.candidates.length).toBeGreaterThan(0);
  });

  it('§4.6 / §8 h-index, academic-age and article-count bounds filter candidates', async () => {
    const sb = await sandbox({ config: { reference_year: 2025 } });
    await sb.admin('PUT', '/admin/orgs/1/settings/', { candidates_limit: 200 });
    const { fields } = await topic(sb);
    const all = (await sb.upload(fields)).body.candidates as Candidate[];
    const hs = all.map((c) => c.hIndex).sort((a, b) => a - b);
    const mid = hs[Math.floor(hs.length / 2)]!;
    // every returned candidate is inside the bounds, and the unbounded ranking's in-bound candidates come first, in order
    const prefix = (filtered: Candidate[], inBound: (c: Candidate) => boolean) => {
      expect(filtered.length).toBeGreaterThan(0);
      const kept = all.filter(inBound).map((c) => c.author_id);
      expect(kept.length).toBeLessThan(all.length);
      expect(ids(filtered).slice(0, kept.length)).toEqual(kept);
    };
    const inH = (c: Candidate) => c.hIndex >= mid && c.hIndex <= mid + 3;
    const byH = (await sb.upload({ ...fields, min_h_index: String(mid), max_h_index: String(mid + 3) })).body.candidates as Candidate[];
    expect(byH.every(inH)).toBe(true);
    prefix(byH, inH);
    const inArticles = (c: Candidate) => c.articlesCount >= 5 && c.articlesCount <= 12;
    const byArticles = (await sb.upload({ ...fields, min_articles_count: '5', max_articles_count: '12' })).body.candidates as Candidate[];
    expect(byArticles.every(inArticles)).toBe(true);
    prefix(byArticles, inArticles);
    const byAge = (await sb.upload({ ...fields, min_academic_age: '10', max_academic_age: '20' })).body.candidates as Candidate[];
    expect(byAge.length).toBeGreaterThan(0);
    for (const c of byAge.slice(0, 15)) {
      const age = (await sb.admin('GET', `/admin/corpus/authors/${c.author_id}/`)).body.academic_age as number;
      expect(age >= 10 && age <= 20).toBe(true);
    }
    const young = (await sb.upload({ ...fields, max_academic_age: '3' })).body.candidates as Candidate[];
    for (const c of young.slice(0, 15))
      expect((await sb.admin('GET', `/admin/corpus/authors/${c.author_id}/`)).body.academic_age).toBeLessThanOrEqual(3);
    expectError(await sb.upload({ ...fields, min_h_index: 'high' }), 400, 'min_h_index');
    expectError(await sb.upload({ ...fields, min_articles_count: '9', max_articles_count: '3' }), 400, 'min_articles_count');
  });

  it('§4.6 rule 4: the organization prefers parsed data or supplied metadata', async () => {
    const sb = await sandbox();
    const { author, fields } = await topic(sb);
    const pdf = await makePdf({
      title: 'The title inside the PDF about the same work',
      authors: [author.name],
      paragraphs: ['Abstract', fields.abstract!],
    });
    const file = { name: 'm.pdf', data: pdf };
    const asMetadata = await sb.upload(fields, file);
    expect(ids(asMetadata.body.candidates)).toContain(author.id); // supplied author is someone else
    expect(asMetadata.body.debug_info.authors_info.authors_count).toBe(1);
    expect((await sb.admin('GET', '/admin/orgs/1/manuscripts/ms-1/')).body.title).toBe(fields.title);
    await sb.admin('PUT', '/admin/orgs/1/settings/', { prefer: 'parsed' });
    const asParsed = await sb.upload(fields, file);
    expect(ids(asParsed.body.candidates)).not.toContain(author.id); // the PDF names them as the author
    expect((await sb.admin('GET', '/admin/orgs/1/manuscripts/ms-1/')).body.title).toBe('The title inside the PDF about the same work');
    expect(asParsed.body.debug_info.authors_info).toEqual({ authors_count: 1, emails_count: 0, orcids_count: 0 });
  });

  it('§4.6 rule 4: candidates with conflicts of interest are included or excluded', async () => {
    const sb = await sandbox();
    const { author, fields } = await topic(sb);
    const own = { ...fields, author1_name: author.name, author1_email: author.email };
    const included = (await sb.upload(own)).body.candidates as Candidate[];
    const conflicted = included.filter((c) => c.coauth_conflicts.exists || c.aff_conflicts.exists);
    expect(conflicted.length).toBeGreaterThan(0);
    await sb.admin('PUT', '/admin/orgs/1/settings/', { conflicts: 'exclude' });
    const excluded = (await sb.upload(own)).body.candidates as Candidate[];
    expect(excluded.length).toBeGreaterThan(0);
    for (const c of excluded) {
      for (const k of ['coauth_conflicts', 'aff_conflicts', 'retracted_articles', 'referenced_articles', 'external_coi'])
        expect(c[k].exists).toBe(false);
    }
    for (const c of conflicted) expect(ids(excluded)).not.toContain(c.author_id);
  });

  it('§4.6 rule 4: candidates without a known email are included or excluded', async () => {
    const sb = await sandbox();
    await sb.admin('PUT', '/admin/orgs/1/settings/', { candidates_limit: 200 });
    const { fields } = await topic(sb);
    const included = (await sb.upload(fields)).body.candidates as Candidate[];
    expect(included.some((c) => c.email === null)).toBe(true);
    await sb.admin('PUT', '/admin/orgs/1/settings/', { without_email: 'exclude' });
    const excluded = (await sb.upload(fields)).body.candidates as Candidate[];
    expect(excluded.length).toBeGreaterThan(0);
    expect(excluded.every((c) => typeof c.email === 'string')).toBe(true);
  });
});

describe('§4.6 rule 3 / §2.6 folder Referee Finder settings', () => {
  async function withGroup(sb: TestSandbox) {
    const { fields } = await topic(sb);
    const base = (await sb.upload(fields)).body.candidates as Candidate[];
    const members = base.filter((c) => c.email).slice(3, 5);
    const g = await createGroup(sb, 'Trusted');
    for (const [i, m] of members.entries()) {
      await sb.api('POST', `/api/external/author-from-group/${g}/member-${i}/`, { json: { name: m.name, emails: [m.email] } });
    }
    return { fields, base, members, g };
  }

  it("§2.6 highlight fills authors_groups_settings and each member candidate's authors_groups", async () => {
    const sb = await sandbox();
    const { fields, base, members, g } = await withGroup(sb);
    await sb.admin('PUT', '/admin/orgs/1/folders/F1/settings/', {
      authors_groups: [{ id: g, label: 'Trusted reviewers' }],
      effect: 'highlight',
    });
    const r = await sb.upload(fields);
    expect(r.body.authors_groups_settings).toEqual({
      authors_groups: [{ id: g, name: 'Trusted', label: 'Trusted reviewers' }],
      effect: 'highlight',
    });
    expect(ids(r.body.candidates)).toEqual(ids(base));
    for (const c of r.body.candidates as Candidate[]) {
      const i = members.findIndex((m) => m.author_id === c.author_id);
      expect(c.authors_groups).toEqual(i >= 0 ? [{ group_id: g, client_id: `member-${i}` }] : []);
    }
  });

  it('§2.6 limit_to searches candidates only inside the groups', async () => {
    const sb = await sandbox();
    const { fields, members, g } = await withGroup(sb);
    await sb.admin('PUT', '/admin/orgs/1/folders/F1/settings/', { authors_groups: [{ id: g }], effect: 'limit_to' });
    const r = await sb.upload(fields);
    expect(r.body.authors_groups_settings).toEqual({ authors_groups: [{ id: g, name: 'Trusted', label: null }], effect: 'limit_to' });
    expect(ids(r.body.candidates).sort()).toEqual(members.map((m) => m.author_id).sort());
  });

  it('§2.6 boost multiplies the score of group members and returns boost_multiplier', async () => {
    const sb = await sandbox();
    const { fields, base, members, g } = await withGroup(sb);
    await sb.admin('PUT', '/admin/orgs/1/folders/F1/settings/', { authors_groups: [{ id: g }], effect: 'boost', boost_multiplier: 3 });
    const r = await sb.upload(fields);
    expect(r.body.authors_groups_settings).toEqual({
      authors_groups: [{ id: g, name: 'Trusted', label: null }],
      effect: 'boost',
      boost_multiplier: 3,
    });
    expect(r.text).toContain('"boost_multiplier":3.0');
    for (const m of members) {
      const boosted = (r.body.candidates as Candidate[]).find((c) => c.author_id === m.author_id)!;
      expect(boosted.score).toBeCloseTo(m.score * 3, 2);
      expect(ids(r.body.candidates).indexOf(m.author_id)).toBeLessThan(ids(base).indexOf(m.author_id));
    }
  });

  it('§2.6 a folder without settings gives null settings and empty authors_groups', async () => {
    const sb = await sandbox();
    const { fields, g } = await withGroup(sb);
    await sb.admin('PUT', '/admin/orgs/1/folders/F1/settings/', { authors_groups: [{ id: g }], effect: 'highlight' });
    const r = await sb.upload({ ...fields, folder: 'Plain' });
    expect(r.body.authors_groups_settings).toBeNull();
    expect((r.body.candidates as Candidate[]).every((c) => c.authors_groups.length === 0)).toBe(true);
  });
});

describe('§2.5 v6 conflict objects and self-exclusion', () => {
  it('§2.5 coauth_conflicts and aff_conflicts come from the corpus', async () => {
    const sb = await sandbox();
    await sb.admin('PUT', '/admin/orgs/1/settings/', { candidates_limit: 300 });
    const { author, fields } = await topic(sb);
    const detail = await authorDetail(sb, author.id);
    const coauthors = new Set<number>(detail.articles.flatMap((a: { coauthor_ids: number[] }) => a.coauthor_ids));
    const inst = detail.affiliations.at(-1).name as string;
    const r = await sb.upload({ ...fields, author1_name: author.name, author1_email: author.email, author1_aff: `Department X, ${inst}` });
    const cands = r.body.candidates as Candidate[];
    const co = cands.filter((c) => coauthors.has(c.author_id));
    expect(co.length).toBeGreaterThan(0);
    for (const c of cands) expect(c.coauth_conflicts.exists).toBe(coauthors.has(c.author_id));
    const sameInst = cands.filter((c) => (c.affiliation ?? '').startsWith(inst));
    expect(sameInst.length).toBeGreaterThan(0);
    for (const c of cands) expect(c.aff_conflicts.exists).toBe((c.affiliation ?? '').startsWith(`${inst},`));
  });

  it('§2.5 retracted_articles flags candidates with a retracted article', async () => {
    const sb = await sandbox();
    await sb.admin('PUT', '/admin/orgs/1/settings/', { candidates_limit: 500 });
    const retracted = (await sb.admin('GET', '/admin/corpus/authors/?retracted=true&limit=50')).body.authors as Candidate[];
    const author = retracted.find((a) => a.articles_count >= 3)!;
    const fields = await manuscriptAbout(sb, author.id);
    const cands = (await sb.upload(fields)).body.candidates as Candidate[];
    const hit = cands.find((c) => c.author_id === author.id)!;
    expect(hit.retracted_articles.exists).toBe(true);
    const flagged = new Set(retracted.map((a) => a.id));
    expect(cands.some((c) => !c.retracted_articles.exists && !flagged.has(c.author_id))).toBe(true);
  });

  it('§2.5 referenced_articles flags candidates whose work the manuscript cites', async () => {
    const sb = await sandbox();
    const { author, fields } = await topic(sb);
    const first = (await sb.upload(fields)).body.candidates as Candidate[];
    const cited = first.find((c) => c.author_id !== author.id)!;
    const article = (await authorDetail(sb, cited.author_id)).articles[0];
    const pdf = await makePdf({
      title: fields.title!,
      paragraphs: [fields.abstract!],
      references: [
        `Someone A, Other B. ${article.title}. Some Journal. ${article.year}.`,
        'Unrelated R. Nothing in the corpus at all. 1999.',
      ],
    });
    const r = await sb.upload(fields, { name: 'm.pdf', data: pdf });
    expect(r.body.debug_info.parsed_references).toBe(2);
    for (const c of r.body.candidates as Candidate[]) {
      const expected = c.author_id === cited.author_id || (article.coauthor_ids as number[]).includes(c.author_id);
      expect(c.referenced_articles.exists).toBe(expected);
    }
    const byDoi = await makePdf({
      title: fields.title!,
      paragraphs: [fields.abstract!],
      references: [`Cited by DOI only. https://doi.org/${article.doi}`],
    });
    const r2 = await sb.upload(fields, { name: 'm.pdf', data: byDoi });
    expect((r2.body.candidates as Candidate[]).find((c) => c.author_id === cited.author_id)!.referenced_articles.exists).toBe(true);
  });

  it('§2.5 external_coi reflects conflicts uploaded by the organization', async () => {
    const sb = await sandbox();
    const { fields } = await topic(sb);
    const [a, b, c] = (await sb.upload(fields)).body.candidates as Candidate[];
    await sb.admin('POST', '/admin/orgs/1/conflicts/', { author_id: a!.author_id, reason: 'same grant' });
    await sb.admin('POST', '/admin/orgs/1/conflicts/', { email: b!.email ?? 'none@x', origin_id: 'ms-1' });
    await sb.admin('POST', '/admin/orgs/1/conflicts/', { author_id: c!.author_id, origin_id: 'another-manuscript' });
    const after = (await sb.upload(fields)).body.candidates as Candidate[];
    const of = (id: number) => after.find((x) => x.author_id === id)!;
    expect(of(a!.author_id).external_coi).toMatchObject({ exists: true });
    expect(of(b!.author_id).external_coi.exists).toBe(!!b!.email);
    expect(of(c!.author_id).external_coi.exists).toBe(false);
  });

  it('§2.5 a manuscript author is never their own candidate', async () => {
    const sb = await sandbox();
    const { author, fields } = await topic(sb);
    expect(ids((await sb.upload(fields)).body.candidates)).toContain(author.id);
    const identities: Array<Record<string, string>> = [
      { author1_email: author.email },
      { author1_name: author.name },
      ...(author.orcid ? [{ author1_orcid: author.orcid }] : []),
    ];
    for (const who of identities) {
      const r = await sb.upload({ ...fields, author1_name: 'Someone Else', author1_email: '', ...who });
      expect(ids(r.body.candidates)).not.toContain(author.id);
    }
  });

  it('§2.5 marked is true for candidates marked on this manuscript', async () => {
    const sb = await sandbox();
    const { fields } = await topic(sb);
    const [first] = (await sb.upload(fields)).body.candidates as Candidate[];
    await sb.admin('POST', '/admin/orgs/1/manuscripts/ms-1/marks/', { author_id: first!.author_id, marked_by: 'ed@example.org' });
    const again = (await sb.upload(fields)).body.candidates as Candidate[];
    for (const c of again) expect(c.marked).toBe(c.author_id === first!.author_id);
  });
});
