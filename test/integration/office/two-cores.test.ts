// Two editors' cores (two data folders, each with its demo service of the same corpus, so the same
// author ids) on one PostgreSQL office: linked through office.link, Ann's invitation reaches Bob's
// load badges, candidates' warnings and Reviewers counts; Bob's offline writes are pushed when the
// office is back; a wrong password links nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CandidateLoadRow,
  CandidatePage,
  LedgerPage,
  ManuscriptRow,
  OfficeCheck,
  OfficeStatusView,
  RunRow,
  ShortlistEntryRow,
} from '../../../electron/common/shapes';
import type { CoreWithService } from '../../support/core-with-service';
import { twoCoresOffice, type TwoCoresOffice } from '../../support/office';
import type { TcpRelay } from '../../support/tcp-relay';
import { pgAvailable, PG_MISSING } from '../../support/pg-cluster';

if (!pgAvailable()) console.warn(`office, two cores: skipped, ${PG_MISSING}`);

const PW = { ann: 'ann-password-1', bob: 'bob-password-1' };

async function until<T>(what: string, fn: () => Promise<T | undefined>, ms = 5_000): Promise<{ value: T; after: number }> {
  const t0 = Date.now();
  for (;;) {
    const v = await fn();
    if (v !== undefined) return { value: v, after: Date.now() - t0 };
    if (Date.now() - t0 > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(!pgAvailable())('one office, two cores', () => {
  let office: TwoCoresOffice;
  let relay: TcpRelay;
  let url: string;
  let ann: CoreWithService;
  let bob: CoreWithService;

  const upload = async (t: CoreWithService, originId: string, title: string) => {
    const m = await t.call<ManuscriptRow>('manuscripts.upload', {
      form: {
        folder: 'DEMO',
        origin_id: originId,
        title,
        abstract: 'Deep learning for protein structure prediction.',
        authors_count: 0,
        authors: [],
      },
    });
    await t.core.workspace()!.sync.syncNow();
    const runs = (await t.call<{ runs: RunRow[] }>('manuscripts.get', { id: m.id })).runs;
    return { manuscript: m, runId: runs.at(-1)!.id };
  };

  beforeAll(async () => {
    office = await twoCoresOffice(PW, 'office');
    ({ relay, url, ann, bob } = office);
  }, 60_000);
  afterAll(() => office?.stop());

  it('a wrong password links nothing and says so', async () => {
    const check = await ann.call<OfficeCheck>('office.link', { url, login: 'ann', password: 'not it' });
    expect(check).toMatchObject({ ok: false, reason: 'wrong_password' });
    expect(await ann.call<OfficeStatusView | null>('office.status', {})).toBeNull();
  });

  it('Ann’s invitation shows in Bob’s candidates, load badges and Reviewers view', async () => {
    expect(await ann.call<OfficeCheck>('office.link', { url, login: 'ann', password: PW.ann })).toMatchObject({
      ok: true,
      folders: ['DEMO'],
    });
    expect(await bob.call<OfficeCheck>('office.link', { url, login: 'bob', password: PW.bob })).toMatchObject({ ok: true });
    const a = await upload(ann, 'office-ann-1', 'Protein folding with attention');
    const b = await upload(bob, 'office-bob-1', 'Attention models of protein structure');
    const inB = new Set(
      (await bob.call<CandidatePage>('candidates.query', { runId: b.runId, query: { limit: 100 } })).rows.map((c) => c.authorId),
    );
    const shared = (await ann.call<CandidatePage>('candidates.query', { runId: a.runId, query: { limit: 100 } })).rows.find((c) =>
      inB.has(c.authorId),
    );
    expect(shared).toBeDefined();
    const person = shared!.authorId;

    await ann.call<ShortlistEntryRow[]>('shortlist.add', { manuscriptId: a.manuscript.id, authorIds: [person] });
    await ann.call('shortlist.setStatus', { manuscriptId: a.manuscript.id, authorId: person, status: 'invited' });
    const seen = await until('Bob sees Ann’s invitation', async () => {
      const loads = await bob.call<CandidateLoadRow[]>('ledger.loads', { runId: b.runId });
      const row = loads.find((l) => l.authorId === person);
      return row && row.colleagues.length > 0 ? row : undefined;
    });
    expect(seen.value).toMatchObject({ invitedRecent: 1, colleagues: [{ editor: 'ann', title: 'Protein folding with attention' }] });
    console.info(`office, two cores: Bob saw Ann's invitation ${seen.after} ms after it was made`);
    const reviewers = await bob.call<LedgerPage>('ledger.query', { text: shared!.name });
    expect(reviewers.rows.find((r) => r.personId === seen.value.personId)).toMatchObject({ invited: 1 });
    expect(bob.core.status.get().office).toMatchObject({ state: 'in_step', waiting: 0, message: 'Office: in step' });
  });

  it('Bob’s writes made while the office is down wait, then reach Ann', async () => {
    const b = await upload(bob, 'office-bob-2', 'Protein design offline');
    const people = (await bob.call<CandidatePage>('candidates.query', { runId: b.runId, query: { limit: 3 } })).rows.map((c) => c.authorId);
    // His upload (shared with the office) is in before the office goes: what waits below is what he did offline.
    await bob.call('office.syncNow', {});
    await until('Bob’s upload is in the office', async () => (bob.core.status.get().office?.waiting === 0 ? true : undefined), 30_000);
    await relay.down();
    await bob.call('shortlist.add', { manuscriptId: b.manuscript.id, authorIds: people });
    for (const p of people) await bob.call('shortlist.setStatus', { manuscriptId: b.manuscript.id, authorId: p, status: 'invited' });
    await until('Bob is offline', async () => (bob.core.status.get().office?.state === 'offline' ? true : undefined));
    expect(bob.core.status.get().office).toMatchObject({ waiting: 3, message: 'Office: offline — 3 changes waiting' });
    await relay.up();
    await bob.call('office.syncNow', {});
    await until('Bob’s changes are in the office', async () => (bob.core.status.get().office?.waiting === 0 ? true : undefined), 30_000);
    await ann.call('office.syncNow', {});
    const pid = ann.core.profiles.activeId()!;
    const byBob = ann.core.cache.office
      .colleagueInvites(pid, 'ann', people)
      .filter((i) => i.editor === 'bob' && i.originId === 'office-bob-2');
    expect(byBob.map((i) => i.authorId).sort()).toEqual([...people].sort());
    for (const p of people) expect(ann.core.cache.ledger.get(ann.core.cache.ledger.personOf(p)!)!.invited).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it('Ann’s upload reaches Bob with its candidates after one sync; he shortlists from it offline; uploading it himself asks first', async () => {
    const a = await upload(ann, 'office-ann-shared', 'Shared attention manuscript');
    const annRows = (await ann.call<CandidatePage>('candidates.query', { runId: a.runId, query: { limit: 100 } })).rows;
    await until('Ann’s run is in the office', async () => (ann.core.status.get().office?.waiting === 0 ? true : undefined), 30_000);
    await bob.call('office.syncNow', {});
    const m = await until('Bob has Ann’s manuscript', async () =>
      (await bob.call<ManuscriptRow[]>('manuscripts.list', {})).find((x) => x.originId === 'office-ann-shared'),
    );
    expect(m.value).toMatchObject({ uploadedBy: 'ann', title: 'Shared attention manuscript', file: null, syncState: 'synced' });
    console.info(`office, two cores: Bob had Ann's manuscript ${m.after} ms after his sync began`);

    // The office off the network: Bob's copy is his to read and shortlist from.
    await relay.down();
    const runs = (await bob.call<{ runs: RunRow[] }>('manuscripts.get', { id: m.value.id })).runs;
    expect(runs).toEqual([expect.objectContaining({ uploadedBy: 'ann', candidatesCount: annRows.length })]);
    const bobRows = (await bob.call<CandidatePage>('candidates.query', { runId: runs[0]!.id, query: { limit: 100 } })).rows;
    expect(bobRows.map((r) => [r.authorId, r.name])).toEqual(annRows.map((r) => [r.authorId, r.name]));
    await bob.call('shortlist.add', { manuscriptId: m.value.id, authorIds: [bobRows[0]!.authorId] });
    expect((await bob.call<ShortlistEntryRow[]>('shortlist.list', { manuscriptId: m.value.id })).map((e) => e.authorId)).toEqual([
      bobRows[0]!.authorId,
    ]);
    await relay.up();

    // One origin_id, one manuscript: Bob's upload over Ann's asks first, and goes once he says yes.
    const form = {
      folder: 'DEMO',
      origin_id: 'office-ann-shared',
      title: 'Bob’s version',
      abstract: 'Attention.',
      authors_count: 0,
      authors: [],
    };
    await expect(bob.call('manuscripts.upload', { form })).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(/This replaces ann’s upload of \d{1,2} \w{3} \d{4} on the service\./),
    });
    const again = await bob.call<ManuscriptRow>('manuscripts.upload', { form, replace: true });
    expect(again.id).toBe(m.value.id);
  }, 60_000);
});
