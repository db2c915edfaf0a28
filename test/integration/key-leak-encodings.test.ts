// The API key echoed by a service inside its 200 answers never reaches the cache, the log, the
// diagnostics, an export or the window, in any of 20 encodings. A proxy in front of the local service
// appends the key it was sent, in turn in each encoding of test/support/key-encodings.ts, to the
// names, affiliations and titles of every JSON answer, and adds a field named after it to each object.
// Every other time the encoding is itself written with JSON \u escapes, so that the answer's text
// holds no form of the key and only the decoded strings do; one answer in error quotes every form.
// After an upload, the candidates, an author's history, the ledger, the shortlist and a CSV export,
// every payload sent to the window, the log file, the diagnostics, the export and the bytes of
// cache.db and its -wal (while open and after closing) are scanned for each encoding, literally.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCsv } from '../../electron/common/domain/csv';
import type { CandidatePage, LedgerPage, ManuscriptRow, RunRow } from '../../electron/common/shapes';
import type { Core } from '../../electron/core/composition';
import type { RotatingLogFile } from '../../electron/core/log-rotation';
import type { RunningSandbox } from '../../electron/localservice';
import { encodingsIn, keyEncodings } from '../support/key-encodings';
import { lastLogLines, startKeySession, type KeySession } from '../support/key-session';

const FIELDS = new Set(['name', 'first_name', 'last_name', 'affiliation', 'aff', 'title', 'publisher_name', 'description']);

let session: KeySession;
let core: Core;
let service: RunningSandbox;
let proxy: Server;
let dataDir: string;
let logOut: RotatingLogFile;
let payloads: string[];
/** How many forms the proxy wrote into answers, by encoding. */
const written = new Map<string, number>();
/** The next answer is an error quoting every form of the key. */
let refuseNext = false;

/** The JSON text of `s` with every character as a \u escape. */
const uEscaped = (s: string) => [...s].map((c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0')).join('');

/** The answer's JSON text with the key's forms added to its strings and as extra fields. */
function withKey(text: string, key: string): string {
  const forms = Object.entries(keyEncodings(key));
  const escaped = new Map<string, string>();
  let n = 0;
  const next = (): string => {
    const [name, form] = forms[n % forms.length]!;
    const layered = Math.floor(n / forms.length) % 2 === 1;
    n++;
    written.set(name, (written.get(name) ?? 0) + 1);
    if (!layered) return form;
    const mark = `@@${name}@@`;
    escaped.set(mark, uEscaped(form));
    return mark;
  };
  const root = JSON.parse(text) as unknown;
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) stack.push(...(v as unknown[]));
    else if (v !== null && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      for (const [k, x] of Object.entries(o)) {
        if (typeof x === 'string' && FIELDS.has(k)) o[k] = `${x} ${next()}`;
        else stack.push(x);
      }
      if (typeof o.name === 'string') o[`x_${next()}`] = next();
    }
  }
  let out = JSON.stringify(root);
  for (const [mark, json] of escaped) out = out.split(mark).join(json);
  return out;
}

/** Every form of `key`, each with its name, for an answer in error. */
const errorBody = (key: string) =>
  JSON.stringify({
    error: {
      code: 'invalid_request',
      message: Object.entries(keyEncodings(key))
        .map(([n, f]) => `${n}: ${f}`)
        .join('; '),
    },
  });

function startProxy(target: string): Promise<Server> {
  const to = new URL(target);
  const server = createServer((req, res) => {
    const key = String(req.headers['x-apikey'] ?? '');
    const upstream = request(
      { host: to.hostname, port: to.port, path: req.url, method: req.method, headers: { ...req.headers, host: to.host } },
      (answer: IncomingMessage) => {
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          const status = answer.statusCode ?? 502;
          let body = Buffer.concat(chunks).toString('utf8');
          const json = /json/.test(String(answer.headers['content-type'] ?? ''));
          if (key.length > 0 && refuseNext) {
            refuseNext = false;
            res.writeHead(400, { 'content-type': 'application/json' });
            res.end(errorBody(key));
            return;
          }
          if (json && status >= 200 && status < 300 && key.length > 0 && body.trim() !== '') {
            body = withKey(body, key);
          }
          const headers = { ...answer.headers };
          delete headers['content-length'];
          delete headers['transfer-encoding'];
          res.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(body) });
          res.end(body);
        });
      },
    );
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  session = await startKeySession('keyforms');
  ({ core, service, dataDir, logOut, payloads } = session);
  proxy = await startProxy(service.baseUrl);
});
afterAll(async () => {
  await core?.close();
  await service?.close();
  await new Promise((r) => proxy?.close(r));
});

const call = <T>(channel: string, input: unknown) => session.call<T>(channel, input);

/** The cache's files (cache.db, -wal, -shm) as text, by name. */
const cacheFiles = () =>
  readdirSync(dataDir)
    .filter((f) => f.startsWith('cache.db'))
    .map((f) => ({ name: f, text: readFileSync(join(dataDir, f)).toString('latin1') }));

describe('a key echoed in 200 answers', () => {
  it('reaches no cache file, log, diagnostics, export or message to the window, in any of 20 encodings', async () => {
    const key = service.apiKey;
    const keys = [key];
    expect(Object.keys(keyEncodings(key)).length).toBeGreaterThanOrEqual(18);

    const state = await call<{ profiles: Array<{ id: string }> }>('profiles.save', {
      name: 'Echoing',
      baseUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}${new URL(service.baseUrl).pathname}`,
    });
    const id = state.profiles[0]!.id;
    await call('profiles.setKey', { id, apiKey: key });
    await call('profiles.activate', { id });
    const tested = await call<{ ok: boolean; error: unknown }>('profiles.test', { id });
    expect(tested.ok, JSON.stringify(tested.error)).toBe(true);
    await call('manuscripts.upload', {
      form: {
        folder: 'DEMO',
        origin_id: 'forms-1',
        title: 'Protein folding with attention',
        abstract: 'Deep learning for protein structure prediction with attention.',
        authors_count: 0,
      },
    });
    await core.workspace()!.sync.syncNow();
    const [m] = await call<ManuscriptRow[]>('manuscripts.list', {});
    const { runs } = await call<{ runs: RunRow[] }>('manuscripts.get', { id: m!.id });
    const page = await call<CandidatePage>('candidates.query', { runId: runs.at(-1)!.id, query: { limit: 200 } });
    expect(page.rows.length).toBeGreaterThan(5);
    // the answers went through the proxy: the names carry what the key became
    expect(page.rows.filter((r) => r.name.includes('[redacted]')).length).toBeGreaterThan(5);
    for (const r of page.rows.slice(0, 5)) await call('candidates.author', { authorId: r.authorId });
    for (const r of page.rows.slice(0, 3)) await call('candidates.evidence', { candidateId: r.id });
    await call('shortlist.add', { manuscriptId: m!.id, authorIds: page.rows.slice(0, 3).map((r) => r.authorId) });
    const ledger = await call<LedgerPage>('ledger.query', {});
    expect(ledger.rows.length).toBeGreaterThan(0);
    for (const p of ledger.rows.slice(0, 3)) await call('ledger.person', { personId: p.personId });
    await call('journals.get', { manuscriptId: m!.id, corpus: 'all_journals' }).catch(() => undefined);
    refuseNext = true;
    await expect(call('customFields.list', { refresh: true })).rejects.toThrow(/\[redacted\]/);
    await core.workspace()!.sync.syncNow();
    expect([...written.keys()].length).toBe(Object.keys(keyEncodings(key)).length);

    // the CSV export, as the candidates view writes it from what the window received
    const exportFile = join(dataDir, 'candidates.csv');
    writeFileSync(
      exportFile,
      toCsv(
        Object.keys(page.rows[0]!),
        page.rows.map((r) => Object.values(r)),
      ),
    );

    await logOut.flush();
    const diagnostics = session.diagnostics(lastLogLines(session, 20), `Error: the service said ${errorBody(key)}`);
    const open = cacheFiles();
    expect(open.map((f) => f.name)).toContain('cache.db-wal');
    await core.close();
    await logOut.flush();

    const leaks: string[] = [];
    const scan = (where: string, text: string) => {
      for (const found of encodingsIn(text, keys)) leaks.push(`${where}: ${found}`);
    };
    expect(payloads.length).toBeGreaterThan(15);
    payloads.forEach((p, i) => scan(`message ${i} to the window`, p));
    const log = readFileSync(session.logFile, 'utf8');
    expect(log).toContain('[redacted]');
    scan('log', log);
    scan('diagnostics', diagnostics);
    scan('export', readFileSync(exportFile, 'utf8'));
    for (const f of open) scan(`${f.name} (open)`, f.text);
    for (const f of cacheFiles()) scan(`${f.name} (closed)`, f.text);
    expect(leaks).toEqual([]);
  });
});
