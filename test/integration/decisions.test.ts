// The authors' opposed and suggested reviewers, the do-not-invite list and bounced e-mails through
// core.router on a real SQLite file; the local service only produces a run, then goes away (all of it
// works offline). A pasted cover letter matched by ORCID, e-mail and name + affiliation; the opposed
// person left out of the candidates until asked for; a suggested person shortlisted and flagged; a match
// fixed by the editor; drafts refused for a do-not-invite person and for an opposed one until confirmed;
// a bounced address left out of the draft; refused pastes in the editor's words.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuthorRequestRow,
  CandidatePage,
  CandidateRow,
  InvitationDraft,
  ManuscriptRow,
  PersonDecisions,
  PersonFlagRow,
  RunRow,
  ShortlistEntryRow,
  DoNotInviteRow,
} from '../../electron/common/shapes';
import { countryOf } from '../../electron/common/domain/countries';
import { institutionsOf, localConflicts } from '../../electron/common/domain/spread';
import { startCoreWithService, type CoreWithService } from '../support/core-with-service';

let t: CoreWithService;
let m: ManuscriptRow;
let runId: number;
let people: CandidateRow[];
/** A second manuscript on another topic, its authors at the affiliations of some of the first one's candidates. */
let m2: ManuscriptRow;
let m2Candidates: Set<number>;
let m2Affiliations: string[];

const candidates = (query: object = {}) => t.call<CandidatePage>('candidates.query', { runId, query });
const flags = async () => new Map((await t.call<PersonFlagRow[]>('people.flags', { manuscriptId: m.id })).map((f) => [f.authorId, f]));
const paste = (kind: 'opposed' | 'suggested', text: string) =>
  t.call<AuthorRequestRow[]>('requests.paste', { manuscriptId: m.id, kind, text });

beforeAll(async () => {
  t = await startCoreWithService({ prefix: 'decisions' });
  m = await t.call<ManuscriptRow>('manuscripts.upload', {
    form: {
      folder: 'DEMO',
      origin_id: 'dec-a',
      title: 'Protein folding with attention',
      abstract: 'Deep learning for protein structure prediction with attention.',
      authors_count: 0,
      authors: [],
    },
  });
  await t.core.workspace()!.sync.syncNow();
  runId = (await t.call<{ runs: RunRow[] }>('manuscripts.get', { id: m.id })).runs.at(-1)!.id;
  const all = (await candidates({ limit: 60 })).rows;
  people = all.filter((c) => c.affiliation !== null && c.email !== null);
  expect(people.length).toBeGreaterThanOrEqual(4);
  m2Affiliations = people.slice(4, 10).map((p) => p.affiliation!);
  m2 = await t.call<ManuscriptRow>('manuscripts.upload', {
    form: {
      folder: 'DEMO',
      origin_id: 'dec-b',
      title: 'Coral reefs under warming seas',
      abstract: 'Ocean acidification, coral bleaching and reef fish communities.',
      authors_count: m2Affiliations.length,
      authors: m2Affiliations.map((aff, i) => ({ name: `Author ${i + 1}`, aff })),
    },
  });
  await t.core.workspace()!.sync.syncNow();
  const run2 = (await t.call<{ runs: RunRow[] }>('manuscripts.get', { id: m2.id })).runs.at(-1)!.id;
  m2Candidates = new Set(
    (await t.call<CandidatePage>('candidates.query', { runId: run2, query: { limit: 500 } })).rows.map((c) => c.authorId),
  );
  await t.service.close();
});
afterAll(async () => {
  await t?.core.close();
  rmSync(t?.dataDir ?? '', { recursive: true, force: true });
});

describe('authors’ requests (offline)', () => {
  it('matches pasted lines by e-mail and by name + affiliation, hides the opposed, flags the suggested', async () => {
    const [opposed, suggested] = [people[0]!, people[1]!];
    const total = (await candidates()).total;
    let rows = await paste('opposed', `Please do not invite:\n${opposed.name.toUpperCase()}, ${opposed.email!.toUpperCase()}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'opposed',
      authorId: opposed.authorId,
      rule: 'email',
      matched: { name: opposed.name, candidate: true },
    });
    rows = await paste('suggested', `We suggest Dr. ${suggested.name} (${suggested.affiliation}).`);
    expect(rows.find((r) => r.kind === 'suggested')).toMatchObject({ authorId: suggested.authorId, rule: 'name_affiliation' });

    expect((await candidates()).total).toBe(total - 1);
    expect((await candidates({ limit: 500 })).rows.some((c) => c.authorId === opposed.authorId)).toBe(false);
    expect((await candidates({ showOpposed: true })).total).toBe(total);
    const f = await flags();
    expect(f.get(opposed.authorId)).toMatchObject({ opposed: true, suggested: false, doNotInvite: null, bounced: false });
    expect(f.get(suggested.authorId)).toMatchObject({ opposed: false, suggested: true });

    // The suggested person is shortlisted like any candidate, and their conflicts are the run's.
    const list = await t.call<ShortlistEntryRow[]>('shortlist.add', {
      manuscriptId: m.id,
      authorIds: [suggested.authorId, opposed.authorId],
    });
    expect(list.map((e) => e.authorId)).toEqual([suggested.authorId, opposed.authorId]);
  });

  it('a suggested person known only to the ledger is shortlisted, their conflicts checked against the authors’ affiliations', async () => {
    // People of the first manuscript's run: in the ledger, no candidates of the second one.
    const outside = people.slice(4, 10).filter((p) => !m2Candidates.has(p.authorId));
    expect(outside.length).toBeGreaterThanOrEqual(2);
    const [who, other] = [outside[0]!, outside[1]!];
    const rows = await t.call<AuthorRequestRow[]>('requests.paste', {
      manuscriptId: m2.id,
      kind: 'suggested',
      text: `Dr. ${who.name} <${who.email!}>`,
    });
    expect(rows[0]).toMatchObject({ authorId: who.authorId, rule: 'email', matched: { candidate: false } });

    const list = await t.call<ShortlistEntryRow[]>('shortlist.add', { manuscriptId: m2.id, authorIds: [who.authorId] });
    expect(list).toEqual([
      expect.objectContaining({ authorId: who.authorId, name: who.name, email: who.email!.toLowerCase(), inLatestRun: false }),
    ]);
    // An author of the second manuscript is at this person's affiliation: the cache says so, the service never checked.
    const institutions = institutionsOf(who.affiliation);
    expect(list[0]!.localConflicts).toEqual({
      sharesInstitution: institutions.length > 0,
      sharesCountry: countryOf(who.affiliation)?.name ?? null,
    });
    expect(list[0]!.localConflicts).toEqual(localConflicts(list[0]!.affiliation, m2Affiliations));
    const f = new Map((await t.call<PersonFlagRow[]>('people.flags', { manuscriptId: m2.id })).map((x) => [x.authorId, x]));
    expect(f.get(who.authorId)).toMatchObject({ suggested: true });
    // A candidate's entry keeps the service's flags: nothing local.
    expect((await t.call<ShortlistEntryRow[]>('shortlist.list', { manuscriptId: m.id })).every((e) => e.localConflicts === null)).toBe(
      true,
    );
    // A ledger person nobody suggested is still refused.
    await expect(t.call('shortlist.add', { manuscriptId: m2.id, authorIds: [other.authorId] })).rejects.toMatchObject({
      code: 'not_found',
      message: expect.stringMatching(/neither among the candidates of this manuscript nor suggested by its authors/),
    });
    // Their invitation is drafted like anyone's.
    expect((await t.call<InvitationDraft>('invitation.draft', { manuscriptId: m2.id, authorId: who.authorId })).to).toBe(
      who.email!.toLowerCase(),
    );
  });

  it('the editor fixes a match, or removes a line; a line matching nobody stays unmatched', async () => {
    let rows = await paste('opposed', 'Zbigniew Nobody-Known, Nowhere Institute');
    const line = rows.find((r) => r.name === 'Zbigniew Nobody-Known')!;
    expect(line).toMatchObject({ authorId: null, rule: null, matched: null, affiliation: 'Nowhere Institute' });
    rows = await t.call<AuthorRequestRow[]>('requests.setMatch', { manuscriptId: m.id, id: line.id, authorId: people[2]!.authorId });
    expect(rows.find((r) => r.id === line.id)).toMatchObject({ authorId: people[2]!.authorId, rule: 'editor' });
    expect((await flags()).get(people[2]!.authorId)?.opposed).toBe(true);
    await expect(t.call('requests.setMatch', { manuscriptId: m.id, id: line.id, authorId: 987_654_321 })).rejects.toMatchObject({
      code: 'not_found',
    });
    rows = await t.call<AuthorRequestRow[]>('requests.remove', { manuscriptId: m.id, id: line.id });
    expect(rows.some((r) => r.id === line.id)).toBe(false);
    expect((await flags()).get(people[2]!.authorId)).toBeUndefined();
  });

  it('refuses an empty paste, a whole letter and text with no person in the editor’s words', async () => {
    await expect(paste('opposed', '   ')).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/Paste the names/),
    });
    await expect(paste('opposed', 'x'.repeat(20_001))).rejects.toMatchObject({ message: expect.stringMatching(/at most 20,000/) });
    await expect(paste('opposed', 'line\n'.repeat(300))).rejects.toMatchObject({ message: expect.stringMatching(/at most 200/) });
    await expect(paste('opposed', '-----\n1.\n')).rejects.toMatchObject({ message: expect.stringMatching(/No name, e-mail or ORCID/) });
  });

  it('an opposed person gets a draft only once the editor confirms', async () => {
    const opposed = people[0]!;
    await expect(t.call('invitation.draft', { manuscriptId: m.id, authorId: opposed.authorId })).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(/authors opposed .* confirm/),
    });
    const d = await t.call<InvitationDraft>('invitation.draft', { manuscriptId: m.id, authorId: opposed.authorId, confirmOpposed: true });
    expect(d.to).toBe(opposed.email);
  });
});

describe('do-not-invite and bounced e-mails (offline)', () => {
  it('a person on the list is flagged and gets no draft; an ended entry no longer counts', async () => {
    const who = people[1]!;
    const personId = t.core.cache.ledger.personOf(who.authorId)!;
    await expect(t.call('doNotInvite.set', { personId, reason: '  ', until: null })).rejects.toMatchObject({
      message: expect.stringMatching(/Give a reason/),
    });
    const row = await t.call<DoNotInviteRow>('doNotInvite.set', { personId, reason: 'Reviews late twice', until: '2999-12-31' });
    expect(row).toMatchObject({ personId, name: who.name, reason: 'Reviews late twice', active: true });
    expect((await flags()).get(who.authorId)?.doNotInvite).toEqual({ reason: 'Reviews late twice', until: '2999-12-31', setBy: null });
    await expect(t.call('invitation.draft', { manuscriptId: m.id, authorId: who.authorId })).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(/do-not-invite list \(Reviews late twice, until 2999-12-31\)/),
    });
    expect((await t.call<PersonDecisions>('people.decisions', { personId })).doNotInvite?.reason).toBe('Reviews late twice');

    await t.call('doNotInvite.set', { personId, reason: 'Reviews late twice', until: '2000-01-01' });
    expect((await t.call<DoNotInviteRow[]>('doNotInvite.list', {}))[0]).toMatchObject({ personId, active: false });
    expect((await flags()).get(who.authorId)?.doNotInvite ?? null).toBeNull();
    await t.call('doNotInvite.remove', { personId });
    expect(await t.call('doNotInvite.list', {})).toEqual([]);
  });

  it('a bounced address is shown on the person and left out of the draft', async () => {
    const who = people[1]!;
    await t.call('email.setBounced', { email: ` ${who.email!.toUpperCase()} `, bounced: true });
    expect((await flags()).get(who.authorId)?.bounced).toBe(true);
    const d = await t.call<InvitationDraft>('invitation.draft', { manuscriptId: m.id, authorId: who.authorId });
    expect(d).toMatchObject({ to: null, bounced: true });
    expect(d.mailto).toMatch(/^mailto:\?subject=/);
    const personId = t.core.cache.ledger.personOf(who.authorId)!;
    expect((await t.call<PersonDecisions>('people.decisions', { personId })).emails).toContainEqual(
      expect.objectContaining({ email: who.email!.toLowerCase(), bounced: true }),
    );
    await t.call('email.setBounced', { email: who.email!, bounced: false });
    expect((await t.call<InvitationDraft>('invitation.draft', { manuscriptId: m.id, authorId: who.authorId })).to).toBe(who.email);
    await expect(t.call('email.setBounced', { email: 'a@b,c@d', bounced: true })).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
