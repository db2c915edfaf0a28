// Cache benchmark (issue 5): a generated cache of 10,000 manuscripts, 1,000,000 candidate rows
// and 100,000 authors (made once per run in a temp folder, straight through SQL in big
// transactions), then the reads the views make, timed in this process; core RSS measured in a
// child process that opens the same cache and does the same reads; and opening a manuscript's
// candidates from the cache against fetching them again from the local service (a re-upload:
// the service has no read endpoint for candidates) with 300 ms added latency.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ServiceClient } from '../electron/core/api';
import { openCache, type Cache } from '../electron/core/cache';
import type { Logger } from '../electron/core/ports';
import { startSandbox } from '../electron/localservice/index';
import { benchProfile, rng } from './generated';
import type { Bench, BenchRow } from './types';

const SUITE = 'cache';
const MANUSCRIPTS = 10_000;
const BIG = 1_000; // manuscripts with 500 candidates; the others share the rest of the million
const CANDIDATES = 1_000_000;
const AUTHORS = 100_000;
const P = 'bench';
const quiet: Logger = { log: () => undefined };
const clock = { now: () => Date.now() };

const WORDS = [
  'protein',
  'folding',
  'graphene',
  'neural',
  'quantum',
  'climate',
  'ocean',
  'catalysis',
  'genome',
  'lattice',
  'entropy',
  'vaccine',
  'soil',
  'photon',
  'enzyme',
  'galaxy',
  'polymer',
  'malaria',
  'battery',
  'glacier',
];
const PLACES = ['Oxford', 'Zürich', 'Kyoto', 'Nairobi', 'Lima', 'Toronto', 'Lyon', 'Pune', 'Leiden', 'Austin'];
const NAMES = ['Ada', 'Grace', 'Alan', 'Marie', 'Emmy', 'Niels', 'Rosalind', 'Srinivasa', 'Hedy', 'Lise', 'Chien-Shiung', 'Dorothy'];

/** Fills a fresh cache; returns the run ids of the manuscripts with 500 candidates. */
function generate(cache: Cache): number[] {
  const r = rng(1);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const db = cache.db;
  // Generation only: no fsync per transaction (the file is thrown away after the run).
  db.pragma('synchronous = OFF');
  benchProfile(cache, P);
  const now = Date.now();
  const authorName = (id: number) => `${NAMES[id % NAMES.length]} Author${id}`;
  db.transaction(() => {
    const ins = db.prepare(
      `INSERT INTO authors (profile_id, author_id, name, affiliation, email, orcid, url, h_index, articles_count, citations_count,
         concepts, suggestions_count, marks_count, first_seen_at, last_seen_at)
       VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, 10, 0, ?, ?)`,
    );
    for (let id = 1; id <= AUTHORS; id++) {
      ins.run(
        P,
        id,
        authorName(id),
        `University of ${PLACES[id % PLACES.length]}`,
        id % 3 ? `a${id}@uni.example` : null,
        `https://service.example/a/${id}`,
        id % 70,
        10 + (id % 300),
        id * 3,
        `${pick(WORDS)}, ${pick(WORDS)}`,
        now,
        now,
      );
    }
  })();
  const bigRuns: number[] = [];
  const folderIds = ['J-A', 'J-B', 'J-C', 'PANEL'].map((f) => cache.manuscripts.folder(P, f));
  const insMs = db.prepare(
    `INSERT INTO manuscripts (profile_id, origin_id, service_id, folder_id, title, abstract, authors_count, authors_json, authors_text,
       form_json, sync_state, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, 2, ?, ?, '{}', 'synced', ?, ?) RETURNING id`,
  );
  const insRun = db.prepare(
    `INSERT INTO runs (profile_id, manuscript_id, seq, uploaded_at, response_version, folder_name, ` +
      `form_json, candidates_count, raw_json) VALUES (?, ?, 1, ?, 6, 'J-A', '{}', ?, '{}') RETURNING id`,
  );
  const setLast = db.prepare('UPDATE manuscripts SET last_run_id = ? WHERE id = ?');
  const insCand = db.prepare(
    `INSERT INTO candidates (run_id, profile_id, rank, author_id, name, first_name, last_name, middle_name, suffix, email, orcid,
       affiliation, articles_count, citations_count, h_index, score, url, concepts_json, authors_groups_json, marked, coauth_conflict,
       aff_conflict, retracted_articles, referenced_articles, external_coi, conflicts, conflict_count, has_email, raw_json)
     VALUES (?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?, NULL, ?, ?, ?, ?, ?, ?, ?, '[]', ?, ?, ?, 0, ?, 0, ?, ?, ?, ?)`,
  );
  const rest = CANDIDATES - BIG * 500;
  let made = 0;
  const BATCH = 500;
  for (let start = 0; start < MANUSCRIPTS; start += BATCH) {
    db.transaction(() => {
      for (let m = start; m < Math.min(MANUSCRIPTS, start + BATCH); m++) {
        const title = `${pick(WORDS)} ${pick(WORDS)} in ${pick(WORDS)} systems ${m}`;
        const authors = [{ name: `${pick(NAMES)} Writer${m}` }, { name: `${pick(NAMES)} Coauthor${m}` }];
        const { id } = insMs.get(
          P,
          `ms-${m}`,
          m + 1,
          folderIds[m % folderIds.length],
          title,
          `We study ${pick(WORDS)} and ${pick(WORDS)}.`,
          JSON.stringify(authors),
          authors.map((a) => a.name).join('; '),
          now,
          now,
        ) as { id: number };
        const n = m < BIG ? 500 : Math.round(((m - BIG + 1) * rest) / (MANUSCRIPTS - BIG)) - made;
        if (m >= BIG) made += n;
        const run = (insRun.get(P, id, now, n) as { id: number }).id;
        setLast.run(run, id);
        if (m < BIG) bigRuns.push(run);
        const first = Math.floor(r() * (AUTHORS - 600)) + 1;
        for (let k = 0; k < n; k++) {
          const aid = first + k;
          const h = (aid * 7919) % 80;
          const coauth = aid % 13 === 0 ? 1 : 0;
          const aff = aid % 17 === 0 ? 1 : 0;
          const ref = aid % 23 === 0 ? 1 : 0;
          const mask = coauth | (aff << 1) | (ref << 3);
          const email = aid % 3 ? `a${aid}@uni.example` : null;
          const concepts = `["${WORDS[aid % 20]}","${WORDS[(aid * 3) % 20]}"]`;
          const name = authorName(aid);
          const raw =
            `{"name":"${name}","author_id":${aid},"hIndex":${h},"score":${(100 - k * 0.1).toFixed(2)},` +
            `"relevant_concepts":${concepts},"coauth_conflicts":{"exists":${coauth === 1}},"aff_conflicts":{"exists":${aff === 1}}}`;
          insCand.run(
            run,
            P,
            k,
            aid,
            name,
            name.split(' ')[0],
            name.split(' ')[1],
            email,
            `University of ${PLACES[aid % 10]}`,
            10 + (aid % 300),
            aid * 3,
            h,
            100 - k * 0.1,
            `https://service.example/a/${aid}`,
            concepts,
            0,
            coauth,
            aff,
            ref,
            mask,
            coauth + aff + ref,
            email ? 1 : 0,
            raw,
          );
        }
      }
    })();
  }
  return bigRuns;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function time(fn: () => unknown): number {
  const t = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
}

/** The reads a view session makes (used both here and in the RSS child). */
function workload(cache: Cache, runs: number[]): void {
  for (const run of runs) {
    cache.candidates.ofRun(run);
    cache.candidates.query(run, { minHIndex: 10, conflicts: 'none', sort: [{ by: 'hIndex' }, { by: 'conflicts' }], limit: 100 });
  }
  for (const w of WORDS) {
    cache.search.manuscripts(P, w);
    cache.search.authors(P, w);
  }
}

async function rssChild(file: string, runs: number[]): Promise<number> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', resolve(import.meta.dirname, 'cache.bench.ts'), '--cache-rss-child', file, JSON.stringify(runs)],
    {
      cwd: resolve(import.meta.dirname, '..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  await new Promise((done) => child.on('close', done));
  return Number(/rss (\d+)/.exec(out)?.[1] ?? NaN);
}

async function refetchRatio(cacheMs: number): Promise<BenchRow> {
  const dir = mkdtempSync(join(tmpdir(), 'desk-cache-bench-sb-'));
  const sb = await startSandbox({ dataDir: dir, config: { seed: 3, corpus: { authors: 3000, articles: 15000 } } });
  try {
    const client = new ServiceClient({ baseUrl: sb.baseUrl, apiKey: async () => sb.apiKey });
    const form = {
      folder: 'BENCH',
      origin_id: 'bench-1',
      title: 'Protein folding kinetics under crowding',
      abstract: 'Folding pathways of small proteins in crowded cells.',
      authors_count: 1,
      authors: [{ name: 'Grace Hopper' }],
    };
    const first = await client.uploadManuscript({ fields: form });
    const n = first.value.candidates?.length ?? 0;
    await fetch(new URL('faults/', sb.adminUrl), {
      method: 'POST',
      headers: { authorization: `Bearer ${sb.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ route: '*', kind: 'latency', latency_ms: 300 }),
    });
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = process.hrtime.bigint();
      await client.uploadManuscript({ fields: form });
      times.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    await client.close();
    const refetch = median(times);
    return {
      suite: SUITE,
      metric: "manuscript's candidates: refetch from local service (+300 ms) ÷ open from cache",
      value: Math.round(refetch / cacheMs),
      unit: '×',
      note: `refetch ${refetch.toFixed(0)} ms median of 5 (re-upload, ${n} candidates) vs cache ${cacheMs.toFixed(2)} ms (500 candidates)`,
    };
  } finally {
    await sb.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const bench: Bench = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'desk-cache-bench-'));
  const file = join(dir, 'cache.db');
  try {
    const fresh = time(() => openCache({ file: join(dir, 'fresh.db'), clock, logger: quiet }).close());
    let cache = openCache({ file, clock, logger: quiet });
    const t0 = Date.now();
    const bigRuns = generate(cache);
    const genMs = Date.now() - t0;
    cache.close();
    const size = statSync(file).size;
    const opens: number[] = [];
    for (let i = 0; i < 5; i++) opens.push(time(() => openCache({ file, clock, logger: quiet }).close()));
    cache = openCache({ file, clock, logger: quiet });
    const sample = bigRuns.filter((_, i) => i % 5 === 0).slice(0, 200);
    const openRun = sample.map((run) => time(() => cache.candidates.ofRun(run)));
    const filterSort = sample.map((run) =>
      time(() => cache.candidates.query(run, { minHIndex: 10, conflicts: 'none', sort: [{ by: 'hIndex' }, { by: 'conflicts' }] })),
    );
    const fts: number[] = [];
    for (const w of WORDS) {
      fts.push(time(() => cache.search.manuscripts(P, w)));
      fts.push(time(() => cache.search.authors(P, w.slice(0, 4))));
      fts.push(time(() => cache.search.authors(P, `${NAMES[w.length % NAMES.length]} oxford`)));
    }
    const rows500 = cache.candidates.ofRun(sample[0]!).length;
    cache.close();
    const rss = await rssChild(file, sample.slice(0, 100));
    const openMs = median(openRun);
    const note =
      `${MANUSCRIPTS.toLocaleString('en')} manuscripts, ${CANDIDATES.toLocaleString('en')} candidates, ` +
      `${AUTHORS.toLocaleString('en')} authors; ${(size / 2 ** 20).toFixed(0)} MiB, generated in ` +
      `${(genMs / 1000).toFixed(0)} s`;
    const rows: BenchRow[] = [
      {
        suite: SUITE,
        metric: "open a manuscript's 500 candidates (median)",
        value: openMs,
        unit: 'ms',
        target: '≤ 10 ms',
        ok: openMs <= 10 && rows500 === 500,
        note: `${sample.length} manuscripts; ${note}`,
      },
      {
        suite: SUITE,
        metric: 'filter (h-index ≥ 10, no conflicts) + sort by h-index, conflicts (median)',
        value: median(filterSort),
        unit: 'ms',
        target: '≤ 20 ms',
        ok: median(filterSort) <= 20,
        note: `${sample.length} manuscripts of 500`,
      },
      {
        suite: SUITE,
        metric: 'full-text search, manuscripts and authors (median)',
        value: median(fts),
        unit: 'ms',
        target: '≤ 10 ms',
        ok: median(fts) <= 10,
        note: `${fts.length} queries, prefix terms, best 20`,
      },
      {
        suite: SUITE,
        metric: 'open database with migrations at start (median, large cache)',
        value: median(opens),
        unit: 'ms',
        target: '≤ 300 ms',
        ok: median(opens) <= 300,
        note: `5 opens; new empty database with all migrations: ${fresh.toFixed(0)} ms`,
      },
      {
        suite: SUITE,
        metric: 'core RSS after opening the cache and a view session',
        value: Math.round(rss / 2 ** 20),
        unit: 'MB',
        target: '≤ 250 MB',
        ok: rss / 2 ** 20 <= 250,
        note: 'child process: 100 manuscripts opened, filtered, 40 searches',
      },
    ];
    rows.push(await refetchRatio(openMs));
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

export default bench;

// Child mode for the RSS row: node --import tsx bench/cache.bench.ts --cache-rss-child FILE RUNS
if (process.argv[2] === '--cache-rss-child') {
  const cache = openCache({ file: process.argv[3]!, clock, logger: quiet });
  workload(cache, JSON.parse(process.argv[4]!) as number[]);
  global.gc?.();
  process.stdout.write(`rss ${process.memoryUsage().rss}\n`);
  cache.close();
}
