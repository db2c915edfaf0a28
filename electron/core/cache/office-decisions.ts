// The editor's decisions shared through the editorial office (docs/office.md, "Decisions about people"):
// do-not-invite, "unavailable until" and bounced addresses are office-wide (the office's '(office)' folder,
// office schema 3), the authors' opposed and suggested reviewers and a round's invite-now count belong to a
// manuscript and travel in its journal, keyed by its origin_id. Each local write queues its event in its own
// transaction (the repositories tell this module); a colleague's event is folded through the same repository
// write, so the window hears the same change topics ('ledger', 'shortlist'). A person is named by every
// author_id the sender's ledger has for them (the service's ids, the same in every cache of the organization)
// with their ORCID, e-mail and name: the fold finds this cache's person by those author_ids, or takes the
// person in by the ledger's own merge rules (ORCID, then e-mail), as a colleague's shortlist entry does.
import type { Database, Statement } from 'better-sqlite3';
import { z } from 'zod';
import { MAX_REQUEST_ENTRIES, type RequestKind } from '../../common/domain/authorRequests';
import { normalizeEmail } from '../../common/domain/ledger';
import { MAX_INVITE_NOW } from '../../common/domain/rounds';
import { isoDate } from '../../common/domain/shortlist';
import { isDeskError } from '../../common/errors';
import { OFFICE_WIDE_FOLDER } from '../office/schema';
import type { Clock, Logger } from '../ports';
import type { SetBy } from '../../common/shapes';
import type { ChangeFeed } from './changes';
import type { DecisionChange, DecisionsRepository } from './decisions';
import type { LedgerRepository } from './ledger';
import type { AdoptedManuscript, FoldContext, OfficeRepository, PulledEvent } from './office';
import type { ShortlistRepository } from './shortlist';

export const DO_NOT_INVITE_KIND = 'person.do_not_invite';
export const AVAILABILITY_KIND = 'person.availability';
export const BOUNCED_KIND = 'email.bounced';
export const REQUEST_KIND = 'requests.entry';
export const ROUND_KIND = 'shortlist.round';

/** Author ids one person is named by in an event (a ledger person merges a few). */
export const MAX_PERSON_IDS = 50;
/** The longest pasted line an authors' request is shared with (a line of a cover letter, not the letter). */
export const MAX_SHARED_LINE = 10_000;
/** What a body may take of the office's 64 KiB, with room for the spaces jsonb writes between items. */
export const MAX_DECISION_BYTES = 60_000;

type Outcome = 'applied' | 'refused' | 'ignored';

/** Who made a colleague's decision: the office login that wrote the event, and when the office took it. */
const byOf = (ev: PulledEvent): SetBy => ({ login: ev.author.slice(0, 200) || '?', at: ev.at });

const safeId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A calendar day as YYYY-MM-DD that exists. */
export const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d));

/** A person as another cache can find them: every author_id of theirs, their ORCID iD, e-mail and name. */
export const personRef = z
  .object({
    authorIds: z.array(safeId).min(1).max(MAX_PERSON_IDS),
    name: z.string().min(1).max(500),
    email: z.string().max(320).nullable(),
    orcid: z.string().max(64).nullable(),
  })
  .strict();
export type PersonRef = z.infer<typeof personRef>;

export const doNotInviteBody = z.discriminatedUnion('removed', [
  z.object({ person: personRef, removed: z.literal(false), reason: z.string().trim().min(1).max(500), until: isoDay.nullable() }).strict(),
  z.object({ person: personRef, removed: z.literal(true) }).strict(),
]);
export type DoNotInviteBody = z.infer<typeof doNotInviteBody>;

export const availabilityBody = z.object({ person: personRef, until: isoDay.nullable(), source: z.enum(['typed', 'declined']) }).strict();
export type AvailabilityBody = z.infer<typeof availabilityBody>;

export const bouncedBody = z
  .object({ email: z.string().max(320), bounced: z.boolean() })
  .strict()
  .refine((b) => normalizeEmail(b.email) === b.email, 'one e-mail address, normalised');
export type BouncedBody = z.infer<typeof bouncedBody>;

const requestKey = {
  originId: z.string().min(1).max(200),
  kind: z.enum(['opposed', 'suggested']),
  line: z.string().trim().min(1).max(MAX_SHARED_LINE),
};
export const requestBody = z.discriminatedUnion('removed', [
  z
    .object({
      ...requestKey,
      removed: z.literal(false),
      name: z.string().max(500),
      email: z.string().max(320).nullable(),
      orcid: z.string().max(64).nullable(),
      affiliation: z.string().max(2000).nullable(),
      /** The person the sending editor chose by hand (an author_id); null: each cache matches the line itself. */
      match: safeId.nullable(),
    })
    .strict(),
  z.object({ ...requestKey, removed: z.literal(true) }).strict(),
]);
export type RequestBody = z.infer<typeof requestBody>;

export const roundBody = z
  .object({ originId: z.string().min(1).max(200), inviteNow: z.number().int().min(1).max(MAX_INVITE_NOW) })
  .strict();
export type RoundBody = z.infer<typeof roundBody>;

/** Whether a body fits one office event (jsonb writes ", " and ": " where JSON.stringify writes "," and ":"). */
export function fitsEvent(body: unknown): boolean {
  const json = JSON.stringify(body);
  const separators = (json.match(/[,:]/g) ?? []).length;
  return Buffer.byteLength(json, 'utf8') + separators <= MAX_DECISION_BYTES;
}

/** The office's entity of a local decision: a newer change of the same entity replaces one still waiting. */
export const entityOf = {
  doNotInvite: (personId: number) => `dni:${personId}`,
  availability: (personId: number) => `availability:${personId}`,
  bounced: (email: string) => `bounced:${email}`,
  request: (originId: string, kind: RequestKind, line: string) => `request:${originId}\u0000${kind}\u0000${line}`,
  round: (originId: string) => `round:${originId}`,
};

interface ManuscriptKey {
  id: number;
  profile_id: string;
  origin_id: string;
  folder: string;
}

interface RequestRow {
  id: number;
  name: string;
  email: string | null;
  orcid: string | null;
  affiliation: string | null;
  author_id: number | null;
  rule: string | null;
}

export class OfficeDecisionsRepository {
  /** Non-zero while a colleague's event is folded: the writes it makes are not shared again. */
  private folding = 0;
  private readonly manuscript: Statement<[{ m: number }], ManuscriptKey>;
  private readonly byOrigin: Statement<[{ p: string; o: string }], ManuscriptKey>;
  private readonly requestRows: Statement<[{ m: number; k: string; l: string }], RequestRow>;
  private readonly park: Statement<[Record<string, unknown>]>;
  private readonly parked: Statement<
    [{ p: string; o: string; f: string }],
    { id: string; kind: string; body_json: string; author: string; xid: number; seq: number; at: number }
  >;
  private readonly unpark: Statement<[{ p: string; id: string }]>;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly office: OfficeRepository,
    private readonly ledger: LedgerRepository,
    private readonly decisions: DecisionsRepository,
    private readonly shortlist: ShortlistRepository,
    private readonly changes: ChangeFeed,
    private readonly logger?: Logger,
  ) {
    const select = 'SELECT ms.id, ms.profile_id, ms.origin_id, f.name AS folder FROM manuscripts ms JOIN folders f ON f.id = ms.folder_id';
    this.manuscript = db.prepare(`${select} WHERE ms.id = @m`);
    this.byOrigin = db.prepare(`${select} WHERE ms.profile_id = @p AND ms.origin_id = @o ORDER BY ms.id LIMIT 1`);
    this.requestRows = db.prepare(
      'SELECT id, name, email, orcid, affiliation, author_id, rule FROM author_requests WHERE manuscript_id = @m AND kind = @k AND line = @l ORDER BY id',
    );
    this.park = db.prepare(`
      INSERT OR IGNORE INTO office_parked (profile_id, id, folder, origin_id, author, kind, body_json, xid, seq, at)
      VALUES (@p, @id, @folder, @o, @author, @kind, @body, @xid, @seq, @at)`);
    this.parked = db.prepare(
      'SELECT id, kind, body_json, author, xid, seq, at FROM office_parked WHERE profile_id = @p AND origin_id = @o AND folder = @f ORDER BY xid, seq',
    );
    this.unpark = db.prepare('DELETE FROM office_parked WHERE profile_id = @p AND id = @id');

    office.registerKind(DO_NOT_INVITE_KIND, (p, ev, ctx) => this.fold(ev, ctx, () => this.foldDoNotInvite(p, ev)));
    office.registerKind(AVAILABILITY_KIND, (p, ev, ctx) => this.fold(ev, ctx, () => this.foldAvailability(p, ev)));
    office.registerKind(BOUNCED_KIND, (p, ev, ctx) => this.fold(ev, ctx, () => this.foldBounced(p, ev)));
    office.registerKind(REQUEST_KIND, (p, ev, ctx) => this.fold(ev, ctx, () => this.foldManuscript(p, ev)), ['office_parked']);
    office.registerKind(ROUND_KIND, (p, ev, ctx) => this.fold(ev, ctx, () => this.foldManuscript(p, ev)));
    office.onAdopt((m) => this.adopt(m));
    office.onLinked((p) => this.publishAll(p));
    decisions.onChange((c) => this.published(c));
    ledger.onAvailability((a) => this.publishAvailability(a));
    shortlist.onRound((m) => this.publishRound(m));
  }

  // --- sharing the editor's own decisions ---

  private published(c: DecisionChange): void {
    if (c.type === 'doNotInvite') this.publishDoNotInvite(c.personId);
    else if (c.type === 'bounced') this.publishBounced(c.email);
    else this.publishRequest(c.manuscriptId, c.kind, c.line);
  }

  /** A person as the office names them, or null when the ledger does not know them. */
  personRefOf(personId: number): PersonRef | null {
    const p = this.ledger.get(personId);
    if (!p) return null;
    const ids = this.db
      .prepare<[number, number], number>('SELECT author_id FROM ledger_members WHERE person_id = ? ORDER BY joined_at, author_id LIMIT ?')
      .pluck()
      .all(personId, MAX_PERSON_IDS);
    if (ids.length === 0) return null;
    return { authorIds: ids, name: p.name.slice(0, 500) || '?', email: normalizeEmail(p.email), orcid: p.orcid };
  }

  /** Queues an office-wide decision for each linked profile (the cache's people and addresses are every profile's). */
  private enqueueWide(profiles: readonly string[], entity: string, kind: string, body: unknown): void {
    if (!fitsEvent(body)) {
      this.logger?.log('warn', 'a decision too large for the office was not shared', { kind });
      return;
    }
    for (const p of profiles) this.office.enqueue(p, { entity, folder: OFFICE_WIDE_FOLDER, kind, body });
  }

  /** The profiles to share an office-wide decision with: none while a colleague's is folded. */
  private sharing(only?: string): string[] {
    if (this.folding > 0) return [];
    return only === undefined ? this.office.linkedProfiles() : [only];
  }

  private publishDoNotInvite(personId: number, only?: string): void {
    const profiles = this.sharing(only);
    if (profiles.length === 0) return;
    const person = this.personRefOf(personId);
    if (!person) return;
    const row = this.db
      .prepare<[number], { reason: string; until: string | null }>('SELECT reason, until FROM do_not_invite WHERE person_id = ?')
      .get(personId);
    const body: DoNotInviteBody = row ? { person, removed: false, reason: row.reason, until: row.until } : { person, removed: true };
    this.enqueueWide(profiles, entityOf.doNotInvite(personId), DO_NOT_INVITE_KIND, body);
  }

  private publishAvailability(authorId: number, only?: string): void {
    const profiles = this.sharing(only);
    if (profiles.length === 0) return;
    const personId = this.ledger.personOf(authorId);
    const person = personId === undefined ? null : this.personRefOf(personId);
    if (personId === undefined || !person) return;
    const row = this.db
      .prepare<[number], { until: string; source: 'typed' | 'declined' }>(
        `SELECT av.until, av.source FROM ledger_members m JOIN availability av ON av.author_id = m.author_id
         WHERE m.person_id = ? ORDER BY av.until DESC LIMIT 1`,
      )
      .get(personId);
    const body: AvailabilityBody = { person, until: row?.until ?? null, source: row?.source ?? 'typed' };
    this.enqueueWide(profiles, entityOf.availability(personId), AVAILABILITY_KIND, body);
  }

  private publishBounced(email: string, only?: string): void {
    const profiles = this.sharing(only);
    if (profiles.length === 0) return;
    const body: BouncedBody = { email, bounced: this.decisions.isBounced(email) };
    this.enqueueWide(profiles, entityOf.bounced(email), BOUNCED_KIND, body);
  }

  private publishRequest(manuscriptId: number, kind: RequestKind, line: string): void {
    if (this.folding > 0) return;
    const m = this.manuscript.get({ m: manuscriptId });
    if (!m || this.office.link(m.profile_id) === undefined) return;
    if (line.trim().length === 0 || line.length > MAX_SHARED_LINE) return;
    const row = this.requestRows.get({ m: manuscriptId, k: kind, l: line });
    const key = { originId: m.origin_id, kind, line };
    const body: RequestBody = row
      ? {
          ...key,
          removed: false,
          name: row.name.slice(0, 500),
          email: row.email,
          orcid: row.orcid,
          affiliation: row.affiliation === null ? null : row.affiliation.slice(0, 2000),
          match: row.rule === 'editor' ? row.author_id : null,
        }
      : { ...key, removed: true };
    if (!fitsEvent(body)) {
      this.logger?.log('warn', 'an authors’ request too large for the office was not shared', { manuscriptId });
      return;
    }
    this.office.enqueue(m.profile_id, { entity: entityOf.request(m.origin_id, kind, line), folder: m.folder, kind: REQUEST_KIND, body });
  }

  private publishRound(manuscriptId: number): void {
    if (this.folding > 0) return;
    const m = this.manuscript.get({ m: manuscriptId });
    if (!m || this.office.link(m.profile_id) === undefined) return;
    const round = this.shortlist.round(manuscriptId);
    if (!round.custom) return;
    const body: RoundBody = { originId: m.origin_id, inviteNow: round.inviteNow };
    this.office.enqueue(m.profile_id, { entity: entityOf.round(m.origin_id), folder: m.folder, kind: ROUND_KIND, body });
  }

  /**
   * A new link shares the decisions the editor already has (in the link's transaction): the do-not-invite
   * list, the days people are unavailable until (today or later), bounced addresses, and the authors'
   * requests and invite-now counts of the profile's manuscripts.
   */
  private publishAll(profileId: string): void {
    const today = isoDate(this.clock.now());
    const people = this.db.prepare<[], number>('SELECT person_id FROM do_not_invite ORDER BY person_id').pluck().all();
    for (const p of people) this.publishDoNotInvite(p, profileId);
    const away = this.db
      .prepare<[string], number>('SELECT author_id FROM availability WHERE until >= ? ORDER BY author_id')
      .pluck()
      .all(today);
    for (const a of away) this.publishAvailability(a, profileId);
    for (const e of this.db.prepare<[], string>('SELECT email FROM bounced_emails ORDER BY email').pluck().all())
      this.publishBounced(e, profileId);
    const requests = this.db
      .prepare<[string], { manuscript_id: number; kind: RequestKind; line: string }>(
        'SELECT DISTINCT manuscript_id, kind, line FROM author_requests WHERE profile_id = ? ORDER BY manuscript_id, kind, line',
      )
      .all(profileId);
    for (const r of requests) this.publishRequest(r.manuscript_id, r.kind, r.line);
    const rounds = this.db
      .prepare<[string], number>(
        'SELECT r.manuscript_id FROM shortlist_rounds r JOIN manuscripts ms ON ms.id = r.manuscript_id WHERE ms.profile_id = ? ORDER BY 1',
      )
      .pluck()
      .all(profileId);
    for (const m of rounds) this.publishRound(m);
  }

  // --- folding colleagues' decisions ---

  /** Folds a colleague's event with sharing held off; the editor's own event back changes nothing. */
  private fold(ev: PulledEvent, ctx: FoldContext, run: () => Outcome): Outcome {
    if (ctx.own) return 'ignored';
    this.folding++;
    try {
      return this.changes.transaction(run);
    } catch (err) {
      // A write the repository refuses (its own bounds) refuses the event whole: the fold's savepoint is rolled back.
      if (isDeskError(err)) {
        this.logger?.log('warn', 'an office decision was refused by the cache', { kind: ev.kind, code: err.code });
        return 'refused';
      }
      throw err;
    } finally {
      this.folding--;
    }
  }

  /**
   * This cache's people for a colleague's person: those any of the event's author_ids belongs to, or (with
   * `take`) the one the ledger takes the first author_id into by its merge rules (ORCID, then e-mail, else new).
   */
  private peopleOf(ref: PersonRef, take: boolean): number[] {
    const found = new Set<number>();
    for (const a of ref.authorIds) {
      const p = this.ledger.personOf(a);
      if (p !== undefined) found.add(p);
    }
    if (found.size > 0 || !take) return [...found];
    return [this.ledger.ensure({ authorId: ref.authorIds[0]!, name: ref.name, affiliation: null, email: ref.email, orcid: ref.orcid })];
  }

  private foldDoNotInvite(profileId: string, ev: PulledEvent): Outcome {
    const parsed = doNotInviteBody.safeParse(ev.body);
    if (!parsed.success) return 'refused';
    const b = parsed.data;
    let done: Outcome = 'ignored';
    for (const personId of this.peopleOf(b.person, !b.removed)) {
      // A change of the editor's own to this person waits to be pushed: it comes later in the office's order, and wins.
      if (this.office.hasWaiting(profileId, entityOf.doNotInvite(personId))) continue;
      if (b.removed) {
        if (this.db.prepare('SELECT 1 FROM do_not_invite WHERE person_id = ?').get(personId) === undefined) continue;
        this.decisions.removeDoNotInvite(personId);
      } else this.decisions.setDoNotInvite(personId, b.reason, b.until, byOf(ev));
      done = 'applied';
    }
    return done;
  }

  private foldAvailability(profileId: string, ev: PulledEvent): Outcome {
    const parsed = availabilityBody.safeParse(ev.body);
    if (!parsed.success) return 'refused';
    const b = parsed.data;
    let done: Outcome = 'ignored';
    for (const personId of this.peopleOf(b.person, b.until !== null)) {
      if (this.office.hasWaiting(profileId, entityOf.availability(personId))) continue;
      // Kept under the event's author_id when it is this person's (the key the office shares), else their first.
      const under = b.person.authorIds.find((a) => this.ledger.personOf(a) === personId) ?? this.ledger.firstMember(personId);
      if (under === undefined) continue;
      this.ledger.setAvailability(under, b.until, b.source, byOf(ev));
      done = 'applied';
    }
    return done;
  }

  private foldBounced(profileId: string, ev: PulledEvent): Outcome {
    const parsed = bouncedBody.safeParse(ev.body);
    if (!parsed.success) return 'refused';
    const b = parsed.data;
    if (this.office.hasWaiting(profileId, entityOf.bounced(b.email))) return 'ignored';
    if (this.decisions.isBounced(b.email) === b.bounced) return 'ignored';
    this.decisions.setBounced(b.email, b.bounced, byOf(ev));
    return 'applied';
  }

  /**
   * An event about a manuscript (its authors' requests, its invite-now count): applied to the editor's
   * manuscript of that origin_id in that journal; kept until it arrives when the editor has none; refused
   * when the editor's manuscript of that origin_id is in another journal (an editor of one journal cannot
   * change another's).
   */
  private foldManuscript(profileId: string, ev: PulledEvent): Outcome {
    const parsed = ev.kind === REQUEST_KIND ? requestBody.safeParse(ev.body) : roundBody.safeParse(ev.body);
    if (!parsed.success) return 'refused';
    const originId = parsed.data.originId;
    const m = this.byOrigin.get({ p: profileId, o: originId });
    if (m && m.folder !== ev.folder) return 'refused';
    if (!m) {
      this.park.run({
        p: profileId,
        id: ev.id,
        folder: ev.folder,
        o: originId,
        author: ev.author,
        kind: ev.kind,
        body: JSON.stringify(parsed.data),
        xid: ev.xid,
        seq: ev.seq,
        at: ev.at,
      });
      return 'ignored';
    }
    return ev.kind === REQUEST_KIND
      ? this.applyRequest(m, parsed.data as RequestBody, byOf(ev))
      : this.applyRound(m, parsed.data as RoundBody);
  }

  private applyRequest(m: ManuscriptKey, b: RequestBody, by: SetBy): Outcome {
    if (this.office.hasWaiting(m.profile_id, entityOf.request(b.originId, b.kind, b.line))) return 'ignored';
    const rows = this.requestRows.all({ m: m.id, k: b.kind, l: b.line });
    if (b.removed) {
      for (const r of rows) this.decisions.removeRequest(m.id, r.id);
      return rows.length > 0 ? 'applied' : 'ignored';
    }
    let row = rows[0];
    if (!row) {
      const have = this.db
        .prepare<[number, string], number>('SELECT count(*) FROM author_requests WHERE manuscript_id = ? AND kind = ?')
        .pluck()
        .get(m.id, b.kind)!;
      if (have >= MAX_REQUEST_ENTRIES) return 'refused';
      this.decisions.paste(
        m.profile_id,
        m.id,
        b.kind,
        [{ line: b.line, name: b.name, email: b.email, orcid: b.orcid, affiliation: b.affiliation }],
        by,
      );
      row = this.requestRows.get({ m: m.id, k: b.kind, l: b.line });
      if (!row) return 'refused';
    }
    if (b.match !== null && (row.author_id !== b.match || row.rule !== 'editor')) {
      // The colleague's own choice of person; one this cache does not know leaves the cache's own match.
      try {
        this.decisions.setMatch(m.id, row.id, b.match, by);
      } catch (err) {
        if (!isDeskError(err) || err.code !== 'not_found') throw err;
      }
    }
    return 'applied';
  }

  private applyRound(m: ManuscriptKey, b: RoundBody): Outcome {
    if (this.office.hasWaiting(m.profile_id, entityOf.round(b.originId))) return 'ignored';
    const now = this.shortlist.round(m.id);
    if (now.custom && now.inviteNow === b.inviteNow) return 'ignored';
    this.shortlist.setInviteNow(m.id, b.inviteNow);
    return 'applied';
  }

  /** A manuscript the editor has just got takes the colleagues' events that waited for it, in the office's order. */
  private adopt(m: AdoptedManuscript): void {
    const waiting = this.parked.all({ p: m.profileId, o: m.originId, f: m.folder });
    if (waiting.length === 0) return;
    const key: ManuscriptKey = { id: m.id, profile_id: m.profileId, origin_id: m.originId, folder: m.folder };
    for (const w of waiting) {
      this.unpark.run({ p: m.profileId, id: w.id });
      const ev: PulledEvent = {
        id: w.id,
        folder: m.folder,
        author: w.author,
        kind: w.kind,
        body: JSON.parse(w.body_json) as unknown,
        xid: w.xid,
        seq: w.seq,
        at: w.at,
      };
      this.fold(ev, { own: false }, () => {
        if (ev.kind === REQUEST_KIND) {
          const b = requestBody.safeParse(ev.body);
          return b.success ? this.applyRequest(key, b.data, byOf(ev)) : 'refused';
        }
        const b = roundBody.safeParse(ev.body);
        return b.success ? this.applyRound(key, b.data) : 'refused';
      });
    }
  }
}
