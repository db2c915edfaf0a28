// Every operation of the client against the real local service over HTTP.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomFieldsResponse } from '../../../electron/common/service';
import { customFieldValuesOf } from '../../../electron/common/service';
import type { ServiceClient } from '../../../electron/core/api';
import { makePdf } from './pdf';
import { startTestSandbox, type TestSandbox } from './sandbox';

let t: TestSandbox;
let client: ServiceClient;
let fields: CustomFieldsResponse;
let pdfPath: string;

interface AdminGroup {
  id: number;
  group_name: string;
  authors: Array<Record<string, unknown> & { client_id: string }>;
}
const groups = async () => (await t.admin<{ groups: AdminGroup[] }>('GET', `orgs/${t.orgId}/groups/`)).groups;

beforeAll(async () => {
  t = await startTestSandbox();
  client = t.client().client;
  fields = (await client.listCustomFields()).value;
  pdfPath = join(t.dir, 'manuscript.pdf');
  await writeFile(
    pdfPath,
    await makePdf({
      title: 'Randomized controlled trials of antimicrobial stewardship in hospitals',
      abstract:
        'A systematic review and meta-analysis of randomized controlled trials on antimicrobial stewardship, mental health outcomes and clinical practice.',
      references: ['Smith J. Antimicrobial stewardship. Lancet. 2019.', 'Doe A. Meta-analysis methods. BMJ. 2020.'],
    }),
  );
});
afterAll(async () => {
  await t.close();
});

describe('custom fields (§4.8)', () => {
  it('lists the three scopes with options where the kind has them', () => {
    expect(fields.author_from_group.map((f) => f.data_kind).sort()).toEqual(['date', 'multi_option', 'number', 'single_option', 'str']);
    expect(fields.folder.length).toBeGreaterThan(0);
    expect(fields.proposal.length).toBeGreaterThan(0);
    const single = fields.author_from_group.find((f) => f.data_kind === 'single_option')!;
    expect(single.options?.length).toBeGreaterThan(1);
    expect(fields.author_from_group.find((f) => f.data_kind === 'str')?.options).toBeUndefined();
  });
});

describe('author from group (§4.1–4.4)', () => {
  const kind = (k: string) => fields.author_from_group.find((f) => f.data_kind === k)!;

  it('put creates with custom fields of every kind; get returns them; patch changes only what is given; put replaces; delete removes', async () => {
    const single = kind('single_option');
    const multi = kind('multi_option');
    const custom = {
      [kind('number').api_id]: 3,
      [kind('str').api_id]: 'prefers email',
      [kind('date').api_id]: '2025-03-14',
      [single.api_id]: single.options![0]!.api_id,
      [multi.api_id]: multi.options!.slice(0, 2).map((o) => o.api_id),
    };
    const put = await client.putAuthor(1, 'it-author-1', {
      name: 'Ada Referee',
      emails: ['ada@example.org'],
      orcids: null,
      articles: ['10.1000/it.1'],
      affiliations: ['University of Edinburgh, Edinburgh, United Kingdom'],
      customFields: custom,
    });
    expect(put.value.ok).toBe(true);

    const got = await client.getAuthor(1, 'it-author-1');
    expect(got.value).toMatchObject({ name: 'Ada Referee', emails: ['ada@example.org'], orcids: null, articles: ['10.1000/it.1'] });
    expect(customFieldValuesOf(got.value)).toEqual({ ...custom, [kind('number').api_id]: 3 });
    expect(typeof got.rawText).toBe('string');
    expect(got.raw).toEqual(JSON.parse(got.rawText));

    await client.patchAuthor(1, 'it-author-1', { name: 'Ada R. Referee', customFields: { [kind('str').api_id]: 'phone' } });
    const patched = (await client.getAuthor(1, 'it-author-1')).value;
    expect(patched.name).toBe('Ada R. Referee');
    expect(patched.emails).toEqual(['ada@example.org']);
    expect(customFieldValuesOf(patched)[kind('str').api_id]).toBe('phone');
    expect(customFieldValuesOf(patched)[kind('date').api_id]).toBe('2025-03-14');

    await client.putAuthor(1, 'it-author-1', { name: 'Ada Referee' });
    const replaced = (await client.getAuthor(1, 'it-author-1')).value;
    expect(replaced).toMatchObject({ name: 'Ada Referee', emails: null, articles: null, affiliations: null });

    expect((await client.deleteAuthor(1, 'it-author-1')).value).toEqual({ ok: true, existed: true });
    expect((await client.deleteAuthor(1, 'it-author-1')).value).toEqual({ ok: true, existed: false });
    await expect(client.getAuthor(1, 'it-author-1')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('reads a seeded author with its linked corpus author (§2.2)', async () => {
    const board = (await groups())[0]!.authors[0]!;
    const r = await client.getAuthor(1, board.client_id);
    expect(r.value.author).not.toBeNull();
    expect(r.value.author!.last_articles.length).toBeLessThanOrEqual(3);
    expect(Number.isInteger(r.value.author!.h_index)).toBe(true);
  });

  it('client ids with spaces, ?, #, % and accents round-trip ("/" is refused: see spec-edges)', async () => {
    const odd = 'ext 42?b#c%d é';
    await client.putAuthor(1, odd, { name: 'Odd Id' });
    expect((await client.getAuthor(1, odd)).value.name).toBe('Odd Id');
    expect((await groups())[0]!.authors.some((a) => a.client_id === odd)).toBe(true);
    expect((await client.deleteAuthor(1, odd)).value.existed).toBe(true);
  });
});

describe('authors group (§4.5)', () => {
  it('creates a group that then holds authors', async () => {
    const teams = (await t.admin<{ teams: string[] }>('GET', `orgs/${t.orgId}/teams/`)).teams;
    const r = await client.createAuthorsGroup({
      group_name: 'IT reviewers',
      owner_team: teams[0]!,
      editor_teams: teams.slice(1, 2),
      viewer_teams: [],
    });
    const id = r.value.authors_group_id;
    expect(Number.isInteger(id)).toBe(true);
    await client.putAuthor(id, 'x1', { name: 'New Member' });
    const g = (await groups()).find((x) => x.id === id)!;
    expect(g.group_name).toBe('IT reviewers');
    expect(g.authors.map((a) => a.client_id)).toEqual(['x1']);
  });
});

describe('manuscript upload (§4.6) and journals (§4.7)', () => {
  it('uploads a PDF with every form field, reports progress, parses the v6 response', async () => {
    const progress: number[] = [];
    const r = await client.uploadManuscript(
      {
        fields: {
          folder: 'DEMO',
          origin_id: 'IT-MS-1',
          title: 'Randomized controlled trials of antimicrobial stewardship in hospitals',
          abstract: 'A systematic review and meta-analysis of randomized controlled trials on antimicrobial stewardship.',
          authors_count: 2,
          authors: [
            {
              name: 'Ana Author',
              aff: 'University of Edinburgh, Edinburgh, United Kingdom',
              email: 'ana@example.org',
              orcid: '0000-0002-1825-0097',
            },
            { name: 'Ben Author' },
          ],
          min_h_index: 0,
          max_h_index: 200,
          min_academic_age: 0,
          max_academic_age: 80,
          min_articles_count: 0,
          max_articles_count: 10_000,
        },
        file: { path: pdfPath },
      },
      { onProgress: (p) => progress.push(p.sentBytes) },
    );
    expect(r.value.version).toBe(6);
    expect(r.value.origin_id).toBe('IT-MS-1');
    expect(r.value.candidates!.length).toBeGreaterThan(0);
    const c = r.value.candidates![0]!;
    expect(typeof c.hIndex).toBe('number');
    expect(typeof c.articlesCount).toBe('number');
    expect(c.coauth_conflicts).toHaveProperty('exists');
    expect(r.value.debug_info.source_file).toBe('manuscript.pdf');
    expect(r.value.debug_info.parsed_text_len).toBeGreaterThan(50);
    expect(r.value.authors_groups_settings?.effect).toBe('highlight');
    expect(progress.at(-1)).toBeGreaterThan(1000);

    // same origin_id: the same manuscript, moved to another folder, not a duplicate
    const again = await client.uploadManuscript({
      fields: {
        folder: 'OTHER',
        origin_id: 'IT-MS-1',
        title: 'Randomized controlled trials',
        abstract: 'Stewardship.',
        authors_count: 0,
        authors: [],
        exclude_candidates: true,
      },
    });
    expect(again.value.manuscript_id).toBe(r.value.manuscript_id);
    expect(again.value.candidates).toBeNull();
    const ms = await t.admin<{ manuscripts: Array<{ origin_id: string }> }>('GET', `orgs/${t.orgId}/manuscripts/`);
    expect(ms.manuscripts.filter((m) => m.origin_id === 'IT-MS-1')).toHaveLength(1);
  });

  it('recommends journals for the uploaded manuscript, in both corpora', async () => {
    const all = await client.recommendJournals('IT-MS-1', 'all_journals');
    expect(all.value.recommended_journals.length).toBeGreaterThan(0);
    expect(all.value.recommended_journals[0]!.relevant_articles.length).toBeLessThanOrEqual(10);
    const org = await client.recommendJournals('IT-MS-1', 'org_journals');
    expect(Array.isArray(org.value.recommended_journals)).toBe(true);
    await expect(client.recommendJournals('IT-NEVER-UPLOADED')).rejects.toMatchObject({ code: 'not_found' });
  });
});
