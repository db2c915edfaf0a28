// Faults a review found in the office's local side, each reproduced on an in-memory office with the
// server's rules (test/support/fake-office.ts): an editor of another journal naming a manuscript, counts
// left after unlinking, a re-link racing the old loop, a colleague's flood of entries, an event held
// behind the pull's fence, an invitation taken back, a submission uploaded after colleagues shortlisted
// for it, and a colleague's older state arriving while the editor's newer one is not back yet.
import { describe, expect, it } from 'vitest';
import type { Cache } from '../../../electron/core/cache';
import { MAX_SHORTLIST } from '../../../electron/core/cache/shortlist';
import type { OfficeConnection, OfficeSync } from '../../../electron/core/office/sync';
import { systemTimers, type Timers } from '../../../electron/core/sync';
import { entryBody, entryEvent, fencedConnect, OFFICE_PROFILE, recordRun, syncedEditor, eachFakeOffice } from '../../support/office';
import { ManualClock } from '../cache/fixtures';

const P = OFFICE_PROFILE;
const URL1 = 'postgres://office.example/desk';
const clock = new ManualClock();
const t = eachFakeOffice({ ann: ['JOURNAL-A', 'JOURNAL-B'], bob: ['JOURNAL-A'], mallory: ['JOURNAL-B'] });

interface Editor {
  cache: Cache;
  sync: OfficeSync;
}

function editor(login: string, opts: { connect?: () => Promise<OfficeConnection>; timers?: Timers } = {}): Editor {
  return syncedEditor(login, {
    url: URL1,
    clock,
    connect: opts.connect ?? t.office.connect(login),
    timers: opts.timers,
    cleanups: t.cleanups,
  });
}
const run = (e: Editor, originId: string, authors: number[], folder = 'JOURNAL-A') => recordRun(e.cache, originId, authors, folder);
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('office faults', () => {
  it('an editor of another journal cannot change or add entries of a manuscript by naming it', async () => {
    const ann = editor('ann');
    const a = run(ann, 'secret-ms', [21, 22]);
    ann.cache.shortlist.add(P, a.manuscriptId, [21]);
    ann.cache.shortlist.setStatus(a.manuscriptId, 21, 'invited');
    await ann.sync.syncNow();
    const m = await t.office.connect('mallory')();
    await m.push([
      entryEvent('JOURNAL-B', entryBody('secret-ms', 21, { removed: true })),
      entryEvent('JOURNAL-B', entryBody('secret-ms', 22, { note: 'planted' })),
    ]);
    await ann.sync.syncNow();
    expect(ann.cache.shortlist.list(a.manuscriptId).map((e) => [e.authorId, e.status, e.note])).toEqual([[21, 'invited', '']]);
  });

  it('unlinking counts the ledger again without the office’s entries', async () => {
    const ann = editor('ann');
    const bob = editor('bob');
    const a = run(ann, 'ms1', [31]);
    run(bob, 'ms2', [31]);
    ann.cache.shortlist.add(P, a.manuscriptId, [31]);
    ann.cache.shortlist.setStatus(a.manuscriptId, 31, 'invited');
    await ann.sync.syncNow();
    await bob.sync.syncNow();
    const pid = bob.cache.ledger.personOf(31)!;
    expect(bob.cache.ledger.get(pid)!.invited).toBe(1);
    await bob.sync.stop();
    bob.cache.office.setLink(P, null);
    expect(bob.cache.ledger.get(pid)!.invited).toBe(0);
  });

  it('a loop of a link replaced meanwhile marks nothing it pushed: the new link keeps the history to send', async () => {
    const ann = editor('ann');
    const a = run(ann, 'ms4', [51, 52]);
    ann.cache.shortlist.add(P, a.manuscriptId, [51, 52]);
    await ann.sync.syncNow();
    ann.cache.office.setLink(P, { url: 'postgres://office2.example/desk', login: 'ann' });
    await settle();
    await ann.sync.stop();
    // The two entries and the manuscript's run, shared again under the new link.
    expect(ann.cache.office.waiting(P)).toBe(3);
  });

  it(`a colleague’s flood of entries never puts more than ${MAX_SHORTLIST} people on a local shortlist`, async () => {
    const ann = editor('ann');
    const a = run(ann, 'ms5', [61]);
    const b = await t.office.connect('bob')();
    const evs = Array.from({ length: 600 }, (_, i) => entryEvent('JOURNAL-A', entryBody('ms5', 1000 + i, { position: 1 })));
    await b.push(evs.slice(0, 300));
    await b.push(evs.slice(300));
    await ann.sync.syncNow();
    expect(ann.cache.shortlist.list(a.manuscriptId)).toHaveLength(MAX_SHORTLIST);
  });

  it('an event held behind the pull’s fence when its notification came is pulled once it is committed', async () => {
    let fence = Infinity;
    const connect = fencedConnect(t.office.connect('ann'), () => fence);
    const ann = editor('ann', { connect, timers: systemTimers });
    await ann.sync.syncNow();
    fence = 0; // a transaction that started earlier is still open: nothing newer is visible yet
    await (await t.office.connect('bob')()).push([entryEvent('JOURNAL-A', entryBody('m', 7, { status: 'invited', invitedAt: 5 }))]);
    await ann.sync.idle();
    expect(ann.cache.office.colleagueInvites(P, 'ann', [7])).toHaveLength(0);
    fence = Infinity; // it commits; no notification names this folder again
    const deadline = Date.now() + 3_000;
    while (ann.cache.office.colleagueInvites(P, 'ann', [7]).length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(ann.cache.office.colleagueInvites(P, 'ann', [7])).toHaveLength(1);
  });

  it('an invitation taken back is no longer a colleague’s warning', async () => {
    const ann = editor('ann');
    const bob = editor('bob');
    const a = run(ann, 'ms8', [71]);
    run(bob, 'ms8', [71]);
    ann.cache.shortlist.add(P, a.manuscriptId, [71]);
    ann.cache.shortlist.setStatus(a.manuscriptId, 71, 'invited');
    await ann.sync.syncNow();
    await bob.sync.syncNow();
    expect(bob.cache.office.colleagueInvites(P, 'bob', [71])).toHaveLength(1);
    ann.cache.shortlist.setStatus(a.manuscriptId, 71, 'shortlisted'); // Undo
    await ann.sync.syncNow();
    await bob.sync.syncNow();
    expect(bob.cache.office.colleagueInvites(P, 'bob', [71])).toEqual([]);
  });

  it('a submission uploaded after colleagues shortlisted for it starts with their entries, and adding one keeps their state', async () => {
    const ann = editor('ann');
    const bob = editor('bob');
    const a = run(ann, 'ms9', [91, 92]);
    ann.cache.shortlist.add(P, a.manuscriptId, [91]);
    ann.cache.shortlist.setStatus(a.manuscriptId, 91, 'invited');
    await ann.sync.syncNow();
    await bob.sync.syncNow();
    const b = run(bob, 'ms9', [91, 92]); // Bob uploads the same submission later
    await settle();
    expect(bob.cache.shortlist.list(b.manuscriptId).map((e) => [e.authorId, e.status])).toEqual([[91, 'invited']]);
    bob.cache.shortlist.add(P, b.manuscriptId, [91, 92]);
    await bob.sync.syncNow();
    await ann.sync.syncNow();
    expect(ann.cache.shortlist.entry(a.manuscriptId, 91)!.status).toBe('invited');
    expect(ann.cache.shortlist.list(a.manuscriptId).map((e) => e.authorId)).toEqual([91, 92]);
  });

  it('a colleague’s older state pulled before the editor’s own newer one is back never replaces it', async () => {
    let fence = Infinity;
    const connect = fencedConnect(t.office.connect('ann'), () => fence);
    const ann = editor('ann', { connect });
    const bob = editor('bob');
    const a = run(ann, 'ms7', [81]);
    run(bob, 'ms7', [81]);
    ann.cache.shortlist.add(P, a.manuscriptId, [81]);
    await ann.sync.syncNow();
    await bob.sync.syncNow();
    bob.cache.shortlist.setNote(bob.cache.manuscripts.idOf(P, 'ms7')!, 81, 'bob');
    await bob.sync.syncNow(); // Bob's note is in the office first
    ann.cache.shortlist.setNote(a.manuscriptId, 81, 'ann, newer');
    fence = t.office.events.at(-1)!.xid + 1; // Ann's push lands above the fence: only Bob's older state is visible
    await ann.sync.syncNow();
    expect(ann.cache.shortlist.entry(a.manuscriptId, 81)!.note).toBe('ann, newer');
    fence = Infinity;
    await ann.sync.syncNow();
    expect(ann.cache.shortlist.entry(a.manuscriptId, 81)!.note).toBe('ann, newer');
    expect(ann.cache.office.waiting(P)).toBe(0);
  });
});
