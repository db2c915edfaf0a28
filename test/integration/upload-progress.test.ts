// An upload queued in the outbox reports its progress to the renderer while the file streams to
// the service: monotonic bytes, ending at the whole request body, for the right manuscript.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadProgressEvent } from '../../electron/common/views';
import { createCore, type Core } from '../../electron/core/composition';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { makeManuscriptPdf } from '../fixtures/intake/make';
import { MemoryLogger, MemorySecrets } from '../support/fakes';
import { SMALL_CORPUS } from '../support/web-app';

let core: Core;
let service: RunningSandbox;

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'desk-progress-'));
  service = await startSandbox({ dataDir: join(dataDir, 'service'), port: 0, config: SMALL_CORPUS });
  core = await createCore({
    appVersion: 'test',
    dataDir,
    host: 'browser',
    secrets: new MemorySecrets(),
    logger: new MemoryLogger(),
    startDemo: async () => ({ baseUrl: service.baseUrl, apiKey: service.apiKey }),
  });
});
afterAll(async () => {
  await core?.close();
  await service?.close();
});

async function call<T>(channel: string, input: unknown): Promise<T> {
  const env = await core.router.handle(channel, input, { transport: 'test' });
  if (!env.ok) throw new Error(`${channel}: ${env.error.message}`);
  return env.value as T;
}

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
