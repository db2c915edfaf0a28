// Cancelling uploads from the editor's side: a queued one is dropped at once, one being sent is
// aborted mid-request (the service never stores it), one already answered is kept with a clear
// refusal. The local service holds the first upload for 30 s so it can be caught in flight.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxItemView, UploadProgressEvent } from '../../electron/common/shapes';
import type { Core } from '../../electron/core/composition';
import type { RunningSandbox } from '../../electron/localservice';
import { makeManuscriptPdf } from '../fixtures/intake/make';
import { sandboxAdmin } from '../support/admin';
import { startCoreWithService, type CoreWithService } from '../support/core-with-service';
import { SMALL_CORPUS } from '../support/web-app';

let t: CoreWithService;
let core: Core;
let service: RunningSandbox;
let pdf: Buffer;
/** 8 MB: larger than the socket buffers, so while the service holds the request the body is still being sent. */
let bigPdf: Buffer;

beforeAll(async () => {
  pdf = await makeManuscriptPdf();
  bigPdf = await makeManuscriptPdf({ padBytes: 8 * 2 ** 20 });
  t = await startCoreWithService({
    prefix: 'cancel',
    admin: true,
    config: { ...SMALL_CORPUS, faults: [{ route: 'upload', kind: 'latency', latency_ms: 30_000, times: 1, rate: 1 }] },
  });
  ({ core, service } = t);
});
afterAll(async () => {
  await t?.close();
});

const call = <T>(channel: string, input: unknown) => t.call<T>(channel, input);

const admin = sandboxAdmin(() => service);

async function serviceOrigins(): Promise<string[]> {
  const { orgs } = await admin<{ orgs: Array<{ id: number }> }>('GET', 'orgs/');
  return (await admin<{ manuscripts: Array<{ origin_id: string }> }>('GET', `orgs/${orgs[0]!.id}/manuscripts/`)).manuscripts.map(
    (m) => m.origin_id,
  );
}

/** How many requests the service's 30 s hold has caught (it catches one). */
const held = async () => (await admin<{ faults: Array<{ fired: number }> }>('GET', 'faults/')).faults[0]!.fired;

const form = (origin: string) => ({
  folder: 'DEMO',
  origin_id: origin,
  title: `Tidal rhythms ${origin}`,
  abstract: 'Lichens on rocky shores.',
  authors_count: 0,
});

async function queue(origin: string, file = pdf): Promise<{ id: number }> {
  const staged = await call<{ id: string }>('files.stage', { name: `${origin}.pdf`, dataBase64: file.toString('base64') });
  return call<{ id: number }>('manuscripts.upload', { form: form(origin), fileId: staged.id });
}

describe('cancelling uploads', () => {
  it('aborts an upload in flight: the manuscript and its file copy go, the service never stores it, the queue moves on', async () => {
    const progress: UploadProgressEvent[] = [];
    const off = core.events.on('upload.progress', (e) => progress.push(e));
    const slow = await queue('cancel-flight', bigPdf);
    const copy = core.cache.manuscripts.getById(slow.id)!.file!.path;
    expect(existsSync(copy)).toBe(true);
    const sync = core.workspace()!.sync.syncNow();
    // In flight for real: the request has reached the service, which now holds it.
    await expect.poll(held, { timeout: 10_000 }).toBe(1);
    expect((await call<OutboxItemView | null>('manuscripts.uploadStatus', { id: slow.id }))?.state).toBe('sending');

    const entry = (await call<OutboxItemView | null>('manuscripts.uploadStatus', { id: slow.id }))!;
    const started = Date.now();
    // Two clicks on Cancel: both answered, with the same result.
    const [remaining, again] = await Promise.all([
      call<OutboxItemView[]>('outbox.discard', { id: entry.id }),
      core.workspace()!.outbox.cancel(entry.id),
    ]);
    expect(again).toEqual([entry.id]);
    await sync;
    off();
    // Stopped at once, not when the service's 30 s hold ended.
    expect(Date.now() - started).toBeLessThan(10_000);

    expect(remaining.find((e) => e.id === entry.id)).toBeUndefined();
    expect(core.cache.manuscripts.getById(slow.id)).toBeUndefined();
    expect(existsSync(copy)).toBe(false);
    expect(await serviceOrigins()).not.toContain('cancel-flight');
    expect(progress.every((p) => p.manuscriptId === slow.id && p.sentBytes < p.totalBytes)).toBe(true);

    // The hold was for one request only: the next upload goes through.
    const next = await queue('after-cancel');
    await core.workspace()!.sync.syncNow();
    expect(core.cache.manuscripts.getById(next.id)!.syncState).toBe('synced');
    expect(await call('manuscripts.uploadStatus', { id: next.id })).toBeNull();
    expect(await serviceOrigins()).toContain('after-cancel');
  });

  it('drops a queued upload before it is sent, and refuses to cancel one that has been sent', async () => {
    const core2 = core.workspace()!;
    // The sync loop sends a write as soon as it is queued (before the answer, which waits for the fsync):
    // stopped, it leaves the upload queued for the editor to discard.
    await core2.sync.stop();
    const queued = await queue('cancel-queued');
    const entry = (await call<OutboxItemView | null>('manuscripts.uploadStatus', { id: queued.id }))!;
    expect(entry.state).toBe('pending');
    await call('outbox.discard', { id: entry.id });
    expect(core.cache.manuscripts.getById(queued.id)).toBeUndefined();
    core2.sync.start();
    await core2.sync.syncNow();
    expect(await serviceOrigins()).not.toContain('cancel-queued');

    const sent = await queue('cancel-too-late');
    const sentEntry = (await call<OutboxItemView | null>('manuscripts.uploadStatus', { id: sent.id }))!;
    await core2.sync.syncNow();
    await expect(call('outbox.discard', { id: sentEntry.id })).rejects.toMatchObject({ code: 'conflict' });
    expect(core.cache.manuscripts.getById(sent.id)!.syncState).toBe('synced');
  });

  it('refuses to stop an upload whose whole file has reached the service (it may be computing the run)', async () => {
    // The service reads the whole request and never answers ("hang"): the body is fully sent.
    await admin('POST', 'faults/', { route: 'upload', kind: 'hang', times: 1 });
    const progress: UploadProgressEvent[] = [];
    const off = core.events.on('upload.progress', (e) => progress.push(e));
    const m = await queue('cancel-after-body');
    void core.workspace()!.sync.syncNow();
    await expect.poll(() => progress.some((p) => p.manuscriptId === m.id && p.sentBytes === p.totalBytes), { timeout: 10_000 }).toBe(true);
    off();
    const entry = (await call<OutboxItemView | null>('manuscripts.uploadStatus', { id: m.id }))!;
    expect(entry.state).toBe('sending');
    await expect(call('outbox.discard', { id: entry.id })).rejects.toMatchObject({ code: 'conflict' });
    expect(core.cache.manuscripts.getById(m.id)).toBeDefined();
  });
});
