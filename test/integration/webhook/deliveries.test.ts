// The webhook's delivery history through core.router (webhook.deliveries): every answered
// delivery — applied, stale, parked then applied, a connectivity check, a wrong key — with when,
// which manuscript, which order and what happened; no key in the list or in the cache.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataChangedEvent, WebhookDeliveryView } from '../../../electron/common/shapes';
import { createCore, type Core } from '../../../electron/core/composition';
import { WEBHOOK_RECEIPTS_KEPT } from '../../../electron/core/cache/webhookLog';
import { MemoryLogger, MemorySecrets } from '../../support/fakes';
import { form, ManualClock, response } from '../cache/fixtures';
import { KEY, webhookBody } from '../../unit/webhook/samples';
import { postJson } from './client';

const WRONG = 'wrong-key-9876543210fedcba';
let core: Core;
let dataDir: string;
let clock: ManualClock;
let profileId: string;
let url: string;
const changes: DataChangedEvent[] = [];

async function call<T>(channel: string, input: unknown): Promise<T> {
  const env = await core.router.handle(channel, input, { transport: 'test' });
  if (!env.ok) throw new Error(`${channel}: ${env.error.message}`);
  return env.value as T;
}
const deliveries = (input: unknown = {}) => call<WebhookDeliveryView[]>('webhook.deliveries', input);

/** Posts one body a second after the previous one, so the history has a clear order. */
async function deliver(body: Record<string, unknown>): Promise<number> {
  clock.advance(1000);
  return (await postJson(url, body)).status;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'desk-deliveries-'));
  clock = new ManualClock();
  core = await createCore({
    appVersion: 'test',
    dataDir,
    host: 'browser',
    secrets: new MemorySecrets(),
    logger: new MemoryLogger(),
    clock,
  });
  core.events.on('data.changed', (e) => changes.push(e));
  const state = await call<{ profiles: Array<{ id: string }> }>('profiles.save', { name: 'Production', baseUrl: 'http://127.0.0.1:9' });
  profileId = state.profiles[0]!.id;
  await call('profiles.activate', { id: profileId });
  await call('profiles.setKey', { id: profileId, apiKey: KEY });
  core.cache.runs.recordUploadRun(profileId, { form: form('o1') }, response(10, 'o1', [1, 2, 3]));
  url = (await call<{ url: string }>('webhook.configure', { enabled: true })).url;
});
afterAll(async () => {
  await core?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('webhook.deliveries', () => {
  it('lists every answered delivery, newest first, with manuscript, order and outcome', async () => {
    expect(await deliveries()).toEqual([]);
    expect(await deliver(webhookBody({ order: 1, test: true }))).toBe(200);
    expect(await deliver(webhookBody({ order: 1, marked: [1, 2] }))).toBe(200);
    expect(await deliver(webhookBody({ order: 1, marked: [3] }))).toBe(200);
    expect(await deliver(webhookBody({ order: 2, marked: [3], apiKey: WRONG }))).toBe(401);
    expect(await deliver(webhookBody({ order: 4, manuscriptId: 99, originId: 'o2', marked: [2] }))).toBe(200);
    // A request off the secret path is not a delivery.
    expect((await postJson(new URL('/hooks/not-the-token-0123456789', url).toString(), webhookBody({ order: 5 }))).status).toBe(404);

    const list = await deliveries();
    expect(list.map((d) => [d.outcome, d.status, d.order, d.serviceManuscriptId])).toEqual([
      ['parked', 200, 4, 99],
      ['rejected', 401, 2, 10],
      ['stale', 200, 1, 10],
      ['applied', 200, 1, 10],
      ['test', 200, 1, 10],
    ]);
    const [parked, refused, stale, applied] = list;
    expect(applied).toMatchObject({
      manuscript: { title: 'Folding of proteins in o1' },
      originId: 'o1',
      marked: 2,
      reason: 'Marks replaced (2 marked)',
    });
    expect(stale!.reason).toMatch(/newer order was already applied/);
    // Unauthenticated: the manuscript its body names is not looked up.
    expect(refused).toMatchObject({ manuscript: null, reason: 'api_key does not match the connection profile' });
    expect(parked).toMatchObject({
      manuscript: null,
      originId: 'o2',
      appliedAt: null,
      reason: 'Kept until the manuscript is uploaded from this app (1 marked)',
    });
    expect(list.map((d) => d.receivedAt)).toEqual([...list.map((d) => d.receivedAt)].sort((a, b) => b - a));
    expect(new Set(list.map((d) => d.key)).size).toBe(list.length);
    expect(changes.filter((c) => c.topic === 'webhook').length).toBe(5);
  });

  it('a parked delivery shows as applied once its manuscript is uploaded', async () => {
    clock.advance(60_000);
    core.cache.runs.recordUploadRun(profileId, { form: form('o2') }, response(99, 'o2', [2, 5]));
    const [first] = await deliveries();
    expect(first).toMatchObject({ outcome: 'applied', order: 4, manuscript: { title: 'Folding of proteins in o2' } });
    expect(first!.appliedAt).toBeGreaterThan(first!.receivedAt);
    expect(first!.reason).toMatch(/^Kept until the manuscript’s upload was recorded, then applied/);
  });

  it('keeps no key: not in the list, not in the stored receipts', async () => {
    const listed = JSON.stringify(await deliveries());
    const stored = JSON.stringify(core.cache.db.prepare('SELECT * FROM webhook_receipts').all());
    for (const text of [listed, stored]) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(WRONG);
    }
  });

  it('limit bounds the list; bad input is refused with a clear error', async () => {
    expect((await deliveries({ limit: 2 })).map((d) => d.order)).toEqual([4, 2]);
    for (const input of [{ limit: 0 }, { limit: 501 }, { limit: 1.5 }, { limit: 10, newest: true }]) {
      const env = await core.router.handle('webhook.deliveries', input, { transport: 'test' });
      expect(env).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
  });

  it('keeps only the newest receipts', async () => {
    const before = core.cache.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM webhook_receipts').get()!.n;
    for (let i = 0; i < WEBHOOK_RECEIPTS_KEPT + 3 - before; i++) {
      core.cache.webhookLog.record({
        profileId,
        status: 400,
        outcome: 'rejected',
        reason: `bad body ${i}`,
        serviceManuscriptId: null,
        order: null,
        remote: '127.0.0.1',
      });
    }
    const rows = core.cache.db.prepare<[], { reason: string }>('SELECT reason FROM webhook_receipts ORDER BY id').all();
    expect(rows.length).toBe(WEBHOOK_RECEIPTS_KEPT);
    expect(rows.at(-1)!.reason).toBe(`bad body ${WEBHOOK_RECEIPTS_KEPT + 2 - before}`);
  });
});
