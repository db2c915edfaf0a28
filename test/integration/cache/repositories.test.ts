import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { candidateBaseShape, type WebhookCandidate } from '../../../electron/common/service';
import type { Cache } from '../../../electron/core/cache';
import { RANK_LIMIT } from '../../../electron/core/cache/search';
import { addProfile, candidate, form, ManualClock, profileCache, range, response } from './fixtures';

let cache: Cache;
let clock: ManualClock;
let close: () => void;
const P = 'prof-1';

beforeEach(() => {
  clock = new ManualClock();
  ({ cache, close } = profileCache({ clock, profileId: P, name: 'Production' }));
});
afterEach(() => close());

const marked = (authorId: number): WebhookCandidate => {
  const {
    coauth_conflicts: _a,
    aff_conflicts: _b,
    retracted_articles: _c,
    referenced_articles: _d,
    external_coi: _e,
    ...base
  } = candidate(authorId, 0);
  return { ...base, marked: true, marked_by: 'editor@example.org' };
};

describe('profiles repository', () => {
  it('lists, updates, keeps the active id and forgets it on removal (cascading the profile data)', () => {
    const features = { authorsGroups: true, refereeFinder: true, recommendJournals: false };
    addProfile(cache, 'p2', 'Demo', {
      baseUrl: 'http://127.0.0.1:1',
      kind: 'demo',
      createdAt: 2,
      lastCheckedAt: 5,
      lastFeatures: features,
    });
    expect(cache.profiles.list().map((p) => p.name)).toEqual(['Production', 'Demo']);
    expect(cache.profiles.get('p2')?.lastFeatures).toEqual(features);
    cache.profiles.setActiveId('p2');
    expect(cache.profiles.getActiveId()).toBe('p2');
    cache.runs.recordUploadRun('p2', { form: form('o1') }, response(1, 'o1', [1, 2]));
    cache.profiles.remove('p2');
    expect(cache.profiles.getActiveId()).toBeNull();
    expect(cache.db.prepare('SELECT count(*) AS n FROM candidates').get()).toEqual({ n: 0 });
    expect(cache.profiles.get('p2')).toBeUndefined();
  });

  it('a value the service teaches again (relearned) commits without waiting for the disk; other writes wait for it', () => {
    const pragma = vi.spyOn(cache.db, 'pragma');
    const relaxed = () => pragma.mock.calls.filter(([p]) => p === 'synchronous = NORMAL').length;
    const p = cache.profiles.list()[0]!;
    const lastFeatures = { authorsGroups: null, refereeFinder: true, recommendJournals: null };
    cache.profiles.upsert({ ...p, lastFeatures }, { relearned: true });
    expect(relaxed()).toBe(1);
    expect(cache.profiles.get(p.id)?.lastFeatures).toEqual(lastFeatures);
    expect(cache.db.pragma('synchronous', { simple: true })).toBe(2); // FULL again after it
    cache.profiles.upsert({ ...p, name: 'Renamed' });
    expect(relaxed()).toBe(1);
    expect(cache.profiles.get(p.id)?.name).toBe('Renamed');
  });
});

describe('recordUploadRun', () => {
  it('stores a whole v6 response with raw JSON beside the parsed rows', () => {
    const res = response(77, 'o1', range(1, 500), {
      authors_groups_settings: { authors_groups: [{ id: 3, name: 'Panel', label: null }], effect: 'boost', boost_multiplier: 1.5 },
    });
    const raw = { ...res, unknown_top: 'kept', candidates: res.candidates!.map((c) => ({ ...c, future_field: 42 })) };
    const rec = cache.runs.recordUploadRun(
      P,
      { form: form('o1'), file: { name: 'p.pdf', size: 10, sha256: 'ab', path: '/data/p.pdf' } },
      res,
      raw,
    );
    expect(rec).toMatchObject({ seq: 1, candidatesCount: 500, parkedMarks: null });
    const ms = cache.manuscripts.get(P, 'o1')!;
    expect(ms).toMatchObject({
      serviceId: 77,
      folder: 'JOURNAL-A',
      syncState: 'synced',
      lastRunId: rec.runId,
      file: { name: 'p.pdf', sha256: 'ab' },
    });
    const [run] = cache.manuscripts.runs(ms.id);
    expect(run).toMatchObject({
      responseVersion: 6,
      candidatesCount: 500,
      authorsGroupsSettings: { effect: 'boost', boost_multiplier: 1.5 },
    });
    expect(run!.debugInfo).toMatchObject({ parsed_references: 40 });
    expect(cache.manuscripts.runRaw(rec.runId)).toMatchObject({ unknown_top: 'kept', candidates: { count: 500 } });
    const first = cache.candidates.ofRun(rec.runId)[0]!;
    expect(first).toMatchObject({ rank: 0, authorId: 1, hIndex: 1, conflicts: { coauth_conflicts: false, external_coi: false } });
    expect(cache.candidates.raw(first.id)).toMatchObject({ future_field: 42, author_id: 1 });
  });

  it("reads every field of the service's candidate back under its camelCase key (CandidateRow derives from candidateBaseShape)", () => {
    const c = candidate(35, 0, {
      middle_name: 'Augusta',
      suffix: 'Jr.',
      orcid: '0000-0002-1825-0097',
      authors_groups: [{ group_id: 4, client_id: 'g-4' }],
      marked: true,
    });
    const rec = cache.runs.recordUploadRun(P, { form: form('o1') }, response(1, 'o1', [35], { candidates: [c] }));
    const row = cache.candidates.ofRun(rec.runId)[0]! as unknown as Record<string, unknown>;
    const camel = (k: string) => k.replace(/_(\w)/g, (_, ch: string) => ch.toUpperCase());
    const fields = Object.keys(candidateBaseShape);
    expect(fields.length).toBeGreaterThan(15);
    for (const k of fields) expect([k, row[camel(k)]]).toEqual([k, c[k as keyof typeof c]]);
    expect(row).toMatchObject({ rank: 0, runId: rec.runId, conflictCount: 2, conflicts: { coauth_conflicts: true, aff_conflicts: true } });
  });

  it('keeps pre-v6 conflict flags as unknown (null), not as "no conflict"', () => {
    const res = response(1, 'o1', [5], { version: 5 });
    const c = res.candidates![0]!;
    delete c.coauth_conflicts;
    const rec = cache.runs.recordUploadRun(P, { form: form('o1') }, res);
    expect(cache.candidates.ofRun(rec.runId)[0]!.conflicts.coauth_conflicts).toBeNull();
  });

  it('an upload with excluded candidates records a run with no candidates', () => {
    const rec = cache.runs.recordUploadRun(
      P,
      { form: form('o1', { exclude_candidates: true }) },
      response(1, 'o1', [], { candidates: null }),
    );
    expect(rec.candidatesCount).toBeNull();
    expect(cache.candidates.ofRun(rec.runId)).toEqual([]);
  });

  it('a second upload of the same origin_id is a new run of the same manuscript; a folder change moves it', () => {
    const a = cache.runs.recordUploadRun(P, { form: form('o1') }, response(9, 'o1', [1, 2, 3]));
    clock.advance(1000);
    const b = cache.runs.recordUploadRun(P, { form: form('o1', { folder: 'PANEL-B' }) }, response(9, 'o1', [2, 1, 4]));
    expect(b.manuscriptId).toBe(a.manuscriptId);
    expect(b.seq).toBe(2);
    expect(cache.manuscripts.get(P, 'o1')!.folder).toBe('PANEL-B');
    expect(cache.manuscripts.listFolders(P).map((f) => [f.name, f.manuscriptsCount])).toEqual([
      ['JOURNAL-A', 0],
      ['PANEL-B', 1],
    ]);
    const cmp = cache.candidates.compareRuns(a.runId, b.runId);
    expect(cmp.added.map((c) => c.authorId)).toEqual([4]);
    expect(cmp.dropped.map((c) => c.authorId)).toEqual([3]);
    expect(cmp.moved.map((m) => [m.authorId, m.fromRank, m.toRank, m.delta])).toEqual([
      [2, 1, 0, 1],
      [1, 0, 1, -1],
    ]);
  });
});

describe('candidate queries', () => {
  let runId: number;
  beforeEach(() => {
    runId = cache.runs.recordUploadRun(P, { form: form('o1') }, response(1, 'o1', range(1, 200))).runId;
  });

  it('filters by h-index, conflicts and email, sorts by h-index then conflicts, paginates', () => {
    const page = cache.candidates.query(runId, {
      minHIndex: 20,
      conflicts: 'none',
      hasEmail: true,
      sort: [{ by: 'hIndex', dir: 'desc' }, { by: 'conflicts' }],
      limit: 10,
      offset: 5,
    });
    const all = cache.candidates.ofRun(runId).filter((c) => (c.hIndex ?? 0) >= 20 && c.conflictMask === 0 && c.email !== null);
    expect(page.total).toBe(all.length);
    expect(page.rows).toHaveLength(10);
    const expected = [...all].sort((x, y) => (y.hIndex ?? 0) - (x.hIndex ?? 0) || x.rank - y.rank).slice(5, 15);
    expect(page.rows.map((r) => r.authorId)).toEqual(expected.map((r) => r.authorId));
  });

  it('filters by article and citation ranges and by authors-group membership', () => {
    const ids = range(1, 40);
    const cands = ids.map((id, rank) =>
      candidate(id, rank, {
        authors_groups: id % 4 === 0 ? [{ group_id: 7, client_id: 'p1' }] : id % 10 === 1 ? [{ group_id: 9, client_id: null }] : [],
      }),
    );
    const run = cache.runs.recordUploadRun(P, { form: form('g1') }, response(2, 'g1', ids, { candidates: cands })).runId;
    const all = cache.candidates.ofRun(run);
    const q = (query: Parameters<typeof cache.candidates.query>[1]) => cache.candidates.query(run, query).rows.map((r) => r.authorId);
    expect(q({ minArticles: 30, maxArticles: 40 })).toEqual(
      all.filter((c) => c.articlesCount! >= 30 && c.articlesCount! <= 40).map((c) => c.authorId),
    );
    expect(q({ minCitations: 120, maxCitations: 125 })).toEqual([20, 21, 22, 23, 24, 25]);
    expect(q({ inGroup: true })).toEqual([1, 4, 8, 11, 12, 16, 20, 21, 24, 28, 31, 32, 36, 40]);
    expect(q({ inGroup: false })).toHaveLength(40 - 14);
    expect(q({ groupId: 9 })).toEqual([1, 11, 21, 31]);
    expect(q({ groupId: 7, minCitations: 130 })).toEqual([32, 36, 40]);
    expect(cache.manuscripts.run(run)!.groupIds).toEqual([7, 9]);
  });

  it('excludes chosen conflict kinds, filters marked and free text', () => {
    const noCoauth = cache.candidates.query(runId, { withoutConflicts: ['coauth_conflicts'] });
    expect(noCoauth.rows.every((r) => r.conflicts.coauth_conflicts === false)).toBe(true);
    expect(noCoauth.total).toBe(200 - 40);
    expect(cache.candidates.query(runId, { marked: true }).total).toBe(0);
    expect(cache.candidates.query(runId, { text: 'lovelace199' }).rows.map((r) => r.authorId)).toEqual([199]);
    expect(cache.candidates.query(runId, { text: '50%_' }).total).toBe(0);
  });
});

describe('authors across manuscripts and search', () => {
  it('counts suggestions per distinct manuscript and marks per manuscript', () => {
    cache.runs.recordUploadRun(P, { form: form('o1') }, response(1, 'o1', [1, 2]));
    cache.runs.recordUploadRun(P, { form: form('o1') }, response(1, 'o1', [1, 2]));
    cache.runs.recordUploadRun(P, { form: form('o2') }, response(2, 'o2', [1, 3]));
    expect(cache.authors.get(P, 1)?.suggestionsCount).toBe(2);
    expect(cache.authors.get(P, 2)?.suggestionsCount).toBe(1);
    cache.marks.applyMarks(P, { manuscriptId: 2, originId: 'o2', order: 1, candidates: [marked(1)] });
    const h = cache.authors.history(P, 1)!;
    expect(h.marksCount).toBe(1);
    expect(h.manuscripts.map((m) => [m.originId, m.marked]).sort()).toEqual([
      ['o1', false],
      ['o2', true],
    ]);
    expect(cache.authors.top(P, { limit: 1 })[0]!.authorId).toBe(1);
  });

  it('finds manuscripts, candidate authors and group authors by prefix, ignoring accents and operators', () => {
    cache.runs.recordUploadRun(P, { form: form('o1', { title: 'Graphene superconductivity' }) }, response(1, 'o1', [2]));
    cache.runs.recordUploadRun(P, { form: form('o2') }, response(2, 'o2', [3]));
    expect(cache.search.manuscripts(P, 'graph').map((h) => h.title)).toEqual(['Graphene superconductivity']);
    expect(cache.search.manuscripts(P, 'hopper').length).toBe(2);
    expect(cache.search.manuscripts(P, '"OR NEAR(')).toEqual([]);
    expect(cache.search.manuscripts('other-profile', 'graph')).toEqual([]);
    expect(cache.search.authors(P, 'zurich').map((a) => a.authorId)).toEqual([3]);
    expect(cache.search.authors(P, 'oxford protein').map((a) => a.authorId)).toEqual([2]);
    const g = cache.groups.addExisting(P, 12, 'Panel');
    cache.groups.applyPut(g.id, 'c1', { name: 'Émile Borel', affiliations: ['Sorbonne'] }, 'synced');
    expect(cache.search.groupAuthors(P, 'emile sorb')).toEqual([{ groupId: g.id, clientId: 'c1', name: 'Émile Borel' }]);
  });

  it('lists the newest matches of a query too broad to rank', () => {
    cache.runs.recordUploadRun(P, { form: form('o1') }, response(1, 'o1', range(1, RANK_LIMIT + 100)));
    expect(cache.search.authors(P, 'lovelace', 3).map((a) => a.authorId)).toEqual([RANK_LIMIT + 100, RANK_LIMIT + 99, RANK_LIMIT + 98]);
    expect(
      cache.search
        .authors(P, 'lovelace42')
        .map((a) => a.authorId)
        .sort((x, y) => x - y),
    ).toEqual([42, ...range(420, 10)]);
  });
});

describe('webhook marks', () => {
  it('replaces the marked set, ignores a non-newer order', () => {
    const rec = cache.runs.recordUploadRun(P, { form: form('o1') }, response(10, 'o1', [1, 2, 3]));
    expect(cache.marks.applyMarks(P, { manuscriptId: 10, originId: 'o1', order: 5, candidates: [marked(1), marked(2)] })).toBe('applied');
    expect(cache.candidates.query(rec.runId, { marked: true }).rows.map((c) => c.authorId)).toEqual([1, 2]);
    expect(cache.marks.applyMarks(P, { manuscriptId: 10, originId: 'o1', order: 4, candidates: [] })).toBe('stale');
    expect(cache.marks.applyMarks(P, { manuscriptId: 10, originId: 'o1', order: 5, candidates: [] })).toBe('stale');
    expect(cache.marks.markedAuthorIds(rec.manuscriptId).sort()).toEqual([1, 2]);
    expect(cache.marks.applyMarks(P, { manuscriptId: 10, originId: 'o1', order: 6, candidates: [marked(3)] })).toBe('applied');
    expect(cache.candidates.query(rec.runId, { marked: true }).rows.map((c) => c.authorId)).toEqual([3]);
    expect(cache.authors.get(P, 1)!.marksCount).toBe(0);
    expect(cache.manuscripts.get(P, 'o1')!.marksOrder).toBe(6);
  });

  it('parks events for an unknown manuscript and applies the newest one when it appears; never stores api_key', () => {
    expect(
      cache.marks.applyMarks(P, {
        manuscriptId: 20,
        originId: 'o9',
        order: 2,
        candidates: [marked(1)],
        payload: { api_key: 'SECRET', order: 2 },
      }),
    ).toBe('parked');
    const body = {
      action: 'mark_as_proposal_referee',
      order: 3,
      timestamp: 1,
      payload: { version: 5, manuscript_id: 20, origin_id: 'o9', candidates: [marked(2)] },
    };
    expect(cache.marks.applyMarks(P, { manuscriptId: 20, originId: 'o9', order: 3, candidates: [marked(2)], payload: body })).toBe(
      'parked',
    );
    const rec = cache.runs.recordUploadRun(P, { form: form('o9') }, response(20, 'o9', [1, 2]));
    expect(rec.parkedMarks).toBe('applied');
    expect(cache.candidates.query(rec.runId, { marked: true }).rows.map((c) => c.authorId)).toEqual([2]);
    const events = cache.db
      .prepare<[], { outcome: string; payload_json: string }>('SELECT outcome, payload_json FROM webhook_events ORDER BY id')
      .all();
    expect(events.map((e) => e.outcome)).toEqual(['stale', 'applied']);
    expect(events.some((e) => e.payload_json.includes('SECRET'))).toBe(false);
  });
});

describe('groups, custom fields, journals', () => {
  it('keeps created and added groups with their authors; a partial update keeps other fields', () => {
    const local = cache.groups.createLocal(P, { group_name: 'Reviewers', owner_team: 'Ed', editor_teams: [], viewer_teams: ['V'] });
    expect(local).toMatchObject({ serviceId: null, syncState: 'pending', origin: 'created', viewerTeams: ['V'] });
    cache.groups.applyPut(local.id, 'a1', { name: 'N', emails: ['n@x'], customFields: { f1: 3 } }, 'pending');
    cache.groups.applyPatch(local.id, 'a1', { orcids: ['0000-0001'], customFields: { f2: 'x' } }, 'pending');
    expect(cache.groups.author(local.id, 'a1')).toMatchObject({
      name: 'N',
      emails: ['n@x'],
      orcids: ['0000-0001'],
      customFields: { f1: 3, f2: 'x' },
    });
    cache.groups.setServiceId(local.id, 555);
    expect(cache.groups.getByServiceId(P, 555)?.id).toBe(local.id);
    const raw = {
      name: 'N',
      emails: null,
      orcids: null,
      articles: null,
      affiliations: null,
      'uuid-1': 2,
      author: { id: 9, prophy_url: 'u', name: 'N', articles_count: 1, h_index: 2, last_articles: [] },
    };
    cache.groups.saveFromService(local.id, 'a1', raw, raw);
    expect(cache.groups.author(local.id, 'a1')).toMatchObject({
      syncState: 'synced',
      customFields: { 'uuid-1': 2 },
      linkedAuthor: { id: 9 },
    });
    expect(cache.groups.addExisting(P, 555).id).toBe(local.id);
    expect(cache.groups.list(P)).toHaveLength(1);
  });

  it('replaces custom fields per listing and stores journal recommendations per corpus', () => {
    cache.customFields.replace(P, {
      author_from_group: [
        { api_id: 'u1', data_kind: 'single_option', name: 'Tier', description: null, options: [{ api_id: 'o1', option: 'Gold' }] },
      ],
      folder: [],
      proposal: [{ api_id: 'u2', data_kind: 'str', name: 'Note', description: 'd' }],
    });
    expect(cache.customFields.list(P).map((f) => [f.scope, f.apiId])).toEqual([
      ['author_from_group', 'u1'],
      ['proposal', 'u2'],
    ]);
    expect(cache.customFields.list(P, 'author_from_group')[0]!.options).toEqual([{ api_id: 'o1', option: 'Gold' }]);
    const ms = cache.runs.recordUploadRun(P, { form: form('o1') }, response(1, 'o1', [1]));
    const journals = {
      recommended_journals: [
        {
          id: 4,
          title: 'J',
          score: 0.9,
          publisher_name: null,
          folder_id: null,
          folder_name: null,
          relevant_articles: [{ id: 1, title: 'A', year: 2020 }],
        },
      ],
    };
    cache.journals.save(ms.manuscriptId, 'org_journals', journals, journals);
    expect(cache.journals.get(ms.manuscriptId, 'org_journals')!.journals[0]).toMatchObject({
      journalId: 4,
      relevantArticles: [{ year: 2020 }],
    });
    expect(cache.journals.get(ms.manuscriptId, 'all_journals')).toBeUndefined();
  });
});
