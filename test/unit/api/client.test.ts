import { unlinkSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import busboy from 'busboy';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeskError } from '../../../electron/common/errors';
import { uploadFormSchema } from '../../../electron/common/service';
import { isOutcomeUnknown, type OutcomeUnknownError, type ServiceClient } from '../../../electron/core/api';
import type { AnswerReader } from '../../../electron/core/api/types';
import { hangUp, harness, KEY, reply, replyText, ScriptedServer, type Handler } from './fixture';
import { authorBody, CF_MULTI, CF_NUMBER, customFieldsBody, journalsBody, uploadBody } from './samples';

let server: ScriptedServer;
let clients: ServiceClient[] = [];
function h(opts: Parameters<typeof harness>[1] = {}, base?: string) {
  const x = harness(base ?? server.url, opts);
  clients.push(x.client);
  return x;
}

async function failure(p: Promise<unknown>): Promise<DeskError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(DeskError);
    return e as DeskError;
  }
  throw new Error('expected the call to fail');
}

beforeEach(async () => {
  server = await ScriptedServer.start();
});
afterEach(async () => {
  await Promise.all(clients.map((c) => c.close()));
  clients = [];
  await server.close();
});

describe('operations', () => {
  it('getAuthor sends X-ApiKey, keeps custom fields and unknown keys, returns the raw JSON', async () => {
    server.on(reply(200, authorBody));
    const { client } = h();
    const r = await client.getAuthor(12, 'a?b c');
    expect(server.seen[0]!.url).toBe('/api/external/author-from-group/12/a%3Fb%20c/');
    expect(server.seen[0]!.headers['x-apikey']).toBe(KEY);
    expect(r.value.name).toBe('Maria Rossi');
    expect(r.value.orcids).toBeNull();
    expect(r.value.author?.last_articles[0]?.year).toBe(2024);
    expect((r.value as Record<string, unknown>)[CF_NUMBER]).toBe(4);
    expect((r.value as Record<string, unknown>).created_by_service_version).toBe('x9');
    expect(r.raw).toEqual(authorBody);
    expect(JSON.parse(r.rawText)).toEqual(authorBody);
    expect(r.attempts).toBe(1);
  });

  it('getAuthor reads a missing list as null and a null linked author', async () => {
    server.on(reply(200, { name: 'X', author: null }));
    const r = await h().client.getAuthor(1, 'x');
    expect(r.value).toMatchObject({ name: 'X', emails: null, orcids: null, articles: null, affiliations: null, author: null });
  });

  it('putAuthor flattens custom fields into the body; patchAuthor posts only given fields to /partial/', async () => {
    server.on(reply(200, { ok: true }), reply(200, { ok: true }));
    const { client } = h();
    await client.putAuthor(5, 'c1', { name: 'A', emails: ['a@x'], customFields: { [CF_NUMBER]: 3, [CF_MULTI]: ['o1'] } });
    await client.patchAuthor(5, 'c1', { orcids: null, customFields: { [CF_NUMBER]: null } });
    expect(server.seen[0]!.url).toBe('/api/external/author-from-group/5/c1/');
    expect(JSON.parse(server.seen[0]!.body.toString())).toEqual({ name: 'A', emails: ['a@x'], [CF_NUMBER]: 3, [CF_MULTI]: ['o1'] });
    expect(server.seen[0]!.headers['content-type']).toBe('application/json');
    expect(server.seen[1]!.url).toBe('/api/external/author-from-group/5/c1/partial/');
    expect(JSON.parse(server.seen[1]!.body.toString())).toEqual({ orcids: null, [CF_NUMBER]: null });
  });

  it('putAuthor refuses a body without name before sending', async () => {
    const e = await failure(h().client.putAuthor(5, 'c1', { name: ' ' }));
    expect(e.code).toBe('invalid_input');
    expect(e.field).toBe('name');
    expect(server.seen).toHaveLength(0);
  });

  it('a 200 with ok:false is a server_error, not a success', async () => {
    server.on(reply(200, { ok: false }));
    expect((await failure(h().client.putAuthor(1, 'x', { name: 'A' }))).code).toBe('server_error');
  });

  it('deleteAuthor: 200 → existed, 404 → already gone (success)', async () => {
    server.on(reply(200, { ok: true }), reply(404, { detail: 'Not found.' }));
    const { client } = h();
    expect((await client.deleteAuthor(1, 'x')).value).toEqual({ ok: true, existed: true });
    const gone = await client.deleteAuthor(1, 'x');
    expect(gone.value).toEqual({ ok: true, existed: false });
    expect(server.seen.map((s) => s.method)).toEqual(['DELETE', 'DELETE']);
  });

  it('deleteAuthor: a 404 about the group, or a web page, is not "gone"', async () => {
    server.on(
      reply(404, { error: { code: 'not_found', message: 'authors group 9 does not exist', field: 'group_id' } }),
      reply(404, { detail: 'Authors group not found.' }),
      replyText(404, '<!DOCTYPE html><html><body>Not Found</body></html>', 'text/html'),
      reply(404, { error: { code: 'not_found', message: 'no author with client_id "x" in authors group 9', field: 'client_id' } }),
    );
    const { client } = h({ retry: { maxAttempts: 1 } });
    const group = await failure(client.deleteAuthor(9, 'x'));
    expect(group).toMatchObject({ code: 'not_found', field: 'group_id', message: 'The service has no authors group 9.' });
    expect((await failure(client.deleteAuthor(9, 'x'))).code).toBe('not_found');
    expect((await failure(client.deleteAuthor(9, 'x'))).code).toBe('not_found');
    expect((await client.deleteAuthor(9, 'x')).value).toEqual({ ok: true, existed: false });
  });

  it('client ids a URL path would collapse or split are refused before any request', async () => {
    const { client } = h();
    for (const id of ['.', '..', ' .. ', 'a/b', '/', '']) {
      const e = await failure(client.getAuthor(1, id));
      expect(e, id).toMatchObject({ code: 'invalid_input', field: 'client_id' });
      expect((await failure(client.deleteAuthor(1, id))).code).toBe('invalid_input');
    }
    expect(server.seen).toHaveLength(0);
  });

  it('createAuthorsGroup posts the four fields and returns the id', async () => {
    server.on(reply(200, { authors_group_id: 44 }));
    const r = await h().client.createAuthorsGroup({ group_name: 'Board', owner_team: 'Ed', editor_teams: [], viewer_teams: ['V'] });
    expect(r.value.authors_group_id).toBe(44);
    expect(server.seen[0]!.url).toBe('/api/external/authors-group/create/');
    expect(JSON.parse(server.seen[0]!.body.toString())).toEqual({
      group_name: 'Board',
      owner_team: 'Ed',
      editor_teams: [],
      viewer_teams: ['V'],
    });
  });

  it('recommendJournals passes journals_corpus; listCustomFields reads three scopes', async () => {
    server.on(reply(200, journalsBody), reply(200, journalsBody), reply(200, { author_from_group: customFieldsBody.author_from_group }));
    const { client } = h();
    const r = await client.recommendJournals('MS 1', 'org_journals');
    expect(server.seen[0]!.url).toBe('/api/external/recommend-journals/MS%201/?journals_corpus=org_journals');
    expect(r.value.recommended_journals[0]?.publisher_name).toBeNull();
    await client.recommendJournals('MS 1');
    expect(server.seen[1]!.url).toBe('/api/external/recommend-journals/MS%201/');
    const cf = await client.listCustomFields();
    expect(server.seen[2]!.url).toBe('/api/external/custom-fields/all/');
    expect(cf.value.folder).toEqual([]);
    expect(cf.value.author_from_group[0]?.data_kind).toBe('number');
  });

  it('a base URL with a path prefix is kept', async () => {
    server.on(reply(200, customFieldsBody));
    await h({}, `${server.url}/tenant-a/`).client.listCustomFields();
    expect(server.seen[0]!.url).toBe('/tenant-a/api/external/custom-fields/all/');
  });

  it('no key stored → no_api_key and no request', async () => {
    const e = await failure(h({ apiKey: async () => null }).client.listCustomFields());
    expect(e.code).toBe('no_api_key');
    expect(server.seen).toHaveLength(0);
  });
});

describe('upload', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'desk-upload-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  interface Parsed {
    fields: Record<string, string>;
    file?: { name: string; filename: string; mimeType: string; bytes: Buffer };
  }
  const parseMultipart = (headers: Record<string, unknown>, body: Buffer): Promise<Parsed> =>
    new Promise((resolve, reject) => {
      const out: Parsed = { fields: {} };
      const bb = busboy({ headers: headers as never, defParamCharset: 'utf8' });
      bb.on('field', (name, value) => (out.fields[name] = value));
      bb.on('file', (name, stream, info) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => (out.file = { name, filename: info.filename ?? '', mimeType: info.mimeType, bytes: Buffer.concat(chunks) }));
      });
      bb.on('close', () => resolve(out));
      bb.on('error', reject);
      bb.end(body);
    });

  it('sends every field, api_key in the form and X-ApiKey, the file intact, and reports progress to the total', async () => {
    const file = join(dir, 'Manuscrit é.pdf');
    const bytes = Buffer.alloc(300_000, 7);
    bytes.write('%PDF-1.7\n');
    await writeFile(file, bytes);
    server.on(reply(200, uploadBody));
    const progress: number[] = [];
    let total = 0;
    const r = await h().client.uploadManuscript(
      {
        fields: {
          folder: 'JT',
          origin_id: 'MS-1',
          title: 'Título',
          abstract: 'About referees.',
          authors_count: 2,
          authors: [{ name: 'A One', aff: 'U1', orcid: '0000-0001', email: 'a@x' }, { name: 'B Two' }],
          exclude_candidates: true,
          min_h_index: 1,
          max_h_index: 50,
          min_academic_age: 2,
          max_academic_age: 40,
          min_articles_count: 3,
          max_articles_count: 300,
        },
        file: { path: file },
      },
      {
        onProgress: (p) => {
          progress.push(p.sentBytes);
          total = p.totalBytes;
        },
      },
    );
    const seen = server.seen[0]!;
    expect(seen.headers['x-apikey']).toBe(KEY);
    expect(Number(seen.headers['content-length'])).toBe(seen.body.length);
    expect(total).toBe(seen.body.length);
    expect(progress.at(-1)).toBe(total);
    const parsed = await parseMultipart(seen.headers, seen.body);
    expect(parsed.fields).toEqual({
      api_key: KEY,
      folder: 'JT',
      origin_id: 'MS-1',
      title: 'Título',
      abstract: 'About referees.',
      authors_count: '2',
      author1_name: 'A One',
      author1_aff: 'U1',
      author1_orcid: '0000-0001',
      author1_email: 'a@x',
      author2_name: 'B Two',
      exclude_candidates: 'true',
      min_h_index: '1',
      max_h_index: '50',
      min_academic_age: '2',
      max_academic_age: '40',
      min_articles_count: '3',
      max_articles_count: '300',
    });
    expect(parsed.file?.name).toBe('source_file');
    expect(parsed.file?.filename).toBe('Manuscrit é.pdf');
    expect(parsed.file?.mimeType).toBe('application/pdf');
    expect(parsed.file?.bytes.equals(bytes)).toBe(true);
    expect(r.value.candidates?.[0]?.hIndex).toBe(14);
    expect(r.value.candidates?.[0]?.aff_conflicts).toEqual({ exists: true, detail: 'same department' });
    expect(r.value.authors_groups_settings?.boost_multiplier).toBe(1.5);
  });

  it("uploadManuscriptRead hands the answer's bytes to the reader with the key to redact, and its problem becomes the client's error", async () => {
    const seen: Array<{ text: string; type: string | undefined; keys: readonly string[] }> = [];
    const features: Array<[string, boolean]> = [];
    const reader: AnswerReader<{ n: number }> = {
      read: async (bytes, type, keys) => {
        const text = Buffer.from(bytes).toString('utf8');
        seen.push({ text, type, keys });
        return text.includes('"broken"') ? { ok: false, message: `The answer names ${KEY}.` } : { ok: true, value: { n: 7 }, raw: null };
      },
      showsFeature: (v) => v.n > 0,
    };
    server.on(reply(200, uploadBody), reply(200, { broken: true }));
    const { client } = h({ onFeature: (f, ok) => features.push([f, ok]) });
    const fields = { folder: 'F', origin_id: 'o', title: 't', abstract: 'a', authors_count: 0, authors: [] };
    const r = await client.uploadManuscriptRead({ fields }, reader);
    expect(r).toMatchObject({ value: { n: 7 }, raw: null, rawText: '', status: 200, attempts: 1 });
    expect(JSON.parse(seen[0]!.text)).toEqual(uploadBody); // the bytes as sent, not parsed here
    expect(seen[0]!.type).toMatch(/application\/json/);
    expect(seen[0]!.keys).toEqual([KEY]);
    expect(features).toEqual([['refereeFinder', true]]);
    const e = await failure(client.uploadManuscriptRead({ fields }, reader));
    expect(e.code).toBe('bad_response');
    expect(e.message).toBe('The answer names [redacted].');
    expect(server.seen).toHaveLength(2); // a bad answer is final: not sent again
  });

  it('without a file and without exclude_candidates: only the text fields; candidates null is accepted', async () => {
    server.on(reply(200, { ...uploadBody, candidates: null, authors_groups_settings: null }));
    const r = await h().client.uploadManuscript({
      fields: { folder: 'F', origin_id: 'o', title: 't', abstract: 'a', authors_count: 0, authors: [] },
    });
    const parsed = await parseMultipart(server.seen[0]!.headers, server.seen[0]!.body);
    expect(Object.keys(parsed.fields)).toEqual(['api_key', 'folder', 'origin_id', 'title', 'abstract', 'authors_count']);
    expect(parsed.file).toBeUndefined();
    expect(r.value.candidates).toBeNull();
  });

  it('sends the form the router validated as it is, without parsing it again (a parse would trim the title)', async () => {
    server.on(reply(200, uploadBody));
    await h().client.uploadManuscript({
      fields: { folder: 'F', origin_id: 'o', title: ' as given ', abstract: 'a', authors_count: 0, authors: [] },
    });
    const parsed = await parseMultipart(server.seen[0]!.headers, server.seen[0]!.body);
    expect(parsed.fields.title).toBe(' as given ');
  });

  it('blank author rows are dropped and the rest numbered 1..N without a gap; an affiliation alone is an author', async () => {
    server.on(reply(200, uploadBody));
    const authors = [
      { name: 'A One' },
      { name: '', aff: '  ', email: '' },
      { aff: 'University of Oslo, Oslo, Norway' },
      {},
      { name: 'D Four', orcid: '0000-0002-1825-0097' },
    ];
    // what the router hands on: uploadFormSchema's output
    await h().client.uploadManuscript({
      fields: uploadFormSchema.parse({ folder: 'F', origin_id: 'o', title: 't', abstract: 'a', authors_count: 5, authors }),
    });
    const parsed = await parseMultipart(server.seen[0]!.headers, server.seen[0]!.body);
    expect(Object.entries(parsed.fields).filter(([k]) => k.startsWith('author'))).toEqual([
      ['authors_count', '3'],
      ['author1_name', 'A One'],
      ['author2_aff', 'University of Oslo, Oslo, Norway'],
      ['author3_name', 'D Four'],
      ['author3_orcid', '0000-0002-1825-0097'],
    ]);
  });

  it('a count above the rows (authors not all detailed) is kept, less the blank rows', async () => {
    server.on(reply(200, uploadBody));
    await h().client.uploadManuscript({
      fields: uploadFormSchema.parse({
        folder: 'F',
        origin_id: 'o',
        title: 't',
        abstract: 'a',
        authors_count: 7,
        authors: [{ name: 'A One' }, { name: ' ' }],
      }),
    });
    const parsed = await parseMultipart(server.seen[0]!.headers, server.seen[0]!.body);
    expect(parsed.fields.authors_count).toBe('6');
  });

  it('a transient failure re-sends the whole file (dedup by origin_id makes it safe)', async () => {
    const file = join(dir, 'm.pdf');
    await writeFile(file, Buffer.alloc(100_000, 1));
    server.on(reply(503, {}), reply(200, uploadBody));
    const attempts = new Set<number>();
    const r = await h().client.uploadManuscript(
      { fields: { folder: 'F', origin_id: 'o', title: 't', abstract: 'a', authors_count: 1, authors: [] }, file: { path: file } },
      { onProgress: (p) => attempts.add(p.attempt) },
    );
    expect(r.attempts).toBe(2);
    expect([...attempts]).toEqual([1, 2]);
    expect(server.seen).toHaveLength(2);
    expect(server.seen[1]!.body.length).toBe(server.seen[0]!.body.length);
    expect(server.seen[1]!.body.length).toBeGreaterThan(100_000);
  });

  it('a file removed while it is being sent → invalid_file, not a network error, and no retry', async () => {
    const file = join(dir, 'vanishing.pdf');
    await writeFile(file, Buffer.alloc(200_000, 3));
    server.always(reply(200, uploadBody));
    let removed = false;
    const e = await failure(
      h().client.uploadManuscript(
        { fields: { folder: 'F', origin_id: 'o', title: 't', abstract: 'a', authors_count: 1, authors: [] }, file: { path: file } },
        {
          onProgress: () => {
            if (!removed) {
              removed = true;
              unlinkSync(file);
            }
          },
        },
      ),
    );
    expect(e.code).toBe('invalid_file');
    expect(e.message).toMatch(/vanishing\.pdf/);
  });

  it('a missing file fails as invalid_file before any request', async () => {
    const { client } = h();
    const e = await failure(
      client.uploadManuscript({
        fields: { folder: 'F', origin_id: 'o', title: 't', abstract: 'a', authors_count: 1, authors: [] },
        file: { path: join(dir, 'gone.pdf') },
      }),
    );
    expect(e.code).toBe('invalid_file');
    expect(server.seen).toHaveLength(0);
  });
});

describe('errors', () => {
  const cases: Array<[string, Handler, string]> = [
    ['401', reply(401, { detail: 'Invalid key' }), 'unauthorized'],
    ['404', reply(404, { detail: 'Not found.' }), 'not_found'],
    ['500', reply(500, { detail: 'boom' }), 'server_error'],
    ['413', replyText(413, 'too big'), 'invalid_request'],
    ['HTML 200', replyText(200, '<!doctype html><title>Sign in</title>', 'text/html'), 'bad_response'],
    ['not JSON', replyText(200, 'OK', 'text/plain'), 'bad_response'],
    [
      '302 to login',
      (_q, res) => {
        res.writeHead(302, { location: 'https://sso.example.org/login?next=/api' });
        res.end();
      },
      'bad_response',
    ],
  ];
  for (const [name, handler, code] of cases) {
    it(`${name} → ${code}`, async () => {
      server.on(handler);
      const e = await failure(h().client.getAuthor(1, 'x'));
      expect(e.code).toBe(code);
      expect(server.seen).toHaveLength(1);
    });
  }

  it('403 names the plan feature of the operation', async () => {
    server.always(reply(403, { detail: 'Forbidden' }));
    const { client } = h();
    expect((await failure(client.recommendJournals('o'))).message).toMatch(/Recommend journals/);
    expect((await failure(client.getAuthor(1, 'x'))).message).toMatch(/Authors groups/);
    const up = await failure(
      client.uploadManuscript({ fields: { folder: 'F', origin_id: 'o', title: 't', abstract: 'a', authors_count: 1, authors: [] } }),
    );
    expect(up.code).toBe('feature_not_in_plan');
    expect(up.message).toMatch(/Referee finder/);
  });

  it('400 carries the service message and field, in the sandbox shape and in others', async () => {
    server.on(
      reply(400, { error: { code: 'invalid', message: 'name must not be empty', field: 'name' } }),
      reply(400, { name: ['This field is required.'] }),
      replyText(400, '<html>Bad Request</html>', 'text/html'),
    );
    const { client } = h();
    const a = await failure(client.putAuthor(1, 'x', { name: 'A' }));
    expect(a).toMatchObject({ code: 'invalid_request', field: 'name' });
    expect(a.message).toMatch(/name must not be empty/);
    const b = await failure(client.putAuthor(1, 'x', { name: 'A' }));
    expect(b).toMatchObject({ code: 'invalid_request', field: 'name' });
    expect(b.message).toMatch(/This field is required/);
    const c = await failure(client.putAuthor(1, 'x', { name: 'A' }));
    expect(c.code).toBe('invalid_request');
    expect(c.field).toBeUndefined();
  });

  it('schema violation names the field; truncated JSON says cut off', async () => {
    server.on(
      reply(200, { ...uploadBody, candidates: [{ ...uploadBody.candidates[0], hIndex: 'high' }] }),
      replyText(200, '{"version":6,"manu', 'application/json'),
    );
    const { client } = h();
    const f = { fields: { folder: 'F', origin_id: 'o', title: 't', abstract: 'a', authors_count: 1, authors: [] } };
    const e = await failure(client.uploadManuscript(f));
    expect(e.code).toBe('bad_response');
    expect(e.message).toMatch(/candidates\.0\.hIndex/);
    const cut = await failure(client.uploadManuscript(f));
    expect(cut.code).toBe('bad_response');
    expect(cut.message).toMatch(/cut off/);
  });

  it('a connection closed mid-answer → offline (connection lost), retried for a read', async () => {
    server.always((_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
      res.write('{"name":"A"');
      res.socket?.destroy();
    });
    const e = await failure(h().client.getAuthor(1, 'x'));
    expect(['offline', 'bad_response']).toContain(e.code);
    expect(server.seen).toHaveLength(4);
  });

  it('an answer that stops midway → timeout', async () => {
    server.always((_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
      res.write('{"name":"A"');
    });
    const e = await failure(h({ timeouts: { bodyMs: 150 }, retry: { maxAttempts: 1 } }).client.getAuthor(1, 'x'));
    expect(e.code).toBe('timeout');
    expect(e.message).toMatch(/stopped sending/);
  });

  it('connection refused → offline, retried up to maxAttempts with growing jittered backoff', async () => {
    const port = new URL(server.url).port;
    await server.close();
    const { client, sleeps } = h({ retry: { maxAttempts: 3, baseDelayMs: 100 } }, `http://127.0.0.1:${port}`);
    const e = await failure(client.listCustomFields());
    expect(e.code).toBe('offline');
    expect(e.message).toMatch(/connection refused/);
    expect(sleeps).toEqual([75, 150]);
    server = await ScriptedServer.start();
  });

  it('no response headers in time → timeout', async () => {
    server.always(() => undefined);
    const e = await failure(h({ timeouts: { headersMs: 150 }, retry: { maxAttempts: 2 } }).client.getAuthor(1, 'x'));
    expect(e.code).toBe('timeout');
    expect(server.seen).toHaveLength(2);
  });

  it('the connection dropped without an answer → offline', async () => {
    server.always(hangUp);
    const e = await failure(h({ retry: { maxAttempts: 2 } }).client.getAuthor(1, 'x'));
    expect(e.code).toBe('offline');
  });
});

describe('retries', () => {
  it('502, 503 and 504 are retried; the call succeeds with the attempt count', async () => {
    server.on(reply(502, {}), reply(503, {}), reply(504, {}), reply(200, { ok: true }));
    const { client, sleeps } = h({ retry: { baseDelayMs: 200, maxAttempts: 4 } });
    const r = await client.patchAuthor(1, 'x', { name: 'B' });
    expect(r.attempts).toBe(4);
    expect(sleeps).toEqual([150, 300, 600]);
  });

  it('500 and 4xx are not retried', async () => {
    server.on(reply(500, {}), reply(400, {}));
    const { client } = h();
    await failure(client.deleteAuthor(1, 'x'));
    await failure(client.deleteAuthor(1, 'x'));
    expect(server.seen).toHaveLength(2);
  });

  it('backoff is capped by maxDelayMs', async () => {
    server.on(reply(503, {}), reply(503, {}), reply(503, {}), reply(503, {}), reply(200, customFieldsBody));
    const { client, sleeps } = h({
      random: () => 0.999,
      retry: { maxAttempts: 5, baseDelayMs: 1000, maxDelayMs: 2500, totalBudgetMs: 60_000 },
    });
    await client.listCustomFields();
    expect(sleeps).toEqual([999, 1999, 2498, 2498]);
  });

  it('429 waits Retry-After seconds, then succeeds', async () => {
    server.on(reply(429, {}, { 'retry-after': '3' }), reply(200, customFieldsBody));
    const { client, sleeps } = h();
    expect((await client.listCustomFields()).attempts).toBe(2);
    expect(sleeps).toEqual([3000]);
  });

  it('429 Retry-After as an HTTP date', async () => {
    const { client, sleeps, clock } = h();
    server.on(reply(429, {}, { 'retry-after': new Date(clock.t + 7000).toUTCString() }), reply(200, customFieldsBody));
    await client.listCustomFields();
    expect(sleeps[0]).toBeGreaterThan(6000);
    expect(sleeps[0]).toBeLessThanOrEqual(7000);
  });

  it('429 with a Retry-After beyond the time budget → rate_limited with retryAfterMs, no wait', async () => {
    server.on(reply(429, {}, { 'retry-after': '120' }));
    const { client, sleeps } = h();
    const e = await failure(client.getAuthor(1, 'x'));
    expect(e).toMatchObject({ code: 'rate_limited', retryAfterMs: 120_000 });
    expect(e.message).toMatch(/120 s/);
    expect(sleeps).toEqual([]);
  });

  it('the total time budget stops retries even when attempts remain', async () => {
    server.always(reply(503, {}));
    const { client, sleeps } = h({
      random: () => 0.99,
      retry: { maxAttempts: 10, baseDelayMs: 1000, maxDelayMs: 10_000, totalBudgetMs: 5000 },
    });
    expect((await failure(client.getAuthor(1, 'x'))).code).toBe('server_error');
    expect(sleeps.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(5000);
    expect(server.seen.length).toBe(sleeps.length + 1);
  });

  it('abort during a backoff wait → cancelled, no further request', async () => {
    server.always(reply(503, {}));
    const ac = new AbortController();
    const { client } = h({
      sleep: async (_ms, signal) => {
        ac.abort();
        if (signal?.aborted) throw signal.reason;
      },
    });
    const e = await failure(client.getAuthor(1, 'x', { signal: ac.signal }));
    expect(e.code).toBe('cancelled');
    expect(server.seen).toHaveLength(1);
  });

  it('abort while waiting for the answer → cancelled', async () => {
    const ac = new AbortController();
    server.always(() => ac.abort());
    const e = await failure(h().client.getAuthor(1, 'x', { signal: ac.signal }));
    expect(e.code).toBe('cancelled');
  });
});

describe('authors group creation is never blindly retried', () => {
  const input = { group_name: 'Board', owner_team: 'Ed', editor_teams: [], viewer_teams: [] };

  for (const [name, handler, code] of [
    ['502', reply(502, {}), 'server_error'],
    ['504', reply(504, {}), 'server_error'],
    ['dropped connection', hangUp, 'offline'],
  ] as const) {
    it(`${name} after sending → OutcomeUnknownError (${code}), one request only`, async () => {
      server.always(handler);
      const e = await failure(h().client.createAuthorsGroup(input));
      expect(isOutcomeUnknown(e)).toBe(true);
      expect(e.code).toBe(code);
      expect((e as OutcomeUnknownError).appliedButUnreadable).toBe(false);
      expect(e.message).toMatch(/"Board".*may or may not/);
      expect(server.seen).toHaveLength(1);
    });
  }

  it('a headers timeout → OutcomeUnknownError (timeout)', async () => {
    server.always(() => undefined);
    const e = await failure(h({ timeouts: { headersMs: 150 } }).client.createAuthorsGroup(input));
    expect(isOutcomeUnknown(e)).toBe(true);
    expect(e.code).toBe('timeout');
    expect(server.seen).toHaveLength(1);
  });

  it('a 200 whose body is unreadable → applied but unreadable', async () => {
    server.always(replyText(200, '<html>ok</html>', 'text/html'));
    const e = await failure(h().client.createAuthorsGroup(input));
    expect(isOutcomeUnknown(e) && e.appliedButUnreadable).toBe(true);
  });

  it('429 is retried (the service refused it, nothing was created)', async () => {
    server.on(reply(429, {}, { 'retry-after': '1' }), reply(200, { authors_group_id: 9 }));
    const r = await h().client.createAuthorsGroup(input);
    expect(r.value.authors_group_id).toBe(9);
    expect(r.attempts).toBe(2);
  });

  it('connection refused is retried (the request never left), then offline — a definite failure', async () => {
    const port = new URL(server.url).port;
    await server.close();
    const { client, sleeps } = h({ retry: { maxAttempts: 3 } }, `http://127.0.0.1:${port}`);
    const e = await failure(client.createAuthorsGroup(input));
    expect(e.code).toBe('offline');
    expect(isOutcomeUnknown(e)).toBe(false);
    expect(sleeps).toHaveLength(2);
    server = await ScriptedServer.start();
  });

  it('400 and 403 are definite failures', async () => {
    server.on(reply(400, { error: { code: 'unknown_team', message: 'team Ed does not exist', field: 'owner_team' } }), reply(403, {}));
    const { client } = h();
    const a = await failure(client.createAuthorsGroup(input));
    expect(a).toMatchObject({ code: 'invalid_request', field: 'owner_team' });
    expect(isOutcomeUnknown(a)).toBe(false);
    expect((await failure(client.createAuthorsGroup(input))).code).toBe('feature_not_in_plan');
  });
});

describe('the API key never leaks', () => {
  it('is redacted from server-echoed messages, logs and causes', async () => {
    server.on(
      reply(400, { error: { message: `key ${KEY} is malformed`, field: 'api_key' } }),
      reply(403, { detail: `plan of ${encodeURIComponent(KEY)} lacks it` }),
      reply(503, { detail: KEY }),
      reply(503, { detail: KEY }),
      reply(503, { detail: KEY }),
      reply(503, { detail: KEY }),
    );
    const { client, logger } = h();
    const errors = [
      await failure(client.putAuthor(1, 'x', { name: 'A' })),
      await failure(client.getAuthor(1, 'x')),
      await failure(client.createAuthorsGroup({ group_name: 'G', owner_team: 'T', editor_teams: [], viewer_teams: [] })),
      await failure(client.getAuthor(1, 'x')),
    ];
    const everything = [
      ...errors.map((e) => `${e.message} ${JSON.stringify(e.toShape())} ${JSON.stringify(e.cause ?? null)} ${String(e.stack)}`),
      logger.text(),
    ].join('\n');
    expect(errors[0]!.message).toMatch(/\[redacted\]/);
    expect(everything).not.toContain(KEY);
    expect(everything).not.toContain(encodeURIComponent(KEY));
    expect(logger.lines.length).toBeGreaterThan(4);
  });

  it('is redacted when the service echoes it base64-encoded, in hex or inside a Basic header, also from a stored 2xx answer', async () => {
    const b64 = Buffer.from(KEY).toString('base64');
    server.on(
      reply(400, { error: { message: `bad key ${b64}`, field: Buffer.from(KEY).toString('hex') } }),
      reply(404, { detail: `Authorization: Basic ${Buffer.from(`desk:${KEY}`).toString('base64')}` }),
      reply(200, { ...authorBody, debug: `your key ${b64}` }),
    );
    const { client, logger } = h();
    const errors = [await failure(client.putAuthor(1, 'x', { name: 'A' })), await failure(client.getAuthor(1, 'x'))];
    const ok = await client.getAuthor(1, 'x');
    const everything = [
      ...errors.map((e) => `${e.message} ${JSON.stringify(e.toShape())} ${String(e.stack)}`),
      logger.text(),
      ok.rawText,
      JSON.stringify(ok.raw),
    ].join('\n');
    expect(errors[0]!.message).toMatch(/bad key \[redacted\]/);
    expect(errors[0]!.field).toBe('[redacted]');
    expect(everything).not.toContain(b64);
    expect(everything).not.toContain(Buffer.from(KEY).toString('hex'));
    expect(everything).not.toContain(Buffer.from(`desk:${KEY}`).toString('base64').slice(8));
    expect((ok.raw as { debug: string }).debug).toMatch(/^your key \[redacted\]/);
  });
});
