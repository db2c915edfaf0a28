// Crash safety (issue 5, item 5): a core process syncing the outbox against the local service is
// killed with SIGKILL at random points, restarted, killed again, and finally allowed to finish.
// The service must then hold exactly the intended state: every write applied, none twice (no
// duplicate groups or manuscripts), author records as the queued writes in order make them.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index';
import { sandboxAdmin } from '../../support/admin';
import { intended, makePlan, prng } from './plan';

const TRIALS = 20;
const SEED = Number(process.env.CRASH_SEED ?? 20250115);
const ROOT = resolve(import.meta.dirname, '../../..');
const WORKER = join(import.meta.dirname, 'worker.ts');

let sb: RunningSandbox;
let sbDir: string;
let orgId: number;
/** Writes found in flight after a kill, over all trials: replayed (idempotent) or of unknown outcome (group creation). */
const inFlight = { requeued: 0, uncertain: 0, kills: 0 };

const admin = sandboxAdmin(() => sb);

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  lines: string[];
  stderr: string;
}

/** Runs the worker; with killAtTick, SIGKILLs it as soon as it reports that outbox change. */
function runWorker(mode: 'enqueue' | 'sync', dataDir: string, planFile: string, killAtTick?: number): Promise<Run> {
  const arg = JSON.stringify({ mode, dataDir, baseUrl: sb.baseUrl, apiKey: sb.apiKey, adminUrl: sb.adminUrl, adminToken: sb.adminToken, orgId, planFile });
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER, arg], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    if (killAtTick !== undefined && line === `tick ${killAtTick}`) child.kill('SIGKILL');
  });
  return new Promise((done) => child.on('close', (code, signal) => done({ code, signal, lines, stderr })));
}

beforeAll(async () => {
  sbDir = mkdtempSync(join(tmpdir(), 'desk-crash-sb-'));
  sb = await startSandbox({ dataDir: sbDir, config: { seed: 5, corpus: { authors: 200, articles: 800 } } });
  orgId = (await admin<{ orgs: Array<{ id: number }> }>('GET', 'orgs/')).orgs[0]!.id;
  // A little latency on every API call, so kills often land while a request is in flight.
  await admin('POST', 'faults/', { route: '*', kind: 'latency', latency_ms: 15 });
});

afterAll(async () => {
  await sb?.close();
  rmSync(sbDir, { recursive: true, force: true });
});

describe(`crash safety: ${TRIALS} trials of SIGKILL during sync (seed ${SEED})`, () => {
  for (let trial = 1; trial <= TRIALS; trial++) {
    it(`trial ${trial}`, { timeout: 120_000 }, async () => {
      const random = prng(SEED + trial);
      const steps = makePlan(trial, random);
      const dataDir = mkdtempSync(join(tmpdir(), `desk-crash-${trial}-`));
      try {
        const planFile = join(dataDir, 'plan.json');
        writeFileSync(planFile, JSON.stringify(steps));
        const queued = await runWorker('enqueue', dataDir, planFile);
        expect(queued.code, queued.stderr).toBe(0);

        // Each send makes two outbox changes (claimed, finished): kill somewhere in the whole run.
        const kills = 1 + Math.floor(random() * 3);
        const history: string[] = [];
        for (let k = 0; k < kills; k++) {
          // Every fourth trial is first killed at the very first change: the group creation in flight.
          const at = k === 0 && trial % 4 === 0 ? 1 : 1 + Math.floor(random() * steps.length * 2);
          const run = await runWorker('sync', dataDir, planFile, at);
          for (const l of run.lines) {
            const m = /^recovered requeued=(\d+) uncertain=(\d+)$/.exec(l);
            if (m && k > 0) {
              inFlight.requeued += Number(m[1]);
              inFlight.uncertain += Number(m[2]);
            }
          }
          if (run.signal === 'SIGKILL') inFlight.kills++;
          history.push(`kill at tick ${at}: ${run.signal ?? `exit ${run.code}`} ${run.lines.filter((l) => !l.startsWith('tick')).join('; ')}`);
          expect(run.signal === 'SIGKILL' || run.code === 0, `${history.join('\n')}\n${run.stderr}`).toBe(true);
        }
        const final = await runWorker('sync', dataDir, planFile);
        const rec = /^recovered requeued=(\d+) uncertain=(\d+)$/.exec(final.lines[0] ?? '');
        if (rec) {
          inFlight.requeued += Number(rec[1]);
          inFlight.uncertain += Number(rec[2]);
        }
        expect(final.code, `${history.join('\n')}\n${final.stderr}`).toBe(0);
        expect(final.lines.at(-1)).toBe('done');

        const want = intended(trial, steps);
        const { groups } = await admin<{ groups: Array<{ id: number; group_name: string; authors: Array<Record<string, unknown>> }> }>('GET', `orgs/${orgId}/groups/`);
        for (const [name, authors] of want.groups) {
          const found = groups.filter((g) => g.group_name === name);
          expect(found, `group ${name} exactly once\n${history.join('\n')}`).toHaveLength(1);
          const actual = Object.fromEntries(found[0]!.authors.map((a) => [a.client_id, { name: a.name, emails: a.emails, orcids: a.orcids }]));
          const expected = Object.fromEntries([...authors].map(([id, a]) => [id, { name: a.name, emails: a.emails, orcids: a.orcids }]));
          expect(actual, `authors of ${name}`).toEqual(expected);
        }
        const { manuscripts } = await admin<{ manuscripts: Array<{ origin_id: string; title: string; folder: string }> }>('GET', `orgs/${orgId}/manuscripts/`);
        for (const [originId, m] of want.manuscripts) {
          const found = manuscripts.filter((x) => x.origin_id === originId);
          expect(found, `manuscript ${originId} exactly once`).toHaveLength(1);
          expect({ title: found[0]!.title, folder: found[0]!.folder }).toEqual(m);
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }

  it('the kills hit writes in flight (the trials exercised replay and unknown outcomes)', () => {
    console.log(`crash trials: ${inFlight.kills} kills; writes found in flight: ${inFlight.requeued} replayed, ${inFlight.uncertain} group creations of unknown outcome`);
    expect(inFlight.kills).toBeGreaterThanOrEqual(TRIALS);
    expect(inFlight.requeued + inFlight.uncertain).toBeGreaterThan(0);
  });
});
