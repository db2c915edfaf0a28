// Crash safety (issue 5 item 5, issue 17): a core process syncing the outbox against the local
// service is killed with SIGKILL at random points — between outbox changes (often with a request in
// flight) and inside SQLite writes (a transaction left open) — restarted, killed again, and finally
// allowed to finish. The service must then hold exactly the intended state: every write applied,
// author records as the queued writes in order make them; each manuscript's uploads counted on the
// service (its runs) are the intended ones plus at most the uploads re-sent after a kill, and the
// app recorded exactly one run per queued upload. A group creation of unknown outcome is settled
// the only way the app can (tried again): a duplicate group may exist only for such a retry, and
// the app's group is the one holding the authors.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../electron/localservice/index';
import { sandboxAdmin } from '../../support/admin';
import { intended, makePlan, prng } from './plan';

const TRIALS = 20;
const SEED = Number(process.env.CRASH_SEED ?? 20250115);
const ROOT = resolve(import.meta.dirname, '../../..');
const WORKER = join(import.meta.dirname, 'worker.ts');

let sb: RunningSandbox;
let sbDir: string;
let orgId: number;
/** Writes found in flight after a kill, over all trials: replayed (idempotent) or of unknown outcome
 * (group creation); kills inside a SQLite write; uploads the service received twice; duplicate groups. */
const inFlight = { requeued: 0, uncertain: 0, kills: 0, writeKills: 0, resentRuns: 0, duplicateGroups: 0 };

const admin = sandboxAdmin(() => sb);

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  lines: string[];
  stderr: string;
}

/** Runs the worker; with killAtTick, SIGKILLs it as soon as it reports that outbox change; with
 * killInWrite, the worker kills itself inside its Nth SQLite write. */
function runWorker(
  mode: 'enqueue' | 'sync',
  dataDir: string,
  planFile: string,
  kill: { atTick?: number; inWrite?: number } = {},
): Promise<Run> {
  const arg = JSON.stringify({
    mode,
    dataDir,
    baseUrl: sb.baseUrl,
    apiKey: sb.apiKey,
    planFile,
    ...(kill.inWrite !== undefined && { killInWrite: kill.inWrite }),
  });
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER, arg], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    if (kill.atTick !== undefined && line === `tick ${kill.atTick}`) child.kill('SIGKILL');
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

        // Each send makes two outbox changes (claimed, finished) and a few SQLite writes: kill
        // somewhere in the whole run, every other kill inside a write.
        const kills = 1 + Math.floor(random() * 3);
        const history: string[] = [];
        const requeuedUploads = new Map<string, number>();
        const retriedGroups = new Map<string, number>();
        const recoveredFrom = (lines: string[]) => {
          for (const l of lines) {
            const m = /^recovered requeued=(\d+) uncertain=(\d+)$/.exec(l);
            if (m) {
              inFlight.requeued += Number(m[1]);
              inFlight.uncertain += Number(m[2]);
            }
            const up = /^requeued-upload (.+)$/.exec(l);
            if (up) requeuedUploads.set(up[1]!, (requeuedUploads.get(up[1]!) ?? 0) + 1);
            const g = /^uncertain-retried (.+)$/.exec(l);
            if (g) retriedGroups.set(g[1]!, (retriedGroups.get(g[1]!) ?? 0) + 1);
          }
        };
        for (let k = 0; k < kills; k++) {
          const inWrite = (trial + k) % 2 === 1;
          // Every fourth trial is first killed at the very first change: the group creation in flight.
          const at = k === 0 && trial % 4 === 0 ? 1 : 1 + Math.floor(random() * steps.length * (inWrite ? 3 : 2));
          const run = await runWorker('sync', dataDir, planFile, inWrite ? { inWrite: at } : { atTick: at });
          recoveredFrom(run.lines);
          if (run.signal === 'SIGKILL') inFlight.kills++;
          if (run.lines.includes('killing inside a write')) inFlight.writeKills++;
          history.push(
            `kill ${inWrite ? 'in write' : 'at tick'} ${at}: ${run.signal ?? `exit ${run.code}`} ${run.lines.filter((l) => !l.startsWith('tick')).join('; ')}`,
          );
          expect(run.signal === 'SIGKILL' || run.code === 0, `${history.join('\n')}\n${run.stderr}`).toBe(true);
        }
        const final = await runWorker('sync', dataDir, planFile);
        recoveredFrom(final.lines);
        expect(final.code, `${history.join('\n')}\n${final.stderr}`).toBe(0);
        expect(final.lines.at(-1)).toBe('done');

        const want = intended(trial, steps);
        const appGroups = new Map(
          final.lines.flatMap((l) => {
            const m = /^group (\d+) (.+)$/.exec(l);
            return m ? [[m[2]!, Number(m[1])] as const] : [];
          }),
        );
        const { groups } = await admin<{ groups: Array<{ id: number; group_name: string; authors: Array<Record<string, unknown>> }> }>(
          'GET',
          `orgs/${orgId}/groups/`,
        );
        for (const [name, authors] of want.groups) {
          const found = groups.filter((g) => g.group_name === name);
          const retried = retriedGroups.get(name) ?? 0;
          expect(
            found.length,
            `group ${name}: once, or once more per retry of an unknown outcome (${retried})\n${history.join('\n')}`,
          ).toBeGreaterThanOrEqual(1);
          expect(found.length).toBeLessThanOrEqual(1 + retried);
          inFlight.duplicateGroups += found.length - 1;
          const mine = found.find((g) => g.id === appGroups.get(name));
          expect(mine, `the app's group ${name} (${appGroups.get(name)}) is on the service`).toBeDefined();
          const actual = Object.fromEntries(mine!.authors.map((a) => [a.client_id, { name: a.name, emails: a.emails, orcids: a.orcids }]));
          const expected = Object.fromEntries([...authors].map(([id, a]) => [id, { name: a.name, emails: a.emails, orcids: a.orcids }]));
          expect(actual, `authors of ${name}`).toEqual(expected);
          for (const other of found.filter((g) => g !== mine)) expect(other.authors, `a duplicate of ${name} got no author`).toEqual([]);
        }
        const appRuns = new Map(
          final.lines.flatMap((l) => {
            const m = /^runs (\d+) (.+)$/.exec(l);
            return m ? [[m[2]!, Number(m[1])] as const] : [];
          }),
        );
        const { manuscripts } = await admin<{ manuscripts: Array<{ origin_id: string; title: string; folder: string; runs: number }> }>(
          'GET',
          `orgs/${orgId}/manuscripts/`,
        );
        for (const [originId, m] of want.manuscripts) {
          const found = manuscripts.filter((x) => x.origin_id === originId);
          expect(found, `manuscript ${originId} exactly once`).toHaveLength(1);
          expect({ title: found[0]!.title, folder: found[0]!.folder }).toEqual({ title: m.title, folder: m.folder });
          const resent = requeuedUploads.get(originId) ?? 0;
          expect(appRuns.get(originId), `the app recorded one run per queued upload of ${originId}`).toBe(m.uploads);
          expect(
            found[0]!.runs,
            `uploads of ${originId} on the service: ${m.uploads} intended, ${resent} re-sent after a kill\n${history.join('\n')}`,
          ).toBeGreaterThanOrEqual(m.uploads);
          expect(found[0]!.runs).toBeLessThanOrEqual(m.uploads + resent);
          inFlight.resentRuns += found[0]!.runs - m.uploads;
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }

  it('the kills hit writes in flight (the trials exercised replay and unknown outcomes)', () => {
    console.log(
      `crash trials: ${inFlight.kills} kills (${inFlight.writeKills} inside a SQLite write); writes found in flight: ${inFlight.requeued} replayed, ` +
        `${inFlight.uncertain} group creations of unknown outcome; ${inFlight.resentRuns} uploads the ` +
        `service received twice; ${inFlight.duplicateGroups} duplicate groups`,
    );
    expect(inFlight.kills).toBeGreaterThanOrEqual(TRIALS);
    expect(inFlight.writeKills).toBeGreaterThan(0);
    expect(inFlight.requeued + inFlight.uncertain).toBeGreaterThan(0);
  });
});
