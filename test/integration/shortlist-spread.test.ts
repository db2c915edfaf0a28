// A shortlist's spread (shortlist.spread) and the candidate filters by country and region
// (candidates.query), through core.router on a real cache file. No service: the profile points at
// a closed port and the run is recorded straight into the cache.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShortlistSpread } from '../../electron/common/domain/spread';
import type { CandidatePage, ProfilesState } from '../../electron/common/shapes';
import { createCore, type Core } from '../../electron/core/composition';
import { candidate, form, response } from './cache/fixtures';
import { MemoryLogger, MemorySecrets } from '../support/fakes';

let core: Core;
let dataDir = '';
let manuscriptId = 0;
let runId = 0;

const handle = (channel: string, input: unknown) => core.router.handle(channel, input, { transport: 'test' });
async function call<T>(channel: string, input: unknown): Promise<T> {
  const env = await handle(channel, input);
  if (!env.ok) throw Object.assign(new Error(env.error.message), { code: env.error.code });
  return env.value as T;
}

const PEOPLE: Array<[number, string | null, number | null, boolean]> = [
  // author id, affiliation, h-index, the service's shared-affiliation flag
  [1, 'Department of Physics, University of Oxford, Oxford OX1 3PU, UK', 41, false],
  [2, 'Sorbonne Université, Paris, France', 12, false],
  [3, 'CNRS, Grenoble, France', 4, false],
  [4, 'University of Tokyo, Tokyo 113-8654, Japan', 18, true],
  [5, 'Independent researcher', null, false],
  [6, 'Los Alamos National Laboratory, Los Alamos, New Mexico', 33, false],
  [7, 'Universidad Nacional Autónoma de México, Ciudad de México, México', 9, false],
  [8, 'Tsinghua University, Beijing 100084, P.R. China', 25, false],
];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'desk-spread-'));
  core = await createCore({ appVersion: 'test', dataDir, host: 'electron', secrets: new MemorySecrets(), logger: new MemoryLogger() });
  const state = await call<ProfilesState>('profiles.save', { name: 'Journal', baseUrl: 'http://127.0.0.1:9' });
  await call('profiles.activate', { id: state.profiles[0]!.id });
  const authors = [
    { name: 'Grace Hopper', aff: 'Clarendon Laboratory, University of Oxford, Oxford, United Kingdom' },
    { name: 'Ada Byron', aff: 'Universität Wien, Vienna, Austria' },
    { name: 'Alan Turing' },
  ];
  const candidates = PEOPLE.map(([id, affiliation, hIndex, flag], rank) =>
    candidate(id, rank, { affiliation, hIndex: hIndex ?? undefined, aff_conflicts: { exists: flag }, coauth_conflicts: { exists: false } }),
  );
  const run = core.cache.runs.recordUploadRun(
    state.profiles[0]!.id,
    { form: form('o1', { authors, authors_count: 3 }) },
    response(
      77,
      'o1',
      PEOPLE.map(([id]) => id),
      { candidates },
    ),
  );
  manuscriptId = run.manuscriptId;
  runId = run.runId;
});
afterAll(async () => {
  await core?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('shortlist.spread', () => {
  it('is empty for an empty shortlist', async () => {
    const s = await call<ShortlistSpread>('shortlist.spread', { manuscriptId });
    expect(s).toMatchObject({ people: 0, countries: [], regions: [], unknownCountry: 0, sharesCountry: 0, sharesInstitution: 0 });
    expect(s.authorCountries).toEqual(['AT', 'GB']);
  });

  it('counts countries, regions, career bands and what the shortlist shares with the authors', async () => {
    await call('shortlist.add', { manuscriptId, authorIds: [1, 2, 3, 4, 5, 6] });
    const s = await call<ShortlistSpread>('shortlist.spread', { manuscriptId });
    expect(s.people).toBe(6);
    expect(s.countries.map((c) => [c.code, c.count])).toEqual([
      ['FR', 2],
      ['JP', 1],
      ['GB', 1],
      ['US', 1],
    ]);
    expect(s.regions).toEqual([
      { name: 'Western Europe', count: 2 },
      { name: 'Eastern Asia', count: 1 },
      { name: 'Northern America', count: 1 },
      { name: 'Northern Europe', count: 1 },
    ]);
    expect(s.unknownCountry).toBe(1);
    expect(s.bands).toEqual({ early: 1, mid: 2, senior: 2, unknown: 1 });
    // Oxford by its name in both affiliations; Tokyo as the service flagged it.
    expect(s.sharesInstitution).toBe(2);
    expect(s.sharesCountry).toBe(1);
  });

  it('leaves out who declined', async () => {
    await call('shortlist.setStatus', { manuscriptId, authorId: 2, status: 'invited' });
    await call('shortlist.decline', { manuscriptId, authorId: 2, reason: 'too_busy' });
    const s = await call<ShortlistSpread>('shortlist.spread', { manuscriptId });
    expect(s.people).toBe(5);
    expect(s.countries.find((c) => c.code === 'FR')?.count).toBe(1);
  });

  it('refuses a manuscript that is not in the cache', async () => {
    expect(await handle('shortlist.spread', { manuscriptId: 999_999 })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await handle('shortlist.spread', { manuscriptId: 'x' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});

describe('candidates.query by country and region', () => {
  const ids = async (query: object) => (await call<CandidatePage>('candidates.query', { runId, query })).rows.map((c) => c.authorId);

  it('keeps only the countries and regions asked for (an unknown country is left out)', async () => {
    expect(await ids({ includeCountries: ['FR'] })).toEqual([2, 3]);
    expect(await ids({ includeRegions: ['Western Europe'] })).toEqual([2, 3]);
    expect(await ids({ includeCountries: ['JP'], includeRegions: ['Western Europe'] })).toEqual([2, 3, 4]);
    // New Mexico is in the United States, México is Mexico: both in the Americas, neither in Western Europe.
    expect(await ids({ includeRegions: ['Americas'] })).toEqual([6, 7]);
    expect(await ids({ includeCountries: ['MX'] })).toEqual([7]);
    const page = await call<CandidatePage>('candidates.query', { runId, query: { includeRegions: ['Asia'], limit: 1 } });
    expect(page.total).toBe(2);
    expect(page.rows.map((c) => c.authorId)).toEqual([4]);
  });

  it('leaves out the countries and regions excluded (an unknown country stays)', async () => {
    expect(await ids({ excludeCountries: ['FR', 'GB'] })).toEqual([4, 5, 6, 7, 8]);
    expect(await ids({ excludeRegions: ['Europe', 'Eastern Asia'] })).toEqual([5, 6, 7]);
    expect(await ids({ includeRegions: ['Europe'], excludeCountries: ['GB'] })).toEqual([2, 3]);
  });

  it('refuses a country or region it does not know, and too long a list', async () => {
    expect(await handle('candidates.query', { runId, query: { includeCountries: ['ZZ'] } })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringMatching(/not in the list of known countries/) },
    });
    expect(await handle('candidates.query', { runId, query: { excludeRegions: ['Atlantis'] } })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringMatching(/not in the list of known regions/) },
    });
    expect(await handle('candidates.query', { runId, query: { includeCountries: Array(400).fill('FR') } })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });
});
