// The office's local side (cache/office.ts, office/sync.ts) with two editors' caches on one office
// held in memory (test/support/fake-office.ts, the server's ordering and membership rules): what
// one editor does on a shortlist reaches the other's ledger, load badges and shortlist; offline
// writes wait and are pushed in order; a refusal keeps them; two invitations of one person by two
// editors are both kept; the later state in the server's order wins.
import { readFile } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Cache } from '../../../electron/core/cache';
import { MAX_PULL_EVENTS, MAX_PULL_FOLDERS } from '../../../electron/core/office/client';
import {
  nextSlice,
  OfficeSync,
  PULL_PAGE,
  SLICE_MS,
  PULL_ROUND_EVENTS,
  PULL_ROUND_FOLDERS,
  type OfficeConnection,
  type OfficeSyncStatus,
} from '../../../electron/core/office/sync';
import type { Timers } from '../../../electron/core/sync';
import { FakeOffice } from '../../support/fake-office';
import { linkedCache, OFFICE_PROFILE, recordRun } from '../../support/office';
import { ManualClock, MemoryLogger, form, response } from '../cache/fixtures';

const P = OFFICE_PROFILE;
const DAY = 86_400_000;
const OFFICE_URL = 'postgres://office.example/desk';

class HandTimers implements Timers {
  due: Array<() => void> = [];
  setTimeout(fn: () => void): unknown {
    this.due.push(fn);
    return fn;
  }
  clearTimeout(h: unknown): void {
    this.due = this.due.filter((f) => f !== h);
  }
  fire(): void {
    const d = this.due;
    this.due = [];
    for (const f of d) f();
  }
}

interface Editor {
  cache: Cache;
  sync: OfficeSync;
  timers: HandTimers;
  statuses: OfficeSyncStatus[];
  login: string;
}

let office: FakeOffice;
let cleanups: Array<() => void>;
const clock = new ManualClock();

function editor(login: string): Editor {
  const { cache, close } = linkedCache(login, OFFICE_URL, clock);
  const timers = new HandTimers();
  const sync = new OfficeSync({
    cache,
    profileId: P,
    link: { url: OFFICE_URL, login },
    connect: office.connect(login),
    clock,
    timers,
    logger: new MemoryLogger(),
  });
  const statuses: OfficeSyncStatus[] = [];
  sync.events.on('status', (s) => statuses.push(s));
  cleanups.push(() => {
    void sync.stop();
    close();
  });
  return { cache, sync, timers, statuses, login };
}

const run = (e: Editor, originId: string, authors: number[], folder = 'JOURNAL-A') => recordRun(e.cache, originId, authors, folder);

/** Bob's cache and loop, his connection reading several folders at once through `pullMany` (made from the fake's pulls). */
function withPullMany(make: (conn: OfficeConnection) => NonNullable<OfficeConnection['pullMany']>): { cache: Cache; sync: OfficeSync } {
  const { cache, close } = linkedCache('bob', OFFICE_URL, clock);
  cleanups.push(close);
  const connect = office.connect('bob');
  const sync = new OfficeSync({
    cache,
    profileId: P,
    link: { url: OFFICE_URL, login: 'bob' },
    connect: async () => {
      const conn = await connect();
      return { ...conn, pullMany: make(conn) };
    },
    clock,
    timers: new HandTimers(),
    logger: new MemoryLogger(),
  });
  cleanups.push(() => void sync.stop());
  return { cache, sync };
}

const personCounts = (e: Editor, authorId: number) => e.cache.ledger.get(e.cache.ledger.personOf(authorId)!)!;

beforeEach(() => {
  office = new FakeOffice();
  office.addEditor('ann', ['JOURNAL-A']);
  office.addEditor('bob', ['JOURNAL-A']);
  cleanups = [];
});
afterEach(() => {
  for (const c of cleanups) c();
});

describe('one office, two editors', () => {
  it('a colleague’s invitation counts in the other editor’s ledger and load badges, for a manuscript only the colleague has', async () => {
    const ann = editor('ann');
    const bob = editor('bob');
    const a = run(ann, 'ms-ann', [11, 12, 13]);
    const b = run(bob, 'ms-bob', [12, 14]);
    ann.cache.shortlist.add(P, a.manuscriptId, [12]);
    ann.cache.shortlist.setStatus(a.manuscriptId, 12, 'invited');
    expect(ann.cache.office.waiting(P)).toBe(1); // the add and the invitation coalesce into one state
    await ann.sync.syncNow();
    expect(ann.cache.office.waiting(P)).toBe(0);
    expect(office.events).toHaveLength(1);

    await bob.sync.syncNow();
    const p = personCounts(bob, 12);
    expect(p).toMatchObject({ invited: 1, shortlisted: 1 });
    const loads = bob.cache.ledger.candidateLoads(b.runId, { k: 1, d: 180, r: 2 }, clock.now());
    expect(loads.find((l) => l.authorId === 12)).toMatchObject({ invitedRecent: 1, busy: true });
    expect(bob.cache.office.colleagueInvites(P, 'bob', [12, 14])).toEqual([
      expect.objectContaining({ authorId: 12, editor: 'ann', title: expect.stringContaining('ms-ann') }),
    ]);
    // Ann's own invitation is not a colleague's to her.
    expect(ann.cache.office.colleagueInvites(P, 'ann', [12])).toEqual([]);
    // Bob's Reviewers history of the person lists Ann's entry, where and who; Ann's lists it as her own only.
    expect(bob.cache.ledger.history(bob.cache.ledger.personOf(12)!)!.office).toEqual([
      expect.objectContaining({ originId: 'ms-ann', editor: 'ann', status: 'invited', folder: 'JOURNAL-A' }),
    ]);
    expect(ann.cache.ledger.history(ann.cache.ledger.personOf(12)!)!.office).toEqual([]);
    // "Only mine": Bob never shortlisted the person, so his own list leaves them out; Ann's counts hers.
    const bobPerson = bob.cache.ledger.personOf(12)!;
    expect(bob.cache.ledger.query({ limit: 100 }).rows.find((r) => r.personId === bobPerson)).toMatchObject({ invited: 1 });
    expect(bob.cache.ledger.query({ mine: true, limit: 100 }).rows.find((r) => r.personId === bobPerson)).toBeUndefined();
    expect(ann.cache.ledger.query({ mine: true, limit: 100 }).rows).toEqual([expect.objectContaining({ invited: 1, shortlisted: 1 })]);
    expect(bob.statuses.at(-1)).toMatchObject({ state: 'in_step', waiting: 0 });
  });

  it('an entry of a manuscript both editors have is applied to the other’s shortlist; the later state wins', async () => {
    const ann = editor('ann');
    const bob = editor('bob');
    const a = run(ann, 'shared', [21, 22]);
    const b = run(bob, 'shared', [21, 22]);
    ann.cache.shortlist.add(P, a.manuscriptId, [21]);
    ann.cache.shortlist.setNote(a.manuscriptId, 21, 'knows the method');
    await ann.sync.syncNow();
    await bob.sync.syncNow();
    expect(bob.cache.shortlist.list(b.manuscriptId)).toEqual([
      expect.objectContaining({ authorId: 21, note: 'knows the method', status: 'shortlisted' }),
    ]);
    // Bob's counts hold the entry once (his shortlist row), not twice (with the office's copy).
    expect(personCounts(bob, 21).shortlisted).toBe(1);

    // Both change the entry before either hears of the other's change: Ann's note reaches the server
    // first, Bob's invitation (woken by Ann's, he pushes before he pulls) after it, so Bob's state wins
    // on both machines and Ann's note stays in the history only.
    ann.cache.shortlist.setNote(a.manuscriptId, 21, 'Ann’s second note');
    bob.cache.shortlist.setStatus(b.manuscriptId, 21, 'invited');
    await ann.sync.syncNow();
    await bob.sync.idle();
    await ann.sync.idle();
    expect(bob.cache.shortlist.entry(b.manuscriptId, 21)).toMatchObject({ status: 'invited', note: 'knows the method' });
    expect(ann.cache.shortlist.entry(a.manuscriptId, 21)).toMatchObject({ status: 'invited', note: 'knows the method' });
    // Every state stays in the history.
    expect(office.events.filter((e) => (e.body as { authorId: number }).authorId === 21)).toHaveLength(3);
  });

  it('the order of a shared manuscript’s shortlist follows the colleague who set it last', async () => {
    const ann = editor('ann');
    const bob = editor('bob');
    const a = run(ann, 'ordered', [81, 82, 83, 84]);
    const b = run(bob, 'ordered', [81, 82, 83, 84]);
    await bob.sync.syncNow(); // connected and listening from here on
    ann.cache.shortlist.add(P, a.manuscriptId, [81, 82, 83]);
    await ann.sync.syncNow();
    await bob.sync.idle();
    const order = (e: Editor, m: number) => e.cache.shortlist.list(m).map((x) => [x.authorId, x.position]);
    expect(order(bob, b.manuscriptId)).toEqual([
      [81, 1],
      [82, 2],
      [83, 3],
    ]);
    ann.cache.shortlist.reorder(a.manuscriptId, [83, 81, 82]);
    await ann.sync.syncNow();
    await bob.sync.idle();
    expect(order(bob, b.manuscriptId)).toEqual([
      [83, 1],
      [81, 2],
      [82, 3],
    ]);
    // Bob adds one of his own at the end; Ann's list gets it at the same place.
    bob.cache.shortlist.add(P, b.manuscriptId, [84]);
    await bob.sync.syncNow();
    await ann.sync.idle();
    expect(order(ann, a.manuscriptId)).toEqual([
      [83, 1],
      [81, 2],
      [82, 3],
      [84, 4],
    ]);
  });

  it('two editors inviting one person for one manuscript offline: both invitations kept, each warned of the other', async () => {
    const ann = editor('ann');
    const bob = editor('bob');
    const a = run(ann, 'twice', [31]);
    const b = run(bob, 'twice', [31]);
    ann.cache.shortlist.add(P, a.manuscriptId, [31]);
    ann.cache.shortlist.setStatus(a.manuscriptId, 31, 'invited');
    clock.advance(60_000);
    bob.cache.shortlist.add(P, b.manuscriptId, [31]);
    bob.cache.shortlist.setStatus(b.manuscriptId, 31, 'invited');
    await ann.sync.syncNow();
    await bob.sync.syncNow();
    await ann.sync.syncNow();
    expect(ann.cache.office.otherInviters(P, 'ann', 'twice', 31)).toEqual([{ editor: 'bob', invitedAt: expect.any(Number) }]);
    expect(bob.cache.office.otherInviters(P, 'bob', 'twice', 31)).toEqual([{ editor: 'ann', invitedAt: expect.any(Number) }]);
  });

  it('offline: writes wait in order and are pushed once, exactly, when the office is back; every count is right', async () => {
    const ann = editor('ann');
    const bob = editor('bob');
    const a = run(ann, 'batch', [41, 42, 43, 44, 45]);
    run(bob, 'other', [41, 42, 43, 44, 45]);
    await bob.sync.syncNow();
    office.setDown(true);
    ann.cache.shortlist.add(P, a.manuscriptId, [41, 42, 43, 44, 45]);
    for (const id of [41, 42, 43]) ann.cache.shortlist.setStatus(a.manuscriptId, id, 'invited');
    ann.cache.shortlist.setStatus(a.manuscriptId, 41, 'accepted');
    await ann.sync.syncNow();
    expect(ann.statuses.at(-1)).toMatchObject({ state: 'offline', waiting: 5 });
    expect(ann.timers.due).toHaveLength(1); // a retry is scheduled, with backoff
    office.setDown(false);
    ann.timers.fire();
    await ann.sync.idle();
    expect(ann.statuses.at(-1)).toMatchObject({ state: 'in_step', waiting: 0 });
    expect(office.events).toHaveLength(5);
    expect(new Set(office.events.map((e) => e.id)).size).toBe(5);
    await bob.sync.syncNow();
    expect([41, 42, 43, 44, 45].map((id) => personCounts(bob, id).invited)).toEqual([1, 1, 1, 0, 0]);
    expect(personCounts(bob, 41)).toMatchObject({ accepted: 1, reviewing: 1, acceptanceRate: 1 });
  });

  it('a push whose answer was lost is sent again without doubling anything', async () => {
    const ann = editor('ann');
    const a = run(ann, 'lost', [51]);
    ann.cache.shortlist.add(P, a.manuscriptId, [51]);
    const [pending] = ann.cache.office.outgoing(P, 10);
    // The server committed the batch, but the editor's app never heard back (no pushed() recorded).
    const conn = await office.connect('ann')();
    await conn.push([pending!]);
    await ann.sync.syncNow();
    expect(office.events.filter((e) => e.id === pending!.id)).toHaveLength(1);
    expect(office.events).toHaveLength(1);
  });

  it('a refusal (password changed) stops the loop with a message and keeps the waiting events', async () => {
    const ann = editor('ann');
    const a = run(ann, 'refused', [61]);
    office.refused.add('ann');
    ann.cache.shortlist.add(P, a.manuscriptId, [61]);
    await ann.sync.syncNow();
    expect(ann.statuses.at(-1)).toMatchObject({ state: 'refused', waiting: 1, reason: expect.stringMatching(/password/) });
    expect(ann.timers.due).toHaveLength(0);
    expect(ann.cache.office.waiting(P)).toBe(1);
  });

  it('an event whose body is not an entry state is kept but applied to nothing', async () => {
    const ann = editor('ann');
    const out = ann.cache.office.apply(
      P,
      'JOURNAL-A',
      [
        {
          id: 'e1',
          folder: 'JOURNAL-A',
          author: 'mallory',
          kind: 'shortlist.entry',
          body: { originId: 'x', authorId: 'not a number' },
          xid: 5,
          seq: 1,
          at: 1,
        },
      ],
      { xid: 5, seq: 1 },
    );
    expect(out).toEqual({ applied: 0, refused: 1, taken: 1, manuscripts: [] });
    expect(ann.cache.office.cursor(P, 'JOURNAL-A')).toEqual({ xid: 5, seq: 1 });
  });

  it('linking queues the editor’s existing shortlist once, so the office learns the history', async () => {
    // Linked, then unlinked: a cache with its profile and no office.
    const { cache, close } = linkedCache('ann', OFFICE_URL, clock);
    cleanups.push(close);
    cache.office.setLink(P, null);
    const r = cache.runs.recordUploadRun(P, { form: form('before') }, response(1, 'before', [71, 72]));
    cache.shortlist.add(P, r.manuscriptId, [71, 72]);
    cache.shortlist.setStatus(r.manuscriptId, 72, 'invited');
    expect(cache.office.waiting(P)).toBe(0); // no office linked: nothing journaled
    cache.office.setLink(P, { url: OFFICE_URL, login: 'ann' });
    const entries = cache.office.outgoing(P, 10).filter((e) => e.kind === 'shortlist.entry');
    expect(entries.map((e) => (e.body as { authorId: number; status: string }).status)).toEqual(['shortlisted', 'invited']);
    clock.advance(DAY);
  });
});

describe('ledger counts after a pull', () => {
  it('a pass reads every journal in one round trip before applying any, and counts a person two journals name once', async () => {
    office.addEditor('ann', ['JOURNAL-A', 'JOURNAL-B']);
    office.addEditor('bob', ['JOURNAL-A', 'JOURNAL-B']);
    const ann = editor('ann');
    for (const [folder, authors] of [
      ['JOURNAL-A', [101]],
      ['JOURNAL-B', [102, 101]],
    ] as const) {
      const r = run(ann, `ms-${folder}`, [...authors], folder);
      ann.cache.shortlist.add(P, r.manuscriptId, [101]);
      ann.cache.shortlist.setStatus(r.manuscriptId, 101, 'invited');
    }
    await ann.sync.syncNow();

    const steps: string[] = [];
    // One read of several folders, as the office client's pullMany is.
    const { cache, sync } = withPullMany((conn) => (wants, limit) => {
      steps.push(`read ${wants.map((w) => w.folder).join(',')} ≤ ${limit}`);
      return Promise.all(wants.map((w) => conn.pull(w.folder, w.cursor, limit)));
    });
    const apply = cache.office.apply.bind(cache.office);
    cache.office.apply = (profileId, folder, events, cursor, opts) => {
      if (events.length > 0) steps.push(`apply ${folder}`);
      return apply(profileId, folder, events, cursor, opts);
    };
    const person = () => cache.ledger.personOf(101);
    const refreshed: number[] = [];
    const refresh = cache.ledger.refresh.bind(cache.ledger);
    cache.ledger.refresh = (id) => (refreshed.push(id), refresh(id));
    await sync.syncNow();

    // The three folders in one read (500 events in all: 128 each, a page's most), then each journal's page applied.
    expect(steps).toEqual(['read JOURNAL-A,JOURNAL-B,(office) ≤ 128', 'apply JOURNAL-A', 'apply JOURNAL-B']);
    expect(refreshed.filter((id) => id === person())).toHaveLength(1);
    expect(cache.ledger.get(person()!)).toMatchObject({ invited: 2 });
  });

  it('a pull marks the people it names and settles their counts once at its end; counts a crash left waiting settle at the next pull', async () => {
    const ann = editor('ann');
    const bob = editor('bob');
    const a = run(ann, 'ms-many', [101, 102, 103]);
    ann.cache.shortlist.add(P, a.manuscriptId, [101, 102, 103]);
    for (const id of [101, 102, 103]) ann.cache.shortlist.setStatus(a.manuscriptId, id, 'invited');
    await ann.sync.syncNow();

    // Applied with settleLater (as the loop does), the counts wait and the people are marked.
    const page = await (await office.connect('bob')()).pull('JOURNAL-A', { xid: 0, seq: 0 });
    bob.cache.office.apply(P, 'JOURNAL-A', page.events, page.cursor, { settleLater: true });
    const stale = () => bob.cache.db.prepare('SELECT count(*) FROM ledger_stale').pluck().get();
    expect(stale()).toBe(3);
    expect(personCounts(bob, 101)).toMatchObject({ invited: 0 });
    // settle() in slices: two, then one; the counts are office-wide again.
    expect(bob.cache.office.settle(2)).toBe(1);
    expect(bob.cache.office.settle(2)).toBe(0);
    for (const id of [101, 102, 103]) expect(personCounts(bob, id)).toMatchObject({ invited: 1 });

    // A crash between a slice and its settle leaves people marked: the next pass, with nothing new, settles them.
    bob.cache.db.prepare('UPDATE ledger_people SET invited = 0').run();
    bob.cache.db.prepare('INSERT INTO ledger_stale (person_id) SELECT id FROM ledger_people').run();
    await bob.sync.syncNow();
    expect(stale()).toBe(0);
    for (const id of [101, 102, 103]) expect(personCounts(bob, id)).toMatchObject({ invited: 1 });
  });

  it('a slice ends once its time is up, with the cursor after the last event taken; a settle too', async () => {
    const ann = editor('ann');
    const bob = editor('bob');
    const a = run(ann, 'ms-cut', [101, 102, 103]);
    ann.cache.shortlist.add(P, a.manuscriptId, [101, 102, 103]);
    await ann.sync.syncNow();
    const page = await (await office.connect('bob')()).pull('JOURNAL-A', { xid: 0, seq: 0 });
    expect(page.events.length).toBeGreaterThanOrEqual(3);

    // Time is up after the first event: it alone is applied, and the cursor says so.
    const first = bob.cache.office.apply(P, 'JOURNAL-A', page.events, page.cursor, { settleLater: true, stop: () => true });
    expect(first).toMatchObject({ taken: 1 });
    const kept = () => bob.cache.db.prepare('SELECT count(*) FROM office_events').pluck().get();
    expect(kept()).toBe(1);
    expect(bob.cache.office.cursor(P, 'JOURNAL-A')).toEqual({ xid: page.events[0]!.xid, seq: page.events[0]!.seq });
    // The rest from there: all of it, with the page's cursor.
    const rest = bob.cache.office.apply(P, 'JOURNAL-A', page.events.slice(1), page.cursor, { settleLater: true });
    expect(rest.taken).toBe(page.events.length - 1);
    expect(kept()).toBe(page.events.length);
    expect(bob.cache.office.cursor(P, 'JOURNAL-A')).toEqual(page.cursor);

    // A settle whose time is up after one person leaves the others marked.
    expect(bob.cache.office.settle(10, () => true)).toBe(2);
    expect(bob.cache.office.settle(10)).toBe(0);
  });

  it('slices of costly events end by the clock, and the event loop turns between any two, from the first', async () => {
    const ann = editor('ann');
    const authors = Array.from({ length: 20 }, (_, i) => 201 + i);
    const r = run(ann, 'ms-slow', authors);
    ann.cache.shortlist.add(P, r.manuscriptId, authors);
    await ann.sync.syncNow();

    // The answer arrives as a real one does: in the event loop's I/O phase (a file read's callback).
    const { cache, sync } = withPullMany((conn) => async (wants, limit) => {
      const pages = await Promise.all(wants.map((w) => conn.pull(w.folder, w.cursor, limit)));
      return await new Promise((resolve) => readFile(import.meta.filename, () => resolve(pages)));
    });
    // Each person new to this ledger costs 1 ms of the thread.
    const ensure = cache.ledger.ensure.bind(cache.ledger);
    cache.ledger.ensure = (...args) => {
      const until = performance.now() + 1;
      while (performance.now() < until);
      return ensure(...args);
    };
    // A timer chain counts the event loop's turns; each slice notes how many had passed before it.
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns++;
      if (ticking) setTimeout(tick, 1);
    };
    setTimeout(tick, 1);
    const slices: Array<{ taken: number; turn: number }> = [];
    const apply = cache.office.apply.bind(cache.office);
    cache.office.apply = (profileId, folder, events, cursor, opts) => {
      const out = apply(profileId, folder, events, cursor, opts);
      if (events.length > 0) slices.push({ taken: out.taken, turn: turns });
      return out;
    };
    await sync.syncNow();
    ticking = false;

    expect(slices.reduce((n, s) => n + s.taken, 0)).toBe(20);
    // 1 ms an event, SLICE_MS a slice: never more than SLICE_MS events in one (fewer on a busy machine).
    expect(Math.max(...slices.map((s) => s.taken))).toBeLessThanOrEqual(SLICE_MS);
    // A timer due while a slice ran fires before the next slice starts.
    for (let i = 1; i < slices.length; i++) expect(slices[i]!.turn).toBeGreaterThan(slices[i - 1]!.turn);
    for (const id of authors) expect(cache.ledger.personOf(id)).toBeDefined();
  });

  it('the loop sizes its slices to the time one takes, within bounds', () => {
    expect(nextSlice(32, 1.5)).toBe(64); // 0.047 ms an event: 3 ms hold 64
    expect(nextSlice(100, 60)).toBe(5);
    expect(nextSlice(10, 1000)).toBe(4); // never fewer than 4
    expect(nextSlice(10, 0)).toBe(256); // nor more than 256
    expect(nextSlice(256, 0.5)).toBe(256);
    // A round of reads stays within what the office client reads at once.
    expect(PULL_ROUND_EVENTS).toBeLessThanOrEqual(MAX_PULL_EVENTS);
    expect(PULL_ROUND_FOLDERS).toBeLessThanOrEqual(MAX_PULL_FOLDERS);
    expect(PULL_PAGE).toBeLessThanOrEqual(PULL_ROUND_EVENTS);
  });
});
