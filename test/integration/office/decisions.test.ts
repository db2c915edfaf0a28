// The editor's decisions through a real PostgreSQL office, between two editors' cores (each with its demo
// service of the same corpus, so the same author ids), through a TCP relay to take the office off the network:
// Ann's do-not-invite, "unavailable until" and bounced address show in Bob's cache and window reads, and their
// removal too; the authors' requests (pasted, matched by hand, removed), the invite-now count and a decline
// reason reach Bob's copy of her manuscript; a request shared before Bob has the manuscript waits for it;
// Ann's change made offline is pushed once when the office is back; her own events coming back change nothing;
// two editors deciding about one person offline end with the later decision in the office's order;
// a hostile body (or an office-wide kind in a journal) is refused and the events after it are applied; a
// person Bob's ledger has never seen is taken in by the ledger's rules.
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuthorRequestRow,
  CandidatePage,
  DoNotInviteRow,
  LedgerPersonHistory,
  ManuscriptRow,
  OfficeCheck,
  PersonDecisions,
  PersonFlagRow,
  RunRow,
  ShortlistEntryRow,
  ShortlistRound,
} from '../../../electron/common/shapes';
import type { CacheChange } from '../../../electron/core/cache/changes';
import { OFFICE_WIDE_FOLDER } from '../../../electron/core/office/schema';
import type { CoreWithService } from '../../support/core-with-service';
import { twoCoresOffice, type TwoCoresOffice } from '../../support/office';
import { asAdmin, pgAvailable, PG_MISSING, type PgCluster } from '../../support/pg-cluster';
import type { TcpRelay } from '../../support/tcp-relay';
import { until as poll } from '../../support/poll';

if (!pgAvailable()) console.warn(`office, decisions: skipped, ${PG_MISSING}`);

const PW = { ann: 'ann-password-1', bob: 'bob-password-1' };

/** The shared poll, asked every 25 ms, 10 s unless said. */
const until = <T>(what: string, fn: () => Promise<T | undefined>, ms = 10_000): Promise<T> => poll(what, fn, ms, 25);

describe.skipIf(!pgAvailable())('the editor’s decisions through the office', () => {
  let office: TwoCoresOffice;
  let pg: PgCluster;
  let db: string;
  let relay: TcpRelay;
  let url: string;
  let ann: CoreWithService;
  let bob: CoreWithService;
  /** Ann's manuscript, and Bob's copy of it (her shared run). */
  let annMs: ManuscriptRow;
  let bobMs: ManuscriptRow;
  /** Candidates of the manuscript with an e-mail, as author ids (the same in both caches). */
  let people: number[];
  let bobChanges: CacheChange[] = [];

  const sync = async (...cores: CoreWithService[]) => {
    for (const c of cores) {
      await c.call('office.syncNow', {});
      await until('in step', async () => (c.core.status.get().office?.waiting === 0 ? true : undefined), 30_000);
    }
  };
  const personIn = (c: CoreWithService, authorId: number) => c.core.cache.ledger.personOf(authorId)!;
  /** An event written by hand through Bob's own office login (as a broken or hostile app could). */
  const asBob = async (folder: string, kind: string, body: unknown) => {
    const c = new Client({ connectionString: pg.urlFor(db, 'bob', PW.bob) });
    await c.connect();
    try {
      await c.query('INSERT INTO office.events (id, folder, kind, body) VALUES (gen_random_uuid(), $1, $2, $3::jsonb)', [
        folder,
        kind,
        typeof body === 'string' ? body : JSON.stringify(body),
      ]);
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    office = await twoCoresOffice(PW, 'office-dec');
    ({ pg, db, relay, url, ann, bob } = office);
    for (const [c, login] of [
      [ann, 'ann'],
      [bob, 'bob'],
    ] as const)
      expect(await c.call<OfficeCheck>('office.link', { url, login, password: PW[login] })).toMatchObject({ ok: true });
    annMs = await ann.call<ManuscriptRow>('manuscripts.upload', {
      form: { folder: 'DEMO', origin_id: 'dec-ann-1', title: 'Lichens and decisions', abstract: 'Lichens.', authors_count: 0, authors: [] },
    });
    await ann.core.workspace()!.sync.syncNow();
    const runId = (await ann.call<{ runs: RunRow[] }>('manuscripts.get', { id: annMs.id })).runs.at(-1)!.id;
    people = (await ann.call<CandidatePage>('candidates.query', { runId, query: { hasEmail: true, limit: 6 } })).rows.map(
      (c) => c.authorId,
    );
    await sync(ann, bob);
    bobMs = await until('Bob has Ann’s manuscript', async () =>
      (await bob.call<ManuscriptRow[]>('manuscripts.list', {})).find((m) => m.originId === 'dec-ann-1'),
    );
    bob.core.cache.changes.on((c) => bobChanges.push(c));
  }, 90_000);
  afterAll(() => office?.stop());

  it('Ann’s do-not-invite, unavailable-until and bounced address show in Bob’s reads; removing them travels too', async () => {
    const [x, y] = people as [number, number];
    const email = (await ann.call<PersonDecisions>('people.decisions', { personId: personIn(ann, y) })).emails[0]!.email;
    await ann.call('doNotInvite.set', { personId: personIn(ann, x), reason: 'Reviewed for a competitor', until: '2031-01-31' });
    await ann.call('ledger.setAvailability', { personId: personIn(ann, y), until: '2030-06-30' });
    await ann.call('email.setBounced', { email, bounced: true });
    bobChanges = [];
    await sync(ann, bob);

    const list = await bob.call<DoNotInviteRow[]>('doNotInvite.list', {});
    const byAnn = { login: 'ann', at: expect.any(Number) as number };
    expect(list).toEqual([
      expect.objectContaining({
        personId: personIn(bob, x),
        reason: 'Reviewed for a competitor',
        until: '2031-01-31',
        active: true,
        setBy: byAnn,
      }),
    ]);
    // The day shown is when the office took Ann's decision, not when Bob's cache folded it.
    expect(Math.abs(list[0]!.setBy!.at - Date.now())).toBeLessThan(60_000);
    const flags = await bob.call<PersonFlagRow[]>('people.flags', { manuscriptId: bobMs.id });
    expect(flags.find((f) => f.authorId === x)).toMatchObject({
      doNotInvite: { reason: 'Reviewed for a competitor', until: '2031-01-31', setBy: byAnn },
    });
    expect(flags.find((f) => f.authorId === y)).toMatchObject({ bounced: true, bouncedBy: byAnn });
    const bobSees = await bob.call<PersonDecisions>('people.decisions', { personId: personIn(bob, y) });
    expect(bobSees.emails.find((e) => e.email === email)).toMatchObject({ bounced: true, setBy: byAnn });
    expect(bobSees.availabilitySetBy).toEqual(byAnn);
    // Ann's own decisions say nothing extra in her window.
    expect((await ann.call<DoNotInviteRow[]>('doNotInvite.list', {}))[0]!.setBy).toBeNull();
    const annSees = await ann.call<PersonDecisions>('people.decisions', { personId: personIn(ann, y) });
    expect([annSees.availabilitySetBy, annSees.emails.find((e) => e.email === email)!.setBy]).toEqual([null, null]);
    expect((await bob.call<LedgerPersonHistory>('ledger.person', { personId: personIn(bob, y) })).person.unavailableUntil).toBe(
      '2030-06-30',
    );
    // Bob's window hears the topics his own writes would have told.
    expect(bobChanges.map((c) => c.topic)).toEqual(expect.arrayContaining(['ledger', 'shortlist']));
    // Nothing of it goes back out from Bob.
    expect(bob.core.cache.office.outgoing(bob.core.profiles.activeId()!, 10)).toEqual([]);

    await ann.call('doNotInvite.remove', { personId: personIn(ann, x) });
    await ann.call('ledger.setAvailability', { personId: personIn(ann, y), until: null });
    await ann.call('email.setBounced', { email, bounced: false });
    await sync(ann, bob);
    expect(await bob.call<DoNotInviteRow[]>('doNotInvite.list', {})).toEqual([]);
    expect(
      (await bob.call<PersonFlagRow[]>('people.flags', { manuscriptId: bobMs.id })).filter((f) => f.authorId === x || f.authorId === y),
    ).toEqual([]);
    expect((await bob.call<LedgerPersonHistory>('ledger.person', { personId: personIn(bob, y) })).person.unavailableUntil).toBeNull();
  }, 60_000);

  it('the authors’ requests, the invite-now count and a decline reason reach Bob’s copy of the manuscript', async () => {
    const names = await Promise.all(
      people
        .slice(2, 4)
        .map(async (a) => (await ann.call<LedgerPersonHistory>('ledger.person', { personId: personIn(ann, a) })).person.name),
    );
    const pasted = await ann.call<AuthorRequestRow[]>('requests.paste', {
      manuscriptId: annMs.id,
      kind: 'opposed',
      text: `${names[0]}\nDr. Nobody Known, Atlantis Institute`,
    });
    expect(pasted).toHaveLength(2);
    const nobody = pasted.find((r) => r.line.includes('Nobody'))!;
    await ann.call('requests.setMatch', { manuscriptId: annMs.id, id: nobody.id, authorId: people[3] });
    await ann.call('shortlist.setInviteNow', { manuscriptId: annMs.id, inviteNow: 5 });
    const z = people[4]!;
    await ann.call('shortlist.add', { manuscriptId: annMs.id, authorIds: [z] });
    await ann.call('invitation.markInvited', { manuscriptId: annMs.id, authorId: z });
    await ann.call('shortlist.decline', { manuscriptId: annMs.id, authorId: z, reason: 'other', text: 'Moving labs this spring' });
    await sync(ann, bob);

    const requests = await bob.call<AuthorRequestRow[]>('requests.list', { manuscriptId: bobMs.id });
    expect(requests.map((r) => [r.kind, r.line, r.authorId, r.rule, r.setBy?.login])).toEqual([
      ['opposed', names[0], people[2], expect.any(String), 'ann'],
      ['opposed', 'Dr. Nobody Known, Atlantis Institute', people[3], 'editor', 'ann'],
    ]);
    expect((await ann.call<AuthorRequestRow[]>('requests.list', { manuscriptId: annMs.id })).map((r) => r.setBy)).toEqual([null, null]);
    expect(await bob.call<ShortlistRound>('shortlist.round', { manuscriptId: bobMs.id })).toMatchObject({ inviteNow: 5, custom: true });
    expect((await bob.call<ShortlistEntryRow[]>('shortlist.list', { manuscriptId: bobMs.id })).find((e) => e.authorId === z)).toMatchObject(
      {
        status: 'declined',
        declineReason: 'other',
        declineText: 'Moving labs this spring',
      },
    );

    await ann.call('requests.remove', { manuscriptId: annMs.id, id: nobody.id });
    await sync(ann, bob);
    expect((await bob.call<AuthorRequestRow[]>('requests.list', { manuscriptId: bobMs.id })).map((r) => r.line)).toEqual([names[0]]);
  }, 60_000);

  it('a request shared before Bob has the manuscript waits for it, and applies when he uploads it', async () => {
    await asBob('DEMO', 'requests.entry', {
      originId: 'dec-later',
      kind: 'suggested',
      line: 'Prof. Ada Waiting, Uppsala University',
      removed: false,
      name: 'Ada Waiting',
      email: null,
      orcid: null,
      affiliation: 'Uppsala University',
      match: null,
    });
    await sync(ann);
    expect(ann.core.cache.db.prepare("SELECT count(*) FROM office_parked WHERE origin_id = 'dec-later'").pluck().get()).toBe(1);
    const later = await ann.call<ManuscriptRow>('manuscripts.upload', {
      form: { folder: 'DEMO', origin_id: 'dec-later', title: 'Later', abstract: 'Mosses.', authors_count: 0, authors: [] },
    });
    const rows = await until('the parked request is applied', async () => {
      const r = await ann.call<AuthorRequestRow[]>('requests.list', { manuscriptId: later.id });
      return r.length > 0 ? r : undefined;
    });
    expect(rows).toEqual([expect.objectContaining({ kind: 'suggested', name: 'Ada Waiting', affiliation: 'Uppsala University' })]);
    expect(ann.core.cache.db.prepare("SELECT count(*) FROM office_parked WHERE origin_id = 'dec-later'").pluck().get()).toBe(0);
    // Her upload's run goes to the office; the request applied from it is not shared back.
    await sync(ann);
    expect(ann.core.cache.db.prepare("SELECT count(*) FROM office_outbox WHERE kind = 'requests.entry'").pluck().get()).toBe(0);
  }, 60_000);

  it('Ann’s change made while the office is down is pushed once when it is back; her own event back changes nothing', async () => {
    const w = people[5]!;
    await sync(ann);
    await relay.down();
    await ann.call('doNotInvite.set', { personId: personIn(ann, w), reason: 'Asked not to be contacted', until: null });
    await until('Ann is offline', async () => (ann.core.status.get().office?.state === 'offline' ? true : undefined));
    expect(ann.core.status.get().office).toMatchObject({ waiting: 1 });
    const before = (await ann.call<DoNotInviteRow[]>('doNotInvite.list', {})).find((r) => r.personId === personIn(ann, w))!;
    await relay.up();
    await sync(ann, bob);

    const inOffice = await asAdmin<{ n: number }>(
      pg,
      db,
      `SELECT count(*)::int AS n FROM office.events WHERE folder = $1 AND kind = 'person.do_not_invite' AND body -> 'person' -> 'authorIds' @> $2::jsonb
         AND body ->> 'reason' = 'Asked not to be contacted'`,
      [OFFICE_WIDE_FOLDER, JSON.stringify([w])],
    );
    expect(inOffice).toEqual([{ n: 1 }]);
    expect((await bob.call<DoNotInviteRow[]>('doNotInvite.list', {})).map((r) => [r.personId, r.reason])).toEqual([
      [personIn(bob, w), 'Asked not to be contacted'],
    ]);
    // Her own event came back in the pull: the row is as she wrote it (not written again).
    const after = (await ann.call<DoNotInviteRow[]>('doNotInvite.list', {})).find((r) => r.personId === personIn(ann, w))!;
    expect(after.updatedAt).toBe(before.updatedAt);
    expect(ann.core.cache.db.prepare('SELECT count(*) FROM office_outbox').pluck().get()).toBe(0);
  }, 60_000);

  it('two editors deciding about one person offline: the later in the office’s order wins in both caches', async () => {
    const v = people[1]!;
    await sync(ann, bob);
    await relay.down();
    await ann.call('doNotInvite.set', { personId: personIn(ann, v), reason: 'From Ann', until: null });
    await bob.call('doNotInvite.set', { personId: personIn(bob, v), reason: 'From Bob', until: '2032-01-01' });
    await relay.up();
    // Bob's reaches the office first; Ann's, pushed before she pulls his, comes after it.
    await sync(bob, ann, bob);
    const reasonIn = async (c: CoreWithService) =>
      (await c.call<DoNotInviteRow[]>('doNotInvite.list', {})).find((r) => r.personId === personIn(c, v))?.reason;
    expect([await reasonIn(ann), await reasonIn(bob)]).toEqual(['From Ann', 'From Ann']);
    await ann.call('doNotInvite.remove', { personId: personIn(ann, v) });
    await sync(ann, bob);
    expect([await reasonIn(ann), await reasonIn(bob)]).toEqual([undefined, undefined]);
  }, 60_000);

  it('a hostile body, or an office-wide kind in a journal, is refused and the events after it are applied', async () => {
    const [x] = people as [number];
    const ref = { authorIds: [x], name: 'Someone', email: null, orcid: null };
    await asBob(OFFICE_WIDE_FOLDER, 'person.do_not_invite', { person: ref, removed: false, reason: 'x'.repeat(501), until: null });
    await asBob(OFFICE_WIDE_FOLDER, 'person.do_not_invite', {
      person: { ...ref, authorIds: ['1'] },
      removed: false,
      reason: 'r',
      until: null,
    });
    await asBob(OFFICE_WIDE_FOLDER, 'person.availability', { person: ref, until: '2031-02-30', source: 'typed' });
    await asBob(OFFICE_WIDE_FOLDER, 'email.bounced', { email: 'Not An Address', bounced: true });
    await asBob(OFFICE_WIDE_FOLDER, 'email.bounced', '[1, 2, 3]');
    await asBob('DEMO', 'person.do_not_invite', { person: ref, removed: false, reason: 'From a journal', until: null });
    await asBob('DEMO', 'requests.entry', { originId: 'dec-ann-1', kind: 'opposed', line: 'Evil', removed: false, extra: 1 });
    await asBob(OFFICE_WIDE_FOLDER, 'email.bounced', { email: 'after.hostile@example.org', bounced: true });
    await sync(ann);

    expect(await ann.call<DoNotInviteRow[]>('doNotInvite.list', {})).not.toContainEqual(
      expect.objectContaining({ personId: personIn(ann, x) }),
    );
    expect((await ann.call<LedgerPersonHistory>('ledger.person', { personId: personIn(ann, x) })).person.unavailableUntil).toBeNull();
    expect((await ann.call<AuthorRequestRow[]>('requests.list', { manuscriptId: annMs.id })).map((r) => r.line)).not.toContain('Evil');
    expect(ann.core.cache.decisions.isBounced('after.hostile@example.org')).toBe(true);
    expect(ann.core.cache.decisions.isBounced('not an address')).toBe(false);
  }, 60_000);

  it('a person Ann’s ledger has never seen is taken in from the event (and found again by ORCID)', async () => {
    const orcid = '0000-0002-1825-0097';
    await asBob(OFFICE_WIDE_FOLDER, 'person.do_not_invite', {
      person: { authorIds: [987654321], name: 'Josiah Carberry', email: 'j.carberry@brown.example', orcid },
      removed: false,
      reason: 'Fictional',
      until: null,
    });
    await sync(ann);
    const personId = ann.core.cache.ledger.personOf(987654321);
    expect(personId).toBeDefined();
    expect((await ann.call<DoNotInviteRow[]>('doNotInvite.list', {})).find((r) => r.personId === personId)).toMatchObject({
      name: 'Josiah Carberry',
      reason: 'Fictional',
    });
    // The same person under another author id, by ORCID: the ledger's merge rule puts them with the first.
    expect(ann.core.cache.ledger.ensure({ authorId: 987654322, name: 'J. Carberry', affiliation: null, email: null, orcid })).toBe(
      personId,
    );
  }, 60_000);
});
