// Referee marks shared in the office (cache/office-marks.ts) with editors' caches and a receiver's cache on an
// office held in memory (test/support/fake-office.ts): a delivery the receiver applies is queued in the same
// transaction and reaches every colleague's candidates table and shortlist (who marked it too) after one sync,
// never touching their shortlist status; nothing folded from the office is shared again; a delivery parked
// until the receiver learns the manuscript is shared once it is applied; an event naming another folder's
// manuscript, an order far ahead or a broken body are refused; the receiver's announced address reaches Settings.
import { describe, expect, it } from 'vitest';
import type { Cache } from '../../../electron/core/cache';
import { MARKS_KIND, marksEventBody, MAX_SHARED_MARKS, RECEIVER_KIND } from '../../../electron/core/cache/office-marks';
import type { OfficeSync } from '../../../electron/core/office/sync';
import { handleDelivery } from '../../../electron/core/webhook';
import { OFFICE_PROFILE, recordRun, syncedEditor, eachFakeOffice } from '../../support/office';
import { bytes, KEY, markedCandidate, webhookBody } from '../../unit/webhook/samples';
import { ManualClock, MemoryLogger, range } from '../cache/fixtures';

const P = OFFICE_PROFILE;
const URL = 'postgres://office.example/desk';
const clock = new ManualClock();
const t = eachFakeOffice({
  ann: ['JOURNAL-A', 'JOURNAL-B'],
  bob: ['JOURNAL-A'],
  cat: ['JOURNAL-A', 'JOURNAL-B'],
  receiver: ['JOURNAL-A', 'JOURNAL-B'],
});

interface Editor {
  login: string;
  cache: Cache;
  sync: OfficeSync;
}

function editor(login: string): Editor {
  return { login, ...syncedEditor(login, { url: URL, clock, connect: t.office.connect(login), cleanups: t.cleanups }) };
}

/** The editor's upload answered: the run recorded and shared (service manuscript id = first author × 7). */
function upload(e: Editor, originId: string, authors: number[], folder = 'JOURNAL-A') {
  const r = recordRun(e.cache, originId, authors, folder);
  e.cache.officeRuns.publish(r.runId);
  return r;
}

/** A delivery to `e`'s receiver, exactly as the webhook receiver hands the body over. */
const deliver = (e: Editor, o: { order: number; originId: string; manuscriptId: number; marked: number[]; by?: string }) =>
  handleDelivery(
    {
      cache: e.cache,
      activeProfileId: () => P,
      getApiKey: async () => KEY,
      logger: new MemoryLogger(),
    },
    bytes({
      ...webhookBody({ order: o.order, originId: o.originId, manuscriptId: o.manuscriptId, marked: [] }),
      ...{
        payload: {
          version: 5,
          manuscript_id: o.manuscriptId,
          origin_id: o.originId,
          candidates: o.marked.map((id) => markedCandidate(id, { marked_by: o.by ?? 'editor@example.org' })),
          authors_groups_settings: null,
        },
      },
    }),
    '127.0.0.1',
  );

const local = (e: Editor, originId: string) => e.cache.manuscripts.get(P, originId)!;
const marked = (e: Editor, originId: string) => {
  const m = local(e, originId);
  return e.cache.candidates
    .query(m.lastRunId!, { marked: true })
    .rows.map((c) => ({ authorId: c.authorId, markedBy: c.markedBy }))
    .sort((a, b) => a.authorId - b.authorId);
};
const queued = (e: Editor, kind = MARKS_KIND) => e.cache.office.outgoing(P, 1000).filter((x) => x.kind === kind);
const inOffice = (kind = MARKS_KIND) => t.office.events.filter((e) => e.kind === kind);
const deliveriesLogged = (e: Editor) => e.cache.db.prepare('SELECT count(*) FROM webhook_events').pluck().get() as number;

describe('marks through the office', () => {
  it('a delivery to the receiver shows in Ann’s and Bob’s candidates and shortlist, their statuses untouched, nothing echoed', async () => {
    const ann = editor('ann');
    const bob = editor('bob');
    const rcv = editor('receiver');
    const run = upload(ann, 'ms-1', range(100, 20));
    await ann.sync.syncNow();
    await rcv.sync.syncNow();
    await bob.sync.syncNow();
    // Bob shortlisted and invited 101 (his own decision); Ann shortlisted 102.
    const bobMs = local(bob, 'ms-1');
    bob.cache.shortlist.add(P, bobMs.id, [101]);
    bob.cache.shortlist.setStatus(bobMs.id, 101, 'invited');
    ann.cache.shortlist.add(P, run.manuscriptId, [102]);

    const reply = await deliver(rcv, { order: 5, originId: 'ms-1', manuscriptId: 700, marked: [101, 102], by: 'carol@org.example' });
    expect(reply).toMatchObject({ status: 200, outcome: 'applied' });
    // Queued in the delivery's own transaction: the 200 is sent with the event already waiting.
    expect(queued(rcv)).toEqual([
      expect.objectContaining({
        folder: 'JOURNAL-A',
        body: {
          serviceManuscriptId: 700,
          originId: 'ms-1',
          order: 5,
          candidates: [
            { author_id: 101, marked_by: 'carol@org.example', name: 'Ada101 Lovelace101' },
            { author_id: 102, marked_by: 'carol@org.example', name: 'Ada102 Lovelace102' },
          ],
        },
      }),
    ]);
    await rcv.sync.syncNow();
    await ann.sync.syncNow();
    await bob.sync.syncNow();

    const expected = [
      { authorId: 101, markedBy: 'carol@org.example' },
      { authorId: 102, markedBy: 'carol@org.example' },
    ];
    expect(marked(ann, 'ms-1')).toEqual(expected);
    expect(marked(bob, 'ms-1')).toEqual(expected);
    expect(marked(rcv, 'ms-1')).toEqual(expected);
    // The shortlist (each editor's entries, shared) shows the mark beside each status, which stays as it was.
    const carol = { markedBy: 'carol@org.example' };
    for (const [e, id] of [
      [bob, bobMs.id],
      [ann, run.manuscriptId],
    ] as const)
      expect(e.cache.shortlist.list(id)).toEqual([
        expect.objectContaining({ authorId: 101, status: 'invited', serviceMark: carol }),
        expect.objectContaining({ authorId: 102, status: 'shortlisted', serviceMark: carol }),
      ]);
    // No echo: one event in the office, nothing queued by the editors who folded it, no stale line in the receiver's log.
    expect(inOffice()).toHaveLength(1);
    expect(queued(ann)).toEqual([]);
    expect(queued(bob)).toEqual([]);
    await rcv.sync.syncNow();
    expect(queued(rcv)).toEqual([]);
    expect(deliveriesLogged(rcv)).toBe(1);
    await ann.sync.syncNow();
    expect(inOffice()).toHaveLength(1);
    // Activity says where Bob's marks came from.
    expect(bob.cache.webhookLog.list(P, 10)[0]).toMatchObject({
      outcome: 'applied',
      reason: expect.stringMatching(/^Through the office, from receiver: marks replaced \(2 marked\)$/),
    });

    // An unmark (a newer, smaller set) goes the same way; an older set replayed changes nothing.
    await deliver(rcv, { order: 6, originId: 'ms-1', manuscriptId: 700, marked: [102] });
    expect(await deliver(rcv, { order: 4, originId: 'ms-1', manuscriptId: 700, marked: [101, 102, 103] })).toMatchObject({
      outcome: 'stale',
    });
    await rcv.sync.syncNow();
    await bob.sync.syncNow();
    expect(marked(bob, 'ms-1')).toEqual([{ authorId: 102, markedBy: 'editor@example.org' }]);
    expect(bob.cache.shortlist.list(bobMs.id)).toEqual([
      expect.objectContaining({ authorId: 101, status: 'invited', serviceMark: null }),
      expect.objectContaining({ authorId: 102, status: 'shortlisted', serviceMark: { markedBy: 'editor@example.org' } }),
    ]);
    expect(inOffice()).toHaveLength(2);
  });

  it('a delivery parked until the receiver learns the manuscript is shared once applied; a colleague’s set parked too, never shared', async () => {
    const ann = editor('ann');
    const bob = editor('bob');
    const rcv = editor('receiver');
    expect(await deliver(rcv, { order: 3, originId: 'ms-2', manuscriptId: 800, marked: [201] })).toMatchObject({ outcome: 'parked' });
    expect(queued(rcv)).toEqual([]);
    upload(ann, 'ms-2', range(200, 5));
    await ann.sync.syncNow();
    await rcv.sync.syncNow(); // folds Ann's run: the parked delivery is applied and queued
    expect(marked(rcv, 'ms-2')).toEqual([{ authorId: 201, markedBy: 'editor@example.org' }]);
    await rcv.sync.syncNow();
    expect(inOffice()).toHaveLength(1);

    // Bob pulls only the marks (Ann's run not shared with him yet): parked, then applied when he uploads it himself.
    const marksOnly = t.office.events.filter((e) => e.kind !== MARKS_KIND);
    t.office.events.splice(0, t.office.events.length, ...inOffice());
    await bob.sync.syncNow();
    expect(bob.cache.db.prepare('SELECT outcome FROM webhook_events').pluck().all()).toEqual(['parked']);
    recordRun(bob.cache, 'ms-2', range(200, 5));
    expect(marked(bob, 'ms-2')).toEqual([{ authorId: 201, markedBy: 'editor@example.org' }]);
    expect(queued(bob)).toEqual([]);
    t.office.events.push(...marksOnly);
  });

  it('refuses a set naming another folder’s manuscript (also once parked), an order far ahead, and a broken body', async () => {
    const ann = editor('ann');
    const cat = editor('cat');
    upload(ann, 'ms-3', range(300, 5), 'JOURNAL-A');
    await ann.sync.syncNow();
    const push = (folder: string, body: unknown) =>
      t.office
        .connect('cat')()
        .then((c) => c.push([{ id: crypto.randomUUID(), folder, kind: MARKS_KIND, body }]));
    const set = (order: number, originId = 'ms-3') => ({
      serviceManuscriptId: 2100,
      originId,
      order,
      candidates: [{ author_id: 301, marked_by: 'cat' }],
    });
    await push('JOURNAL-B', set(10)); // ms-3 is a JOURNAL-A manuscript
    await push('JOURNAL-A', set(5_000_000)); // far beyond any order known
    await push('JOURNAL-A', { ...set(11), candidates: [{ author_id: 'x', marked_by: 'cat' }] });
    await push('JOURNAL-A', { ...set(12), api_key: 'no extra fields' });
    await push('JOURNAL-B', set(13, 'ms-4')); // a manuscript Ann does not have yet: parked with its folder
    await ann.sync.syncNow();
    expect(marked(ann, 'ms-3')).toEqual([]);
    expect(ann.cache.db.prepare("SELECT count(*) FROM office_events WHERE kind = 'marks.set'").pluck().get()).toBe(5);
    // ms-4 arrives in JOURNAL-A: the set parked from JOURNAL-B is not for it.
    upload(cat, 'ms-4', range(400, 3), 'JOURNAL-A');
    await cat.sync.syncNow();
    await ann.sync.syncNow();
    expect(local(ann, 'ms-4').uploadedBy).toBe('cat');
    expect(marked(ann, 'ms-4')).toEqual([]);
    // A valid set in the right folder applies.
    await push('JOURNAL-A', set(14));
    await ann.sync.syncNow();
    expect(marked(ann, 'ms-3')).toEqual([{ authorId: 301, markedBy: 'cat' }]);
  });

  it('a set fits one event: names dropped past 64 KiB, refused past the count', () => {
    const many = (n: number, name: string) => ({
      serviceManuscriptId: 1,
      originId: 'o',
      order: 1,
      candidates: range(1, n).map((id) => ({ author_id: id, marked_by: 'someone@organization.example', name })),
    });
    expect(marksEventBody(many(3, 'Ada'))!.candidates[0]).toEqual({ author_id: 1, marked_by: 'someone@organization.example', name: 'Ada' });
    const long = marksEventBody(many(400, 'N'.repeat(400)))!;
    expect(long.candidates[0]).toEqual({ author_id: 1, marked_by: 'someone@organization.example' });
    expect(Buffer.byteLength(JSON.stringify(long))).toBeLessThan(60_000);
    expect(marksEventBody(many(MAX_SHARED_MARKS + 1, 'A'))).toBeNull();
  });

  it('the receiver’s announced address reaches the editors’ Settings, and goes with the link', async () => {
    const ann = editor('ann');
    const rcv = editor('receiver');
    await rcv.sync.syncNow();
    expect(rcv.cache.officeMarks.announce(P, 'https://marks.office.example', clock.now())).toBe(2);
    await rcv.sync.syncNow();
    expect(
      inOffice(RECEIVER_KIND)
        .map((e) => e.folder)
        .sort(),
    ).toEqual(['JOURNAL-A', 'JOURNAL-B']);
    await ann.sync.syncNow();
    expect(ann.cache.officeMarks.receiverFor(P)).toMatchObject({ url: 'https://marks.office.example', login: 'receiver' });
    // An address with credentials or a path's query is refused.
    const c = await t.office.connect('cat')();
    await c.push([
      { id: crypto.randomUUID(), folder: 'JOURNAL-A', kind: RECEIVER_KIND, body: { url: 'https://u:p@evil.example', startedAt: 1 } },
    ]);
    await ann.sync.syncNow();
    expect(ann.cache.officeMarks.receiverFor(P)).toMatchObject({ url: 'https://marks.office.example' });
    ann.cache.office.setLink(P, null);
    expect(ann.cache.officeMarks.receiverFor(P)).toBeNull();
    expect(ann.cache.db.prepare('SELECT count(*) FROM office_receivers').pluck().get()).toBe(0);
  });
});
