// End to end with the local service: editors mark and unmark candidates through the sandbox's
// admin surface (standing in for the service's own interface), the sandbox delivers real
// mark_as_proposal_referee webhooks (retrying until 2xx) to the receiver, and the cache follows.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uploadResponseSchema, type UploadFormInput } from '../../../electron/common/service';
import { openCache, type Cache } from '../../../electron/core/cache';
import { WebhookReceiver, type MarksChange, type RunningReceiver } from '../../../electron/core/webhook';
import { MemoryLogger, MemorySecrets } from '../../support/fakes';
import { findAuthor, manuscriptAbout, sandbox, useSandboxes, type TestSandbox } from '../../contract/localservice/helpers';
import { ManualClock, tempDir } from '../cache/fixtures';

useSandboxes();

const P = 'demo';
let sb: TestSandbox;
let cache: Cache;
let cleanup: () => void;
let secrets: MemorySecrets;
let logger: MemoryLogger;
let receiver: WebhookReceiver;
let running: RunningReceiver;
let receiverId: number;
let listeners: Array<(c: MarksChange) => void>;

beforeEach(async () => {
  sb = await sandbox();
  const t = tempDir('desk-webhook-sbx-');
  cleanup = t.cleanup;
  logger = new MemoryLogger();
  cache = openCache({ file: join(t.dir, 'cache.db'), clock: new ManualClock(), logger });
  cache.profiles.upsert({
    id: P,
    name: 'Local service',
    baseUrl: sb.baseUrl,
    kind: 'demo',
    createdAt: 1,
    lastCheckedAt: null,
    lastFeatures: null,
  });
  cache.profiles.setActiveId(P);
  secrets = new MemorySecrets();
  await secrets.set(`profile:${P}`, sb.apiKey);
  listeners = [];
  receiver = new WebhookReceiver({
    cache,
    activeProfileId: () => cache.profiles.getActiveId(),
    getApiKey: (id) => secrets.get(`profile:${id}`),
    logger,
    onMarksChanged: (c) => listeners.splice(0).forEach((l) => l(c)),
  });
  running = await receiver.start();
  const reg = await sb.admin('POST', '/admin/orgs/1/webhooks/', { url: running.url });
  expect(reg.status).toBe(200);
  receiverId = reg.body.id as number;
});
afterEach(async () => {
  await running.stop();
  cache.close();
  cleanup();
});

/** Resolves with the next change the receiver reports. */
const nextChange = (): Promise<MarksChange> => new Promise((resolve) => listeners.push(resolve));

/** Uploads a manuscript to the local service; `record()` then records that upload in the cache. */
async function uploadTo(originId: string) {
  const author = await findAuthor(sb, '', (a) => a.articles_count >= 8);
  const fields = await manuscriptAbout(sb, author.id as number, originId);
  const res = await sb.upload(fields);
  expect(res.status).toBe(200);
  const response = uploadResponseSchema.parse(res.body);
  const form: UploadFormInput = {
    folder: fields.folder!,
    origin_id: originId,
    title: fields.title!,
    abstract: fields.abstract!,
    authors_count: 1,
    authors: [{ name: fields.author1_name!, email: fields.author1_email! }],
  };
  const authorIds = response.candidates!.map((c) => c.author_id);
  return { response, authorIds, record: () => cache.runs.recordUploadRun(P, { form }, response, res.body) };
}

const mark = (originId: string, authorId: number) =>
  sb.admin('POST', `/admin/orgs/1/manuscripts/${originId}/marks/`, { author_id: authorId, marked_by: 'editor@example.org' });
const unmark = (originId: string, authorId: number) => sb.admin('DELETE', `/admin/orgs/1/manuscripts/${originId}/marks/${authorId}/`);
const markedIds = (runId: number): number[] =>
  cache.candidates
    .query(runId, { marked: true })
    .rows.map((c) => c.authorId)
    .sort((x, y) => x - y);
const sorted = (ids: number[]): number[] => [...ids].sort((x, y) => x - y);

describe('webhooks from the local service', () => {
  it('the connectivity check is answered 200 and changes nothing', async () => {
    const check = await sb.admin('POST', `/admin/orgs/1/webhooks/${receiverId}/check/`);
    expect(check.body).toMatchObject({ ok: true, status: 200 });
    expect(receiver.status().lastDelivery).toMatchObject({ outcome: 'test', status: 200 });
    expect(cache.db.prepare('SELECT count(*) FROM webhook_events').pluck().get()).toBe(0);
  });

  it('marks and unmarks made in the service reach the cache, in order, with the renderer told each time', async () => {
    const ms = await uploadTo('ms-1');
    const rec = ms.record();
    const [a, b] = ms.authorIds as [number, number];

    let change = nextChange();
    expect((await mark('ms-1', a)).status).toBe(200);
    expect(await change).toMatchObject({
      outcome: 'applied',
      manuscriptLocalId: rec.manuscriptId,
      serviceManuscriptId: ms.response.manuscript_id,
      originId: 'ms-1',
    });
    expect(markedIds(rec.runId)).toEqual([a]);

    change = nextChange();
    await mark('ms-1', b);
    await change;
    expect(markedIds(rec.runId)).toEqual(sorted([a, b]));

    change = nextChange();
    await unmark('ms-1', a);
    await change;
    expect(markedIds(rec.runId)).toEqual([b]);

    change = nextChange();
    await unmark('ms-1', b);
    await change;
    expect(markedIds(rec.runId)).toEqual([]);

    const log = (await sb.admin('GET', '/admin/orgs/1/webhooks/deliveries/')).body.deliveries as Array<{
      status: string;
      last_status: number;
    }>;
    expect(log.map((d) => [d.status, d.last_status])).toEqual(Array(4).fill(['delivered', 200]));
    const stored = cache.db.prepare<[], { payload_json: string }>('SELECT payload_json FROM webhook_events').all();
    expect(stored).toHaveLength(4);
    expect(stored.some((e) => e.payload_json.includes(sb.apiKey))).toBe(false);
    expect(logger.text()).not.toContain(sb.apiKey);
  });

  it('the service delivers again until 2xx: refused while the app has no key, then applied once it has', async () => {
    const ms = await uploadTo('ms-1');
    const rec = ms.record();
    const [a] = ms.authorIds as [number];
    await secrets.delete(`profile:${P}`);
    const refused = new Promise<void>((resolve) => {
      const onAttempt = (e: { ok: boolean; status: number | null }) => {
        if (e.status === 503) {
          sb.webhooks.off('attempt', onAttempt);
          resolve();
        }
      };
      sb.webhooks.on('attempt', onAttempt);
    });
    const change = nextChange();
    await mark('ms-1', a);
    await refused;
    expect(markedIds(rec.runId)).toEqual([]);
    await secrets.set(`profile:${P}`, sb.apiKey);
    expect(await change).toMatchObject({ outcome: 'applied' });
    expect(markedIds(rec.runId)).toEqual([a]);
    const [delivery] = (await sb.admin('GET', '/admin/orgs/1/webhooks/deliveries/')).body.deliveries as Array<{
      attempts: number;
      log: Array<{ status: number }>;
    }>;
    expect(delivery!.attempts).toBeGreaterThan(1);
    expect(delivery!.log.at(-1)!.status).toBe(200);
  });

  it('after the service rotates its key, deliveries are refused (401, nothing changed) until the profile has the new key', async () => {
    const ms = await uploadTo('ms-1');
    const rec = ms.record();
    const [a] = ms.authorIds as [number];
    const rotated = await sb.admin('POST', '/admin/orgs/1/rotate-key/');
    expect(rotated.status).toBe(200);
    const newKey = rotated.body.api_key as string;
    const unauthorized = new Promise<void>((resolve) => {
      const onAttempt = (e: { status: number | null }) => {
        if (e.status === 401) {
          sb.webhooks.off('attempt', onAttempt);
          resolve();
        }
      };
      sb.webhooks.on('attempt', onAttempt);
    });
    const change = nextChange();
    await mark('ms-1', a);
    await unauthorized;
    expect(markedIds(rec.runId)).toEqual([]);
    await secrets.set(`profile:${P}`, newKey);
    await change;
    expect(markedIds(rec.runId)).toEqual([a]);
    expect(logger.text()).not.toContain(newKey);
  });

  it('marks for a manuscript the app has not recorded yet are parked, then applied when its upload is recorded', async () => {
    const ms = await uploadTo('ms-2');
    const [a, b] = ms.authorIds as [number, number];
    let change = nextChange();
    await mark('ms-2', a);
    expect(await change).toMatchObject({ outcome: 'parked', serviceManuscriptId: ms.response.manuscript_id, originId: 'ms-2' });
    change = nextChange();
    await mark('ms-2', b);
    await change;
    const rec = ms.record();
    expect(rec.parkedMarks).toBe('applied');
    expect(markedIds(rec.runId)).toEqual(sorted([a, b]));
  });
});

describe('basic auth carried in the receiving address', () => {
  it('the service sends user:password@ from the address as Basic auth, and the mark is applied', async () => {
    await running.stop();
    running = await receiver.start({ basicAuth: { user: 'desk', password: 'a-long-password-123' } });
    expect(running.url).toMatch(/^http:\/\/desk:a-long-password-123@127\.0\.0\.1:\d+\/hooks\//);
    await sb.admin('DELETE', `/admin/orgs/1/webhooks/${receiverId}/`);
    expect((await sb.admin('POST', '/admin/orgs/1/webhooks/', { url: running.url })).status).toBe(200);
    const up = await uploadTo('basic-auth-1');
    const run = up.record();
    const change = nextChange();
    expect((await mark('basic-auth-1', up.authorIds[0]!)).status).toBe(200);
    expect((await change).outcome).toBe('applied');
    expect(markedIds(run.runId)).toEqual([up.authorIds[0]]);
  });
});
