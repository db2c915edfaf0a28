import type { Database, Statement } from 'better-sqlite3';
import { matchRequest, personKey, type KnownPerson, type RequestKind, type RequestedPerson } from '../../common/domain/authorRequests';
import { normalizeEmail, normalizeName } from '../../common/domain/ledger';
import { isoDate } from '../../common/domain/shortlist';
import { DeskError } from '../../common/errors';
import type { Clock } from '../ports';
import type { ChangeFeed } from './changes';
import type { AuthorRequestRow, DoNotInviteRow, PersonDecisions, PersonFlagRow, SetBy } from './types';

/** Most entries one manuscript keeps per kind: a cover letter names a handful. */
export const MAX_REQUESTS_PER_KIND = 100;

interface RequestDbRow {
  id: number;
  manuscript_id: number;
  kind: RequestKind;
  line: string;
  name: string;
  email: string | null;
  orcid: string | null;
  affiliation: string | null;
  author_id: number | null;
  rule: AuthorRequestRow['rule'];
  updated_at: number;
  m_name: string | null;
  m_affiliation: string | null;
  m_candidate: number | null;
  set_by: string | null;
}

interface DniDbRow {
  person_id: number;
  name: string;
  reason: string;
  until: string | null;
  updated_at: number;
  set_by: string | null;
}

/** Who made a decision, from a row's login and its time: null when it is the editor's own. */
const setByOf = (login: string | null, at: number | null): SetBy | null => (login === null || at === null ? null : { login, at });

const DNI_COLUMNS = 'person_id, name, reason, until, updated_at, set_by';

const toDni = (r: DniDbRow, today: string): DoNotInviteRow => ({
  personId: r.person_id,
  name: r.name,
  reason: r.reason,
  until: r.until,
  active: r.until === null || r.until >= today,
  updatedAt: r.updated_at,
  setBy: setByOf(r.set_by, r.updated_at),
});

/** The author_ids of a person the authors opposed for a manuscript (every author_id of the matched person). */
export const OPPOSED_AUTHORS = `
  SELECT ar.author_id FROM author_requests ar WHERE ar.manuscript_id = @m AND ar.kind = 'opposed' AND ar.author_id IS NOT NULL
  UNION SELECT cm.author_id FROM author_requests ar JOIN ledger_members am ON am.author_id = ar.author_id
    JOIN ledger_members cm ON cm.person_id = am.person_id WHERE ar.manuscript_id = @m AND ar.kind = 'opposed'`;

/** A decision this repository changed, told inside the write's transaction (the editorial office shares it). */
export type DecisionChange =
  | { type: 'doNotInvite'; personId: number }
  | { type: 'bounced'; email: string }
  | { type: 'request'; manuscriptId: number; kind: RequestKind; line: string };

/** The candidates query's filter that hides the people the authors opposed (by the run's manuscript). */
export function notOpposedFilter(runId: number): [string, ...unknown[]] {
  const m = '(SELECT manuscript_id FROM runs WHERE id = ?)';
  return [`author_id NOT IN (${OPPOSED_AUTHORS.replaceAll('@m', m)})`, runId, runId];
}

/**
 * The editor's decisions about people: per manuscript, the authors' opposed and suggested reviewers as
 * pasted and matched; the do-not-invite list (one entry per ledger person, with a reason and an optional
 * last day); bounced e-mail addresses. Local only, like the shortlist; writes note 'shortlist' (the
 * manuscript's requests) or 'ledger' (a person's list entry or address).
 */
export class DecisionsRepository {
  private readonly listStmt: Statement<[{ m: number }], RequestDbRow>;
  private readonly memberStmt: Statement<[number], { person_id: number }>;
  private readonly listeners: Array<(c: DecisionChange) => void> = [];

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly changes: ChangeFeed,
  ) {
    this.listStmt = db.prepare(`
      SELECT r.id, r.manuscript_id, r.kind, r.line, r.name, r.email, r.orcid, r.affiliation, r.author_id, r.rule, r.updated_at, r.set_by,
        coalesce(c.name, lm.name) AS m_name, coalesce(c.affiliation, lp.affiliation) AS m_affiliation,
        CASE WHEN r.author_id IS NULL THEN NULL ELSE c.name IS NOT NULL END AS m_candidate
      FROM author_requests r
      LEFT JOIN (SELECT c.author_id, c.name, c.affiliation, max(ru.seq) AS seq FROM candidates c JOIN runs ru ON ru.id = c.run_id
                 WHERE ru.manuscript_id = @m GROUP BY c.author_id) c ON c.author_id = r.author_id
      LEFT JOIN ledger_members lm ON lm.author_id = r.author_id
      LEFT JOIN ledger_people lp ON lp.id = lm.person_id
      WHERE r.manuscript_id = @m ORDER BY r.kind, r.id`);
    this.memberStmt = db.prepare('SELECT person_id FROM ledger_members WHERE author_id = ?');
  }

  /** Told of every decision this repository changes, inside the write's transaction. */
  onChange(listener: (c: DecisionChange) => void): void {
    this.listeners.push(listener);
  }

  private told(c: DecisionChange): void {
    for (const l of this.listeners) l(c);
  }

  private today(): string {
    return isoDate(this.clock.now());
  }

  requests(manuscriptId: number): AuthorRequestRow[] {
    return this.listStmt.all({ m: manuscriptId }).map((r) => ({
      id: r.id,
      manuscriptId: r.manuscript_id,
      kind: r.kind,
      line: r.line,
      name: r.name,
      email: r.email,
      orcid: r.orcid,
      affiliation: r.affiliation,
      authorId: r.author_id,
      rule: r.rule,
      matched:
        r.author_id !== null && r.m_name !== null ? { name: r.m_name, affiliation: r.m_affiliation, candidate: r.m_candidate === 1 } : null,
      updatedAt: r.updated_at,
      setBy: setByOf(r.set_by, r.updated_at),
    }));
  }

  /**
   * The people an entry can match: every candidate of the manuscript's runs, and the ledger's people that
   * share its ORCID, e-mail or family name (one author_id per person, a candidate's first).
   */
  private knownFor(manuscriptId: number, who: RequestedPerson): KnownPerson[] {
    const byPerson = new Map<string, KnownPerson>();
    const put = (k: KnownPerson) => {
      const person = this.memberStmt.get(k.authorId)?.person_id;
      const key = person === undefined ? `a${k.authorId}` : `p${person}`;
      if (!byPerson.has(key)) byPerson.set(key, k);
    };
    const candidates = this.db
      .prepare<[{ m: number }], KnownPerson>(
        `SELECT c.author_id AS authorId, c.name, c.email, c.orcid, c.affiliation FROM candidates c JOIN runs ru ON ru.id = c.run_id
         WHERE ru.manuscript_id = @m ORDER BY ru.seq DESC, c.rank`,
      )
      .all({ m: manuscriptId });
    for (const c of candidates) put(c);
    const ledger = (where: string, v: string) =>
      this.db
        .prepare<[string], KnownPerson>(
          `SELECT m.author_id AS authorId, m.name, m.email, m.orcid, p.affiliation FROM ledger_members m JOIN ledger_people p ON p.id = m.person_id
           WHERE ${where} LIMIT 50`,
        )
        .all(v);
    if (who.orcid) ledger('m.orcid = ?', who.orcid).forEach(put);
    if (who.email) ledger('m.email = ?', who.email).forEach(put);
    const family = normalizeName(who.name).split(' ').at(-1);
    if (family && family.length > 1 && !who.name.includes('@'))
      ledger('p.id IN (SELECT rowid FROM ledger_people_fts WHERE ledger_people_fts MATCH ?)', `name:"${family.replace(/"/g, '')}"`).forEach(
        put,
      );
    return [...byPerson.values()];
  }

  /** Adds the pasted people of one kind, each matched to a known person (or to nobody); `by`: a colleague's, through the office. */
  paste(profileId: string, manuscriptId: number, kind: RequestKind, people: readonly RequestedPerson[], by?: SetBy): AuthorRequestRow[] {
    return this.changes.transaction(() => {
      const have = this.db
        .prepare<[number, string], { n: number }>('SELECT count(*) AS n FROM author_requests WHERE manuscript_id = ? AND kind = ?')
        .get(manuscriptId, kind)!.n;
      if (have + people.length > MAX_REQUESTS_PER_KIND)
        throw new DeskError('invalid_input', `A manuscript keeps at most ${MAX_REQUESTS_PER_KIND} ${kind} people; remove some first.`, {
          field: 'text',
        });
      const insert = this.db.prepare(
        `INSERT INTO author_requests (profile_id, manuscript_id, kind, line, name, email, orcid, affiliation, person_key, author_id, rule,
           created_at, updated_at, set_by)
         VALUES (@p, @m, @kind, @line, @name, @email, @orcid, @affiliation, @key, @authorId, @rule, @now, @now, @by)`,
      );
      const now = by?.at ?? this.clock.now();
      for (const who of people) {
        const match = matchRequest(who, this.knownFor(manuscriptId, who));
        insert.run({
          p: profileId,
          m: manuscriptId,
          kind,
          line: who.line,
          name: who.name,
          email: who.email,
          orcid: who.orcid,
          affiliation: who.affiliation,
          key: personKey(who),
          authorId: match?.authorId ?? null,
          rule: match?.rule ?? null,
          now,
          by: by?.login ?? null,
        });
        this.told({ type: 'request', manuscriptId, kind, line: who.line });
      }
      this.changes.note('shortlist', manuscriptId);
      return this.requests(manuscriptId);
    });
  }

  /** The editor's fix: this entry is that person (a candidate of the manuscript or a ledger person), or nobody. */
  setMatch(manuscriptId: number, id: number, authorId: number | null, by?: SetBy): AuthorRequestRow[] {
    return this.changes.transaction(() => {
      if (authorId !== null) {
        const known =
          this.db
            .prepare<[number, number], { n: number }>(
              'SELECT count(*) AS n FROM candidates c JOIN runs r ON r.id = c.run_id WHERE r.manuscript_id = ? AND c.author_id = ?',
            )
            .get(manuscriptId, authorId)!.n > 0 || this.memberStmt.get(authorId) !== undefined;
        if (!known) throw new DeskError('not_found', 'This person is neither a candidate of this manuscript nor in your reviewers.');
      }
      const n = this.db
        .prepare(
          'UPDATE author_requests SET author_id = @a, rule = @rule, updated_at = @now, set_by = @by WHERE id = @id AND manuscript_id = @m',
        )
        .run({
          a: authorId,
          rule: authorId === null ? null : 'editor',
          now: by?.at ?? this.clock.now(),
          by: by?.login ?? null,
          id,
          m: manuscriptId,
        }).changes;
      if (n === 0) throw new DeskError('not_found', 'This line is no longer among the authors’ requests.');
      this.toldRequest(manuscriptId, id);
      this.changes.note('shortlist', manuscriptId);
      return this.requests(manuscriptId);
    });
  }

  removeRequest(manuscriptId: number, id: number): AuthorRequestRow[] {
    return this.changes.transaction(() => {
      const row = this.requestKey(manuscriptId, id);
      if (this.db.prepare('DELETE FROM author_requests WHERE id = ? AND manuscript_id = ?').run(id, manuscriptId).changes === 0)
        throw new DeskError('not_found', 'This line is no longer among the authors’ requests.');
      if (row) this.told({ type: 'request', manuscriptId, kind: row.kind, line: row.line });
      this.changes.note('shortlist', manuscriptId);
      return this.requests(manuscriptId);
    });
  }

  private requestKey(manuscriptId: number, id: number): { kind: RequestKind; line: string } | undefined {
    return this.db
      .prepare<[number, number], { kind: RequestKind; line: string }>(
        'SELECT kind, line FROM author_requests WHERE id = ? AND manuscript_id = ?',
      )
      .get(id, manuscriptId);
  }

  private toldRequest(manuscriptId: number, id: number): void {
    const row = this.requestKey(manuscriptId, id);
    if (row) this.told({ type: 'request', manuscriptId, kind: row.kind, line: row.line });
  }

  /**
   * Flags of the manuscript's people (its latest run's candidates and its shortlist) that have one:
   * opposed or suggested by the authors (through the matched person, any of their author_ids), on the
   * do-not-invite list today, or with a bounced e-mail.
   */
  flags(manuscriptId: number): PersonFlagRow[] {
    const rows = this.db
      .prepare<
        [{ m: number; today: string }],
        {
          author_id: number;
          person_id: number | null;
          opposed: number;
          suggested: number;
          reason: string | null;
          until: string | null;
          dni_by: string | null;
          dni_at: number | null;
          bounced: number;
          bounced_by: string | null;
          bounced_at: number | null;
        }
      >(
        `WITH people AS (
           SELECT c.author_id, c.email FROM candidates c JOIN manuscripts ms ON ms.last_run_id = c.run_id WHERE ms.id = @m
           UNION SELECT s.author_id, s.email FROM shortlist s WHERE s.manuscript_id = @m),
         asked AS (
           SELECT ar.kind, ar.author_id, am.person_id FROM author_requests ar LEFT JOIN ledger_members am ON am.author_id = ar.author_id
           WHERE ar.manuscript_id = @m AND ar.author_id IS NOT NULL)
         SELECT p.author_id, lm.person_id,
           EXISTS (SELECT 1 FROM asked a WHERE a.kind = 'opposed' AND (a.author_id = p.author_id OR a.person_id = lm.person_id)) AS opposed,
           EXISTS (SELECT 1 FROM asked a WHERE a.kind = 'suggested' AND (a.author_id = p.author_id OR a.person_id = lm.person_id)) AS suggested,
           d.reason, d.until, d.set_by AS dni_by, d.updated_at AS dni_at,
           b.email IS NOT NULL AS bounced, b.set_by AS bounced_by, b.bounced_at
         FROM people p LEFT JOIN ledger_members lm ON lm.author_id = p.author_id
         LEFT JOIN bounced_emails b ON b.email = lower(trim(p.email))
         LEFT JOIN do_not_invite d ON d.person_id = lm.person_id AND (d.until IS NULL OR d.until >= @today)
         GROUP BY p.author_id`,
      )
      .all({ m: manuscriptId, today: this.today() });
    return rows
      .filter((r) => r.opposed || r.suggested || r.reason !== null || r.bounced)
      .map((r) => ({
        authorId: r.author_id,
        personId: r.person_id,
        opposed: r.opposed !== 0,
        suggested: r.suggested !== 0,
        doNotInvite: r.reason === null ? null : { reason: r.reason, until: r.until, setBy: setByOf(r.dni_by, r.dni_at) },
        bounced: r.bounced !== 0,
        bouncedBy: r.bounced !== 0 ? setByOf(r.bounced_by, r.bounced_at) : null,
      }));
  }

  /** One person's flags for a manuscript (the invitation's checks). */
  flagOf(manuscriptId: number, authorId: number): PersonFlagRow | undefined {
    return this.flags(manuscriptId).find((f) => f.authorId === authorId);
  }

  doNotInvite(): DoNotInviteRow[] {
    const today = this.today();
    return this.db
      .prepare<[], DniDbRow>(`SELECT ${DNI_COLUMNS} FROM do_not_invite ORDER BY name COLLATE NOCASE, person_id`)
      .all()
      .map((r) => toDni(r, today));
  }

  /** Puts a ledger person on the list (or changes their reason and last day); `by`: a colleague's, through the office. */
  setDoNotInvite(personId: number, reason: string, until: string | null, by?: SetBy): DoNotInviteRow {
    return this.changes.transaction(() => {
      const p = this.db
        .prepare<[number], { name: string; email: string | null; orcid: string | null }>(
          'SELECT name, email, orcid FROM ledger_people WHERE id = ?',
        )
        .get(personId);
      if (!p) throw new DeskError('not_found', 'This person is not in your reviewers.', { field: 'personId' });
      const now = by?.at ?? this.clock.now();
      this.db
        .prepare(
          `INSERT INTO do_not_invite (person_id, person_key, name, reason, until, created_at, updated_at, set_by)
           VALUES (@id, @key, @name, @reason, @until, @now, @now, @by)
           ON CONFLICT (person_id) DO UPDATE SET reason = excluded.reason, until = excluded.until, updated_at = excluded.updated_at,
             set_by = excluded.set_by`,
        )
        .run({ id: personId, key: personKey(p), name: p.name, reason: reason.trim(), until, now, by: by?.login ?? null });
      this.told({ type: 'doNotInvite', personId });
      this.changes.note('ledger');
      return toDni(
        this.db.prepare<[number], DniDbRow>(`SELECT ${DNI_COLUMNS} FROM do_not_invite WHERE person_id = ?`).get(personId)!,
        this.today(),
      );
    });
  }

  removeDoNotInvite(personId: number): void {
    this.changes.transaction(() => {
      if (this.db.prepare('DELETE FROM do_not_invite WHERE person_id = ?').run(personId).changes === 0)
        throw new DeskError('not_found', 'This person is not on your do-not-invite list.');
      this.told({ type: 'doNotInvite', personId });
      this.changes.note('ledger');
    });
  }

  /** Marks an address as bounced, or takes the mark back; `by`: a colleague's, through the office. */
  setBounced(email: string, bounced: boolean, by?: SetBy): void {
    const e = normalizeEmail(email);
    if (e === null) throw new DeskError('invalid_input', 'This is not one e-mail address.', { field: 'email' });
    this.changes.transaction(() => {
      if (bounced)
        this.db
          .prepare('INSERT INTO bounced_emails (email, bounced_at, set_by) VALUES (@e, @now, @by) ON CONFLICT (email) DO NOTHING')
          .run({ e, now: by?.at ?? this.clock.now(), by: by?.login ?? null });
      else this.db.prepare('DELETE FROM bounced_emails WHERE email = ?').run(e);
      this.told({ type: 'bounced', email: e });
      this.changes.note('ledger');
      this.changes.note('shortlist');
    });
  }

  isBounced(email: string | null): boolean {
    const e = normalizeEmail(email);
    return e !== null && this.db.prepare('SELECT 1 FROM bounced_emails WHERE email = ?').get(e) !== undefined;
  }

  /** A ledger person's list entry and their addresses (every author_id's, and the person's own) with the bounced mark. */
  person(personId: number): PersonDecisions {
    const d = this.db.prepare<[number], DniDbRow>(`SELECT ${DNI_COLUMNS} FROM do_not_invite WHERE person_id = ?`).get(personId);
    const emails = this.db
      .prepare<[{ id: number }], { email: string; bounced_at: number | null; set_by: string | null }>(
        `SELECT e.email, b.bounced_at, b.set_by FROM (
           SELECT email FROM ledger_members WHERE person_id = @id AND email IS NOT NULL
           UNION SELECT lower(trim(email)) FROM ledger_people WHERE id = @id AND email IS NOT NULL) e
         LEFT JOIN bounced_emails b ON b.email = e.email ORDER BY e.email`,
      )
      .all({ id: personId });
    const away = this.db
      .prepare<[{ id: number }], { set_by: string | null; set_at: number }>(
        `SELECT av.set_by, av.set_at FROM ledger_members m JOIN availability av ON av.author_id = m.author_id
         WHERE m.person_id = @id ORDER BY av.until DESC LIMIT 1`,
      )
      .get({ id: personId });
    return {
      personId,
      doNotInvite: d ? toDni(d, this.today()) : null,
      emails: emails.map((e) => ({
        email: e.email,
        bounced: e.bounced_at !== null,
        bouncedAt: e.bounced_at,
        setBy: setByOf(e.set_by, e.bounced_at),
      })),
      availabilitySetBy: away ? setByOf(away.set_by, away.set_at) : null,
    };
  }
}
