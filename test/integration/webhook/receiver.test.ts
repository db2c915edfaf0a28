// The webhook receiver over real HTTP on 127.0.0.1, with a real cache file.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Cache } from '../../../electron/core/cache';
import { WebhookReceiver, type MarksChange, type RunningReceiver, type WebhookStartOptions } from '../../../electron/core/webhook';
import { MemorySecrets, MemoryLogger } from '../../support/fakes';
import { addProfile, form, profileCache, response } from '../cache/fixtures';
import { KEY, webhookBody } from '../../unit/webhook/samples';
import { postJson, send } from './client';

const P = 'prof-1';
let cache: Cache;
let cleanup: () => void;
let secrets: MemorySecrets;
let logger: MemoryLogger;
let changes: MarksChange[];
let receiver: WebhookReceiver;
let running: RunningReceiver | null;
let url: string;

beforeEach(async () => {
  logger = new MemoryLogger();
  ({ cache, cleanup } = profileCache({ profileId: P, logger, prefix: 'desk-webhook-' }));
  cache.profiles.setActiveId(P);
  secrets = new MemorySecrets();
  await secrets.set(`profile:${P}`, KEY);
  changes = [];
  receiver = newReceiver();
  running = await receiver.start();
  url = running.url;
});
afterEach(async () => {
  await running?.stop();
  cache.close();
  cleanup();
});

function newReceiver(getApiKey?: (id: string) => Promise<string | null>, onMarksChanged?: (c: MarksChange) => void): WebhookReceiver {
  return new WebhookReceiver({
    cache,
    activeProfileId: () => cache.profiles.getActiveId(),
    getApiKey: getApiKey ?? ((id) => secrets.get(`profile:${id}`)),
    logger,
    onMarksChanged: onMarksChanged ?? ((c) => changes.push(c)),
  });
}

/**
 * A receiver whose key lookup waits: `inside` resolves once a delivery reaches the lookup, which goes on (with the
 * profile's key) when `release` is called.
 */
function heldReceiver(onMarksChanged?: (c: MarksChange) => void): { held: WebhookReceiver; inside: Promise<void>; release: () => void } {
  let entered!: () => void;
  const inside = new Promise<void>((r) => (entered = r));
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const held = newReceiver(async (id) => {
    entered();
    await gate;
    return secrets.get(`profile:${id}`);
  }, onMarksChanged);
  return { held, inside, release };
}

async function restart(opts: WebhookStartOptions, r = receiver): Promise<void> {
  await running?.stop();
  receiver = r;
  running = await receiver.start(opts);
  url = running.url;
}

/** Uploads manuscript o1 (service id 10) with candidates 1..5 and returns its local id and run. */
function upload(serviceId = 10, originId = 'o1') {
  return cache.runs.recordUploadRun(P, { form: form(originId) }, response(serviceId, originId, [1, 2, 3, 4, 5]));
}

const markedIds = (runId: number): number[] =>
  cache.candidates
    .query(runId, { marked: true })
    .rows.map((c) => c.authorId)
    .sort((a, b) => a - b);
const eventCount = (): number => cache.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM webhook_events').get()!.n;

describe('the address', () => {
  it('is a random token path on the bound loopback port, shown in status()', () => {
    const u = new URL(url);
    expect(u.protocol).toBe('http:');
    expect(u.hostname).toBe('127.0.0.1');
    expect(Number(u.port)).toBeGreaterThan(0);
    expect(u.pathname).toMatch(/^\/hooks\/[A-Za-z0-9_-]{43}$/);
    expect(u.username).toBe('');
    expect(receiver.status()).toMatchObject({
      listening: true,
      url,
      bindAddress: '127.0.0.1',
      port: Number(u.port),
      basicAuth: false,
      deliveries: 0,
      rejected: 0,
      lastDelivery: null,
    });
  });

  it('a given token and port give the same address again after a restart; a new receiver gets a new token', async () => {
    const token = 'stored-token-0123456789';
    await restart({ token });
    const first = url;
    const port = Number(new URL(first).port);
    await restart({ token, port });
    expect(url).toBe(first);
    expect(url).toBe(`http://127.0.0.1:${port}/hooks/${token}`);
    const other = newReceiver();
    const r = await other.start();
    expect(new URL(r.url).pathname).not.toBe(new URL(url).pathname);
    await r.stop();
  });

  it('carries basic-auth credentials in the address, percent-encoded', async () => {
    await restart({ basicAuth: { user: 'desk', password: 'p@ss/word+0123' } });
    const u = new URL(url);
    expect(u.username).toBe('desk');
    expect(decodeURIComponent(u.password)).toBe('p@ss/word+0123');
    expect(receiver.status().basicAuth).toBe(true);
  });

  it('uses the public base URL when one is given (tunnel or reverse proxy)', async () => {
    await restart({ publicBaseUrl: 'https://desk.example.org/relay/', token: 'stored-token-0123456789' });
    expect(url).toBe('https://desk.example.org/relay/hooks/stored-token-0123456789');
  });

  it('refuses a malformed token or basic-auth setting, and a second start', async () => {
    const r = newReceiver();
    await expect(r.start({ token: 'short' })).rejects.toThrow(/token/);
    await expect(r.start({ token: 'has/slash-0123456789' })).rejects.toThrow(/token/);
    await expect(r.start({ basicAuth: { user: 'a:b', password: 'long-enough-pw' } })).rejects.toThrow(/colon/);
    await expect(r.start({ basicAuth: { user: 'a', password: 'short' } })).rejects.toThrow(/password/);
    await expect(receiver.start()).rejects.toThrow(/already running/);
  });

  it('a port already in use is reported by start() (EADDRINUSE) and nothing listens', async () => {
    const r = newReceiver();
    await expect(r.start({ port: Number(new URL(url).port) })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    expect(r.status().listening).toBe(false);
  });

  it('bound to every interface, the address shows a reachable host, never 0.0.0.0', async () => {
    await restart({ bindAddress: '0.0.0.0' });
    const u = new URL(url);
    expect(u.hostname).not.toBe('0.0.0.0');
    expect(u.hostname).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(receiver.status().bindAddress).toBe('0.0.0.0');
    const viaLoopback = `http://127.0.0.1:${u.port}${u.pathname}`;
    expect((await postJson(viaLoopback, webhookBody({ order: 1 }))).json).toMatchObject({ ok: true, outcome: 'parked' });
  });

  it('refuses a public base URL that is not an http(s) address, without starting', async () => {
    const r = newReceiver();
    await expect(r.start({ publicBaseUrl: 'desk.example.org' })).rejects.toThrow(/public base URL/);
    await expect(r.start({ publicBaseUrl: 'ftp://desk.example.org' })).rejects.toThrow(/public base URL/);
    expect(r.status().listening).toBe(false);
  });

  it('stop() resolves only once a delivery in progress has finished with the cache', async () => {
    upload();
    const order: string[] = [];
    const { held, inside, release } = heldReceiver(() => order.push('changed'));
    await restart({}, held);
    const delivery = postJson(url, webhookBody({ order: 1, marked: [1] }));
    await inside;
    const stopped = running!.stop().then(() => order.push('stopped'));
    running = null;
    await expect(delivery).rejects.toMatchObject({ code: 'ECONNRESET' });
    release();
    await stopped;
    expect(order).toEqual(['changed', 'stopped']);
  });

  it('stop() closes the port; status() says so', async () => {
    await running!.stop();
    running = null;
    expect(receiver.status()).toMatchObject({ listening: false, url: null });
    await expect(postJson(url, webhookBody({ order: 1 }))).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});

describe('deliveries', () => {
  it('replaces the marked set (marks and unmarks), logs the delivery without the key and reports each change', async () => {
    const rec = upload();
    let a = await postJson(url, webhookBody({ order: 5, marked: [1, 2] }));
    expect(a.status).toBe(200);
    expect(a.json).toMatchObject({ ok: true, outcome: 'applied' });
    expect(markedIds(rec.runId)).toEqual([1, 2]);
    expect((await postJson(url, webhookBody({ order: 6, marked: [2, 4] }))).json).toMatchObject({ outcome: 'applied' });
    expect(markedIds(rec.runId)).toEqual([2, 4]);
    a = await postJson(url, webhookBody({ order: 7, marked: [] }));
    expect(a.json).toMatchObject({ outcome: 'applied' });
    expect(markedIds(rec.runId)).toEqual([]);
    expect(cache.manuscripts.get(P, 'o1')!.marksOrder).toBe(7);
    expect(changes).toEqual(
      [5, 6, 7].map((order) => ({
        profileId: P,
        manuscriptLocalId: rec.manuscriptId,
        serviceManuscriptId: 10,
        originId: 'o1',
        order,
        outcome: 'applied',
      })),
    );
    const stored = cache.db
      .prepare<[], { outcome: string; payload_json: string }>('SELECT outcome, payload_json FROM webhook_events ORDER BY id')
      .all();
    expect(stored.map((e) => e.outcome)).toEqual(['applied', 'applied', 'applied']);
    expect(JSON.parse(stored[0]!.payload_json)).toMatchObject({ action: 'mark_as_proposal_referee', order: 5 });
    expect(stored.some((e) => e.payload_json.includes(KEY))).toBe(false);
    expect(logger.lines.filter((l) => l.message === 'webhook delivery')).toHaveLength(3);
    expect(logger.text()).not.toContain(KEY);
    expect(receiver.status()).toMatchObject({
      deliveries: 3,
      rejected: 0,
      lastDelivery: { status: 200, outcome: 'applied', serviceManuscriptId: 10, order: 7 },
    });
  });

  it('an out-of-order delivery (older order) is acknowledged and ignored', async () => {
    const rec = upload();
    await postJson(url, webhookBody({ order: 9, marked: [3] }));
    const late = await postJson(url, webhookBody({ order: 8, marked: [1, 2] }));
    expect(late.status).toBe(200);
    expect(late.json).toMatchObject({ ok: true, outcome: 'stale' });
    expect(markedIds(rec.runId)).toEqual([3]);
    expect(changes.map((c) => c.order)).toEqual([9]);
  });

  it('a replayed delivery (same order again) is acknowledged and ignored, even with another set', async () => {
    const rec = upload();
    const body = webhookBody({ order: 4, marked: [1] });
    expect((await postJson(url, body)).json).toMatchObject({ outcome: 'applied' });
    expect((await postJson(url, body)).json).toMatchObject({ outcome: 'stale' });
    expect((await postJson(url, webhookBody({ order: 4, marked: [5] }))).json).toMatchObject({ outcome: 'stale' });
    expect(markedIds(rec.runId)).toEqual([1]);
    expect(cache.db.prepare('SELECT outcome FROM webhook_events ORDER BY id').pluck().all()).toEqual(['applied', 'stale', 'stale']);
  });

  it('the connectivity check (test: true) answers 200 and changes nothing', async () => {
    const rec = upload();
    const a = await postJson(url, webhookBody({ order: 50, marked: [1, 2], test: true }));
    expect(a.status).toBe(200);
    expect(a.json).toMatchObject({ ok: true, outcome: 'test' });
    expect(markedIds(rec.runId)).toEqual([]);
    expect(eventCount()).toBe(0);
    expect(changes).toEqual([]);
    expect(logger.lines.some((l) => l.message === 'webhook connectivity check received')).toBe(true);
    // A later real event with a lower order still applies: the check did not move the order.
    expect((await postJson(url, webhookBody({ order: 2, marked: [4] }))).json).toMatchObject({ outcome: 'applied' });
  });

  it('marks for a manuscript never seen are parked, then applied when its upload is recorded', async () => {
    const parked = await postJson(url, webhookBody({ order: 3, manuscriptId: 20, originId: 'o9', marked: [1] }));
    expect(parked.json).toMatchObject({ ok: true, outcome: 'parked' });
    await postJson(url, webhookBody({ order: 4, manuscriptId: 20, originId: 'o9', marked: [2, 5] }));
    expect(changes).toEqual([
      { profileId: P, serviceManuscriptId: 20, originId: 'o9', order: 3, outcome: 'parked' },
      { profileId: P, serviceManuscriptId: 20, originId: 'o9', order: 4, outcome: 'parked' },
    ]);
    const rec = upload(20, 'o9');
    expect(rec.parkedMarks).toBe('applied');
    expect(markedIds(rec.runId)).toEqual([2, 5]);
    expect(cache.manuscripts.get(P, 'o9')!.marksOrder).toBe(4);
    // Now known: a newer event applies directly and names the local manuscript.
    await postJson(url, webhookBody({ order: 5, manuscriptId: 20, originId: 'o9', marked: [] }));
    expect(markedIds(rec.runId)).toEqual([]);
    expect(changes.at(-1)).toMatchObject({ outcome: 'applied', manuscriptLocalId: rec.manuscriptId });
  });

  it('a manuscript with a null origin_id is matched by its service id', async () => {
    const rec = upload();
    expect((await postJson(url, webhookBody({ order: 1, originId: null, marked: [2] }))).json).toMatchObject({ outcome: 'applied' });
    expect(markedIds(rec.runId)).toEqual([2]);
  });

  it("follows the active profile: after switching, the other profile's key is required", async () => {
    addProfile(cache, 'p2', 'Demo', { baseUrl: 'http://127.0.0.1:1', kind: 'demo', createdAt: 2 });
    await secrets.set('profile:p2', 'demo-key-abcdefghijkl');
    cache.profiles.setActiveId('p2');
    expect((await postJson(url, webhookBody({ order: 1 }))).status).toBe(401);
    expect((await postJson(url, webhookBody({ order: 1, apiKey: 'demo-key-abcdefghijkl' }))).json).toMatchObject({ outcome: 'parked' });
    expect(cache.db.prepare('SELECT profile_id FROM webhook_events').pluck().all()).toEqual(['p2']);
  });
});

describe('refusals change nothing', () => {
  let runId: number;
  beforeEach(async () => {
    runId = upload().runId;
    expect((await postJson(url, webhookBody({ order: 5, marked: [1] }))).status).toBe(200);
    changes.length = 0;
  });
  afterEach(() => {
    expect(markedIds(runId)).toEqual([1]);
    expect(eventCount()).toBe(1);
    expect(changes).toEqual([]);
    expect(logger.text()).not.toContain(KEY);
  });

  it('any other path → the same bare 404, whatever the method, and not counted', async () => {
    const u = new URL(url);
    const token = u.pathname.split('/')[2]!;
    const others = [
      '/',
      '/hooks',
      '/hooks/',
      `/hooks/${token.slice(0, -1)}`,
      `/hooks/${token}x`,
      `/hooks/${token}/`,
      `/HOOKS/${token}`,
      `/x/hooks/${token}`,
    ];
    const answers = await Promise.all(others.map((p) => postJson(`${u.origin}${p}`, webhookBody({ order: 6, marked: [2] }))));
    answers.push(await send(`${u.origin}/`, { method: 'GET' }));
    for (const a of answers) {
      expect(a.status).toBe(404);
      expect(a.json).toEqual({ ok: false, error: 'not found' });
      expect(a.headers.allow).toBeUndefined();
    }
    expect(receiver.status()).toMatchObject({ deliveries: 1, rejected: 0 });
  });

  it('a query string does not hide the path: the token path with ?x=1 is still the token path', async () => {
    const a = await postJson(`${url}?x=1`, webhookBody({ order: 5, marked: [2] }));
    expect(a.json).toMatchObject({ outcome: 'stale' });
    cache.db.prepare("DELETE FROM webhook_events WHERE outcome = 'stale'").run();
  });

  it.each(['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])('%s on the token path → 405, Allow: POST', async (method) => {
    const a = await send(url, { method });
    expect(a.status).toBe(405);
    expect(a.headers.allow).toBe('POST');
    expect(receiver.status()).toMatchObject({ rejected: 1, lastDelivery: { status: 405, outcome: 'rejected' } });
  });

  it.each([['text/plain'], ['application/x-www-form-urlencoded'], ['multipart/form-data; boundary=x'], ['']])(
    'Content-Type %j → 415',
    async (type) => {
      const a = await send(url, { body: JSON.stringify(webhookBody({ order: 6, marked: [2] })), headers: { 'content-type': type } });
      expect(a.status).toBe(415);
    },
  );

  it('Content-Type application/json with a charset is accepted', async () => {
    const a = await send(url, {
      body: JSON.stringify(webhookBody({ order: 5 })),
      headers: { 'content-type': 'Application/JSON; charset=utf-8' },
    });
    expect(a.json).toMatchObject({ outcome: 'stale' });
    cache.db.prepare("DELETE FROM webhook_events WHERE outcome = 'stale'").run();
  });

  it('a declared body over 1 MiB → 413 before any of it is read', async () => {
    const a = await send(url, { partial: { declaredLength: 1024 * 1024 + 1, first: Buffer.from('{"action":') } });
    expect(a.status).toBe(413);
    expect(a.headers.connection).toBe('close');
    expect(a.json).toMatchObject({ ok: false, error: expect.stringMatching(/larger than 1048576 bytes/) });
  });

  it('a streamed (chunked) body past 1 MiB → 413 and reading stops', async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const a = await send(url, { stream: { chunk, max: 64 * 1024 * 1024 } });
    expect(a.status).toBe(413);
    // The answer came long before the 64 MiB the client was ready to send.
    expect(a.sent).toBeLessThan(16 * 1024 * 1024);
  });

  it('a body of exactly 1 MiB is read (and judged on its content)', async () => {
    const text = JSON.stringify(webhookBody({ order: 5, extra: { padding: '' } }));
    const padded = text.replace('"padding":""', `"padding":"${'x'.repeat(1024 * 1024 - text.length)}"`);
    expect(Buffer.byteLength(padded)).toBe(1024 * 1024);
    expect((await send(url, { body: padded })).json).toMatchObject({ outcome: 'stale' });
    cache.db.prepare("DELETE FROM webhook_events WHERE outcome = 'stale'").run();
  });

  it('not JSON → 400', async () => {
    const a = await send(url, { body: '{"action": "mark_as_proposal_referee", ' });
    expect(a.status).toBe(400);
    expect(a.json).toEqual({ ok: false, error: 'body is not valid JSON (UTF-8)' });
  });

  it('an empty body → 400', async () => {
    expect((await send(url, { body: '' })).status).toBe(400);
  });

  it('a body that violates §6 → 400 naming the fields', async () => {
    const body = webhookBody({ order: 6, marked: [2] }) as { payload: { candidates: Array<Record<string, unknown>> } };
    body.payload.candidates[0]!.author_id = 'two';
    const a = await postJson(url, { ...body, timestamp: 'yesterday' });
    expect(a.status).toBe(400);
    expect(a.json!.error).toMatch(/timestamp: .*payload\.candidates\.0\.author_id: /);
  });

  it('a wrong api_key → 401', async () => {
    const a = await postJson(url, webhookBody({ order: 6, marked: [2], apiKey: 'org-key-0123456789abcdeF' }));
    expect(a.status).toBe(401);
    expect(a.json).toMatchObject({ ok: false, error: 'api_key does not match the connection profile' });
  });

  it('no key stored for the active profile → 503 with Retry-After', async () => {
    await secrets.delete(`profile:${P}`);
    const a = await postJson(url, webhookBody({ order: 6, marked: [2] }));
    expect(a.status).toBe(503);
    expect(a.headers['retry-after']).toBe('60');
  });

  describe('with basic auth', () => {
    let plain: string;
    beforeEach(async () => {
      await restart({ basicAuth: { user: 'desk', password: 'correct-horse-battery' } });
      const u = new URL(url);
      u.username = '';
      u.password = '';
      plain = u.toString();
    });

    it('credentials in the address (as the service sends them) are accepted', async () => {
      const a = await postJson(url, webhookBody({ order: 6, marked: [2] }));
      expect(a.json).toMatchObject({ outcome: 'applied' });
      expect(markedIds(runId)).toEqual([2]);
      // Put back what the shared afterEach expects.
      await postJson(url, webhookBody({ order: 7, marked: [1] }));
      cache.db.prepare('DELETE FROM webhook_events WHERE event_order > 5').run();
      changes.length = 0;
    });

    it('missing credentials → 401 with a Basic challenge', async () => {
      const a = await postJson(plain, webhookBody({ order: 6, marked: [2] }));
      expect(a.status).toBe(401);
      expect(a.headers['www-authenticate']).toMatch(/^Basic realm=/);
    });

    it.each([
      ['a wrong password', 'Basic ' + Buffer.from('desk:correct-horse-batterY').toString('base64')],
      ['a wrong user', 'Basic ' + Buffer.from('admin:correct-horse-battery').toString('base64')],
      ['another scheme', 'Bearer ' + Buffer.from('desk:correct-horse-battery').toString('base64')],
      ['garbage', 'Basic !!!'],
    ])('%s → 401', async (_name, authorization) => {
      const a = await postJson(plain, webhookBody({ order: 6, marked: [2] }), { headers: { authorization } });
      expect(a.status).toBe(401);
    });

    it('the path is checked first: a wrong path with good credentials is still a bare 404', async () => {
      const a = await postJson(
        `${new URL(url).origin.replace('http://', 'http://desk:correct-horse-battery@')}/hooks/nope`,
        webhookBody({ order: 6 }),
      );
      expect(a.status).toBe(404);
    });
  });
});

describe('one delivery at a time', () => {
  it('a delivery beyond the waiting room gets 503 with Retry-After; the held one then completes', async () => {
    const rec = upload();
    const { held, inside, release } = heldReceiver();
    await restart({ limits: { concurrency: 1, maxWaiting: 0 } }, held);
    const first = postJson(url, webhookBody({ order: 1, marked: [1] }));
    await inside;
    const busy = await postJson(url, webhookBody({ order: 2, marked: [2] }));
    expect(busy.status).toBe(503);
    expect(busy.headers['retry-after']).toBe('2');
    expect(held.status().lastDelivery).toMatchObject({ status: 503, outcome: 'busy' });
    release();
    expect((await first).json).toMatchObject({ outcome: 'applied' });
    expect(markedIds(rec.runId)).toEqual([1]);
    expect((await postJson(url, webhookBody({ order: 2, marked: [2] }))).json).toMatchObject({ outcome: 'applied' });
  });

  it('connections past maxConnections are closed before anything is read; the held one completes', async () => {
    upload();
    const { held, inside, release } = heldReceiver();
    await restart({ limits: { maxConnections: 1 } }, held);
    const first = postJson(url, webhookBody({ order: 1, marked: [1] }));
    await inside;
    await expect(postJson(url, webhookBody({ order: 2, marked: [2] }))).rejects.toMatchObject({
      code: expect.stringMatching(/ECONNRESET|EPIPE/),
    });
    expect(held.status()).toMatchObject({ deliveries: 0, rejected: 0 });
    release();
    expect((await first).json).toMatchObject({ outcome: 'applied' });
  });

  it('a body that does not arrive in time → 408, and the next delivery gets its turn', async () => {
    await restart({ limits: { bodyTimeoutMs: 200 } });
    const slow = await send(url, { partial: { declaredLength: 500, first: Buffer.from('{"action":') } });
    expect(slow.status).toBe(408);
    expect((await postJson(url, webhookBody({ order: 1 }))).json).toMatchObject({ outcome: 'parked' });
  });
});
