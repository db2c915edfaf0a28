// Service client benchmark (issue 4): 100 uploads of a 1 MB PDF, 4 at a time, against the local
// service with 50 ms added latency, through this client and through curl in the same run; plus
// one 50 MB upload for memory. The sandbox runs in a child process so its CPU and memory are not
// counted against the client.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { ServiceClient } from '../electron/core/api';
import type { UploadForm } from '../electron/common/service';
import { writePaddedPdf } from '../test/integration/api/pdf';
import { sandboxCliArgs } from '../test/support/sandbox-cli';
import type { BenchRow } from './types';

const ROOT = resolve(import.meta.dirname, '..');
const UPLOADS = 100;
const PARALLEL = 4;
const LATENCY_MS = 50;
const SUITE = 'client';

interface Sandbox {
  baseUrl: string;
  apiKey: string;
  adminUrl: string;
  token: string;
  child: ChildProcess;
}

async function startSandboxProcess(dir: string): Promise<Sandbox> {
  const token = randomBytes(16).toString('hex');
  const config = join(dir, 'sandbox.json');
  await writeFile(config, JSON.stringify({ seed: 11, corpus: { authors: 500, articles: 2500 } }));
  const child = spawn(process.execPath, sandboxCliArgs(dir, config, token), { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] });
  const line = await new Promise<string>((ok, fail) => {
    const rl = createInterface({ input: child.stdout! });
    rl.once('line', (l) => {
      rl.close();
      ok(l);
    });
    child.once('exit', (code) => fail(new Error(`sandbox exited with ${code}`)));
  });
  const ready = JSON.parse(line) as { base_url: string; api_key: string; admin_url: string };
  return { baseUrl: ready.base_url, apiKey: ready.api_key, adminUrl: ready.admin_url, token, child };
}

async function addFault(sb: Sandbox, rule: Record<string, unknown>): Promise<void> {
  const res = await fetch(new URL('faults/', sb.adminUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${sb.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(rule),
  });
  if (!res.ok) throw new Error(`fault: ${res.status}`);
}

const fields = (originId: string): UploadForm => ({
  folder: 'BENCH',
  origin_id: originId,
  title: 'Antimicrobial stewardship in hospitals: a benchmark manuscript',
  abstract: 'Randomized controlled trials of antimicrobial stewardship and their outcomes.',
  authors_count: 1,
  authors: [{ name: 'Bench Author', aff: 'University of Edinburgh, Edinburgh, United Kingdom' }],
  exclude_candidates: true,
});

/** Runs `count` jobs with at most `parallel` at once. */
async function pool(count: number, parallel: number, job: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) await job(next++);
    }),
  );
}

function curlUpload(sb: Sandbox, file: string, originId: string): Promise<void> {
  const f = fields(originId);
  // `Expect:` off: no 100-continue round trip, so curl is not slowed by a handshake the client skips.
  const args = [
    '-sS',
    '-o',
    '/dev/null',
    '-w',
    '%{http_code}',
    '-H',
    'Expect:',
    '-H',
    `X-ApiKey: ${sb.apiKey}`,
    '--form-string',
    `api_key=${sb.apiKey}`,
  ];
  for (const [k, v] of [
    ['folder', f.folder],
    ['origin_id', f.origin_id],
    ['title', f.title],
    ['abstract', f.abstract],
    ['authors_count', '1'],
    ['author1_name', 'Bench Author'],
    ['author1_aff', 'University of Edinburgh, Edinburgh, United Kingdom'],
    ['exclude_candidates', 'true'],
  ] as const)
    args.push('--form-string', `${k}=${v}`);
  args.push('-F', `source_file=@${file};type=application/pdf`, `${sb.baseUrl}/api/external/proposal/`);
  return new Promise((ok, fail) =>
    execFile('curl', args, (err, stdout) =>
      err || stdout.trim() !== '200' ? fail(new Error(`curl: ${stdout} ${err?.message ?? ''}`)) : ok(),
    ),
  );
}

/** Peak RSS growth over a baseline while `fn` runs, sampled every 5 ms. */
async function peakRssGrowth<T>(fn: () => Promise<T>): Promise<{ result: T; growthMb: number; ms: number }> {
  const base = process.memoryUsage.rss();
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  const t0 = performance.now();
  try {
    const result = await fn();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, growthMb: (peak - base) / 2 ** 20, ms: performance.now() - t0 };
  } finally {
    clearInterval(timer);
  }
}

function haveCurl(): Promise<boolean> {
  return new Promise((ok) => execFile('curl', ['--version'], (err) => ok(!err)));
}

export default async function clientBench(): Promise<BenchRow[]> {
  const dir = await mkdtemp(join(tmpdir(), 'desk-client-bench-'));
  const sb = await startSandboxProcess(dir);
  const client = new ServiceClient({ baseUrl: sb.baseUrl, apiKey: async () => sb.apiKey });
  try {
    const pdf = join(dir, 'manuscript-1mb.pdf');
    const big = join(dir, 'manuscript-50mb.pdf');
    const spec = {
      title: 'Antimicrobial stewardship in hospitals',
      abstract: 'Randomized controlled trials of antimicrobial stewardship and their outcomes.',
    };
    await writePaddedPdf(pdf, spec, 1 << 20);
    await writePaddedPdf(big, spec, 50_000_000);
    await addFault(sb, { route: 'upload', kind: 'latency', latency_ms: LATENCY_MS });
    const curl = await haveCurl();

    // warm-up: connections, JIT, the sandbox's first parses
    await pool(
      PARALLEL,
      PARALLEL,
      async (i) => void (await client.uploadManuscript({ fields: fields(`warm-client-${i}`), file: { path: pdf } })),
    );
    if (curl) await pool(PARALLEL, PARALLEL, (i) => curlUpload(sb, pdf, `warm-curl-${i}`));

    let curlMs = Number.NaN;
    if (curl) {
      const t0 = performance.now();
      await pool(UPLOADS, PARALLEL, (i) => curlUpload(sb, pdf, `curl-${i}`));
      curlMs = performance.now() - t0;
    }
    const run = await peakRssGrowth(() =>
      pool(UPLOADS, PARALLEL, async (i) => {
        await client.uploadManuscript({ fields: fields(`client-${i}`), file: { path: pdf } });
      }),
    );
    const bigRun = await peakRssGrowth(() => client.uploadManuscript({ fields: fields('client-50mb'), file: { path: big } }));

    const ratio = run.ms / curlMs;
    const note = `${UPLOADS} × 1 MiB PDF, ${PARALLEL} at a time, +${LATENCY_MS} ms latency (fault injection), exclude_candidates; sandbox in a child process`;
    return [
      { suite: SUITE, metric: 'upload wall time: this client', value: run.ms, unit: 'ms', note },
      curl
        ? {
            suite: SUITE,
            metric: 'upload wall time: curl (same uploads, same run)',
            value: curlMs,
            unit: 'ms',
            note: `curl child processes, ${PARALLEL} at a time (each a process start and a new connection)`,
          }
        : { suite: SUITE, metric: 'upload wall time: curl', value: Number.NaN, unit: 'ms', note: 'curl not installed: ratio not measured' },
      ...(curl ? [{ suite: SUITE, metric: 'client ÷ curl wall time', value: ratio, unit: '×', target: '≤ 1.2', ok: ratio <= 1.2 }] : []),
      {
        suite: SUITE,
        metric: 'peak RSS growth during the 100 uploads',
        value: run.growthMb,
        unit: 'MB',
        target: '< 50 MB',
        ok: run.growthMb < 50,
      },
      {
        suite: SUITE,
        metric: 'peak RSS growth uploading one 50 MB PDF',
        value: bigRun.growthMb,
        unit: 'MB',
        target: '< 50 MB (flat)',
        ok: bigRun.growthMb < 50,
        note: `streamed from disk in ${(bigRun.ms / 1000).toFixed(1)} s`,
      },
    ];
  } finally {
    await client.close();
    sb.child.kill('SIGTERM');
    await new Promise((ok) => (sb.child.exitCode !== null ? ok(null) : sb.child.once('exit', ok)));
    await rm(dir, { recursive: true, force: true });
  }
}
