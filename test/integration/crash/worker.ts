// A core process for the crash trials: `enqueue` queues a plan's writes; `sync` recovers what a
// previous (killed) run left, resolves group creations of unknown outcome the way an editor would
// (looking the group up on the service), then sends everything, printing a line per outbox change.
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
  adminUrl: string;
  adminToken: string;
  orgId: number;
  planFile: string;
}

const args = JSON.parse(process.argv[2]!) as Args;
const logger: Logger = { log: () => undefined };
const cache = openCache({ file: join(args.dataDir, 'cache.db'), clock: systemClock, logger });
const P = 'crash';
if (!cache.profiles.get(P)) cache.profiles.upsert({ id: P, name: 'Crash', baseUrl: args.baseUrl, kind: 'demo', createdAt: 0, lastCheckedAt: null, lastFeatures: null });
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
    else await outbox.queueUpload({ form: s.form });
  }
  say(`queued ${outbox.counts().pending}`);
}

async function serviceGroups(): Promise<Array<{ id: number; group_name: string }>> {
  const res = await fetch(new URL(`orgs/${args.orgId}/groups/`, args.adminUrl), { headers: { authorization: `Bearer ${args.adminToken}` } });
  return ((await res.json()) as { groups: Array<{ id: number; group_name: string }> }).groups;
}

async function sync(): Promise<void> {
  const rec = outbox.recover();
  say(`recovered requeued=${rec.requeued.length} uncertain=${rec.uncertain.length}`);
  for (const e of outbox.list()) {
    if (e.state !== 'parked') continue;
    if (e.kind !== 'group_create' || e.parkReason !== 'outcome_unknown') throw new Error(`entry ${e.id} parked: ${e.error?.message}`);
    const found = (await serviceGroups()).filter((g) => g.group_name === e.data.input.group_name);
    if (found.length > 1) throw new Error(`group ${e.data.input.group_name} exists ${found.length} times`);
    if (found[0]) outbox.resolveGroupCreated(e.id, found[0].id);
    else outbox.retry(e.id);
    say(`resolved ${e.id} ${found[0] ? `found ${found[0].id}` : 'absent: retried'}`);
  }
  let tick = 0;
  outbox.events.on('changed', () => say(`tick ${++tick}`));
  for (;;) {
    const r = await outbox.drain();
    const { pending, parked } = outbox.counts();
    if (parked > 0) throw new Error(`parked writes: ${JSON.stringify(outbox.list().filter((e) => e.state === 'parked').map((e) => e.error))}`);
    if (pending === 0) break;
    if (r.sent === 0) outbox.hurry();
  }
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
