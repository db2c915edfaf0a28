// The second round through core.router on a real SQLite file (the local service only produces the run):
// a decline with its reason, "too busy" until a day making the person unavailable — the load badge says
// until when and Hide busy reviewers leaves them out until then, and not after; availability typed on a
// person; the decline report; the invite-now count per manuscript; refused inputs in the editor's words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CandidateLoadRow,
  CandidatePage,
  DeclineReport,
  LedgerPersonRow,
  ManuscriptRow,
  RunRow,
  ShortlistEntryRow,
  ShortlistRound,
} from '../../electron/common/shapes';
import { startCoreWithService, type CoreWithService } from '../support/core-with-service';

let t: CoreWithService;
let m: ManuscriptRow;
let runId: number;
let people: number[];

const candidates = (query: object = {}) => t.call<CandidatePage>('candidates.query', { runId, query: { limit: 1000, ...query } });
const hidden = async () => {
  const shown = new Set((await candidates({ hideBusy: true })).rows.map((c) => c.authorId));
  return people.filter((p) => !shown.has(p));
};
const load = async (authorId: number) => (await t.call<CandidateLoadRow[]>('ledger.loads', { runId })).find((l) => l.authorId === authorId);

beforeAll(async () => {
  t = await startCoreWithService({ prefix: 'rounds' });
  m = await t.call<ManuscriptRow>('manuscripts.upload', {
    form: {
      folder: 'DEMO',
      origin_id: 'rounds-a',
      title: 'Lichen survey',
      abstract: 'Lichens of the north.',
      authors_count: 0,
      authors: [],
    },
  });
  await t.core.workspace()!.sync.syncNow();
  runId = (await t.call<{ runs: RunRow[] }>('manuscripts.get', { id: m.id })).runs.at(-1)!.id;
  people = (await candidates({ hasEmail: true, limit: 5 })).rows.map((c) => c.authorId);
  await t.call('shortlist.add', { manuscriptId: m.id, authorIds: people });
  await t.service.close();
}, 60_000);
afterAll(async () => {
  await t?.core.close();
});

describe('decline reasons and availability', () => {
  it('a decline asks for a reason: "other" needs words; a date that does not exist is refused', async () => {
    await t.call('invitation.markInvited', { manuscriptId: m.id, authorId: people[0] });
    const other = await t.handle('shortlist.decline', { manuscriptId: m.id, authorId: people[0], reason: 'other' });
    expect(other).toMatchObject({ ok: false, error: { code: 'invalid_input', message: expect.stringMatching(/Say why in a few words/) } });
    const bad = await t.handle('shortlist.decline', {
      manuscriptId: m.id,
      authorId: people[0],
      reason: 'too_busy',
      unavailableUntil: '2027-02-30',
    });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input', message: expect.stringMatching(/does not exist/) } });
    const stale = await t.handle('shortlist.decline', { manuscriptId: m.id, authorId: people[1], reason: 'on_leave' });
    expect(stale).toMatchObject({ ok: false, error: { code: 'conflict' } });
    // Refused inputs changed nothing.
    const [first] = await t.call<ShortlistEntryRow[]>('shortlist.list', { manuscriptId: m.id });
    expect(first).toMatchObject({ status: 'invited', declineReason: null, unavailableUntil: null });
  });

  it('"too busy" until a day: the person is shown with the date, Hide busy reviewers leaves them out until then and not after', async () => {
    expect(await hidden()).toEqual([]);
    const e = await t.call<ShortlistEntryRow>('shortlist.decline', {
      manuscriptId: m.id,
      authorId: people[0],
      reason: 'too_busy',
      unavailableUntil: '2099-01-15',
    });
    expect(e).toMatchObject({ status: 'declined', declineReason: 'too_busy', unavailableUntil: '2099-01-15' });
    expect(await load(people[0]!)).toMatchObject({ busy: true, reasons: ['unavailable until 2099-01-15'], unavailableUntil: '2099-01-15' });
    expect(await hidden()).toEqual([people[0]]);
    // The date passes: the editor's typed date (any day before today) ends it.
    const personId = e.personId;
    const past = await t.call<LedgerPersonRow>('ledger.setAvailability', { personId, until: '2020-01-01' });
    expect(past.unavailableUntil).toBe('2020-01-01');
    expect(await hidden()).toEqual([]);
    expect((await load(people[0]!))?.busy ?? false).toBe(false);
    // Typed on the person in the Reviewers view, and cleared.
    await t.call('ledger.setAvailability', { personId, until: '2099-03-01' });
    expect(await hidden()).toEqual([people[0]]);
    const cleared = await t.call<LedgerPersonRow>('ledger.setAvailability', { personId, until: null });
    expect(cleared.unavailableUntil).toBeNull();
    expect(await hidden()).toEqual([]);
  });

  it('the decline report counts reasons over everyone and per person, with the acceptance rate of those who gave each', async () => {
    for (const [authorId, reason, text] of [
      [people[1], 'outside_expertise', undefined],
      [people[2], 'other', 'Moving labs'],
    ] as const) {
      await t.call('invitation.markInvited', { manuscriptId: m.id, authorId });
      await t.call('shortlist.decline', { manuscriptId: m.id, authorId, reason, ...(text ? { text } : {}) });
    }
    await t.call('invitation.markInvited', { manuscriptId: m.id, authorId: people[3] });
    await t.call('shortlist.setStatus', { manuscriptId: m.id, authorId: people[3], status: 'accepted' });
    const report = await t.call<DeclineReport>('ledger.declines', {});
    expect(report.overall.map((r) => [r.reason, r.declines, r.people, r.acceptanceRate])).toEqual([
      ['too_busy', 1, 1, 0],
      ['outside_expertise', 1, 1, 0],
      ['other', 1, 1, 0],
    ]);
    expect(report.people.find((p) => p.reason === 'other')).toMatchObject({ text: 'Moving labs', declines: 1 });
    const history = await t.call<{ manuscripts: Array<{ declineReason: string | null }> }>('ledger.person', {
      personId: (await t.call<ShortlistEntryRow[]>('shortlist.list', { manuscriptId: m.id }))[1]!.personId,
    });
    expect(history.manuscripts[0]!.declineReason).toBe('outside_expertise');
  });

  it('the invite-now count is 3 until the editor sets it for the manuscript; out of range is refused', async () => {
    expect(await t.call<ShortlistRound>('shortlist.round', { manuscriptId: m.id })).toEqual({
      manuscriptId: m.id,
      inviteNow: 3,
      custom: false,
    });
    expect(await t.call<ShortlistRound>('shortlist.setInviteNow', { manuscriptId: m.id, inviteNow: 2 })).toMatchObject({
      inviteNow: 2,
      custom: true,
    });
    expect(await t.handle('shortlist.setInviteNow', { manuscriptId: m.id, inviteNow: 0 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringMatching(/Invite at least one person at once/) },
    });
    expect((await t.call<ShortlistRound>('shortlist.round', { manuscriptId: m.id })).inviteNow).toBe(2);
  });
});
