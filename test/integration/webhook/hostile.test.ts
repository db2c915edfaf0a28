// Issue 17: hostile peers against the receiver, with a real cache file — slow-header sockets, a
// replay flood, an order jump. Each asserts its bound and that no real delivery was lost.
import { statSync, existsSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Cache } from '../../../electron/core/cache';
import { WebhookReceiver, type RunningReceiver } from '../../../electron/core/webhook';
import { MemoryLogger, MemorySecrets } from '../../support/fakes';
import { markedCandidate, KEY, webhookBody } from '../../unit/webhook/samples';
import { form, ManualClock, profileCache, response } from '../cache/fixtures';
import { postJson } from './client';

const P = 'prof-1';
let dir: string;
let cleanup: () => void;
let cache: Cache;
let running: RunningReceiver;

async function start(limits = {}): Promise<string> {
  const secrets = new MemorySecrets();
  await secrets.set(`profile:${P}`, KEY);
  const receiver = new WebhookReceiver({
    cache,
    activeProfileId: () => P,
    getApiKey: (id) => secrets.get(`profile:${id}`),
    logger: new MemoryLogger(),
  });
  running = await receiver.start({ limits });
  return running.url;
}

beforeEach(() => {
  ({ cache, dir, cleanup } = profileCache({ clock: new ManualClock(Date.now()), profileId: P, prefix: 'desk-webhook-hostile-' }));
  cache.runs.recordUploadRun(P, { form: form('o1') }, response(10, 'o1', [1, 2, 3, 4, 5]));
});
afterEach(async () => {
  await running?.stop();
  cache.close();
  cleanup();
});

const marksOrder = () =>
  cache.db.prepare<[], { o: number | null }>("SELECT marks_order AS o FROM manuscripts WHERE origin_id = 'o1'").get()!.o;

it('128 slow-header sockets without the token neither hold a socket past the header timeout nor starve 18 real deliveries', async () => {
  const headersTimeoutMs = 2_000;
  const url = await start({ headersTimeoutMs });
  const { port } = new URL(url);
  const held: number[] = [];
  const sockets: Socket[] = [];
  const drips: Array<ReturnType<typeof setInterval>> = [];
  const closed = Array.from({ length: 128 }, () => {
    const opened = performance.now();
    const s = connect(Number(port), '127.0.0.1');
    sockets.push(s);
    s.on('error', () => undefined);
    s.write('POST /hooks/not-the-token HTTP/1.1\r\nHost: x\r\n');
    drips.push(setInterval(() => s.writable && s.write('X'), 300)); // a header that never ends
    return new Promise<void>((r) => s.once('close', () => (held.push(performance.now() - opened), r())));
  });
  // Real deliveries while every slot is taken by the slow sockets.
  const answers = [];
  for (let i = 1; i <= 18; i++) {
    answers.push((await postJson(url, webhookBody({ order: i, marked: [1 + (i % 5)] }))).status);
  }
  await Promise.all(closed);
  drips.forEach(clearInterval);
  expect(answers).toEqual(Array(18).fill(200));
  expect(marksOrder()).toBe(18); // nothing lost: the last delivery's set is the one applied
  const longest = Math.max(...held);
  console.log(`slow-header sockets: ${held.length} closed; longest held ${Math.round(longest)} ms (header timeout ${headersTimeoutMs} ms)`);
  expect(held).toHaveLength(128);
  expect(longest).toBeLessThan(headersTimeoutMs + 1_000);
});

it('200 replays of a 0.89 MB delivery keep cache.db bounded: the replays are answered stale and their bodies are not stored', async () => {
  const url = await start();
  const big = webhookBody({ order: 50, marked: [] });
  (big.payload as { candidates: unknown[] }).candidates = Array.from({ length: 1_300 }, (_, i) =>
    markedCandidate(1 + (i % 5), { affiliation: 'x'.repeat(300) }),
  );
  const text = JSON.stringify(big);
  expect(text.length).toBeGreaterThan(850_000);
  expect((await postJson(url, big)).json).toMatchObject({ outcome: 'applied' });
  const size = () =>
    ['', '-wal'].reduce((n, s) => n + (existsSync(join(dir, `cache.db${s}`)) ? statSync(join(dir, `cache.db${s}`)).size : 0), 0);
  const afterFirst = size();
  for (let i = 0; i < 200; i++) expect((await postJson(url, big)).json).toMatchObject({ outcome: 'stale' });
  const grown = size() - afterFirst;
  console.log(`replay flood: 200 × ${(text.length / 1e6).toFixed(2)} MB → cache.db + wal grew ${grown} bytes`);
  expect(grown).toBeLessThan(4_000_000); // 200 MB before the fix; what grows is mostly the WAL, reused after checkpoints
  expect(marksOrder()).toBe(50);
  const stored = cache.db
    .prepare<[], { n: number; bytes: number }>('SELECT count(*) AS n, sum(length(payload_json)) AS bytes FROM webhook_events')
    .get()!;
  // The applied event with its body, and 200 body-less lines for Activity (kept a day, at most 2,000 rows).
  expect(stored.n).toBe(201);
  expect(stored.bytes).toBeLessThan(text.length + 200 * 200);
});

it('an order far ahead of the last is refused and changes nothing; the next real event still applies', async () => {
  const url = await start();
  expect((await postJson(url, webhookBody({ order: 5, marked: [1] }))).status).toBe(200);
  const jump = await postJson(url, webhookBody({ order: 9e15, marked: [2] }));
  expect(jump.status).toBe(400);
  expect(jump.json?.error).toMatch(/ahead of the last order received \(5\)/);
  expect(marksOrder()).toBe(5);
  expect((await postJson(url, webhookBody({ order: 6, marked: [3] }))).json).toMatchObject({ outcome: 'applied' });
  expect(marksOrder()).toBe(6);
  expect(cache.marks.markedAuthorIds(cache.manuscripts.get(P, 'o1')!.id)).toEqual([3]);
});
