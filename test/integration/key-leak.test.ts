// The API key never crosses to the renderer, a log or the cache (ARCHITECTURE.md §3 rule 4): a
// whole session through the router (the key goes in once, with profiles.setKey) — profiles, key set
// and tested, uploads with a staged file queued and sent, candidates, journals, groups, webhook
// settings — then a second profile on a service that echoes the key (base64, base64url, hex,
// URL-encoded, inside a Basic header) in every error body. Afterwards every payload sent to the
// renderer (envelopes, events, outbox.list), the log file on disk, every byte of the cache files and
// of uploads/ (names and contents) are scanned for the key in each of those encodings.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containsSecret } from '../../electron/core/api/redact';
import type { Core } from '../../electron/core/composition';
import type { RotatingLogFile } from '../../electron/core/log-rotation';
import type { RunningSandbox } from '../../electron/localservice';
import { makePdf } from '../fixtures/sandbox-files';
import { lastLogLines, startKeySession, type KeySession } from '../support/key-session';

const ECHO_KEY = 'echo-key-4b1d7e2a9c0f5e36';

let session: KeySession;
let core: Core;
let service: RunningSandbox;
let echo: Server;
let echoUrl: string;
let dataDir: string;
let logOut: RotatingLogFile;
let payloads: string[];
const echoed: string[] = [];

/** What goes back to the renderer: every envelope (the key may only ever go in, with setKey). */
const handle = (channel: string, input: unknown) => session.handle(channel, input);
const call = (channel: string, input: unknown) => session.call<unknown>(channel, input);

/** A service that refuses everything, quoting the key it was sent in every encoding it can think of. */
function startEcho(): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const key = String(req.headers['x-apikey'] ?? '');
      const body = Buffer.concat(chunks).toString('latin1');
      const b = Buffer.from(key);
      const message =
        `key ${b.toString('base64')} (base64url ${b.toString('base64url')}, hex ${b.toString('hex')}, url ${encodeURIComponent(key)}) ` +
        `Authorization: Basic ${Buffer.from(`desk:${key}`).toString('base64')} form ${Buffer.from(body.slice(0, 400)).toString('base64')}`;
      echoed.push(message);
      const status = req.url?.includes('custom-fields') ? 500 : 400;
      const text = JSON.stringify({ error: { code: 'invalid_request', message, field: b.toString('base64') } });
      res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      res.end(text);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  session = await startKeySession('keyleak');
  ({ core, service, dataDir, logOut, payloads } = session);
  echo = await startEcho();
  echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await core?.close();
  await service?.close();
  await new Promise((r) => echo?.close(r));
});

/** Every file under a folder: its name and its bytes. */
function filesUnder(dir: string): Array<{ name: string; bytes: Buffer }> {
  const out: Array<{ name: string; bytes: Buffer }> = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path).map((f) => ({ name: `${name}/${f.name}`, bytes: f.bytes })));
    else out.push({ name, bytes: readFileSync(path) });
  }
  return out;
}

describe('the API key stays in the secret store', () => {
  it('is in no payload to the renderer, log file, cache file or upload copy, in any encoding', async () => {
    const pdf = await makePdf({
      title: 'Protein folding with attention',
      authors: ['Ada Lovelace'],
      paragraphs: ['Abstract', 'Deep learning for protein structure.'],
    });

    // A session on the local service.
    const state = (await call('profiles.save', { name: 'Local', baseUrl: service.baseUrl })) as { profiles: Array<{ id: string }> };
    const id = state.profiles[0]!.id;
    await call('profiles.setKey', { id, apiKey: service.apiKey });
    await call('profiles.activate', { id });
    const test = (await call('profiles.test', { id })) as { ok: boolean };
    expect(test.ok).toBe(true);
    const staged = (await call('files.stage', { name: 'folding.pdf', dataBase64: pdf.toString('base64') })) as { id: string };
    await call('manuscripts.upload', {
      form: {
        folder: 'DEMO',
        origin_id: 'leak-1',
        title: 'Protein folding with attention',
        abstract: 'Deep learning for protein structure.',
        authors_count: 1,
      },
      fileId: staged.id,
    });
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

    // A second profile on a service that echoes the key in its error bodies.
    const withEcho = (await call('profiles.save', { name: 'Echo', baseUrl: echoUrl })) as { profiles: Array<{ id: string; name: string }> };
    const echoId = withEcho.profiles.find((p) => p.name === 'Echo')!.id;
    await call('profiles.setKey', { id: echoId, apiKey: ECHO_KEY });
    await call('profiles.activate', { id: echoId });
    const refused = (await call('profiles.test', { id: echoId })) as { ok: boolean; error: { message: string } | null };
    expect(refused.ok).toBe(false);
    expect(refused.error?.message).toMatch(/\[redacted\]/);
    const staged2 = (await call('files.stage', { name: 'echo.pdf', dataBase64: pdf.toString('base64') })) as { id: string };
    await call('manuscripts.upload', {
      form: { folder: 'ECHO', origin_id: 'leak-echo', title: 'Echoed', abstract: 'Echoed abstract.', authors_count: 0 },
      fileId: staged2.id,
    });
    await call('groups.create', { group_name: 'Echo pool', owner_team: 'Editorial Office', editor_teams: [], viewer_teams: [] });
    await call('groups.add', { serviceId: 7, name: 'Remote group' });
    await handle('authors.put', { groupId: 1, clientId: 'a1', body: { name: 'Ada Lovelace' } });
    await core.workspace()!.sync.syncNow();
    await handle('authors.fetch', { groupId: 1, clientId: 'a1' });
    const outbox = (await call('outbox.list', {})) as Array<{ state: string; error: { message: string } | null }>;
    const failed = outbox.filter((e) => e.error);
    expect(failed.length, JSON.stringify(outbox)).toBeGreaterThanOrEqual(2);
    for (const e of failed) expect(e.error!.message).toMatch(/\[redacted\]/);
    expect(echoed.length).toBeGreaterThanOrEqual(3);
    // The echo really carried the key: without redaction these texts would have leaked it.
    for (const m of echoed) expect(containsSecret(m, [ECHO_KEY])).toBe(true);
    // Help → Copy diagnostics after that session: the log's last problems (here the log's last lines,
    // with a line that names the key and the webhook address on purpose) and the cache's figures.
    const webhook = (await call('webhook.status', {})) as { url: string | null };
    await logOut.flush();
    const lastLines = lastLogLines(session, 8);
    const diagnostics = session.diagnostics([...lastLines, `{"level":"error","message":"key ${ECHO_KEY} at ${webhook.url}"}`], null);
    expect(diagnostics).toContain('Outbox:');
    expect(containsSecret(diagnostics, [service.apiKey, ECHO_KEY])).toBe(false);
    if (webhook.url) expect(diagnostics).not.toContain(new URL(webhook.url).pathname.split('/').filter(Boolean).at(-1)!);
    await core.close();
    await logOut.flush();

    const keys = [service.apiKey, ECHO_KEY];
    expect(service.apiKey.length).toBeGreaterThanOrEqual(8);
    expect(payloads.length).toBeGreaterThan(20);
    for (const p of payloads) expect(containsSecret(p, keys), p).toBe(false);
    const log = readFileSync(session.logFile, 'utf8');
    expect(log.split('\n').length).toBeGreaterThan(10);
    expect(log).toContain('[redacted]');
    expect(containsSecret(log, keys)).toBe(false);
    const cacheFiles = readdirSync(dataDir).filter((f) => f.startsWith('cache.db'));
    expect(cacheFiles).toContain('cache.db');
    for (const f of cacheFiles) expect(containsSecret(readFileSync(join(dataDir, f)).toString('latin1'), keys), f).toBe(false);
    const uploads = filesUnder(join(dataDir, 'uploads'));
    expect(uploads.length).toBeGreaterThan(0);
    for (const f of uploads) {
      expect(containsSecret(f.name, keys), f.name).toBe(false);
      expect(containsSecret(f.bytes.toString('latin1'), keys), f.name).toBe(false);
    }
  });
});
