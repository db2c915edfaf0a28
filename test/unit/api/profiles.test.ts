import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeskError } from '../../../electron/common/errors';
import { normalizeBaseUrl } from '../../../electron/common/base-url';
import { requests } from '../../../electron/common/contract';
import { ServiceClient } from '../../../electron/core/api';
import { ProfilesService, secretAccount } from '../../../electron/core/profiles';
import { MemorySecretStore } from '../../../electron/core/secrets';
import { KEY, MemoryLogger, reply, ScriptedServer } from './fixture';
import { MapProfilesRepository } from './map-repo';
import { customFieldsBody, uploadBody } from './samples';

let server: ScriptedServer;
let repo: MapProfilesRepository;
let secrets: MemorySecretStore;
let svc: ProfilesService;
let now = 1000;

beforeEach(async () => {
  server = await ScriptedServer.start();
  repo = new MapProfilesRepository();
  secrets = new MemorySecretStore('keychain');
  let ids = 0;
  svc = new ProfilesService({ repo, secrets, newId: () => `p${++ids}`, clock: { now: () => now++ } });
});
afterEach(async () => {
  await svc.close();
  await server.close();
});

async function rejects(p: Promise<unknown> | (() => unknown)): Promise<DeskError> {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (e) {
    expect(e).toBeInstanceOf(DeskError);
    return e as DeskError;
  }
  throw new Error('expected a DeskError');
}

describe('profiles', () => {
  it('create, list with hasKey and active, update, remove deletes the key', async () => {
    const prod = svc.create({ name: 'Production', baseUrl: 'https://rf.example.org/' });
    const stage = svc.create({ name: 'Staging', baseUrl: 'https://staging.rf.example.org/base/' });
    expect(prod.baseUrl).toBe('https://rf.example.org');
    expect(stage.baseUrl).toBe('https://staging.rf.example.org/base');
    expect(svc.activeId()).toBe(prod.id);
    await svc.setKey(stage.id, `  ${KEY}\n`);
    expect(await secrets.get(secretAccount(stage.id))).toBe(KEY);
    const list = await svc.list();
    expect(list.map((p) => [p.name, p.active, p.hasKey])).toEqual([
      ['Production', true, false],
      ['Staging', false, true],
    ]);
    expect(JSON.stringify(list)).not.toContain(KEY);
    svc.setActive(stage.id);
    const renamed = await svc.update(stage.id, { name: 'Stage', baseUrl: 'https://stage2.example.org' });
    expect(renamed).toMatchObject({ name: 'Stage', baseUrl: 'https://stage2.example.org', lastFeatures: null });
    await svc.remove(stage.id);
    expect(await secrets.get(secretAccount(stage.id))).toBeNull();
    expect(svc.activeId()).toBe(prod.id);
    expect(repo.rows.size).toBe(1);
  });

  it('refuses a duplicate name, an empty name, a bad address and plain http to another computer', async () => {
    svc.create({ name: 'Production', baseUrl: 'https://a.example' });
    expect((await rejects(() => svc.create({ name: 'production', baseUrl: 'https://b.example' }))).code).toBe('conflict');
    expect((await rejects(() => svc.create({ name: ' ', baseUrl: 'https://b.example' }))).field).toBe('name');
    expect((await rejects(() => svc.create({ name: 'X', baseUrl: 'rf.example' }))).field).toBe('baseUrl');
    expect((await rejects(() => svc.create({ name: 'X', baseUrl: 'http://rf.example.org' }))).message).toMatch(/https/);
    expect((await rejects(() => svc.create({ name: 'X', baseUrl: 'https://rf.example.org/?api_key=1' }))).field).toBe('baseUrl');
    expect(normalizeBaseUrl('http://127.0.0.1:4100/')).toBe('http://127.0.0.1:4100');
    expect(normalizeBaseUrl('http://localhost:4100')).toBe('http://localhost:4100');
  });

  it('is the same rule at the router boundary and in the client (one base-URL rule)', () => {
    const save = requests['profiles.save'].input;
    const refused = save.safeParse({ name: 'X', baseUrl: 'http://rf.example.org' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/plain http:\/\/ is allowed only for a service on this computer/);
    expect(save.safeParse({ name: 'X', baseUrl: 'https://rf.example.org/api/' }).success).toBe(true);
    expect(() => new ServiceClient({ baseUrl: 'http://rf.example.org', apiKey: async () => KEY })).toThrow(/https/);
  });

  it('setKey refuses empty keys and keys with spaces; clearKey and hasKey', async () => {
    const p = svc.create({ name: 'P', baseUrl: 'https://a.example' });
    expect((await rejects(svc.setKey(p.id, '  '))).code).toBe('invalid_input');
    expect((await rejects(svc.setKey(p.id, 'ab cd'))).code).toBe('invalid_input');
    await svc.setKey(p.id, KEY);
    expect(await svc.hasKey(p.id)).toBe(true);
    await svc.clearKey(p.id);
    expect(await svc.hasKey(p.id)).toBe(false);
  });

  it('the client reads the key on every call: no key → no_api_key; a new key applies at once', async () => {
    const p = svc.create({ name: 'Local', baseUrl: server.url });
    server.always(reply(200, customFieldsBody));
    expect((await rejects(svc.client().listCustomFields())).code).toBe('no_api_key');
    await svc.setKey(p.id, KEY);
    await svc.client().listCustomFields();
    await svc.setKey(p.id, 'second-key-123');
    await svc.client(p.id).listCustomFields();
    expect(server.seen.map((s) => s.headers['x-apikey'])).toEqual([KEY, 'second-key-123']);
    expect(svc.client(p.id)).toBe(svc.client(p.id));
  });

  it('registerSecret hears every key (for the logger to redact)', async () => {
    const heard: string[] = [];
    const s2 = new ProfilesService({ repo, secrets, registerSecret: (k) => heard.push(k) });
    const p = s2.create({ name: 'P', baseUrl: server.url });
    await s2.setKey(p.id, KEY);
    server.always(reply(200, customFieldsBody));
    await s2.client(p.id).listCustomFields();
    expect(heard).toEqual([KEY, KEY]);
    await s2.close();
  });
});

describe('test connection', () => {
  it('reports per feature: 404 = answers, 403 = not in plan; saves lastFeatures', async () => {
    const p = svc.create({ name: 'Local', baseUrl: server.url });
    await svc.setKey(p.id, KEY);
    server.on(
      reply(200, customFieldsBody),
      reply(404, { detail: 'no group' }),
      reply(403, { error: { code: 'feature_not_in_plan', message: 'nope' } }),
    );
    const r = await svc.testConnection(p.id);
    expect(r.ok).toBe(true);
    expect(r.features).toEqual({ authorsGroups: true, refereeFinder: null, recommendJournals: false });
    expect(r.details.map((d) => d.status)).toEqual(['available', 'unknown', 'not_in_plan']);
    expect(server.seen.map((s) => s.url)).toEqual([
      '/api/external/custom-fields/all/',
      '/api/external/author-from-group/0/__referee-desk-connection-test__/',
      '/api/external/recommend-journals/__referee-desk-connection-test__/',
    ]);
    expect(svc.get(p.id).lastFeatures).toEqual({ authorsGroups: true, refereeFinder: null, recommendJournals: false });
    expect(svc.get(p.id).lastCheckedAt).not.toBeNull();
    const relearned = repo.relearned.length;
    svc.recordFeature(p.id, 'refereeFinder', false);
    expect(svc.get(p.id).lastFeatures?.refereeFinder).toBe(false);
    // Learnt from an answer: written as a value the next answer teaches again (no fsync on core's thread).
    expect(repo.relearned.slice(relearned)).toEqual([p.id]);
  });

  it('Referee finder is learned from real calls: candidates came → available; a 403 upload → not in plan', async () => {
    const p = svc.create({ name: 'Local', baseUrl: server.url });
    await svc.setKey(p.id, KEY);
    const probes = () => [reply(200, customFieldsBody), reply(404, { detail: 'no author' }), reply(404, { detail: 'no manuscript' })];
    const form = { folder: 'F', origin_id: 'o', title: 't', abstract: 'a', authors_count: 0, authors: [] };
    // An upload without candidates (exclude_candidates) teaches nothing.
    server.on(reply(200, { ...uploadBody, candidates: null }), ...probes());
    await svc.client(p.id).uploadManuscript({ fields: { ...form, exclude_candidates: true } });
    expect((await svc.testConnection(p.id)).features.refereeFinder).toBeNull();
    server.on(reply(200, uploadBody), ...probes());
    await svc.client(p.id).uploadManuscript({ fields: form });
    const after = await svc.testConnection(p.id);
    expect(after.features.refereeFinder).toBe(true);
    expect(after.details.find((d) => d.feature === 'refereeFinder')).toMatchObject({
      status: 'available',
      note: 'an upload brought candidates',
    });
    server.on(reply(403, { error: { code: 'feature_not_in_plan', message: 'no' } }), ...probes());
    await expect(svc.client(p.id).uploadManuscript({ fields: form })).rejects.toMatchObject({ code: 'feature_not_in_plan' });
    expect((await svc.testConnection(p.id)).details.find((d) => d.feature === 'refereeFinder')?.status).toBe('not_in_plan');
  });

  it('a wrong key: ok false with unauthorized, nothing else probed, no retry', async () => {
    const p = svc.create({ name: 'Local', baseUrl: server.url });
    await svc.setKey(p.id, KEY);
    server.always(reply(401, { detail: 'bad key' }));
    const r = await svc.testConnection(p.id);
    expect(r).toMatchObject({
      ok: false,
      error: { code: 'unauthorized' },
      features: { authorsGroups: null, refereeFinder: null, recommendJournals: null },
    });
    expect(server.seen).toHaveLength(1);
  });

  it('unreachable: offline, one attempt', async () => {
    const port = new URL(server.url).port;
    const p = svc.create({ name: 'Gone', baseUrl: `http://127.0.0.1:${port}` });
    await svc.setKey(p.id, KEY);
    await server.close();
    const r = await svc.testConnection(p.id);
    expect(r.error?.code).toBe('offline');
    server = await ScriptedServer.start();
  });

  it('no key: no_api_key without a request', async () => {
    const p = svc.create({ name: 'Local', baseUrl: server.url });
    expect((await svc.testConnection(p.id)).error?.code).toBe('no_api_key');
    expect(server.seen).toHaveLength(0);
  });
});

describe('demo profile', () => {
  it('first start: starts the demo, creates an active demo profile with its key', async () => {
    let started = 0;
    const start = async () => {
      started++;
      return { baseUrl: `http://127.0.0.1:${4000 + started}`, apiKey: `demo-key-${started}` };
    };
    const logger = new MemoryLogger();
    const s = new ProfilesService({ repo, secrets, logger, newId: () => 'demo1' });
    const p = await s.ensureDemoProfile(start);
    expect(p).toMatchObject({ name: 'Local demo', kind: 'demo', baseUrl: 'http://127.0.0.1:4001' });
    expect(s.activeId()).toBe('demo1');
    expect(await secrets.get(secretAccount('demo1'))).toBe('demo-key-1');
    // next start: the demo runs on another port with another key; the profile follows
    const again = await s.ensureDemoProfile(start);
    expect(again?.baseUrl).toBe('http://127.0.0.1:4002');
    expect(await secrets.get(secretAccount('demo1'))).toBe('demo-key-2');
    expect(repo.rows.size).toBe(1);
    expect(logger.text()).not.toContain('demo-key');
    await s.close();
  });

  it('with only remote profiles: does not start the demo', async () => {
    svc.create({ name: 'Production', baseUrl: 'https://rf.example.org' });
    let started = false;
    expect(
      await svc.ensureDemoProfile(async () => {
        started = true;
        return { baseUrl: 'http://127.0.0.1:1', apiKey: 'x' };
      }),
    ).toBeNull();
    expect(started).toBe(false);
  });
});
