// An upload queued in the outbox reports its progress to the renderer while the file streams to
// the service: monotonic bytes, ending at the whole request body, for the right manuscript.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadProgressEvent } from '../../electron/common/shapes';
import type { Core } from '../../electron/core/composition';
import { makeManuscriptPdf } from '../fixtures/intake/make';
import { startCoreWithService, type CoreWithService } from '../support/core-with-service';

let t: CoreWithService;
let core: Core;
const call = <T>(channel: string, input: unknown) => t.call<T>(channel, input);

beforeAll(async () => {
  t = await startCoreWithService({ prefix: 'progress' });
  core = t.core;
});
afterAll(async () => {
  await t?.close();
});

describe('upload progress', () => {
  it('reports the bytes sent of a queued upload, ending at the whole body', async () => {
    const pdf = await makeManuscriptPdf();
    const staged = await call<{ id: string; size: number }>('files.stage', { name: 'lichens.pdf', dataBase64: pdf.toString('base64') });
    const events: UploadProgressEvent[] = [];
    core.events.on('upload.progress', (e) => events.push(e));
    const m = await call<{ id: number }>('manuscripts.upload', {
      form: { folder: 'DEMO', origin_id: 'progress-1', title: 'Tidal rhythms', abstract: 'Lichens on rocky shores.', authors_count: 0 },
      fileId: staged.id,
    });
    await core.workspace()!.sync.syncNow();
    expect(core.cache.manuscripts.getById(m.id)!.syncState).toBe('synced');
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) expect(e.manuscriptId).toBe(m.id);
    const sent = events.map((e) => e.sentBytes);
    expect([...sent].sort((a, b) => a - b)).toEqual(sent);
    const last = events.at(-1)!;
    expect(last.sentBytes).toBe(last.totalBytes);
    expect(last.totalBytes).toBeGreaterThan(staged.size);
  });
});
