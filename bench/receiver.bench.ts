// The office's headless receiver (`npm run office -- receive`, core/office/receiver.ts) on a throwaway PostgreSQL
// cluster (test/support/pg-cluster.ts): its cache holds 1,000 manuscripts of one journal (recorded before it starts,
// as its pulls would have left them), then 1,000 mark_as_proposal_referee deliveries, one per manuscript, are
// opened at once by another process (test/integration/webhook/flood-client.mjs: what is refused — 503, connections
// closed past the cap — is delivered again until 200, as the service does). Rows: the receiver process's RSS growth
// (VmRSS sampled every 20 ms, peak minus the level before the burst), every delivery applied once (one marks.set
// event per manuscript in the office, from the receiver), and the times to all answered and all in the office.
// Skipped, with a note row, where PostgreSQL 15+ is not installed.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { openCache } from '../electron/core/cache';
import { addEditor, initOffice } from '../electron/core/office/admin';
import { RECEIVER_PROFILE } from '../electron/core/office/receiver';
import { officeUrl } from '../electron/core/office/service';
import { systemClock, type Logger } from '../electron/core/ports';
import { form, response } from '../test/integration/cache/fixtures';
import { markedCandidate } from '../test/unit/webhook/samples';
import { asAdmin, freshDatabase, pgAvailable, PG_MISSING, startPgCluster } from '../test/support/pg-cluster';
import type { Bench, BenchRow } from './types';

const SUITE = 'office receiver';
const DELIVERIES = 1_000;
const FOLDER = 'J';
const PW = 'receiver-bench-1';
const API_KEY = 'org-key-receiver-bench-0123456789';
const ROOT = resolve(import.meta.dirname, '..');
const FLOOD = join(ROOT, 'test/integration/webhook/flood-client.mjs');
const MB = 1024 * 1024;
const quiet: Logger = { log: () => undefined };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The service's manuscript id of bench manuscript i. */
const serviceId = (i: number) => 10_000 + i;
const authorsOf = (i: number) => [1 + (i % 500), 501 + (i % 500), 1001 + (i % 500)];

function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : NaN;
}

/** The receiver's data folder before its first start: the profile linked as the receiver, 1,000 manuscripts recorded. */
function prepare(dir: string, url: string): void {
  mkdirSync(dir, { recursive: true });
  const cache = openCache({ file: join(dir, 'cache.db'), clock: systemClock, logger: quiet });
  cache.profiles.upsert({
    id: RECEIVER_PROFILE,
    name: 'Office receiver',
    baseUrl: 'https://service.invalid',
    kind: 'remote',
    createdAt: 0,
    lastCheckedAt: null,
    lastFeatures: null,
  });
  cache.office.setLink(RECEIVER_PROFILE, { url: officeUrl(url, 'receiver'), login: 'receiver' });
  for (let i = 0; i < DELIVERIES; i++)
    cache.runs.recordUploadRun(
      RECEIVER_PROFILE,
      { form: form(`bench-${i}`, { folder: FOLDER }) },
      response(serviceId(i), `bench-${i}`, authorsOf(i)),
    );
  cache.close();
}

/** The payload of manuscript i's delivery: its first two candidates marked. */
const payload = (i: number) => ({
  version: 5,
  manuscript_id: serviceId(i),
  origin_id: `bench-${i}`,
  candidates: authorsOf(i)
    .slice(0, 2)
    .map((id) => markedCandidate(id)),
  authors_groups_settings: null,
});

const bench: Bench = async () => {
  if (!pgAvailable())
    return [{ suite: SUITE, metric: 'RSS growth over a 1,000-delivery burst', value: 0, unit: 'MB', note: `skipped: ${PG_MISSING}` }];
  const pg = await startPgCluster();
  const dir = mkdtempSync(join(tmpdir(), 'desk-receiver-bench-'));
  try {
    const db = await freshDatabase(pg);
    const admin = { url: pg.urlFor(db) };
    await initOffice(admin);
    await addEditor(admin, 'receiver', [FOLDER], PW);
    const plain = `postgres://receiver@127.0.0.1:${pg.port}/${db}`;
    const dataDir = join(dir, 'receiver');
    prepare(dataDir, plain);
    // flood-client.mjs sends delivery `order` with payloads[order % n]: orders 1…1000 name every manuscript once.
    const payloadsFile = join(dir, 'payloads.json');
    writeFileSync(payloadsFile, JSON.stringify(Array.from({ length: DELIVERIES }, (_, i) => payload(i))));

    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/office.ts', 'receive', '--office', plain, '--data', dataDir], {
      cwd: ROOT,
      env: { ...process.env, REFEREE_DESK_API_KEY: API_KEY, REFEREE_DESK_OFFICE_PASSWORD: PW },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let applied = 0;
    let other = 0;
    createInterface({ input: child.stderr! }).on('line', (l) => {
      if (!l.includes('"message":"webhook delivery"')) return;
      if (l.includes('"outcome":"applied"')) applied++;
      else other++;
    });
    const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
    const port = await new Promise<number>((resolvePort, reject) => {
      createInterface({ input: child.stdout! }).on('line', (l) => {
        const m = /^Receiving marks on port (\d+)/.exec(l);
        if (m) resolvePort(Number(m[1]));
      });
      void exited.then(() => reject(new Error('the receiver ended before listening')));
    });
    const token = readFileSync(join(dataDir, 'webhook-token'), 'utf8').trim();
    const url = `http://127.0.0.1:${port}/hooks/${token}`;
    // Settled: the first pull done, the heap warmed by it.
    await sleep(3_000);
    const before = rssOf(child.pid!);
    let peak = before;
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, rssOf(child.pid!));
      } catch {
        // ended
      }
    }, 20);
    const t0 = performance.now();
    const flood = spawn(process.execPath, [FLOOD, url, String(DELIVERIES), API_KEY, payloadsFile], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    flood.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    await new Promise((r) => flood.on('close', r));
    const answeredMs = performance.now() - t0;
    const sent = JSON.parse(out) as { requests: number; rounds: number; answers: Record<string, number>; undelivered: number };
    const inOffice = async () =>
      (
        await asAdmin<{ n: string; distinct: string; authors: string }>(
          pg,
          db,
          `SELECT count(*) AS n, count(DISTINCT body->>'originId') AS distinct, string_agg(DISTINCT author, ',') AS authors
           FROM office.events WHERE kind = 'marks.set'`,
        )
      )[0]!;
    let office = await inOffice();
    while (Number(office.n) < DELIVERIES && performance.now() - t0 < 120_000) {
      await sleep(200);
      office = await inOffice();
    }
    const officeMs = performance.now() - t0;
    await sleep(1_000);
    clearInterval(sampler);
    const after = rssOf(child.pid!);
    office = await inOffice();
    child.kill('SIGTERM');
    const code = await exited;
    const once = Number(office.n) === DELIVERIES && Number(office.distinct) === DELIVERIES && applied === DELIVERIES && other === 0;
    return [
      {
        suite: SUITE,
        metric: 'RSS growth over a 1,000-delivery burst (peak)',
        value: (peak - before) / MB,
        unit: 'MB',
        target: '≤ 50 MB',
        ok: peak - before <= 50 * MB,
        note: `${(before / MB).toFixed(0)} MB before, ${(after / MB).toFixed(0)} MB 1 s after the last event reached the office`,
      },
      {
        suite: SUITE,
        metric: 'deliveries applied once, in the office once',
        value: Number(office.n),
        unit: 'events',
        target: `${DELIVERIES}`,
        ok: once,
        note: `${applied} applied, ${other} other outcomes, ${office.distinct} manuscripts, from ${office.authors}; exit ${code}`,
      },
      {
        suite: SUITE,
        metric: 'burst answered (all 200)',
        value: answeredMs,
        unit: 'ms',
        note: `${sent.requests} requests in ${sent.rounds} rounds (${Object.entries(sent.answers)
          .map(([k, v]) => `${k}: ${v}`)
          .join(', ')}), ${sent.undelivered} undelivered`,
      },
      { suite: SUITE, metric: 'burst in the office (every marks.set pushed)', value: officeMs, unit: 'ms' },
    ] satisfies BenchRow[];
  } finally {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
};

export default bench;
