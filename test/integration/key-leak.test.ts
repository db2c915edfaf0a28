// The API key never crosses to the renderer, a log or the cache (ARCHITECTURE.md §3 rule 4): a
// whole session through the router (the key goes in once, with profiles.setKey) — profiles, key set and tested, an upload queued and sent,
// candidates, journals, groups, webhook settings — then every payload sent to the renderer (envelopes,
// events), every log line and every byte of the cache files are scanned for the key.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/composition';
import { cacheFigures, formatDiagnostics } from '../../electron/core/diagnostics';
import { RedactingLogger } from '../../electron/core/logging';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { MemorySecrets } from '../support/fakes';
import { SMALL_CORPUS } from '../support/web-app';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';

let core: Core;
let service: RunningSandbox;
let dataDir: string;
const logLines: string[] = [];
let redactWith: (text: string) => string = (t) => t;
const payloads: string[] = [];

/** What goes back to the renderer: every envelope (the key may only ever go in, with setKey). */
async function call(channel: string, input: unknown): Promise<unknown> {
  const env = await core.router.handle(channel, input, { transport: 'test' });
  payloads.push(JSON.stringify(env));
  if (!env.ok) throw new Error(`${channel}: ${env.error.message}`);
  return env.value;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'desk-keyleak-'));
  service = await startSandbox({ dataDir: join(dataDir, 'service'), port: 0, config: SMALL_CORPUS });
  const logger = new RedactingLogger((line) => logLines.push(line));
  redactWith = (t) => logger.redact(t);
  core = await createCore({ appVersion: 'test', dataDir, host: 'electron', secrets: new MemorySecrets(), logger, registerSecret: (s) => logger.addSecret(s) });
  core.events.onAny((event, payload) => payloads.push(JSON.stringify({ event, payload })));
});
afterAll(async () => {
  await core?.close();
  await service?.close();
});

describe('the API key stays in the secret store', () => {
  it('is in no payload to the renderer, log line or cache file after a full session', async () => {
    const state = (await call('profiles.save', { name: 'Local', baseUrl: service.baseUrl })) as { profiles: Array<{ id: string }> };
    const id = state.profiles[0]!.id;
    await call('profiles.setKey', { id, apiKey: service.apiKey });
    await call('profiles.activate', { id });
    const test = (await call('profiles.test', { id })) as { ok: boolean };
    expect(test.ok).toBe(true);
    await call('manuscripts.upload', { form: { folder: 'DEMO', origin_id: 'leak-1', title: 'Protein folding with attention', abstract: 'Deep learning for protein structure.', authors_count: 0 } });
    await core.workspace()!.sync.syncNow();
    const list = (await call('manuscripts.list', {})) as Array<{ lastRunId: number; serviceId: number | null; id: number }>;
    expect(list[0]!.serviceId).not.toBeNull();
    await call('candidates.query', { runId: list[0]!.lastRunId, query: {} });
    await call('journals.get', { manuscriptId: list[0]!.id, corpus: 'all_journals' });
    await call('customFields.list', { refresh: true });
    await call('groups.create', { group_name: 'Pool', owner_team: 'Editorial Office', editor_teams: [], viewer_teams: [] });
    await call('webhook.configure', { enabled: true });
    await call('app.info', {});
    // A failing call too: its error must not carry the key either.
    await expect(call('profiles.setKey', { id: 'nope', apiKey: 'x' })).rejects.toThrow();
    await core.workspace()!.sync.syncNow();
    await call('outbox.list', {});

    const key = service.apiKey;
    expect(key.length).toBeGreaterThanOrEqual(8);
    expect(payloads.length).toBeGreaterThan(20);
    for (const p of payloads) expect(p).not.toContain(key);
    expect(logLines.length).toBeGreaterThan(0);
    for (const l of logLines) expect(l).not.toContain(key);
    const cacheFiles = readdirSync(dataDir).filter((f) => f.startsWith('cache.db'));
    expect(cacheFiles).toContain('cache.db');
    for (const f of cacheFiles) expect(readFileSync(join(dataDir, f)).includes(Buffer.from(key)), f).toBe(false);

    // Help → Copy diagnostics after that session: the log's last problems (here every line, with a
    // line that names the key and the webhook address on purpose) and the cache's figures.
    const webhook = (await call('webhook.status', {})) as { url: string | null };
    const diagnostics = formatDiagnostics(
      {
        appName: 'Referee Desk', appVersion: 'test', electron: null, chrome: null, node: process.versions.node, os: 'test', arch: process.arch,
        dataDir, logsDir: join(dataDir, 'logs'), ...cacheFigures(core.cache), connectivity: 'online', keyStorage: 'session', updates: 'off',
        recentProblems: [...logLines.slice(-8), `{"level":"error","message":"key ${key} at ${webhook.url}"}`], lastCrash: null,
      },
      redactWith,
    );
    expect(diagnostics).toContain('Outbox:');
    expect(diagnostics).not.toContain(key);
    if (webhook.url) expect(diagnostics).not.toContain(new URL(webhook.url).pathname.split('/').filter(Boolean).at(-1)!);
  });
});
