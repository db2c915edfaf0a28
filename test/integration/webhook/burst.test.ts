// A burst of 1,000 large deliveries at once, sent by another process (flood-client.mjs) so this
// process holds only the receiver and the cache: every one is eventually acknowledged (503s and
// connections refused past maxConnections are delivered again, as the service does), the cache
// ends with the newest set, and the memory held while absorbing it stays far below what was sent
// at once. Memory, not time, is asserted: live memory (heap + external, after a forced garbage
// collection) and RSS are sampled all through the burst.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Cache } from '../../../electron/core/cache';
import { WebhookReceiver, type RunningReceiver } from '../../../electron/core/webhook';
import { form, profileCache, range, response } from '../cache/fixtures';
import { KEY, markedCandidate } from '../../unit/webhook/samples';

const P = 'prof-1';
const DELIVERIES = 1000;
const CANDIDATES_PER_BODY = 120;
const VARIANTS = 4;
const MiB = 1024 * 1024;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const FLOOD_CLIENT = fileURLToPath(new URL('./flood-client.mjs', import.meta.url));

let cache: Cache;
let dir: string;
let cleanup: () => void;
let running: RunningReceiver;
let receiver: WebhookReceiver;

beforeAll(async () => {
  ({ cache, dir, cleanup } = profileCache({ profileId: P, prefix: 'desk-webhook-burst-' }));
  cache.profiles.setActiveId(P);
  receiver = new WebhookReceiver({
    cache,
    activeProfileId: () => P,
    getApiKey: async () => KEY,
    // A counting logger: a thousand log lines kept in memory would blur the measurement.
    logger: { log: () => undefined },
  });
  running = await receiver.start();
});
afterAll(async () => {
  await running.stop();
  cache.close();
  cleanup();
});

/** The payload part of a body, shared by every delivery of one variant (sent without copying). */
function payloadOf(variant: number): unknown {
  const ids = range(1 + variant * 1000, CANDIDATES_PER_BODY);
  const candidates = ids.map((id) => markedCandidate(id, { relevant_concepts: range(0, 40).map((k) => `concept ${k} of author ${id}`) }));
  return { version: 5, manuscript_id: 10, origin_id: 'o1', candidates, authors_groups_settings: null };
}

interface Sample {
  live: number;
  rss: number;
}

function sample(): Sample {
  gc();
  const m = process.memoryUsage();
  return { live: m.heapUsed + m.external, rss: m.rss };
}

it(
  'absorbs 1,000 simultaneous ~170 KB deliveries from another process with bounded memory; the newest set wins',
  { timeout: 180_000 },
  async () => {
    const rec = cache.runs.recordUploadRun(P, { form: form('o1') }, response(10, 'o1', range(1, 10)));
    const payloads = range(0, VARIANTS).map(payloadOf);
    const payloadsFile = join(dir, 'payloads.json');
    writeFileSync(payloadsFile, JSON.stringify(payloads));

    const baseline = sample();
    let peak = baseline;
    const sampler = setInterval(() => {
      const s = sample();
      peak = { live: Math.max(peak.live, s.live), rss: Math.max(peak.rss, s.rss) };
    }, 250);
    const child = spawn(process.execPath, [FLOOD_CLIENT, running.url, String(DELIVERIES), KEY, payloadsFile], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    const [code] = (await once(child, 'exit')) as [number | null];
    clearInterval(sampler);
    expect(code).toBe(0);
    const flood = JSON.parse(out) as {
      requests: number;
      rounds: number;
      answers: Record<string, number>;
      undelivered: number;
      bodyBytes: number;
    };
    const after = sample();

    expect(flood.undelivered).toBe(0);
    const bodySize = flood.bodyBytes;
    expect(bodySize).toBeGreaterThan(150 * 1024);
    const offered = DELIVERIES * bodySize;
    const busy = flood.answers['503'] ?? 0;
    const peakLive = peak.live - baseline.live;
    const peakRss = peak.rss - baseline.rss;
    const retained = after.live - baseline.live;
    console.log(
      `webhook burst: ${DELIVERIES} deliveries of ${(bodySize / 1024).toFixed(0)} KiB (${(offered / MiB).toFixed(0)} MiB at once), ` +
        `${flood.requests} requests in ${flood.rounds} round(s), answers ${JSON.stringify(flood.answers)}; ` +
        `peak live heap+external growth ${(peakLive / MiB).toFixed(1)} MiB, peak RSS growth ${(peakRss / MiB).toFixed(1)} MiB, ` +
        `retained after ${(retained / MiB).toFixed(1)} MiB`,
    );

    // Every delivery was stored exactly once, as applied or as stale; the newest order's set won.
    const outcomes = cache.db
      .prepare<[], { outcome: string; n: number }>('SELECT outcome, count(*) AS n FROM webhook_events GROUP BY outcome')
      .all();
    expect(outcomes.reduce((s, o) => s + o.n, 0)).toBe(DELIVERIES);
    expect(outcomes.every((o) => o.outcome === 'applied' || o.outcome === 'stale')).toBe(true);
    expect(cache.manuscripts.get(P, 'o1')!.marksOrder).toBe(DELIVERIES);
    expect(cache.marks.markedAuthorIds(rec.manuscriptId).sort((a, b) => a - b)).toEqual(
      range(1 + (DELIVERIES % VARIANTS) * 1000, CANDIDATES_PER_BODY),
    );
    expect(receiver.status()).toMatchObject({ deliveries: DELIVERIES, rejected: busy });

    // Live memory stays a fraction of what arrived at once, and nothing accumulates. (Measured here:
    // about 16-21 MiB live and 72 MiB RSS, which includes SQLite's page cache of up to 32 MiB.)
    expect(peakLive).toBeLessThan(64 * MiB);
    expect(peakLive).toBeLessThan(offered / 2);
    expect(retained).toBeLessThan(16 * MiB);
    expect(peakRss).toBeLessThan(192 * MiB);
  },
);
