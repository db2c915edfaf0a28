// Contract completeness (ARCHITECTURE.md §3 rule 2): every channel has a schema, a handler in the
// composed core, and an entry on the preload bridge; preload exposes that bridge and nothing else.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { eventChannels, events, requestChannels, requests } from '../../electron/common/contract';
import { createCore, type Core } from '../../electron/core/composition';
import { MemoryLogger, MemorySecrets } from '../support/fakes';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const exposed: Array<{ key: string; api: unknown }> = [];
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.push({ key, api }) },
  ipcRenderer: { invoke: vi.fn(), on: vi.fn(), removeListener: vi.fn() },
  webUtils: { getPathForFile: vi.fn(() => '') },
}));

let core: Core;
beforeAll(async () => {
  core = await createCore({
    appVersion: '0.0.0-test',
    dataDir: mkdtempSync(join(tmpdir(), 'desk-contract-')),
    host: 'browser',
    secrets: new MemorySecrets(),
    logger: new MemoryLogger(),
  });
  await import('../../electron/preload/index');
});

describe('contract completeness', () => {
  it('has at least the foundation channels', () => {
    expect(requestChannels).toEqual(expect.arrayContaining(['app.info', 'app.status']));
    expect(eventChannels).toContain('app.status');
  });

  it('the zod-free channel lists (channels.ts, used by the bridges) name every channel of the maps once, in their order', () => {
    expect(requestChannels).toEqual(Object.keys(requests));
    expect(eventChannels).toEqual(Object.keys(events));
  });

  it.each(requestChannels)('%s has a zod input schema', (channel) => {
    expect(requests[channel].input).toBeInstanceOf(z.ZodType);
  });

  it('builds a channel’s input schema on its first use, once (not when the contract is imported)', () => {
    for (const channel of requestChannels) {
      const spec = requests[channel];
      expect(Object.getOwnPropertyDescriptor(spec, 'input')?.get, channel).toBeTypeOf('function');
      expect(spec.input, channel).toBe(spec.input);
    }
  });

  it.each(requestChannels)('%s has a handler in the composed core', (channel) => {
    expect(core.router.hasHandler(channel)).toBe(true);
  });

  it('preload exposes exactly one object, `desk`, with one entry per request and event channel (and stageFile)', () => {
    expect(exposed.map((e) => e.key)).toEqual(['desk']);
    const desk = exposed[0]!.api as { host: string; request: object; subscribe: object; stageFile: unknown };
    expect(Object.keys(desk).sort()).toEqual(['host', 'request', 'stageFile', 'subscribe']);
    expect(typeof desk.stageFile).toBe('function');
    expect(desk.host).toBe('electron');
    expect(Object.keys(desk.request).sort()).toEqual([...requestChannels].sort());
    expect(Object.keys(desk.subscribe).sort()).toEqual([...eventChannels].sort());
    for (const fn of [...Object.values(desk.request), ...Object.values(desk.subscribe)]) expect(typeof fn).toBe('function');
  });
});

describe('contract input validation', () => {
  it('refuses an author body with a key the service does not define (custom fields go under customFields)', async () => {
    const env = await core.router.handle(
      'authors.put',
      { groupId: 1, clientId: 'a', body: { name: 'X', '5a1d0000-0000-4000-8000-000000000001': 3 } },
      { transport: 'test' },
    );
    expect(env).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('refuses an upload whose bounds are inverted, naming the field', async () => {
    const env = await core.router.handle(
      'manuscripts.upload',
      { form: { folder: 'F', origin_id: 'o', title: 't', abstract: 'a', authors_count: 0, min_h_index: 9, max_h_index: 3 } },
      { transport: 'test' },
    );
    expect(env).toMatchObject({ ok: false, error: { code: 'invalid_input', field: 'form.min_h_index' } });
  });
});

describe('candidates.query input', () => {
  const schema = requests['candidates.query'].input;
  it('takes the range, group and sort filters', () => {
    expect(
      schema.safeParse({
        runId: 1,
        query: { minArticles: 2, maxArticles: 9, minCitations: 0, inGroup: true, groupId: 4, sort: [{ by: 'affiliation' }] },
      }).success,
    ).toBe(true);
  });
  it('refuses an empty range with a message naming it, and unknown keys', () => {
    const r = schema.safeParse({ runId: 1, query: { minCitations: 50, maxCitations: 10 } });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('The citations range is empty: the minimum (50) is above the maximum (10).');
    expect(schema.safeParse({ runId: 1, query: { minFoo: 1 } }).success).toBe(false);
    expect(schema.safeParse({ runId: 1, query: { groupId: -1 } }).success).toBe(false);
  });
});
