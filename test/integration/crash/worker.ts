// A core process for the crash trials: `enqueue` queues a plan's writes; `sync` recovers what a
// previous (killed) run left and sends everything, printing a line per outbox change. A group
// creation of unknown outcome is settled only as the app can: tried again (the service offers no
// way to look a group up, so a duplicate may result and is counted by the test). With killInWrite
// the process SIGKILLs itself in the middle of its Nth SQLite write inside a transaction.
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ServiceClient } from '../../../electron/core/api';
import { openCache } from '../../../electron/core/cache';
import { Outbox } from '../../../electron/core/outbox';
import { systemClock, type Logger } from '../../../electron/core/ports';
import type { Step } from './plan';

interface Args {
  mode: 'enqueue' | 'sync';
  dataDir: string;
  baseUrl: string;
  apiKey: string;
  planFile: string;
  /** SIGKILL right after the Nth statement run inside an open transaction (the commit never comes). */
  killInWrite?: number;
}

const args = JSON.parse(process.argv[2]!) as Args;
if (args.killInWrite !== undefined) {
  const probe = new Database(':memory:');
  const statement = Object.getPrototypeOf(probe.prepare('SELECT 1')) as { run: (...a: unknown[]) => unknown };
  probe.close();
  const run = statement.run;
  let writes = 0;
  statement.run = function (this: { database: Database.Database }, ...a: unknown[]) {
    const result = run.apply(this, a);
    if (this.database.inTransaction && ++writes === args.killInWrite) {
      process.stdout.write('killing inside a write\n'); // synchronous on a pipe (Linux)
      process.kill(process.pid, 'SIGKILL');
      // A signal to oneself lands before kill() returns; never go on to the commit regardless.
      for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
    }
    return result;
  };
}
const logger: Logger = { log: () => undefined };
const cache = openCache({ file: join(args.dataDir, 'cache.db'), clock: systemClock, logger });
const P = 'crash';
if (!cache.profiles.get(P))
  cache.profiles.upsert({
    id: P,
    name: 'Crash',
    baseUrl: args.baseUrl,
    kind: 'demo',
    createdAt: 0,
    lastCheckedAt: null,
    lastFeatures: null,
  });
const api = new ServiceClient({ baseUrl: args.baseUrl, apiKey: async () => args.apiKey, logger });
const outbox = new Outbox({ cache, profileId: P, api, clock: systemClock, logger, uploadsDir: join(args.dataDir, 'uploads') });
const say = (line: string) => process.stdout.write(`${line}\n`);

async function enqueue(): Promise<void> {
  const steps = JSON.parse(readFileSync(args.planFile, 'utf8')) as Step[];
  const groups = new Map<string, number>();
  for (const s of steps) {
    if (s.op === 'group') groups.set(s.key, outbox.createGroup(s.input).groupLocalId);
    else if (s.op === 'put') outbox.putAuthor(groups.get(s.group)!, s.clientId, s.body);
    else if (s.op === 'patch') outbox.patchAuthor(groups.get(s.group)!, s.clientId, s.body);
    else if (s.op === 'delete') outbox.deleteAuthor(groups.get(s.group)!, s.clientId);
    else outbox.queueUpload({ form: s.form });
  }
  say(`queued ${outbox.counts().pending}`);
}

async function sync(): Promise<void> {
  const rec = outbox.recover();
  say(`recovered requeued=${rec.requeued.length} uncertain=${rec.uncertain.length}`);
  const requeued = new Set(rec.requeued);
  for (const e of outbox.list()) {
    if (requeued.has(e.id) && e.kind === 'upload') say(`requeued-upload ${e.data.originId}`);
    if (e.state !== 'parked') continue;
    if (e.kind !== 'group_create' || e.parkReason !== 'outcome_unknown') throw new Error(`entry ${e.id} parked: ${e.error?.message}`);
    // What the app offers without a way to look groups up: try again.
    outbox.retry(e.id);
    say(`uncertain-retried ${e.data.input.group_name}`);
  }
  let tick = 0;
  outbox.events.on('changed', () => say(`tick ${++tick}`));
  for (;;) {
    const r = await outbox.drain();
    const { pending, parked } = outbox.counts();
    if (parked > 0)
      throw new Error(
        `parked writes: ${JSON.stringify(
          outbox
            .list()
            .filter((e) => e.state === 'parked')
            .map((e) => e.error),
        )}`,
      );
    if (pending === 0) break;
    if (r.sent === 0) outbox.hurry();
  }
  const db = cache.db;
  for (const g of db
    .prepare<[string], { name: string; service_id: number | null }>('SELECT name, service_id FROM authors_groups WHERE profile_id = ?')
    .all(P)) {
    say(`group ${g.service_id} ${g.name}`);
  }
  const runs = db.prepare<[string], { origin_id: string; n: number }>(
    'SELECT m.origin_id, count(r.id) AS n FROM manuscripts m LEFT JOIN runs r ON r.manuscript_id = m.id WHERE m.profile_id = ? GROUP BY m.id',
  );
  for (const r of runs.all(P)) say(`runs ${r.n} ${r.origin_id}`);
  say('done');
}

try {
  await (args.mode === 'enqueue' ? enqueue() : sync());
  await api.close();
  cache.close();
  process.exit(0);
} catch (err) {
  process.stderr.write(`worker failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(2);
}
