// Sandbox benchmark (issue 3): upload of a 5,000-word manuscript with a PDF → candidates, over
// real HTTP against the default demo corpus; median over 25 runs after 3 warm-ups. Also the first
// start (corpus generation) and the second start over the same data folder.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIELDS } from '../electron/localservice/corpus/vocab';
import { startSandbox } from '../electron/localservice/index';
import { Rng } from '../electron/localservice/prng';
import { makePdf } from '../test/fixtures/sandbox-files';
import type { BenchRow } from './types';

const RUNS = 25;
const WARMUP = 3;
const WORDS = 5000;
const SUITE = 'sandbox';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/** 5,000 words of neuroscience prose from the corpus vocabulary, plus references to corpus articles. */
function manuscriptText(): string[] {
  const rng = new Rng(2024);
  const f = FIELDS[1]!;
  const paragraphs: string[] = [];
  let count = 0;
  while (count < WORDS) {
    const sentence: string[] = [];
    for (let i = 0; i < 14; i++)
      sentence.push(i % 5 === 2 ? rng.pick(f.concepts) : rng.pick([...f.words, 'the', 'of', 'and', 'in', 'we', 'that']));
    const words = sentence.join(' ').split(' ');
    count += words.length;
    paragraphs.push(`${words.join(' ')}.`);
  }
  const chunks: string[] = [];
  for (let i = 0; i < paragraphs.length; i += 8) chunks.push(paragraphs.slice(i, i + 8).join(' '));
  return chunks;
}

export default async function bench(): Promise<BenchRow[]> {
  const dir = await mkdtemp(join(tmpdir(), 'sbx-bench-'));
  try {
    let t = performance.now();
    const first = await startSandbox({ dataDir: dir });
    const firstStart = performance.now() - t;
    await first.close();
    t = performance.now();
    const sb = await startSandbox({ dataDir: dir });
    const secondStart = performance.now() - t;
    try {
      const auth = { Authorization: `Bearer ${sb.adminToken}` };
      const stats = (await (await fetch(`${sb.adminUrl}corpus/`, { headers: auth })).json()) as { authors: number; articles: number };
      const top = (
        (await (await fetch(`${sb.adminUrl}corpus/authors/?limit=40&q=`, { headers: auth })).json()) as { authors: Array<{ id: number }> }
      ).authors;
      const references: string[] = [];
      for (const a of top.slice(0, 20)) {
        const d = (await (await fetch(`${sb.adminUrl}corpus/authors/${a.id}/`, { headers: auth })).json()) as {
          articles: Array<{ title: string; year: number }>;
        };
        for (const art of d.articles.slice(0, 2)) references.push(`Author A, Author B. ${art.title}. Journal. ${art.year}.`);
      }
      const paragraphs = manuscriptText();
      const title = 'Synaptic plasticity and working memory in hippocampal neural circuits';
      const pdf = await makePdf({
        title,
        authors: ['Bench Author'],
        paragraphs: ['Abstract', paragraphs[0]!, 'Introduction', ...paragraphs.slice(1)],
        references,
      });
      const upload = async () => {
        const form = new FormData();
        const fields = {
          api_key: sb.apiKey,
          folder: 'BENCH',
          origin_id: 'bench-1',
          title,
          abstract: paragraphs[0]!,
          authors_count: '1',
          author1_name: 'Bench Author',
          author1_email: 'bench@example.org',
        };
        for (const [k, v] of Object.entries(fields)) form.append(k, v);
        form.append('source_file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'bench.pdf');
        const started = performance.now();
        const res = await fetch(`${sb.baseUrl}/api/external/proposal/`, { method: 'POST', headers: { 'X-ApiKey': sb.apiKey }, body: form });
        const body = (await res.json()) as { candidates: unknown[] | null; debug_info: { parsed_references: number } };
        const ms = performance.now() - started;
        if (res.status !== 200 || !body.candidates?.length) throw new Error(`upload failed: ${res.status}`);
        return { ms, refs: body.debug_info.parsed_references, candidates: body.candidates.length };
      };
      for (let i = 0; i < WARMUP; i++) await upload();
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await upload());
      const times = runs.map((r) => r.ms);
      const med = median(times);
      const p90 = [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.9)]!;
      const corpus = `${stats.authors.toLocaleString('en')} authors, ${stats.articles.toLocaleString('en')} articles`;
      return [
        {
          suite: SUITE,
          metric: 'upload 5,000-word manuscript + PDF → candidates (median)',
          value: Math.round(med),
          unit: 'ms',
          target: '≤ 500 ms',
          ok: med <= 500,
          note:
            `corpus ${corpus}; ${RUNS} runs, p90 ${Math.round(p90)} ms; PDF ${Math.round(pdf.length / 1024)} ` +
            `KB, ${runs[0]!.refs} refs parsed, ${runs[0]!.candidates} candidates`,
        },
        { suite: SUITE, metric: 'first start (generate demo corpus)', value: Math.round(firstStart), unit: 'ms', note: corpus },
        {
          suite: SUITE,
          metric: 'second start over the same data folder',
          value: Math.round(secondStart),
          unit: 'ms',
          note: 'corpus reused from SQLite, index rebuilt in memory',
        },
      ];
    } finally {
      await sb.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
