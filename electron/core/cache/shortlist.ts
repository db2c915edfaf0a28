import type { Database, Statement } from 'better-sqlite3';
import { DeskError } from '../../common/errors';
import { DEFAULT_TEMPLATE } from '../../common/domain/invitation';
import { DAY_MS, DEFAULT_FATIGUE, applyStatus, reminderCutoff, transitionError } from '../../common/domain/shortlist';
import { DEFAULT_INVITE_NOW } from '../../common/domain/rounds';
import { localConflicts, type SpreadPerson } from '../../common/domain/spread';
import type { Clock } from '../ports';
import type { LedgerRepository } from './ledger';
import type { DeclineReason, InvitationSettings, ReminderRow, ShortlistEntryRow, ShortlistRound, ShortlistStatus } from './types';
import type { ChangeFeed } from './changes';
import { insertInto, type DbColumns } from './sql';

/**
 * An entry as the table stores it: ShortlistEntryRow's fields under their snake_case columns, except the ones the
 * table keeps in a form of its own (a flag as 0/1, the mark and the colleagues' invitations as their parts or JSON).
 */
type EntryDbRow = DbColumns<
  Omit<ShortlistEntryRow, 'personId' | 'inLatestRun' | 'serviceMark' | 'invitedByColleagues' | 'localConflicts'>
> & {
  /** Null until the ledger has matched the person. */
  person_id: number | null;
  in_latest: number;
  marked: number;
  marked_by: string | null;
  /** JSON: colleagues of the office who invited this person for this manuscript. */
  colleagues: string | null;
  /** 1: no candidate of the manuscript's runs (a ledger person the authors suggested). */
  unchecked: number;
};

/** The manuscript's authors' affiliations as the editor confirmed them on the upload form. */
type AuthorAffiliations = () => Array<string | undefined>;

const toEntry = (r: EntryDbRow, authors: AuthorAffiliations): ShortlistEntryRow => ({
  manuscriptId: r.manuscript_id,
  authorId: r.author_id,
  personId: r.person_id ?? 0,
  position: r.position,
  name: r.name,
  email: r.email,
  orcid: r.orcid,
  affiliation: r.affiliation,
  note: r.note,
  status: r.status,
  dueDate: r.due_date,
  invitedAt: r.invited_at,
  answeredAt: r.answered_at,
  closedAt: r.closed_at,
  inLatestRun: r.in_latest !== 0,
  serviceMark: r.marked !== 0 ? { markedBy: r.marked_by } : null,
  invitedByColleagues: r.colleagues === null ? [] : (JSON.parse(r.colleagues) as Array<{ editor: string; invitedAt: number }>),
  declineReason: r.decline_reason,
  declineText: r.decline_text,
  unavailableUntil: r.unavailable_until,
  localConflicts: r.unchecked !== 0 ? localConflicts(r.affiliation, authors()) : null,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export const DEFAULT_SETTINGS: InvitationSettings = {
  editorName: '',
  subject: DEFAULT_TEMPLATE.subject,
  body: DEFAULT_TEMPLATE.body,
  reminderDays: 7,
  fatigueK: DEFAULT_FATIGUE.k,
  fatigueD: DEFAULT_FATIGUE.d,
  fatigueR: DEFAULT_FATIGUE.r,
};

/** Most people one manuscript's shortlist holds: a shortlist is a choice, not a copy of the run. */
export const MAX_SHORTLIST = 200;

const notOnList = () => new DeskError('not_found', 'This person is not on the manuscript’s shortlist.');

/**
 * A manuscript's shortlist (order, note, status with its dates, due date) and the invitation
 * settings. Every write refreshes the ledger counts of the person concerned in the same
 * transaction and is told to the office journal (cache/office.ts). The service's marks are read
 * beside the status, never written into it.
 */
export class ShortlistRepository {
  private readonly listStmt: Statement<[{ m: number }], EntryDbRow>;
  private readonly entryStmt: Statement<[{ m: number; a: number }], EntryDbRow>;
  private readonly latestCandidate: Statement<
    [{ m: number; a: number }],
    { name: string; email: string | null; orcid: string | null; affiliation: string | null }
  >;
  private readonly suggestedPerson: Statement<
    [{ m: number; a: number }],
    { name: string; email: string | null; orcid: string | null; affiliation: string | null }
  >;
  private readonly insert: Statement<[Record<string, unknown>]>;
  private readonly renumber: Statement<[{ m: number }]>;
  private readonly roundListeners: Array<(manuscriptId: number) => void> = [];

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly ledger: LedgerRepository,
    private readonly changes: ChangeFeed,
    /** Told of every entry this repository changes, inside the write's transaction (the office journal). */
    private readonly journal: (manuscriptId: number, authorId: number) => void = () => {},
  ) {
    const select = `SELECT s.manuscript_id, s.author_id, lm.person_id, s.position, s.name, s.email, s.orcid, s.affiliation, s.note, s.status,
        s.due_date, s.invited_at, s.answered_at, s.closed_at, s.created_at, s.updated_at, s.decline_reason, s.decline_text,
        (SELECT max(av.until) FROM availability av WHERE av.author_id = s.author_id
          OR av.author_id IN (SELECT m2.author_id FROM ledger_members m2 WHERE m2.person_id = lm.person_id)) AS unavailable_until,
        EXISTS (SELECT 1 FROM candidates c WHERE c.run_id = ms.last_run_id AND c.author_id = s.author_id) AS in_latest,
        NOT EXISTS (SELECT 1 FROM runs r2 JOIN candidates c2 ON c2.run_id = r2.id WHERE r2.manuscript_id = s.manuscript_id
          AND c2.author_id = s.author_id) AS unchecked,
        mk.author_id IS NOT NULL AS marked, mk.marked_by,
        (SELECT json_group_array(json_object('editor', i.editor, 'invitedAt', i.invited_at))
          FROM office_invites i JOIN office_links l ON l.profile_id = i.profile_id
          WHERE i.profile_id = ms.profile_id AND i.origin_id = ms.origin_id AND i.author_id = s.author_id AND i.editor <> l.login
            AND i.folder = (SELECT f.name FROM folders f WHERE f.id = ms.folder_id)) AS colleagues
      FROM shortlist s JOIN manuscripts ms ON ms.id = s.manuscript_id
      LEFT JOIN ledger_members lm ON lm.author_id = s.author_id
      LEFT JOIN marks mk ON mk.manuscript_id = s.manuscript_id AND mk.author_id = s.author_id`;
    this.listStmt = db.prepare(`${select} WHERE s.manuscript_id = @m ORDER BY s.position`);
    this.entryStmt = db.prepare(`${select} WHERE s.manuscript_id = @m AND s.author_id = @a`);
    this.latestCandidate = db.prepare(`
      SELECT c.name, c.email, c.orcid, c.affiliation FROM candidates c JOIN runs r ON r.id = c.run_id
      WHERE r.manuscript_id = @m AND r.complete = 1 AND c.author_id = @a ORDER BY r.seq DESC LIMIT 1`);
    this.suggestedPerson = db.prepare(`
      SELECT lm.name, lm.email, lm.orcid, lp.affiliation FROM author_requests ar JOIN ledger_members lm ON lm.author_id = ar.author_id
        JOIN ledger_people lp ON lp.id = lm.person_id
      WHERE ar.manuscript_id = @m AND ar.kind = 'suggested' AND ar.author_id = @a LIMIT 1`);
    this.insert = db.prepare(`
      INSERT INTO shortlist (profile_id, manuscript_id, author_id, position, name, email, orcid, affiliation, status, created_at, updated_at)
      VALUES (@p, @m, @a, (SELECT coalesce(max(position), 0) + 1 FROM shortlist WHERE manuscript_id = @m), @name, @email, @orcid, @aff,
        'shortlisted', @now, @now)`);
    this.renumber = db.prepare(`
      UPDATE shortlist SET position = (SELECT count(*) FROM shortlist s2 WHERE s2.manuscript_id = shortlist.manuscript_id AND s2.position <= shortlist.position)
      WHERE manuscript_id = @m`);
  }

  list(manuscriptId: number): ShortlistEntryRow[] {
    const authors = this.authorsOf(manuscriptId);
    return this.listStmt.all({ m: manuscriptId }).map((r) => toEntry(r, authors));
  }

  entry(manuscriptId: number, authorId: number): ShortlistEntryRow | undefined {
    const r = this.entryStmt.get({ m: manuscriptId, a: authorId });
    return r ? toEntry(r, this.authorsOf(manuscriptId)) : undefined;
  }

  /** The manuscript's authors' affiliations, read once when an entry needs them. */
  private authorsOf(manuscriptId: number): AuthorAffiliations {
    let affs: Array<string | undefined> | undefined;
    return () => {
      if (affs) return affs;
      const json = this.db.prepare<[number], string>('SELECT form_json FROM manuscripts WHERE id = ?').pluck().get(manuscriptId);
      let authors: unknown;
      try {
        authors = json === undefined ? [] : (JSON.parse(json) as { authors?: unknown }).authors;
      } catch {
        authors = [];
      }
      affs = Array.isArray(authors)
        ? authors.map((a: unknown) =>
            a && typeof a === 'object' && typeof (a as { aff?: unknown }).aff === 'string' ? (a as { aff: string }).aff : undefined,
          )
        : [];
      return affs;
    };
  }

  /**
   * Adds people (candidates of one of the manuscript's runs, or ledger people the authors suggested for it)
   * at the end, in the order given; someone already on the list stays where they are. Name, e-mail, ORCID
   * and affiliation are kept from the newest run that suggested them (a suggested ledger person's: the
   * ledger's), so the list survives Clear cache.
   */
  add(profileId: string, manuscriptId: number, authorIds: readonly number[]): ShortlistEntryRow[] {
    return this.changes.transaction(() => {
      const now = this.clock.now();
      const count = this.db
        .prepare<[number], { n: number }>('SELECT count(*) AS n FROM shortlist WHERE manuscript_id = ?')
        .get(manuscriptId)!.n;
      const fresh = [...new Set(authorIds)].filter((a) => !this.entryStmt.get({ m: manuscriptId, a }));
      if (count + fresh.length > MAX_SHORTLIST)
        throw new DeskError('invalid_input', `A shortlist holds at most ${MAX_SHORTLIST} people.`, { field: 'authorIds' });
      for (const a of fresh) {
        const c = this.latestCandidate.get({ m: manuscriptId, a }) ?? this.suggestedPerson.get({ m: manuscriptId, a });
        if (!c)
          throw new DeskError('not_found', 'This person is neither among the candidates of this manuscript nor suggested by its authors.', {
            field: 'authorIds',
          });
        this.insert.run({ p: profileId, m: manuscriptId, a, name: c.name, email: c.email, orcid: c.orcid, aff: c.affiliation, now });
        this.ledger.refresh(this.ledger.ensure({ authorId: a, ...c }, now));
        this.journal(manuscriptId, a);
      }
      this.changed(manuscriptId);
      return this.list(manuscriptId);
    });
  }

  remove(manuscriptId: number, authorId: number): ShortlistEntryRow[] {
    return this.changes.transaction(() => {
      if (this.db.prepare('DELETE FROM shortlist WHERE manuscript_id = ? AND author_id = ?').run(manuscriptId, authorId).changes === 0)
        throw notOnList();
      this.renumber.run({ m: manuscriptId });
      this.refreshPerson(authorId);
      this.journal(manuscriptId, authorId);
      this.changed(manuscriptId);
      return this.list(manuscriptId);
    });
  }

  /** Puts the list in this order; `authorIds` must be exactly the people on it. */
  reorder(manuscriptId: number, authorIds: readonly number[]): ShortlistEntryRow[] {
    return this.changes.transaction(() => {
      const current = this.db
        .prepare<[number], { author_id: number }>('SELECT author_id FROM shortlist WHERE manuscript_id = ?')
        .all(manuscriptId)
        .map((r) => r.author_id);
      const wanted = new Set(authorIds);
      if (wanted.size !== authorIds.length || wanted.size !== current.length || current.some((a) => !wanted.has(a))) {
        throw new DeskError('conflict', 'The shortlist changed meanwhile; the new order must list exactly the people on it.', {
          field: 'authorIds',
        });
      }
      const set = this.db.prepare('UPDATE shortlist SET position = ?, updated_at = ? WHERE manuscript_id = ? AND author_id = ?');
      const now = this.clock.now();
      authorIds.forEach((a, i) => set.run(-(i + 1), now, manuscriptId, a));
      this.db.prepare('UPDATE shortlist SET position = -position WHERE manuscript_id = ?').run(manuscriptId);
      for (const a of authorIds) this.journal(manuscriptId, a);
      this.changed(manuscriptId);
      return this.list(manuscriptId);
    });
  }

  setNote(manuscriptId: number, authorId: number, note: string): ShortlistEntryRow {
    return this.update(manuscriptId, authorId, 'note = @v', note);
  }

  /** YYYY-MM-DD or null. */
  setDue(manuscriptId: number, authorId: number, dueDate: string | null): ShortlistEntryRow {
    return this.update(manuscriptId, authorId, 'due_date = @v', dueDate);
  }

  /** Moves the person to a new status dated now; an illegal move is refused (conflict) and changes nothing. */
  setStatus(manuscriptId: number, authorId: number, status: ShortlistStatus): ShortlistEntryRow {
    return this.changes.transaction(() => {
      const e = this.entry(manuscriptId, authorId);
      if (!e) throw notOnList();
      const err = transitionError(e.status, status);
      if (err !== null) throw new DeskError('conflict', err, { field: 'status' });
      const next = applyStatus(e, status, this.clock.now());
      this.db
        .prepare(
          'UPDATE shortlist SET status = @s, invited_at = @i, answered_at = @an, closed_at = @c, updated_at = @now WHERE manuscript_id = @m AND author_id = @a',
        )
        .run({
          s: next.status,
          i: next.invitedAt,
          an: next.answeredAt,
          c: next.closedAt,
          now: this.clock.now(),
          m: manuscriptId,
          a: authorId,
        });
      this.refreshPerson(authorId);
      this.journal(manuscriptId, authorId);
      this.changed(manuscriptId);
      return this.entry(manuscriptId, authorId)!;
    });
  }

  /**
   * Several moves of one manuscript's list in one transaction: all of them or none (a refused move names its
   * person and changes nothing). Each is dated now, as `setStatus`.
   */
  setStatuses(manuscriptId: number, changes: ReadonlyArray<{ authorId: number; status: ShortlistStatus }>): ShortlistEntryRow[] {
    return this.changes.transaction(() => {
      for (const { authorId, status } of changes) {
        try {
          this.setStatus(manuscriptId, authorId, status);
        } catch (err) {
          const name = this.entry(manuscriptId, authorId)?.name;
          if (err instanceof DeskError && name)
            throw new DeskError(err.code, `${name}: ${err.message} Nothing was changed.`, { field: 'changes' });
          throw err;
        }
      }
      return this.list(manuscriptId);
    });
  }

  /**
   * The person declined, for this reason (the words typed with "other"); with `unavailableUntil` the
   * person is unavailable until that day on every manuscript (availability, source "declined").
   */
  decline(
    manuscriptId: number,
    authorId: number,
    reason: DeclineReason,
    text: string | null,
    unavailableUntil: string | null,
  ): ShortlistEntryRow {
    return this.changes.transaction(() => {
      this.setStatus(manuscriptId, authorId, 'declined');
      this.db
        .prepare('UPDATE shortlist SET decline_reason = @r, decline_text = @t WHERE manuscript_id = @m AND author_id = @a')
        .run({ r: reason, t: reason === 'other' ? text : null, m: manuscriptId, a: authorId });
      // The entry's state with its reason replaces the one the status change queued for the office.
      this.journal(manuscriptId, authorId);
      if (unavailableUntil !== null) this.ledger.setAvailability(authorId, unavailableUntil, 'declined');
      return this.entry(manuscriptId, authorId)!;
    });
  }

  /** How many of the manuscript's shortlist are invited at once (the default until the editor sets it). */
  /**
   * The people a shortlist's spread counts (everyone but who declined), with the affiliation kept on the
   * list and, from the newest complete run of the manuscript that suggested them, their h-index and
   * whether the service flagged an affiliation shared with the authors.
   */
  spreadPeople(manuscriptId: number): SpreadPerson[] {
    return this.db
      .prepare<[{ m: number }], { affiliation: string | null; h_index: number | null; aff_conflict: number | null }>(
        `WITH latest AS (
           SELECT c.author_id, c.h_index, c.aff_conflict,
             row_number() OVER (PARTITION BY c.author_id ORDER BY r.seq DESC) AS n
           FROM candidates c JOIN runs r ON r.id = c.run_id
           WHERE r.manuscript_id = @m AND r.complete = 1 AND c.author_id IN (SELECT author_id FROM shortlist WHERE manuscript_id = @m))
         SELECT s.affiliation, l.h_index, l.aff_conflict
         FROM shortlist s LEFT JOIN latest l ON l.author_id = s.author_id AND l.n = 1
         WHERE s.manuscript_id = @m AND s.status <> 'declined' ORDER BY s.position`,
      )
      .all({ m: manuscriptId })
      .map((r) => ({ affiliation: r.affiliation, hIndex: r.h_index, sameAffiliationFlag: r.aff_conflict === 1 }));
  }

  /** Told of every invite-now count set, inside the write's transaction (the editorial office shares it). */
  onRound(listener: (manuscriptId: number) => void): void {
    this.roundListeners.push(listener);
  }

  round(manuscriptId: number): ShortlistRound {
    const n = this.db
      .prepare<[number], number>('SELECT invite_now FROM shortlist_rounds WHERE manuscript_id = ?')
      .pluck()
      .get(manuscriptId);
    return { manuscriptId, inviteNow: n ?? DEFAULT_INVITE_NOW, custom: n !== undefined };
  }

  setInviteNow(manuscriptId: number, inviteNow: number): ShortlistRound {
    return this.changes.transaction(() => {
      this.db
        .prepare(
          `${insertInto('shortlist_rounds', ['manuscript_id', 'invite_now', 'updated_at'], {
            target: ['manuscript_id'],
            set: ['invite_now', 'updated_at'],
          })}`,
        )
        .run({ manuscript_id: manuscriptId, invite_now: inviteNow, updated_at: this.clock.now() });
      for (const l of this.roundListeners) l(manuscriptId);
      this.changes.note('shortlist', manuscriptId);
      return this.round(manuscriptId);
    });
  }

  /** Invitations of the profile still waiting for an answer after `days` days, oldest first. */
  reminders(profileId: string, days: number): ReminderRow[] {
    const now = this.clock.now();
    return this.db
      .prepare<
        [{ p: string; cutoff: number }],
        {
          manuscript_id: number;
          title: string;
          folder: string;
          author_id: number;
          person_id: number | null;
          name: string;
          email: string | null;
          invited_at: number;
          due_date: string | null;
        }
      >(
        `SELECT s.manuscript_id, ms.title, f.name AS folder, s.author_id, lm.person_id, s.name, s.email, s.invited_at, s.due_date
         FROM shortlist s JOIN manuscripts ms ON ms.id = s.manuscript_id JOIN folders f ON f.id = ms.folder_id
         LEFT JOIN ledger_members lm ON lm.author_id = s.author_id
         WHERE s.profile_id = @p AND s.status = 'invited' AND s.invited_at <= @cutoff ORDER BY s.invited_at, s.id`,
      )
      .all({ p: profileId, cutoff: reminderCutoff(now, days) })
      .map((r) => ({
        manuscriptId: r.manuscript_id,
        manuscriptTitle: r.title,
        folder: r.folder,
        authorId: r.author_id,
        personId: r.person_id ?? 0,
        name: r.name,
        email: r.email,
        invitedAt: r.invited_at,
        daysWaiting: Math.floor((now - r.invited_at) / DAY_MS),
        dueDate: r.due_date,
      }));
  }

  settings(): InvitationSettings {
    const r = this.db
      .prepare<
        [],
        {
          editor_name: string;
          subject: string;
          body: string;
          reminder_days: number;
          fatigue_k: number;
          fatigue_d: number;
          fatigue_r: number;
        }
      >('SELECT editor_name, subject, body, reminder_days, fatigue_k, fatigue_d, fatigue_r FROM invitation_settings WHERE id = 1')
      .get();
    if (!r) return { ...DEFAULT_SETTINGS };
    return {
      editorName: r.editor_name,
      subject: r.subject,
      body: r.body,
      reminderDays: r.reminder_days,
      fatigueK: r.fatigue_k,
      fatigueD: r.fatigue_d,
      fatigueR: r.fatigue_r,
    };
  }

  saveSettings(patch: Partial<InvitationSettings>): InvitationSettings {
    const s = { ...this.settings(), ...patch };
    this.db
      .prepare(
        `INSERT INTO invitation_settings (id, editor_name, subject, body, reminder_days, fatigue_k, fatigue_d, fatigue_r)
         VALUES (1, @editorName, @subject, @body, @reminderDays, @fatigueK, @fatigueD, @fatigueR)
         ON CONFLICT (id) DO UPDATE SET editor_name = excluded.editor_name, subject = excluded.subject, body = excluded.body,
           reminder_days = excluded.reminder_days, fatigue_k = excluded.fatigue_k, fatigue_d = excluded.fatigue_d, fatigue_r = excluded.fatigue_r`,
      )
      .run(s);
    // Reminder days and the fatigue rule change what the shortlist and the load badges show.
    this.changes.note('shortlist');
    this.changes.note('ledger');
    return s;
  }

  private update(manuscriptId: number, authorId: number, set: string, v: unknown): ShortlistEntryRow {
    return this.changes.transaction(() => {
      const n = this.db
        .prepare(`UPDATE shortlist SET ${set}, updated_at = @now WHERE manuscript_id = @m AND author_id = @a`)
        .run({ v, now: this.clock.now(), m: manuscriptId, a: authorId }).changes;
      if (n === 0) throw notOnList();
      this.journal(manuscriptId, authorId);
      this.changed(manuscriptId);
      return this.entry(manuscriptId, authorId)!;
    });
  }

  /** A manuscript's shortlist changed, and with it the reviewer ledger's counts. */
  private changed(manuscriptId: number): void {
    this.changes.note('shortlist', manuscriptId);
    this.changes.note('ledger');
  }

  private refreshPerson(authorId: number): void {
    const p = this.ledger.personOf(authorId);
    if (p !== undefined) this.ledger.refresh(p);
  }
}
