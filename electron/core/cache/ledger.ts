import { DeskError } from '../../common/errors';
import { authorMatcher, chooseMerge, normalizeEmail, normalizeOrcid } from '../../common/domain/ledger';
import { declineReport, type DeclineFact } from '../../common/domain/rounds';
import type { DeclineReason } from '../../common/shapes';
import { acceptanceRate, fatigueSince, isoDate, loadBadge, personCounts, type FatigueSettings } from '../../common/domain/shortlist';
import type { DeclineReport, SetBy } from '../../common/shapes';
import type { UploadAuthor } from '../../common/service';
import { fromJson, ftsQuery, insertInto } from './sql';
import type {
  CandidateLoadRow,
  LedgerHistoryItem,
  LedgerMember,
  LedgerMergeRule,
  LedgerPage,
  LedgerPersonHistory,
  LedgerPersonRow,
  LedgerQuery,
  LedgerSortKey,
  ShortlistStatus,
} from './types';
import { Repository } from './repository';

interface PersonDbRow {
  id: number;
  name: string;
  affiliation: string | null;
  email: string | null;
  orcid: string | null;
  suggested: number;
  shortlisted: number;
  invited: number;
  accepted: number;
  declined: number;
  no_answer: number;
  reviewing: number;
  last_invited_at: number | null;
  acceptance_rate: number | null;
  members_count: number;
  unavailable_until: string | null;
}

/** The person's columns; `mine`: the counts of the editor's own shortlist entries instead of the office's. */
const personColumns = (mine: boolean): string => {
  const c = (col: string) => (mine ? `p.mine_${col} AS ${col}` : `p.${col}`);
  const counts = ['shortlisted', 'invited', 'accepted', 'declined', 'no_answer', 'reviewing', 'last_invited_at', 'acceptance_rate'];
  return `p.id, p.name, p.affiliation, p.email, p.orcid, p.suggested, ${counts.map(c).join(', ')},
  (SELECT count(*) FROM ledger_members mc WHERE mc.person_id = p.id) AS members_count,
  (SELECT max(av.until) FROM ledger_members ma JOIN availability av ON av.author_id = ma.author_id WHERE ma.person_id = p.id) AS unavailable_until`;
};
const PERSON_COLUMNS = personColumns(false);

/** Sort keys with an index of their own (migration 6): a search with many matches walks it in order. */
const INDEXED_SORT = new Set<LedgerSortKey>(['suggested', 'name', 'invited', 'accepted', 'reviewing', 'lastInvited']);

/** Above this many matches, walking the sort index beats sorting the matches. */
const DENSE_MATCHES = 1000;

const toPerson = (r: PersonDbRow): LedgerPersonRow => ({
  personId: r.id,
  name: r.name,
  affiliation: r.affiliation,
  email: r.email,
  orcid: r.orcid,
  suggested: r.suggested,
  shortlisted: r.shortlisted,
  invited: r.invited,
  accepted: r.accepted,
  declined: r.declined,
  noAnswer: r.no_answer,
  reviewing: r.reviewing,
  lastInvitedAt: r.last_invited_at,
  acceptanceRate: r.acceptance_rate,
  membersCount: r.members_count,
  unavailableUntil: r.unavailable_until,
});

const SORT: Record<LedgerSortKey, string> = {
  name: 'p.name COLLATE NOCASE',
  suggested: 'p.suggested',
  shortlisted: 'p.shortlisted',
  invited: 'p.invited',
  accepted: 'p.accepted',
  declined: 'p.declined',
  noAnswer: 'p.no_answer',
  reviewing: 'p.reviewing',
  lastInvited: 'p.last_invited_at',
  acceptanceRate: 'p.acceptance_rate',
};

/** A person seen as a candidate, as the ledger takes them in. */
export interface LedgerCandidate {
  authorId: number;
  name: string;
  affiliation: string | null;
  email: string | null;
  orcid: string | null;
}

/** Invitations of the candidate's person since @since (any of its author_ids, any manuscript). */
const INVITED_SINCE = `(SELECT count(*) FROM ledger_members m2 JOIN reviewer_entries s ON s.author_id = m2.author_id
  WHERE m2.person_id = m.person_id AND s.invited_at >= @since)`;
// The person row answers most cases without counting: never invited, or last invited before the
// window (0), or invited once and within it (1).
const INVITED_RECENT = `CASE WHEN coalesce(p.invited, 0) = 0 OR p.last_invited_at < @since THEN 0 WHEN p.invited = 1 THEN 1 ELSE ${INVITED_SINCE} END`;

/**
 * Conditions on candidates.author_id for the candidates query, with their positional values:
 * "hide busy reviewers" is the load badge's rule in SQL (reviewing ≥ R now, or invited ≥ K times
 * since `since`); "only people I have worked with" is anyone who accepted a review before.
 */
export const candidateLedgerFilters = {
  notBusy: (since: number, s: FatigueSettings, today: string): [string, ...unknown[]] => [
    `NOT EXISTS (SELECT 1 FROM ledger_members m JOIN ledger_people p ON p.id = m.person_id WHERE m.author_id = candidates.author_id
      AND (p.reviewing >= ? OR p.invited >= ? AND p.last_invited_at >= ?
        AND (SELECT count(*) FROM ledger_members m2 JOIN reviewer_entries s ON s.author_id = m2.author_id
        WHERE m2.person_id = m.person_id AND s.invited_at >= ?) >= ?
        OR EXISTS (SELECT 1 FROM ledger_members m3 JOIN availability av ON av.author_id = m3.author_id
        WHERE m3.person_id = m.person_id AND av.until >= ?)))`,
    s.r,
    s.k,
    since,
    since,
    s.k,
    today,
  ],
  workedWith: (): [string] => [
    'EXISTS (SELECT 1 FROM ledger_members m JOIN ledger_people p ON p.id = m.person_id WHERE m.author_id = candidates.author_id AND p.accepted > 0)',
  ],
};

/** A new row of ledger_people, bound by column name. */
interface NewPerson {
  name: string;
  affiliation: string | null;
  email: string | null;
  orcid: string | null;
  suggested: number;
  first_seen_at: number;
  last_seen_at: number;
}

/** A new row of ledger_members: an author_id joining a person, by the rule that joined it. */
interface NewMember {
  author_id: number;
  person_id: number;
  rule: string;
  name: string;
  orcid: string | null;
  email: string | null;
  joined_at: number;
}

/**
 * The reviewer ledger: one person per set of author_ids (merged by ORCID or e-mail when an
 * author_id is first seen), with counts kept on the person row: suggested grows as runs are
 * recorded, the shortlist counts are recomputed from the person's entries on every shortlist write.
 */
export class LedgerRepository extends Repository {
  private readonly member = this.db.prepare<[number], { person_id: number }>('SELECT person_id FROM ledger_members WHERE author_id = ?');
  private readonly availabilityListeners: Array<(authorId: number) => void> = [];
  private readonly byOrcid = this.db.prepare<[string], { person_id: number }>(
    'SELECT DISTINCT person_id FROM ledger_members WHERE orcid = ?',
  );
  private readonly byEmail = this.db.prepare<[string], { person_id: number }>(
    'SELECT DISTINCT person_id FROM ledger_members WHERE email = ?',
  );
  private readonly idsOf = this.db.prepare<[number], { orcid: string | null; email: string | null }>(
    'SELECT orcid, email FROM ledger_members WHERE person_id = ?',
  );
  private readonly insertPerson = this.db.prepare<[NewPerson], { id: number }>(
    `${insertInto('ledger_people', ['name', 'affiliation', 'email', 'orcid', 'suggested', 'first_seen_at', 'last_seen_at'])} RETURNING id`,
  );
  private readonly insertMember = this.db.prepare<[NewMember]>(
    insertInto('ledger_members', ['author_id', 'person_id', 'rule', 'name', 'orcid', 'email', 'joined_at']),
  );
  private readonly bumpSuggested = this.db.prepare<[{ id: number; now: number }]>(
    'UPDATE ledger_people SET suggested = suggested + 1, last_seen_at = @now WHERE id = @id',
  );
  private readonly setAffiliation = this.db.prepare<[{ id: number; aff: string | null }]>(
    'UPDATE ledger_people SET affiliation = @aff WHERE id = @id AND @aff IS NOT NULL AND affiliation IS NOT @aff',
  );
  private readonly entriesOf = this.db.prepare<[number], { status: ShortlistStatus; invited_at: number | null; mine: number }>(
    'SELECT s.status, s.invited_at, s.mine FROM ledger_members m JOIN reviewer_entries s ON s.author_id = m.author_id WHERE m.person_id = ?',
  );
  private readonly setCounts = this.db.prepare<
    [Record<string, number | null>]
  >(`UPDATE ledger_people SET shortlisted = @shortlisted, invited = @invited, accepted = @accepted, declined = @declined,
      no_answer = @noAnswer, reviewing = @reviewing, last_invited_at = @lastInvitedAt, acceptance_rate = @rate,
      mine_shortlisted = @mShortlisted, mine_invited = @mInvited, mine_accepted = @mAccepted, mine_declined = @mDeclined,
      mine_no_answer = @mNoAnswer, mine_reviewing = @mReviewing, mine_last_invited_at = @mLastInvitedAt, mine_acceptance_rate = @mRate
      WHERE id = @id`);
  private readonly personStmt = this.db.prepare<[number], PersonDbRow>(`SELECT ${PERSON_COLUMNS} FROM ledger_people p WHERE p.id = ?`);
  // One statement for a whole run's candidates: their person, reviews in progress and recent invitations.
  private readonly loadsStmt = this.db.prepare<
    [{ ids: string; since: number }],
    {
      author_id: number;
      person_id: number | null;
      reviewing: number | null;
      accepted: number | null;
      invited_recent: number | null;
      unavailable_until: string | null;
    }
  >(`
      SELECT i.value AS author_id, m.person_id, p.reviewing, p.accepted, ${INVITED_RECENT} AS invited_recent,
        (SELECT max(av.until) FROM ledger_members ma JOIN availability av ON av.author_id = ma.author_id WHERE ma.person_id = m.person_id)
          AS unavailable_until
      FROM json_each(@ids) i LEFT JOIN ledger_members m ON m.author_id = i.value LEFT JOIN ledger_people p ON p.id = m.person_id`);

  /** Told of every "unavailable until" set or cleared (by the author_id it was set under), inside the write's transaction. */
  onAvailability(listener: (authorId: number) => void): void {
    this.availabilityListeners.push(listener);
  }

  /** The person an author_id belongs to, if the ledger has seen it. */
  personOf(authorId: number): number | undefined {
    return this.member.get(authorId)?.person_id;
  }

  /**
   * The hook called when a run is recorded, with the candidates newly linked to the manuscript
   * (suggested there for the first time): each counts once more for its person; an author_id not
   * seen before joins a person by ORCID or e-mail, or starts one. Incremental and indexed.
   */
  recordSuggested(people: readonly LedgerCandidate[]): void {
    const now = this.clock.now();
    for (const c of people) {
      const id = this.ensure(c, now, 0);
      this.bumpSuggested.run({ id, now });
      this.setAffiliation.run({ id, aff: c.affiliation });
    }
  }

  /** The person of an author_id, adding it to the ledger (by the merge rules) when new. */
  ensure(c: LedgerCandidate, now = this.clock.now(), suggested = 0): number {
    const known = this.member.get(c.authorId);
    if (known) return known.person_id;
    const orcid = normalizeOrcid(c.orcid);
    const email = normalizeEmail(c.email);
    const ids = new Set<number>(
      [...(orcid ? this.byOrcid.all(orcid) : []), ...(email ? this.byEmail.all(email) : [])].map((r) => r.person_id),
    );
    const decision = chooseMerge(
      { authorId: c.authorId, orcid, email },
      [...ids].map((personId) => ({ personId, members: this.idsOf.all(personId) })),
    );
    const personId =
      decision.personId ??
      this.insertPerson.get({
        name: c.name,
        affiliation: c.affiliation,
        email: c.email,
        orcid,
        suggested,
        first_seen_at: now,
        last_seen_at: now,
      })!.id;
    this.insertMember.run({ author_id: c.authorId, person_id: personId, rule: decision.rule, name: c.name, orcid, email, joined_at: now });
    return personId;
  }

  /** Recomputes a person's shortlist counts from their entries (one per manuscript), through the domain rule. */
  refresh(personId: number): void {
    const entries = this.entriesOf.all(personId).map((e) => ({ status: e.status, invitedAt: e.invited_at, mine: e.mine !== 0 }));
    const counts = personCounts(entries);
    const m = personCounts(entries.filter((e) => e.mine));
    this.setCounts.run({
      id: personId,
      ...counts,
      rate: acceptanceRate(counts),
      mShortlisted: m.shortlisted,
      mInvited: m.invited,
      mAccepted: m.accepted,
      mDeclined: m.declined,
      mNoAnswer: m.noAnswer,
      mReviewing: m.reviewing,
      mLastInvitedAt: m.lastInvitedAt,
      mRate: acceptanceRate(m),
    });
  }

  get(personId: number): LedgerPersonRow | undefined {
    const r = this.personStmt.get(personId);
    return r ? toPerson(r) : undefined;
  }

  /** The Reviewers view: full-text over name and affiliation, sorted, paged. */
  query(q: LedgerQuery = {}): LedgerPage {
    const match = q.text === undefined ? null : ftsQuery(q.text);
    if (q.text !== undefined && q.text.trim() !== '' && match === null) return { rows: [], total: 0 };
    const by = q.sort?.by ?? 'suggested';
    const dir = (q.sort?.dir ?? (by === 'name' ? 'asc' : 'desc')).toUpperCase();
    const limit = q.limit ?? 50;
    const offset = q.offset ?? 0;
    // "Only mine": the people on the editor's own shortlists, counted from those alone.
    const mine = q.mine === true;
    const key = mine && by !== 'name' && by !== 'suggested' ? SORT[by].replace('p.', 'p.mine_') : SORT[by];
    // Only the two keys that can be empty need NULLS LAST (which an index walked in order cannot give).
    const order = `${key} ${dir}${by === 'lastInvited' || by === 'acceptanceRate' ? ' NULLS LAST' : ''}, p.id`;
    const columns = mine ? personColumns(true) : PERSON_COLUMNS;
    const fill = (ids: readonly number[], page: { limit: number; offset: number }): LedgerPersonRow[] =>
      this.db
        .prepare<[string, number, number], PersonDbRow>(
          `SELECT ${columns} FROM (SELECT p.id AS pid FROM json_each(?) j CROSS JOIN ledger_people p ON p.id = j.value
             ORDER BY ${order} LIMIT ? OFFSET ?) page
           CROSS JOIN ledger_people p ON p.id = page.pid ORDER BY ${order}`,
        )
        .all(JSON.stringify(ids), page.limit, page.offset)
        .map(toPerson);
    if (mine) {
      // The editor's own people are few (those shortlisted): filtered by the partial index, sorted whole.
      const ids = this.db.prepare<[], number>('SELECT p.id FROM ledger_people p WHERE p.mine_shortlisted > 0').pluck().all();
      const found = match === null ? null : new Set(this.ftsHits(match));
      const hits = found === null ? ids : ids.filter((id) => found.has(id));
      return { rows: fill(hits, { limit, offset }), total: hits.length };
    }
    if (match === null) {
      // Everyone: the sort key's index gives the page; its columns are filled after it is picked.
      const total = this.db.prepare<[], number>('SELECT count(*) FROM ledger_people').pluck().get()!;
      const page = this.db
        .prepare<[number, number], number>(`SELECT p.id FROM ledger_people p ORDER BY ${order} LIMIT ? OFFSET ?`)
        .pluck()
        .all(limit, offset);
      return { rows: fill(page, { limit, offset: 0 }), total };
    }
    const hits = this.ftsHits(match);
    const total = hits.length;
    if (total <= DENSE_MATCHES || !INDEXED_SORT.has(by) || dir !== (by === 'name' ? 'ASC' : 'DESC'))
      return { rows: fill(hits, { limit, offset }), total };
    // Many matches (a common word): walk the sort key's index in order and keep the matches,
    // stopping at the end of the page, instead of sorting thousands of matches.
    const wanted = new Set(hits);
    const page: number[] = [];
    let seen = 0;
    for (const id of this.db.prepare<[], number>(`SELECT p.id FROM ledger_people p ORDER BY ${order}`).pluck().iterate()) {
      if (!wanted.has(id) || seen++ < offset) continue;
      page.push(id);
      if (page.length === limit) break;
    }
    const rows = fill(page, { limit, offset: 0 });
    return { rows, total };
  }

  private ftsHits(match: string): number[] {
    return this.db.prepare<[string], number>('SELECT rowid FROM ledger_people_fts WHERE ledger_people_fts MATCH ?').pluck().all(match);
  }

  /**
   * A person with the author_ids merged into them (and the rule that merged each) and every
   * manuscript of theirs, in any profile: where suggested and/or shortlisted, with the local
   * status and, beside it, the service's mark.
   */
  history(personId: number): LedgerPersonHistory | undefined {
    const person = this.get(personId);
    if (!person) return undefined;
    const members = this.db
      .prepare<
        [number],
        { author_id: number; name: string; orcid: string | null; email: string | null; rule: LedgerMergeRule; joined_at: number }
      >('SELECT author_id, name, orcid, email, rule, joined_at FROM ledger_members WHERE person_id = ? ORDER BY joined_at, author_id')
      .all(personId)
      .map((r): LedgerMember => ({
        authorId: r.author_id,
        name: r.name,
        orcid: r.orcid,
        email: r.email,
        rule: r.rule,
        joinedAt: r.joined_at,
      }));
    const manuscripts = this.db
      .prepare<
        [{ p: number }],
        {
          manuscript_id: number;
          author_id: number;
          suggested: number;
          profile_id: string;
          title: string;
          folder: string;
          status: ShortlistStatus | null;
          invited_at: number | null;
          answered_at: number | null;
          due_date: string | null;
          note: string | null;
          marked: number;
          decline_reason: DeclineReason | null;
          decline_text: string | null;
          updated_at: number;
        }
      >(
        `WITH mine AS (
           SELECT am.manuscript_id, am.author_id, 1 AS suggested FROM ledger_members lm JOIN author_manuscripts am ON am.author_id = lm.author_id
           WHERE lm.person_id = @p
           UNION
           SELECT s.manuscript_id, s.author_id, 0 FROM ledger_members lm JOIN shortlist s ON s.author_id = lm.author_id WHERE lm.person_id = @p),
         one AS (SELECT manuscript_id, author_id, max(suggested) AS suggested FROM mine GROUP BY manuscript_id, author_id)
         SELECT one.manuscript_id, one.author_id, one.suggested, ms.profile_id, ms.title, f.name AS folder, s.status, s.invited_at, s.answered_at,
           s.due_date, s.note, mk.author_id IS NOT NULL AS marked, s.decline_reason, s.decline_text, max(ms.updated_at, coalesce(s.updated_at, 0)) AS updated_at
         FROM one JOIN manuscripts ms ON ms.id = one.manuscript_id JOIN folders f ON f.id = ms.folder_id
         LEFT JOIN shortlist s ON s.manuscript_id = one.manuscript_id AND s.author_id = one.author_id
         LEFT JOIN marks mk ON mk.manuscript_id = one.manuscript_id AND mk.author_id = one.author_id
         ORDER BY updated_at DESC, one.manuscript_id DESC`,
      )
      .all({ p: personId })
      .map((r): LedgerHistoryItem => ({
        manuscriptId: r.manuscript_id,
        profileId: r.profile_id,
        title: r.title,
        folder: r.folder,
        authorId: r.author_id,
        suggested: r.suggested !== 0,
        status: r.status,
        invitedAt: r.invited_at,
        answeredAt: r.answered_at,
        dueDate: r.due_date,
        note: r.note,
        serviceMarked: r.marked !== 0,
        declineReason: r.status === 'declined' ? r.decline_reason : null,
        declineText: r.status === 'declined' ? r.decline_text : null,
        updatedAt: r.updated_at,
      }));
    // The colleagues' entries the ledger counts (reviewer_entries' office half), with where and who.
    const office = this.db
      .prepare<
        [{ p: number }],
        {
          origin_id: string;
          title: string;
          folder: string;
          changed_by: string;
          status: ShortlistStatus;
          invited_at: number | null;
          answered_at: number | null;
        }
      >(
        `SELECT e.origin_id, e.title, e.folder, e.changed_by, e.status, e.invited_at, e.answered_at
         FROM ledger_members lm JOIN office_entries e ON e.author_id = lm.author_id
         WHERE lm.person_id = @p AND e.removed = 0 AND NOT EXISTS (
           SELECT 1 FROM manuscripts ms JOIN shortlist s2 ON s2.manuscript_id = ms.id
           WHERE ms.profile_id = e.profile_id AND ms.origin_id = e.origin_id AND s2.author_id = e.author_id)
         ORDER BY coalesce(e.invited_at, 0) DESC, e.origin_id
         LIMIT 500`,
      )
      .all({ p: personId })
      .map((r) => ({
        originId: r.origin_id,
        title: r.title,
        folder: r.folder,
        editor: r.changed_by,
        status: r.status,
        invitedAt: r.invited_at,
        answeredAt: r.answered_at,
      }));
    return { person, members, manuscripts, office };
  }

  /**
   * Undoes a wrong merge: the author_id leaves its person and becomes a person of its own (rule
   * 'split'), taking its suggestions and shortlist entries along. It never merges back by itself,
   * because merges happen only when an author_id is first seen.
   */
  split(authorId: number): { from: number; to: number } {
    return this.changes.transaction(() => {
      const m = this.db
        .prepare<[number], { person_id: number; name: string; email: string | null; orcid: string | null }>(
          'SELECT person_id, name, email, orcid FROM ledger_members WHERE author_id = ?',
        )
        .get(authorId);
      if (!m) throw new DeskError('not_found', 'This person is not in the reviewer ledger.');
      const others = this.db
        .prepare<[number, number], { n: number }>('SELECT count(*) AS n FROM ledger_members WHERE person_id = ? AND author_id <> ?')
        .get(m.person_id, authorId)!.n;
      if (others === 0) throw new DeskError('conflict', 'This record was not merged with another one, so there is nothing to split.');
      const now = this.clock.now();
      const aff = this.db
        .prepare<[number], { affiliation: string | null }>(
          'SELECT affiliation FROM authors WHERE author_id = ? ORDER BY last_seen_at DESC LIMIT 1',
        )
        .get(authorId);
      const suggested = this.db
        .prepare<[number], { n: number }>('SELECT count(*) AS n FROM author_manuscripts WHERE author_id = ?')
        .get(authorId)!.n;
      const to = this.insertPerson.get({
        name: m.name,
        affiliation: aff?.affiliation ?? null,
        email: m.email,
        orcid: m.orcid,
        suggested,
        first_seen_at: now,
        last_seen_at: now,
      })!.id;
      this.db.prepare("UPDATE ledger_members SET person_id = ?, rule = 'split' WHERE author_id = ?").run(to, authorId);
      this.db.prepare('UPDATE ledger_people SET suggested = max(0, suggested - ?) WHERE id = ?').run(suggested, m.person_id);
      this.refresh(m.person_id);
      this.refresh(to);
      this.changes.note('ledger');
      this.changes.note('shortlist');
      return { from: m.person_id, to };
    });
  }

  /**
   * "Unavailable until" a day for the person of this author_id (null clears it). One row per person: the
   * rows of the person's other author_ids go, so a merged person never carries two dates. Keyed by the
   * author_id, which the service and an editorial office share (the ledger's person ids are this cache's).
   */
  setAvailability(authorId: number, until: string | null, source: 'typed' | 'declined', by?: SetBy): void {
    this.changes.transaction(() => {
      const personId = this.personOf(authorId);
      const ids =
        personId === undefined
          ? [authorId]
          : this.db.prepare<[number], number>('SELECT author_id FROM ledger_members WHERE person_id = ?').pluck().all(personId);
      const drop = this.db.prepare<[number]>('DELETE FROM availability WHERE author_id = ?');
      for (const id of ids) drop.run(id);
      if (until !== null)
        this.db
          .prepare<[{ author_id: number; until: string; source: string; set_at: number; set_by: string | null }]>(
            insertInto('availability', ['author_id', 'until', 'source', 'set_at', 'set_by']),
          )
          .run({ author_id: authorId, until, source, set_at: by?.at ?? this.clock.now(), set_by: by?.login ?? null });
      for (const l of this.availabilityListeners) l(authorId);
      this.changes.note('ledger');
      this.changes.note('shortlist');
    });
  }

  /** The author_id a person's own settings (availability) are kept under: their first record. */
  firstMember(personId: number): number | undefined {
    return (
      this.db
        .prepare<[number], number>('SELECT author_id FROM ledger_members WHERE person_id = ? ORDER BY joined_at, author_id LIMIT 1')
        .pluck()
        .get(personId) ?? undefined
    );
  }

  /**
   * The decline report: every decline of the editor's shortlists by reason (with the acceptance rate of
   * the people who gave it, from their counts over every manuscript), and each person's reasons.
   */
  declines(): DeclineReport {
    const rows = this.db
      .prepare<
        [],
        {
          person_id: number;
          name: string;
          email: string | null;
          reason: DeclineReason | null;
          text: string | null;
          accepted: number;
          declined: number;
          no_answer: number;
        }
      >(
        `SELECT lm.person_id, p.name, p.email, s.decline_reason AS reason, s.decline_text AS text, p.accepted, p.declined, p.no_answer
         FROM shortlist s JOIN ledger_members lm ON lm.author_id = s.author_id JOIN ledger_people p ON p.id = lm.person_id
         WHERE s.status = 'declined' ORDER BY p.name COLLATE NOCASE, p.id`,
      )
      .all();
    const facts: DeclineFact[] = rows.map((r) => ({
      personId: r.person_id,
      reason: r.reason,
      accepted: r.accepted,
      declined: r.declined,
      noAnswer: r.no_answer,
    }));
    const people = new Map<
      string,
      { personId: number; name: string; email: string | null; reason: DeclineReason | null; text: string | null; declines: number }
    >();
    for (const r of rows) {
      const key = `${r.person_id}\u0000${r.reason ?? ''}\u0000${r.reason === 'other' ? (r.text ?? '') : ''}`;
      const had = people.get(key);
      if (had) had.declines++;
      else
        people.set(key, {
          personId: r.person_id,
          name: r.name,
          email: r.email,
          reason: r.reason,
          text: r.reason === 'other' ? r.text : null,
          declines: 1,
        });
    }
    return { overall: declineReport(facts), people: [...people.values()] };
  }

  /**
   * The decision's warnings for the candidates of a run: the load badge (fatigue rule at `now`)
   * from one ledger statement, and authorship of another manuscript of the same folder in the cache.
   * Only the candidates with something to say (a count, busy, an authorship): a candidate left out has no
   * load (and the answer does not name its ledger person; the Reviewers view does). A 10,000-candidate run answered 1.2 MB of zeros otherwise, parsed
   * by the window while the editor scrolled.
   */
  candidateLoads(runId: number, settings: FatigueSettings, now: number): CandidateLoadRow[] {
    const run = this.db
      .prepare<[number], { manuscript_id: number; folder_id: number }>(
        'SELECT r.manuscript_id, m.folder_id FROM runs r JOIN manuscripts m ON m.id = r.manuscript_id WHERE r.id = ?',
      )
      .get(runId);
    if (!run) return [];
    const candidates = this.db
      .prepare<[number], { author_id: number; name: string; email: string | null; orcid: string | null }>(
        'SELECT author_id, name, email, orcid FROM candidates WHERE run_id = ? ORDER BY rank',
      )
      .all(runId);
    const others = this.db
      .prepare<[number, number], { id: number; title: string; authors_json: string }>(
        'SELECT id, title, authors_json FROM manuscripts WHERE folder_id = ? AND id <> ?',
      )
      .all(run.folder_id, run.manuscript_id)
      .map((m) => ({ manuscriptId: m.id, title: m.title, authors: fromJson<UploadAuthor[]>(m.authors_json, []) }));
    const authorOf = authorMatcher(others);
    const loads = new Map(
      this.loads(
        candidates.map((c) => c.author_id),
        fatigueSince(now, settings),
      ).map((l) => [l.authorId, l]),
    );
    const colleagues = this.colleagueInvites(
      run.manuscript_id,
      candidates.map((c) => c.author_id),
    );
    const out: CandidateLoadRow[] = [];
    for (const c of candidates) {
      const l = loads.get(c.author_id) ?? { personId: null, reviewing: 0, accepted: 0, invitedRecent: 0, unavailableUntil: null };
      const badge = loadBadge(l, settings, isoDate(now));
      const wrote = authorOf(c);
      const others = colleagues.get(c.author_id) ?? [];
      const nothing = l.invitedRecent + l.reviewing + l.accepted === 0 && l.unavailableUntil === null;
      if (nothing && !badge.busy && wrote.length === 0 && others.length === 0) continue;
      out.push({
        authorId: c.author_id,
        personId: l.personId,
        invitedRecent: l.invitedRecent,
        reviewing: l.reviewing,
        accepted: l.accepted,
        busy: badge.busy,
        reasons: badge.reasons,
        authorOf: wrote,
        colleagues: others,
        unavailableUntil: l.unavailableUntil,
      });
    }
    return out;
  }

  /**
   * Invitations by colleagues of the manuscript's office of each author_id's person (any of its
   * author_ids, any manuscript), newest first; empty when the profile is linked to no office.
   */
  private colleagueInvites(manuscriptId: number, authorIds: readonly number[]): Map<number, CandidateLoadRow['colleagues']> {
    const rows = this.db
      .prepare<[{ m: number; ids: string }], { author_id: number; editor: string; invited_at: number; title: string }>(
        `SELECT j.value AS author_id, i.editor, i.invited_at, i.title
         FROM manuscripts ms JOIN office_links l ON l.profile_id = ms.profile_id
         CROSS JOIN json_each(@ids) j
         JOIN ledger_members m ON m.author_id = j.value
         JOIN ledger_members m2 ON m2.person_id = m.person_id
         JOIN office_invites i ON i.author_id = m2.author_id AND i.profile_id = ms.profile_id
         WHERE ms.id = @m AND i.editor <> l.login
         ORDER BY i.invited_at DESC`,
      )
      .all({ m: manuscriptId, ids: JSON.stringify(authorIds) });
    const out = new Map<number, CandidateLoadRow['colleagues']>();
    for (const r of rows) {
      const list = out.get(r.author_id) ?? [];
      if (list.length < 5) list.push({ editor: r.editor, invitedAt: r.invited_at, title: r.title });
      out.set(r.author_id, list);
    }
    return out;
  }

  /**
   * Load of each author_id of a run in one statement: their person, reviews in progress, accepted
   * reviews, and invitations at or after `since`. Author ids the ledger has not seen come back with zeros.
   */
  loads(
    authorIds: readonly number[],
    since: number,
  ): Array<{
    authorId: number;
    personId: number | null;
    reviewing: number;
    accepted: number;
    invitedRecent: number;
    unavailableUntil: string | null;
  }> {
    return this.loadsStmt.all({ ids: JSON.stringify(authorIds), since }).map((r) => ({
      authorId: r.author_id,
      personId: r.person_id,
      reviewing: r.reviewing ?? 0,
      accepted: r.accepted ?? 0,
      invitedRecent: r.invited_recent ?? 0,
      unavailableUntil: r.unavailable_until,
    }));
  }
}
