// An upload whose file intake refused is never queued (issue 40): the editor gets intake's error from
// manuscripts.upload, nothing is saved or queued, and the file stays staged; a file intake reads is queued
// as before. Through the router, as the window calls it, with core wired to the local service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../electron/common/contract';
import { paddedDocx } from '../fixtures/intake/hostile';
import { makeManuscriptPdf } from '../fixtures/intake/make';
import { startCoreWithService, type CoreWithService } from '../support/core-with-service';

let t: CoreWithService;

beforeAll(async () => {
  t = await startCoreWithService({ prefix: 'intake-refusal' });
  // no sending while the test looks at the queue
  await t.core.workspace()!.sync.stop();
});
afterAll(async () => {
  await t?.close();
});

const form = (origin: string) => ({
  folder: 'DEMO',
  origin_id: origin,
  title: 'Tidal rhythms',
  abstract: 'Lichens on rocky shores.',
  authors_count: 0,
});

const stage = (name: string, data: Buffer) => t.call<{ id: string }>('files.stage', { name, dataBase64: data.toString('base64') });

async function expectNothingQueued(origin: string) {
  const queued = await t.call<Array<{ kind: string }>>('outbox.list', {});
  expect(queued).toEqual([]);
  const list = await t.call<Array<{ originId: string }>>('manuscripts.list', {});
  expect(list.map((m) => m.originId)).not.toContain(origin);
}

describe('an upload of a file intake refused', () => {
  it('is refused with intake’s error after the window showed it, and nothing is queued', async () => {
    // 2 MB on disk, under the ZIP ratio guard, so staging takes it; intake refuses its 190 MB document.xml
    const staged = await stage('padded.docx', paddedDocx(190));
    const inspected = await t.call<{ error: { code: string; message: string } | null }>('intake.inspect', { fileId: staged.id });
    expect(inspected.error?.code).toBe('invalid_file');
    expect(inspected.error?.message).toMatch(/too complex to read/);

    const env = (await t.handle('manuscripts.upload', { form: form('refused-1'), fileId: staged.id })) as Envelope<unknown>;
    expect(env.ok).toBe(false);
    if (env.ok) return;
    expect(env.error).toMatchObject({ code: inspected.error!.code, message: inspected.error!.message, field: 'fileId' });
    await expectNothingQueued('refused-1');
    // still staged: the editor may export the file again and drop that, or upload the form without it
    expect(await t.core.router.handle('intake.inspect', { fileId: staged.id }, { transport: 'test' })).toMatchObject({ ok: true });
  });

  it('is refused even when the window never asked intake about the file', async () => {
    const staged = await stage('padded.docx', paddedDocx(190));
    const env = (await t.handle('manuscripts.upload', { form: form('refused-2'), fileId: staged.id })) as Envelope<unknown>;
    expect(env.ok).toBe(false);
    if (env.ok) return;
    expect(env.error.code).toBe('invalid_file');
    expect(env.error.message).toMatch(/too complex to read.*word\/document\.xml would unpack to 190 MB/);
    await expectNothingQueued('refused-2');
  });

  it('a file intake reads is queued as before', async () => {
    const staged = await stage('lichens.pdf', await makeManuscriptPdf());
    const m = await t.call<{ id: number; originId: string }>('manuscripts.upload', { form: form('read-1'), fileId: staged.id });
    expect(m.originId).toBe('read-1');
    const queued = await t.call<Array<{ kind: string }>>('outbox.list', {});
    expect(queued.map((e) => e.kind)).toEqual(['upload']);
  });
});
