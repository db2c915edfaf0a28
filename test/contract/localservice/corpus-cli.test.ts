import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../../electron/localservice/index';
import { SANDBOX_CLI_ROOT, sandboxCliArgs } from '../../support/sandbox-cli';
import { findAuthor, manuscriptAbout, sandbox, useSandboxes, type Json } from './helpers';

useSandboxes();

const TINY = { authors: 300, articles: 1500 };
const OPENALEX_WORK = '/work/shared/material/corpus/openalex-api-fixtures/W2741809807.json';
const SEED_ARTICLES = '/work/shared/material/corpus/seed/articles.jsonl';

describe('corpus (issue 3 item 8)', () => {
  it('corpus: generation is deterministic from the seed', async () => {
    const a = await sandbox({ fresh: true, seed: 7, config: { corpus: TINY } });
    const b = await sandbox({ fresh: true, seed: 7, config: { corpus: TINY } });
    const c = await sandbox({ fresh: true, seed: 8, config: { corpus: TINY } });
    const top = async (sb: typeof a) => (await sb.admin('GET', '/admin/corpus/authors/?limit=30')).body.authors;
    expect(await top(a)).toEqual(await top(b));
    expect(await top(a)).not.toEqual(await top(c));
    const fields = await manuscriptAbout(a, (await findAuthor(a, '', (x) => x.articles_count >= 5)).id);
    const ranked = async (sb: typeof a) =>
      (await sb.upload({ ...fields, api_key: sb.apiKey })).body.candidates.map((x: { author_id: number; score: number }) => [
        x.author_id,
        x.score,
      ]);
    expect(await ranked(a)).toEqual(await ranked(b));
  });

  it(
    'corpus: the default demo corpus has thousands of authors, tens of thousands of articles, ' +
      'ORCIDs, missing emails, citations and a few retractions; a second start reuses it',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'sbx-default-'));
      try {
        const lines: string[] = [];
        const first = await startSandbox({ dataDir: dir, log: (l) => lines.push(l) });
        const res = await fetch(`${first.adminUrl}corpus/`, { headers: { Authorization: `Bearer ${first.adminToken}` } });
        const stats = (await res.json()) as Record<string, number>;
        expect(stats.authors).toBe(5000);
        expect(stats.articles).toBe(25000);
        expect(stats.journals).toBeGreaterThanOrEqual(40);
        expect(stats.institutions).toBeGreaterThanOrEqual(40);
        expect(stats.citations).toBeGreaterThan(100_000);
        expect(stats.retracted).toBeGreaterThan(0);
        expect(stats.retracted).toBeLessThan(stats.articles! / 100);
        const authors = (
          (await (
            await fetch(`${first.adminUrl}corpus/authors/?limit=200`, { headers: { Authorization: `Bearer ${first.adminToken}` } })
          ).json()) as { authors: Array<Record<string, Json>> }
        ).authors;
        expect(authors.some((a) => a.orcid === null) && authors.some((a) => typeof a.orcid === 'string')).toBe(true);
        expect(authors.some((a) => a.email === null) && authors.some((a) => typeof a.email === 'string')).toBe(true);
        // h-index from the corpus citations: the author's articles' cited_by_count
        const detail = (await (
          await fetch(`${first.adminUrl}corpus/authors/${authors[0]!.id}/`, { headers: { Authorization: `Bearer ${first.adminToken}` } })
        ).json()) as Record<string, Json>;
        const cites = (detail.articles as Array<{ cited_by_count: number }>).map((a) => a.cited_by_count).sort((x, y) => y - x);
        expect(detail.h_index).toBe(cites.filter((c, i) => c >= i + 1).length);
        expect(detail.citations_count).toBe(cites.reduce((s, c) => s + c, 0));
        expect(new Set((detail.affiliations as Array<{ start_year: number }>).map((a) => a.start_year)).size).toBe(
          detail.affiliations.length,
        );
        expect(lines.some((l) => l.includes('generated corpus'))).toBe(true);
        await first.close();

        const again: string[] = [];
        const second = await startSandbox({ dataDir: dir, log: (l) => again.push(l) });
        expect(again.some((l) => l.includes('generated corpus'))).toBe(false);
        expect(second.apiKey).toBe(first.apiKey);
        await second.close();
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );

  it('corpus: OpenAlex works as JSON lines are imported (admin endpoint) and become candidates', async () => {
    const sb = await sandbox();
    const inverted = (text: string) => {
      const idx: Record<string, number[]> = {};
      text.split(' ').forEach((w, i) => (idx[w] ??= []).push(i));
      return idx;
    };
    const work = (id: string, year: number, refs: string[], title: string) => ({
      id: `https://openalex.org/${id}`,
      doi: `https://doi.org/10.9999/${id.toLowerCase()}`,
      title,
      publication_year: year,
      is_retracted: id === 'W3',
      cited_by_count: 40,
      abstract_inverted_index: inverted('quasar spectroscopy reveals accretion disk winds around supermassive black holes'),
      primary_location: {
        source: { id: 'https://openalex.org/S1', display_name: 'Journal of Quasar Studies', host_organization_name: 'Star Press' },
      },
      concepts: [
        { display_name: 'Quasar', score: 0.9 },
        { display_name: 'Accretion disk', score: 0.7 },
        { display_name: 'Noise', score: 0.1 },
      ],
      keywords: [{ display_name: 'black hole winds' }],
      referenced_works: refs,
      authorships: [
        {
          author: { id: 'https://openalex.org/A1', display_name: 'Quinn Q. Quasarson', orcid: 'https://orcid.org/0000-0001-5109-3700' },
          institutions: [{ id: 'https://openalex.org/I1', display_name: 'Observatory of Somewhere', country_code: 'CL' }],
        },
        { author: { id: 'https://openalex.org/A2', display_name: 'Rita Radio' }, institutions: [] },
      ],
    });
    const lines = [
      work('W1', 2015, [], 'Quasar winds in accretion disks'),
      work('W2', 2019, ['https://openalex.org/W1'], 'Accretion disk winds of quasars revisited'),
      work('W3', 2021, ['https://openalex.org/W1', 'https://openalex.org/W2'], 'Supermassive black hole quasar spectroscopy'),
    ].map((w) => JSON.stringify(w));
    const r = await fetch(`${sb.baseUrl}/admin/corpus/openalex/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sb.adminToken}`, 'Content-Type': 'application/x-ndjson' },
      body: [...lines, '{broken'].join('\n'),
    });
    const result = (await r.json()) as Record<string, Json>;
    expect(result).toMatchObject({ works: 3, skipped: 0, authors: 2, journals: 1, institutions: 1, citations: 3 });
    expect(result.errors).toEqual([{ line: 4, message: expect.stringContaining('not JSON') }]);
    const again = (await (
      await fetch(`${sb.baseUrl}/admin/corpus/openalex/`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${sb.adminToken}` },
        body: lines.join('\n'),
      })
    ).json()) as Record<string, Json>;
    expect(again).toMatchObject({ works: 0, skipped: 3 });

    const up = await sb.upload({
      api_key: sb.apiKey,
      folder: 'Astro',
      origin_id: 'q',
      title: 'Quasar accretion disk winds',
      abstract: 'Spectroscopy of supermassive black hole winds in quasars.',
      authors_count: '0',
    });
    const quinn = (up.body.candidates as Array<Record<string, Json>>).find((c) => c.name === 'Quinn Q. Quasarson')!;
    expect(quinn).toMatchObject({
      first_name: 'Quinn',
      middle_name: 'Q.',
      last_name: 'Quasarson',
      orcid: '0000-0001-5109-3700',
      articlesCount: 3,
      citationsCount: 120,
      hIndex: 3,
      affiliation: 'Observatory of Somewhere, CL',
    });
    expect(quinn.retracted_articles.exists).toBe(true);
    expect(quinn.relevant_concepts).toEqual(expect.arrayContaining(['Quasar', 'Accretion disk']));
    const journals = (await sb.api('GET', '/api/external/recommend-journals/q/')).body.recommended_journals;
    expect(journals[0]).toMatchObject({ title: 'Journal of Quasar Studies', publisher_name: 'Star Press' });
  });

  it.skipIf(!existsSync(OPENALEX_WORK))(
    'corpus: the real OpenAlex work record imports from a config file list (skipped without ../shared/material)',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'sbx-oa-'));
      try {
        const file = join(dir, 'works.jsonl');
        await writeFile(file, `${JSON.stringify(JSON.parse(readFileSync(OPENALEX_WORK, 'utf8')))}\n`);
        const sb = await sandbox({ config: { corpus: { openalex: [file] } } });
        const up = await sb.upload({
          api_key: sb.apiKey,
          folder: 'F',
          origin_id: 'oa',
          title: 'The state of open access',
          abstract: 'Prevalence and citation impact of Open Access articles, Unpaywall, oaDOI',
          authors_count: '0',
        });
        const names = (up.body.candidates as Array<{ name: string }>).map((c) => c.name);
        expect(names).toContain('Heather Piwowar');
        const piwowar = (up.body.candidates as Array<Record<string, Json>>).find((c) => c.name === 'Heather Piwowar')!;
        expect(piwowar.orcid).toBe('0000-0003-1613-5981');
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});

describe('real seed material', () => {
  it.skipIf(!existsSync(SEED_ARTICLES))(
    'corpus: the JATS-derived articles of ../shared/material seed real authors, references and citations (skipped without it)',
    async () => {
      const sb = await sandbox({ config: { corpus: { seed_articles: [SEED_ARTICLES] } } });
      const stats = (await sb.admin('GET', '/admin/corpus/')).body;
      expect(stats.articles).toBeGreaterThan(6000 + 1000);
      const alegado = (await sb.admin('GET', '/admin/corpus/authors/?q=Alegado')).body.authors as Array<Record<string, Json>>;
      expect(alegado.find((a) => a.name === 'Rosanna A Alegado')).toMatchObject({ affiliation: 'University of California, Berkeley' });
      const up = await sb.upload({
        api_key: sb.apiKey,
        folder: 'F',
        origin_id: 'nico',
        authors_count: '0',
        title: 'Herbivore-induced jasmonate signalling in Nicotiana attenuata',
        abstract: 'Manduca sexta feeding elicits jasmonic acid bursts and nicotine defense in wild tobacco Nicotiana attenuata.',
      });
      const names = (up.body.candidates as Array<{ name: string }>).map((c) => c.name);
      expect(names).toContain('IT Baldwin');
      // a second import of the same content is a no-op
      const again = await fetch(`${sb.baseUrl}/admin/corpus/seed-articles/`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${sb.adminToken}` },
        body: readFileSync(SEED_ARTICLES),
      });
      expect(await again.json()).toMatchObject({ articles: 0, cited_works: 0 });
    },
  );
});

describe('command line', () => {
  it('cli: npm run sandbox prints exactly one ready JSON line on stdout, logs on stderr, and closes on SIGTERM', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sbx-cli-'));
    const config = join(dir, 'config.json');
    await writeFile(config, JSON.stringify({ corpus: TINY, demo_org: { api_key: 'cli-demo-key-123' } }));
    const child = spawn(process.execPath, sandboxCliArgs(dir, config, 'cli-admin-token'), { cwd: SANDBOX_CLI_ROOT });
    try {
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const out: string[] = [];
      const rl = createInterface({ input: child.stdout });
      const first = await new Promise<string>((res, rej) => {
        rl.on('line', (l) => {
          out.push(l);
          if (out.length === 1) res(l);
        });
        child.once('exit', (code) => rej(new Error(`exited ${code}: ${stderr}`)));
      });
      const ready = JSON.parse(first) as Record<string, string>;
      expect(Object.keys(ready)).toEqual(['base_url', 'api_key', 'admin_url']);
      expect(ready.api_key).toBe('cli-demo-key-123');
      expect(ready.admin_url).toBe(`${ready.base_url}/admin/`);
      expect((await fetch(`${ready.base_url}/api/external/custom-fields/all/`, { headers: { 'X-ApiKey': ready.api_key! } })).status).toBe(
        200,
      );
      expect((await fetch(`${ready.admin_url}orgs/`, { headers: { Authorization: 'Bearer cli-admin-token' } })).status).toBe(200);
      const exited = new Promise<number | null>((res) => child.once('exit', (code) => res(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(out).toHaveLength(1);
      expect(stderr).toContain('listening on');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });
});
