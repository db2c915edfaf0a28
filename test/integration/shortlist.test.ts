// Shortlist, invitations and the reviewer ledger through core.router on a real SQLite file, with
// the local service only to produce two manuscripts' runs: then the service goes away and every
// flow below runs offline (none of it needs the network). Shortlist CRUD and order, illegal
// moves refused, the invitation draft and its mailto: URL, invite / accept / decline, reminders,
// a second manuscript showing both people's counts and the load badge, the filters, the
// "author of another manuscript of this folder" warning, a webhook mark shown beside the local
// status without changing it, and splitting a merge.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookCandidate } from '../../electron/common/service';
import type {
  CandidateLoadRow,
  CandidatePage,
  DataChangedEvent,
  InvitationDraft,
  InvitationSettings,
  LedgerPage,
  LedgerPersonHistory,
  ManuscriptRow,
  ReminderRow,
  RunRow,
  ShortlistEntryRow,
} from '../../electron/common/shapes';
import { startCoreWithService, type CoreWithService } from '../support/core-with-service';

let t: CoreWithService;
let a: ManuscriptRow;
let b: ManuscriptRow;
let runA: number;
let runB: number;
let both: number[];
const changes: DataChangedEvent[] = [];
const DAY = 86_400_000;

const ABSTRACT = 'Deep learning for protein structure prediction with attention.';
const upload = (originId: string, title: string, authors: Array<{ name: string; email?: string }> = []) =>
  t.call<ManuscriptRow>('manuscripts.upload', {
    form: { folder: 'DEMO', origin_id: originId, title, abstract: ABSTRACT, authors_count: authors.length, authors },
  });
const lastRun = async (m: ManuscriptRow) => (await t.call<{ runs: RunRow[] }>('manuscripts.get', { id: m.id })).runs.at(-1)!.id;
const candidates = (runId: number, query: object = {}) => t.call<CandidatePage>('candidates.query', { runId, query });
const list = (m: ManuscriptRow) => t.call<ShortlistEntryRow[]>('shortlist.list', { manuscriptId: m.id });
const loads = async (runId: number) => new Map((await t.call<CandidateLoadRow[]>('ledger.loads', { runId })).map((l) => [l.authorId, l]));

beforeAll(async () => {
  t = await startCoreWithService({ prefix: 'shortlist' });
  a = await upload('sl-a', 'Protein folding with attention');
  await t.core.workspace()!.sync.syncNow();
  runA = await lastRun(a);
  const first = (await candidates(runA, { hasEmail: true, limit: 60 })).rows;
  expect(first.length).toBeGreaterThanOrEqual(6);
  // The second manuscript of the folder is written by someone the first run suggests.
  const author = first[5]!;
  b = await upload('sl-b', 'Attention models of protein structure', [{ name: author.name, email: author.email! }]);
  await t.core.workspace()!.sync.syncNow();
  runB = await lastRun(b);
  const inB = new Set((await candidates(runB)).rows.map((c) => c.authorId));
  both = first.map((c) => c.authorId).filter((id) => inB.has(id));
  expect(both.length).toBeGreaterThanOrEqual(5);
  a = (await t.call<{ manuscript: ManuscriptRow }>('manuscripts.get', { id: a.id })).manuscript;
  // From here on the service is gone: nothing below may need it.
  await t.service.close();
  t.core.events.on('data.changed', (e) => changes.push(e));
});
afterAll(async () => {
  await t?.core.close();
  rmSync(t?.dataDir ?? '', { recursive: true, force: true });
});

describe('shortlist of a manuscript (offline)', () => {
  it('adds five people in order, keeps each once, reorders, notes and sets a due date', async () => {
    const five = both.slice(0, 5);
    expect(await t.call<ShortlistEntryRow[]>('shortlist.add', { manuscriptId: a.id, authorIds: five.slice(0, 3) })).toHaveLength(3);
    let rows = await t.call<ShortlistEntryRow[]>('shortlist.add', { manuscriptId: a.id, authorIds: [five[0]!, ...five.slice(3)] });
    expect(rows.map((r) => r.authorId)).toEqual(five);
    expect(rows.map((r) => r.position)).toEqual([1, 2, 3, 4, 5]);
    expect(rows.every((r) => r.status === 'shortlisted' && r.inLatestRun && r.personId > 0 && r.serviceMark === null)).toBe(true);

    const order = [five[4]!, five[0]!, five[2]!, five[1]!, five[3]!];
    rows = await t.call<ShortlistEntryRow[]>('shortlist.reorder', { manuscriptId: a.id, authorIds: order });
    expect(rows.map((r) => r.authorId)).toEqual(order);
    const stale = await t.handle('shortlist.reorder', { manuscriptId: a.id, authorIds: order.slice(0, 4) });
    expect(stale).toMatchObject({ ok: false, error: { code: 'conflict' } });

    const noted = await t.call<ShortlistEntryRow>('shortlist.note', {
      manuscriptId: a.id,
      authorId: order[0]!,
      note: 'Knows the method; ask first',
    });
    expect(noted.note).toBe('Knows the method; ask first');
    const due = await t.call<ShortlistEntryRow>('shortlist.setDue', { manuscriptId: a.id, authorId: order[0]!, dueDate: '2026-12-24' });
    expect(due.dueDate).toBe('2026-12-24');
    expect(await t.handle('shortlist.setDue', { manuscriptId: a.id, authorId: order[0]!, dueDate: '2026-02-30' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });

    rows = await t.call<ShortlistEntryRow[]>('shortlist.remove', { manuscriptId: a.id, authorId: order[4]! });
    expect(rows.map((r) => [r.authorId, r.position])).toEqual(order.slice(0, 4).map((id, i) => [id, i + 1]));
    rows = await t.call<ShortlistEntryRow[]>('shortlist.add', { manuscriptId: a.id, authorIds: [order[4]!] });
    expect(rows.at(-1)).toMatchObject({ authorId: order[4], position: 5 });

    expect(await t.handle('shortlist.add', { manuscriptId: a.id, authorIds: [987654321] })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(changes.some((c) => c.topic === 'shortlist' && c.id === a.id)).toBe(true);
    expect(changes.some((c) => c.topic === 'ledger')).toBe(true);
  });

  it('refuses an illegal status move and changes nothing', async () => {
    const [first] = await list(a);
    const res = await t.handle('shortlist.setStatus', { manuscriptId: a.id, authorId: first!.authorId, status: 'accepted' });
    expect(res).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringMatching(/cannot become “Accepted”/) } });
    expect((await list(a))[0]!.status).toBe('shortlisted');
  });
});

describe('invitations (offline)', () => {
  it('fills the template from Settings and builds the mailto: URL; the browser host opens nothing itself', async () => {
    const s = await t.call<InvitationSettings>('invitation.setSettings', {
      editorName: 'Dr. Åsa Öberg',
      subject: 'Review for {{journal}}: {{manuscript_title}}',
      body: 'Dear {{name}},\nplease review by {{due_date}}.\n{{editor_name}} {{oops}}',
    });
    expect(s).toMatchObject({ editorName: 'Dr. Åsa Öberg', reminderDays: 7, fatigueK: 3, fatigueD: 180, fatigueR: 2 });
    const [first] = await list(a);
    const d = await t.call<InvitationDraft>('invitation.draft', { manuscriptId: a.id, authorId: first!.authorId });
    expect(d.subject).toBe(`Review for DEMO: ${a.title}`);
    expect(d.body).toBe(`Dear ${first!.name},\nplease review by 2026-12-24.\nDr. Åsa Öberg {{oops}}`);
    expect(d.unknownPlaceholders).toEqual(['oops']);
    expect(d.to).toBe(first!.email);
    const url = new URL(d.mailto);
    expect(url.protocol).toBe('mailto:');
    expect(url.searchParams.get('body')).toBe(d.body.replace(/\n/g, '\r\n'));
    expect(d.mailto).toContain('%C3%85sa%20%C3%96berg');
    expect(await t.call('invitation.open', { manuscriptId: a.id, authorId: first!.authorId })).toEqual({ opened: false, draft: d });
    expect(await t.handle('invitation.setSettings', { fatigueK: 0 })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('invites two (today), one accepts and one declines; the ledger counts them', async () => {
    const [p1, p2] = await list(a);
    const before = Date.now();
    const inv = await t.call<ShortlistEntryRow>('invitation.markInvited', { manuscriptId: a.id, authorId: p1!.authorId });
    expect(inv.status).toBe('invited');
    expect(inv.invitedAt).toBeGreaterThanOrEqual(before);
    await t.call('invitation.markInvited', { manuscriptId: a.id, authorId: p2!.authorId });
    expect(
      (await t.call<ShortlistEntryRow>('shortlist.setStatus', { manuscriptId: a.id, authorId: p1!.authorId, status: 'accepted' }))
        .answeredAt,
    ).not.toBeNull();
    await t.call('shortlist.setStatus', { manuscriptId: a.id, authorId: p2!.authorId, status: 'declined' });
    const h1 = await t.call<LedgerPersonHistory>('ledger.person', { personId: p1!.personId });
    expect(h1.person).toMatchObject({ shortlisted: 1, invited: 1, accepted: 1, declined: 0, reviewing: 1, acceptanceRate: 1 });
    expect(h1.person.suggested).toBe(2);
    expect(h1.manuscripts.map((m) => [m.manuscriptId, m.status])).toEqual(
      expect.arrayContaining([
        [a.id, 'accepted'],
        [b.id, null],
      ]),
    );
    const h2 = await t.call<LedgerPersonHistory>('ledger.person', { personId: p2!.personId });
    expect(h2.person).toMatchObject({ invited: 1, accepted: 0, declined: 1, reviewing: 0, acceptanceRate: 0 });
  });

  it('lists reminders for invitations with no answer after N days', async () => {
    const [, , p3] = await list(a);
    await t.call('invitation.markInvited', { manuscriptId: a.id, authorId: p3!.authorId });
    expect(await t.call<ReminderRow[]>('shortlist.reminders', {})).toEqual([]);
    // The invitation went out eight days ago.
    t.core.cache.db
      .prepare('UPDATE shortlist SET invited_at = invited_at - ? WHERE manuscript_id = ? AND author_id = ?')
      .run(8 * DAY, a.id, p3!.authorId);
    const due = await t.call<ReminderRow[]>('shortlist.reminders', {});
    expect(due).toEqual([expect.objectContaining({ manuscriptId: a.id, authorId: p3!.authorId, daysWaiting: 8, folder: 'DEMO' })]);
    await t.call('invitation.setSettings', { reminderDays: 10 });
    expect(await t.call<ReminderRow[]>('shortlist.reminders', {})).toEqual([]);
    await t.call('shortlist.setStatus', { manuscriptId: a.id, authorId: p3!.authorId, status: 'no_answer' });
  });
});

describe('a second manuscript (offline)', () => {
  it('shows both people with their counts and the load badge; the filters follow the same rule', async () => {
    const [p1, p2] = await list(a);
    let l = await loads(runB);
    expect(l.get(p1!.authorId)).toMatchObject({ personId: p1!.personId, reviewing: 1, accepted: 1, invitedRecent: 1, busy: false });
    expect(l.get(p2!.authorId)).toMatchObject({ personId: p2!.personId, reviewing: 0, invitedRecent: 1, busy: false });
    await t.call('invitation.setSettings', { fatigueR: 1 });
    l = await loads(runB);
    expect(l.get(p1!.authorId)).toMatchObject({ busy: true, reasons: ['reviewing 1 manuscript now'] });
    expect(l.get(p2!.authorId)!.busy).toBe(false);
    await t.call('invitation.setSettings', { fatigueK: 1, fatigueD: 30 });
    expect((await loads(runB)).get(p2!.authorId)).toMatchObject({ busy: true, reasons: ['invited 1 times in the last 30 days'] });

    const all = (await candidates(runB)).total;
    const notBusy = await candidates(runB, { hideBusy: true, limit: 1000 });
    const busy = [...(await loads(runB)).values()].filter((x) => x.busy).map((x) => x.authorId);
    expect(busy).toEqual(expect.arrayContaining([p1!.authorId, p2!.authorId]));
    expect(notBusy.total).toBe(all - busy.length);
    expect(notBusy.rows.some((r) => busy.includes(r.authorId))).toBe(false);
    const worked = await candidates(runB, { workedWith: true });
    expect(worked.rows.map((r) => r.authorId)).toEqual([p1!.authorId]);
    await t.call('invitation.setSettings', { fatigueK: 3, fatigueD: 180, fatigueR: 2 });
  });

  it('answers the loads of only the candidates with something to say', async () => {
    const all = (await candidates(runA, { limit: 1000 })).total;
    const answered = [...(await loads(runA)).values()];
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.length).toBeLessThan(all);
    for (const l of answered) expect(l.invitedRecent + l.reviewing + l.accepted > 0 || l.busy || l.authorOf.length > 0).toBe(true);
  });

  it('warns about a candidate who wrote another manuscript of the same folder', async () => {
    const writer = b.authors[0]!;
    const hits = [...(await loads(runA)).values()].filter((x) => x.authorOf.length > 0);
    expect(hits.length).toBeGreaterThanOrEqual(1);
    expect(hits[0]!.authorOf[0]).toMatchObject({ manuscriptId: b.id, title: b.title, author: writer.name });
    expect([...(await loads(runB)).values()].every((x) => x.authorOf.every((c) => c.manuscriptId !== b.id))).toBe(true);
  });

  it('the Reviewers view finds people by name, sorted and paged', async () => {
    const [p1] = await list(a);
    const word = p1!.name.split(/\s+/).at(-1)!;
    const page = await t.call<LedgerPage>('ledger.query', { text: word, sort: { by: 'accepted' }, limit: 5 });
    expect(page.rows[0]).toMatchObject({ personId: p1!.personId, accepted: 1 });
    const byInvited = await t.call<LedgerPage>('ledger.query', { sort: { by: 'invited', dir: 'desc' }, limit: 3, offset: 0 });
    expect(byInvited.rows.map((r) => r.invited)).toEqual([1, 1, 1]);
    expect(byInvited.total).toBeGreaterThan(50);
    expect((await t.call<LedgerPage>('ledger.query', { text: '"*)(' })).total).toBe(0);
  });
});

describe('marks from the service and merges', () => {
  it('a webhook mark shows beside the local status and never changes it', async () => {
    const [p1, p2] = await list(a);
    const raw = (id: number) => {
      const c = t.core.cache.db
        .prepare<[number, number], { id: number }>('SELECT id FROM candidates WHERE run_id = ? AND author_id = ?')
        .get(runA, id)!;
      return { ...(t.core.cache.candidates.raw(c.id) as object), marked: true, marked_by: 'office@journal.example' } as WebhookCandidate;
    };
    expect(
      t.core.cache.marks.applyMarks(a.profileId, {
        manuscriptId: a.serviceId!,
        originId: a.originId,
        order: 1,
        candidates: [raw(p1!.authorId), raw(p2!.authorId)],
      }),
    ).toBe('applied');
    const rows = await list(a);
    expect(rows[0]).toMatchObject({ status: 'accepted', serviceMark: { markedBy: 'office@journal.example' } });
    expect(rows[1]).toMatchObject({ status: 'declined', serviceMark: { markedBy: 'office@journal.example' } });
    expect(rows[2]).toMatchObject({ serviceMark: null });
    const h = await t.call<LedgerPersonHistory>('ledger.person', { personId: p1!.personId });
    expect(h.manuscripts.find((m) => m.manuscriptId === a.id)).toMatchObject({ status: 'accepted', serviceMarked: true });
  });

  it('splits a wrong merge, which stays split when the author_id is seen again', async () => {
    const [p1, p2] = await list(a);
    // A wrong merge: p2's author_id was joined to p1's person (say, by a shared lab e-mail).
    t.core.cache.db.prepare("UPDATE ledger_members SET person_id = ?, rule = 'email' WHERE author_id = ?").run(p1!.personId, p2!.authorId);
    t.core.cache.ledger.refresh(p1!.personId);
    t.core.cache.ledger.refresh(p2!.personId);
    const merged = await t.call<LedgerPersonHistory>('ledger.person', { personId: p1!.personId });
    expect(merged.members.map((m) => [m.authorId, m.rule])).toEqual(
      expect.arrayContaining([
        [p1!.authorId, 'author_id'],
        [p2!.authorId, 'email'],
      ]),
    );
    expect(merged.person).toMatchObject({ invited: 2, accepted: 1, declined: 1, membersCount: 2 });
    // Two invitations of one person, counted over both author_ids.
    expect((await loads(runB)).get(p1!.authorId)).toMatchObject({ invitedRecent: 2, reviewing: 1 });

    const { from, to } = await t.call<{ from: LedgerPersonHistory; to: LedgerPersonHistory }>('ledger.split', { authorId: p2!.authorId });
    expect(from.members.map((m) => m.authorId)).toEqual([p1!.authorId]);
    expect(from.person).toMatchObject({ invited: 1, accepted: 1, declined: 0 });
    expect(to.members).toEqual([expect.objectContaining({ authorId: p2!.authorId, rule: 'split' })]);
    expect(to.person).toMatchObject({ invited: 1, declined: 1, suggested: 2 });
    t.core.cache.ledger.recordSuggested([{ authorId: p2!.authorId, name: p2!.name, affiliation: null, email: p1!.email, orcid: null }]);
    expect(t.core.cache.ledger.personOf(p2!.authorId)).toBe(to.person.personId);
    expect(await t.handle('ledger.split', { authorId: p2!.authorId })).toMatchObject({ ok: false, error: { code: 'conflict' } });
  });
});
