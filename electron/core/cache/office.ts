// The cache's side of the editorial office (docs/office.md): which office a profile is linked to,
// the editor's own shortlist changes journaled for the office (office_outbox, pushed by
// core/office/sync.ts), and the office's events folded into shared state (office_entries,
// office_invites) that the ledger's counts and the candidates' warnings read beside the local
// shortlist. Events carry whole entry states: a later one in the server's order replaces an earlier
// one, and every invitation stays recorded per editor.
import { randomUUID } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3';
import { z } from 'zod';
import { DECLINE_REASONS } from '../../common/domain/rounds';
import { SHORTLIST_STATUSES } from '../../common/domain/shortlist';
import type { DeclineReason, ShortlistStatus } from '../../common/shapes';
import { OFFICE_WIDE_FOLDER, OFFICE_WIDE_KINDS } from '../office/schema';
import type { Clock } from '../ports';
import type { ChangeFeed } from './changes';
import type { LedgerRepository } from './ledger';
import { withoutCommitSync } from './durability';
import { MAX_SHORTLIST } from './shortlist';

/** People whose counts settle() recomputes per transaction. */
export const SETTLE_SLICE = 64;

/** The kind of event a shortlist entry's state travels in. */
export const ENTRY_KIND = 'shortlist.entry';

const stamp = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).nullable();

/** An entry's whole state as the office shares it; validated when pulled (a colleague's app or the server may be wrong). */
export const entryBody = z.object({
  originId: z.string().min(1).max(200),
  title: z.string().max(2000),
  authorId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  name: z.string().max(500),
  email: z.string().max(320).nullable(),
  orcid: z.string().max(64).nullable(),
  affiliation: z.string().max(2000).nullable(),
  status: z.enum(SHORTLIST_STATUSES),
  invitedAt: stamp,
  answeredAt: stamp,
  closedAt: stamp,
  dueDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  note: z.string().max(4000),
  removed: z.boolean(),
  /** 1, 2, 3… in the shortlist's order (absent from apps that did not share the order). */
  position: z.number().int().min(1).max(10_000).optional(),
  /** Why the person declined, and the words given with "other" (absent from apps that did not share reasons). */
  declineReason: z.enum(DECLINE_REASONS).nullable().optional(),
  declineText: z.string().max(200).nullable().optional(),
});
export type EntryBody = z.infer<typeof entryBody>;

/** An event as pulled from the office (the server's fields already checked by the office client). */
export interface PulledEvent {
  id: string;
  folder: string;
  author: string;
  kind: string;
  body: unknown;
  xid: number;
  seq: number;
  at: number;
}

export interface OfficeCursorRow {
  xid: number;
  seq: number;
}

export interface OfficeLink {
  url: string;
  login: string;
  linkedAt: number;
}

/** An entry's state as a row (office_entries or shortlist), the columns an EntryBody is made from. */
interface EntryStateRow {
  title: string;
  name: string;
  email: string | null;
  orcid: string | null;
  affiliation: string | null;
  status: ShortlistStatus;
  invited_at: number | null;
  answered_at: number | null;
  closed_at: number | null;
  due_date: string | null;
  note: string;
  position: number | null;
  decline_reason: DeclineReason | null;
  decline_text: string | null;
}

interface WinnerRow extends EntryStateRow {
  removed: number;
}

/** The body of an entry's state. */
const bodyOf = (originId: string, authorId: number, r: EntryStateRow, removed: boolean): EntryBody => ({
  originId,
  title: r.title,
  authorId,
  name: r.name,
  email: r.email,
  orcid: r.orcid,
  affiliation: r.affiliation,
  status: r.status,
  invitedAt: r.invited_at,
  answeredAt: r.answered_at,
  closedAt: r.closed_at,
  dueDate: r.due_date,
  note: r.note,
  removed,
  ...(r.position === null ? {} : { position: r.position }),
  declineReason: r.decline_reason,
  declineText: r.decline_text,
});

/** An event of the editor's waiting to be pushed, oldest first. */
export interface OutgoingEvent {
  seq: number;
  id: string;
  folder: string;
  kind: string;
  body: unknown;
}

/** A colleague's invitation of a person (any of their author_ids), for the candidates table and shortlist. */
export interface ColleagueInvite {
  authorId: number;
  editor: string;
  invitedAt: number;
  title: string;
  originId: string;
}

/**
 * Folds one pulled event of a kind other than an entry state, inside the page's transaction. Returns
 * 'applied', 'refused' (kept, counted, nothing of it applied) or 'ignored'. It must apply all of the
 * event or none of it, and note the changes it made on the change feed.
 */
export type KindFolder = (profileId: string, ev: PulledEvent, ctx: FoldContext) => 'applied' | 'refused' | 'ignored';

/** What the office knows of a pulled event beyond its fields. */
export interface FoldContext {
  /** The event is one this cache pushed, back in the server's order (its effect is already here). */
  own: boolean;
}

/** A manuscript the editor has just got (an upload, a colleague's shared run), for what waited for it. */
export interface AdoptedManuscript {
  id: number;
  profileId: string;
  originId: string;
  folder: string;
}

/** What applying a pulled page did. */
export interface ApplyOutcome {
  applied: number;
  refused: number;
  /** Events of the page taken in this transaction (all of them unless `stop` ended it early). */
  taken: number;
  /** Local shortlists changed by colleagues' events. */
  manuscripts: number[];
}

interface LocalEntry extends EntryStateRow {
  manuscript_id: number;
  profile_id: string;
  origin_id: string;
  folder: string;
  author_id: number;
}

export class OfficeRepository {
  private readonly linkStmt: Statement<[string], { url: string; login: string; linked_at: number }>;
  private readonly localEntry: Statement<[{ m: number; a: number }], LocalEntry>;
  private readonly manuscriptStmt: Statement<[{ m: number }], { profile_id: string; origin_id: string; title: string; folder: string }>;
  private readonly dropQueued: Statement<[{ p: string; e: string }]>;
  private readonly dropUnsent: Statement<[{ p: string; e: string }]>;
  private readonly queue: Statement<[Record<string, unknown>]>;
  private readonly entryRow: Statement<[{ p: string; o: string; a: number }], { xid: number; seq: number; folder: string }>;
  private readonly upsertEntry: Statement<[Record<string, unknown>]>;
  private readonly addInvite: Statement<[Record<string, unknown>]>;
  private readonly insertEvent: Statement<[Record<string, unknown>]>;
  private readonly localByOrigin: Statement<[{ p: string; o: string; f: string }], { id: number; origin_id: string }>;
  private readonly anySent: Statement<[{ p: string }], number>;
  private readonly ownBack: Statement<[{ p: string; id: string }]>;
  private readonly dropInvite: Statement<[{ p: string; o: string; a: number; by: string }]>;
  private readonly setCursor: Statement<[{ p: string; folder: string; xid: number; seq: number }]>;
  private readonly renumber: Statement<[{ m: number }]>;
  private readonly waitingFor: Statement<[{ p: string; e: string }], number>;
  private readonly upsertLocal: Statement<[Record<string, unknown>]>;
  private readonly winnerStmt: Statement<[{ p: string; o: string; a: number }], WinnerRow>;
  private readonly markStale: Statement<[{ person: number }]>;
  private readonly staleSlice: Statement<[number], number>;
  private readonly unstale: Statement<[number]>;
  private readonly staleCount: Statement<[], number>;
  private readonly kinds = new Map<string, KindFolder>();
  /** Tables of folded office state keyed by profile_id, emptied when a profile is unlinked. */
  private readonly kindTables: string[] = [];
  private readonly linkedHooks: Array<(profileId: string) => void> = [];
  private readonly adoptHooks: Array<(m: AdoptedManuscript) => void> = [];

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly ledger: LedgerRepository,
    private readonly changes: ChangeFeed,
  ) {
    this.linkStmt = db.prepare('SELECT url, login, linked_at FROM office_links WHERE profile_id = ?');
    this.localEntry = db.prepare(`
      SELECT s.manuscript_id, ms.profile_id, ms.origin_id, ms.title, f.name AS folder, s.author_id, s.name, s.email, s.orcid, s.affiliation,
        s.status, s.invited_at, s.answered_at, s.closed_at, s.due_date, s.note, s.position, s.decline_reason, s.decline_text
      FROM shortlist s JOIN manuscripts ms ON ms.id = s.manuscript_id JOIN folders f ON f.id = ms.folder_id
      WHERE s.manuscript_id = @m AND s.author_id = @a`);
    this.manuscriptStmt = db.prepare(`
      SELECT ms.profile_id, ms.origin_id, ms.title, f.name AS folder FROM manuscripts ms JOIN folders f ON f.id = ms.folder_id WHERE ms.id = @m`);
    this.dropQueued = db.prepare('DELETE FROM office_outbox WHERE profile_id = @p AND entity = @e');
    this.dropUnsent = db.prepare('DELETE FROM office_outbox WHERE profile_id = @p AND entity = @e AND sent = 0');
    this.queue = db.prepare(`
      INSERT INTO office_outbox (profile_id, id, entity, folder, kind, body_json, created_at) VALUES (@p, @id, @e, @folder, @kind, @body, @now)`);
    this.entryRow = db.prepare('SELECT xid, seq, folder FROM office_entries WHERE profile_id = @p AND origin_id = @o AND author_id = @a');
    this.upsertEntry = db.prepare(`
      INSERT INTO office_entries (profile_id, origin_id, author_id, folder, title, name, email, orcid, affiliation, status, invited_at,
        answered_at, closed_at, due_date, note, removed, added_by, changed_by, xid, seq, position, decline_reason, decline_text)
      VALUES (@p, @originId, @authorId, @folder, @title, @name, @email, @orcid, @affiliation, @status, @invitedAt, @answeredAt, @closedAt,
        @dueDate, @note, @removed, @by, @by, @xid, @seq, @position, @declineReason, @declineText)
      ON CONFLICT (profile_id, origin_id, author_id) DO UPDATE SET folder = excluded.folder, title = excluded.title, name = excluded.name,
        email = excluded.email, orcid = excluded.orcid, affiliation = excluded.affiliation, status = excluded.status,
        invited_at = excluded.invited_at, answered_at = excluded.answered_at, closed_at = excluded.closed_at, due_date = excluded.due_date,
        note = excluded.note, removed = excluded.removed, changed_by = excluded.changed_by, xid = excluded.xid, seq = excluded.seq,
        position = excluded.position, decline_reason = excluded.decline_reason, decline_text = excluded.decline_text,
        added_by = CASE WHEN office_entries.removed = 1 AND excluded.removed = 0 THEN excluded.added_by ELSE office_entries.added_by END`);
    this.addInvite = db.prepare(`
      INSERT INTO office_invites (profile_id, origin_id, author_id, editor, invited_at, title, folder)
      VALUES (@p, @originId, @authorId, @by, @invitedAt, @title, @folder)
      ON CONFLICT DO UPDATE SET invited_at = excluded.invited_at, title = excluded.title`);
    this.insertEvent = db.prepare(`
      INSERT OR IGNORE INTO office_events (profile_id, id, folder, author, kind, body_json, xid, seq, at)
      VALUES (@p, @id, @folder, @author, @kind, @body, @xid, @seq, @at)`);
    // A local manuscript takes the office's entries only from the folder it is in.
    this.localByOrigin = db.prepare(`
      SELECT ms.id, ms.origin_id FROM manuscripts ms JOIN folders f ON f.id = ms.folder_id
      WHERE ms.profile_id = @p AND f.name = @f AND ms.origin_id IN (SELECT value FROM json_each(@o))`);
    this.anySent = db
      .prepare<[{ p: string }], number>('SELECT EXISTS (SELECT 1 FROM office_outbox WHERE profile_id = @p AND sent = 1)')
      .pluck();
    this.ownBack = db.prepare('DELETE FROM office_outbox WHERE profile_id = @p AND id = @id AND sent = 1');
    this.dropInvite = db.prepare('DELETE FROM office_invites WHERE profile_id = @p AND origin_id = @o AND author_id = @a AND editor = @by');
    this.setCursor = db.prepare(`
      INSERT INTO office_cursors (profile_id, folder, xid, seq) VALUES (@p, @folder, @xid, @seq)
      ON CONFLICT (profile_id, folder) DO UPDATE SET xid = excluded.xid, seq = excluded.seq`);
    // 1, 2, 3… again after entries were placed: a shared position goes before the entry that held it (the newer change first).
    this.renumber = db.prepare(`
      UPDATE shortlist SET position = r.n FROM (
        SELECT id, row_number() OVER (ORDER BY position, updated_at DESC, author_id) AS n FROM shortlist WHERE manuscript_id = @m) r
      WHERE shortlist.id = r.id`);
    this.waitingFor = db
      .prepare<[{ p: string; e: string }], number>('SELECT count(*) FROM office_outbox WHERE profile_id = @p AND entity = @e')
      .pluck();
    this.upsertLocal = db.prepare(`
      INSERT INTO shortlist (profile_id, manuscript_id, author_id, position, name, email, orcid, affiliation, note, status, due_date,
        invited_at, answered_at, closed_at, created_at, updated_at, decline_reason, decline_text)
      VALUES (@p, @m, @authorId, coalesce(@position, (SELECT coalesce(max(position), 0) + 1 FROM shortlist WHERE manuscript_id = @m)),
        @name, @email, @orcid, @affiliation, @note, @status, @dueDate, @invitedAt, @answeredAt, @closedAt, @now, @now, @declineReason, @declineText)
      ON CONFLICT (manuscript_id, author_id) DO UPDATE SET note = excluded.note, status = excluded.status, due_date = excluded.due_date,
        invited_at = excluded.invited_at, answered_at = excluded.answered_at, closed_at = excluded.closed_at, updated_at = excluded.updated_at,
        position = coalesce(@position, position),
        decline_text = CASE WHEN excluded.decline_reason IS NULL THEN decline_text ELSE excluded.decline_text END,
        decline_reason = coalesce(excluded.decline_reason, decline_reason)`);
    this.winnerStmt = db.prepare(`
      SELECT title, name, email, orcid, affiliation, status, invited_at, answered_at, closed_at, due_date, note, removed, position,
        decline_reason, decline_text
      FROM office_entries WHERE profile_id = @p AND origin_id = @o AND author_id = @a`);
    this.markStale = db.prepare('INSERT OR IGNORE INTO ledger_stale (person_id) VALUES (@person)');
    this.staleSlice = db.prepare<[number], number>('SELECT person_id FROM ledger_stale LIMIT ?').pluck();
    this.unstale = db.prepare('DELETE FROM ledger_stale WHERE person_id = ?');
    this.staleCount = db.prepare<[], number>('SELECT count(*) FROM ledger_stale').pluck();
  }

  /**
   * Lets another part of the cache fold the events of `kind` (shared runs, marks): called for each new
   * event of that kind in the page's transaction. `tables` hold its folded state per profile_id and are
   * emptied on unlink like the office's own.
   */
  registerKind(kind: string, fold: KindFolder, tables: readonly string[] = []): void {
    if (kind === ENTRY_KIND || this.kinds.has(kind)) throw new Error(`office events of kind ${kind} already have a folder`);
    this.kinds.set(kind, fold);
    for (const t of tables) if (!this.kindTables.includes(t)) this.kindTables.push(t);
  }

  /** Called in the link's transaction after a new link has queued the shortlist's history (shared runs queue theirs). */
  onLinked(hook: (profileId: string) => void): void {
    this.linkedHooks.push(hook);
  }

  /** Called in adopt()'s transaction when the editor has just got a manuscript (what other kinds parked for it). */
  onAdopt(hook: (m: AdoptedManuscript) => void): void {
    this.adoptHooks.push(hook);
  }

  /** The profiles linked to an office (a decision about a person is shared with each). */
  linkedProfiles(): string[] {
    return this.db.prepare<[], string>('SELECT profile_id FROM office_links ORDER BY profile_id').pluck().all();
  }

  /** Whether a change of the editor's to `entity` waits to be pushed or to come back from the office (it will win there). */
  hasWaiting(profileId: string, entity: string): boolean {
    return this.waitingFor.get({ p: profileId, e: entity })! > 0;
  }

  /** Whether the editor shares the manuscript files themselves with the office (Settings; off by default). */
  sharesFiles(profileId: string): boolean {
    return this.db.prepare<[string], number>('SELECT share_files FROM office_links WHERE profile_id = ?').pluck().get(profileId) === 1;
  }

  setSharesFiles(profileId: string, share: boolean): void {
    this.db.prepare('UPDATE office_links SET share_files = @s WHERE profile_id = @p').run({ s: share ? 1 : 0, p: profileId });
    this.changes.note('office');
  }

  link(profileId: string): OfficeLink | undefined {
    const r = this.linkStmt.get(profileId);
    return r ? { url: r.url, login: r.login, linkedAt: r.linked_at } : undefined;
  }

  /**
   * Links the profile to an office (or unlinks it with null). A new link queues the state of every
   * shortlist entry of the profile, so the office learns the editor's history once. Unlinking keeps
   * nothing of the office's: its events, cursors, folded entries (the ledger counted again without
   * them) and the editor's changes not yet pushed (docs/office.md says what that loses).
   */
  setLink(profileId: string, link: { url: string; login: string } | null): void {
    this.changes.transaction(() => {
      const before = this.link(profileId);
      const same = before !== undefined && link !== null && before.url === link.url && before.login === link.login;
      if (same) return;
      // The people the office's entries counted for are counted again without them.
      const counted = this.db
        .prepare<[string], number>('SELECT DISTINCT author_id FROM office_entries WHERE profile_id = ?')
        .pluck()
        .all(profileId);
      for (const t of ['office_events', 'office_cursors', 'office_entries', 'office_invites', 'office_outbox', ...this.kindTables])
        this.db.prepare(`DELETE FROM ${t} WHERE profile_id = ?`).run(profileId);
      const people = new Set(counted.map((a) => this.ledger.personOf(a)).filter((p): p is number => p !== undefined));
      for (const person of people) this.ledger.refresh(person);
      this.db.prepare('DELETE FROM office_links WHERE profile_id = ?').run(profileId);
      if (link !== null) {
        this.db
          .prepare('INSERT INTO office_links (profile_id, url, login, linked_at) VALUES (@p, @url, @login, @now)')
          .run({ p: profileId, url: link.url, login: link.login, now: this.clock.now() });
        const entries = this.db
          .prepare<[string], { manuscript_id: number; author_id: number }>(
            'SELECT manuscript_id, author_id FROM shortlist WHERE profile_id = ? ORDER BY manuscript_id, position',
          )
          .all(profileId);
        for (const e of entries) this.journal(e.manuscript_id, e.author_id);
        for (const hook of this.linkedHooks) hook(profileId);
      }
      this.changes.note('ledger');
      this.changes.note('shortlist');
    });
  }

  /**
   * Called by every shortlist write, inside its transaction: queues the entry's new state (or its
   * removal) for the office when the manuscript's profile is linked. A state still waiting for the
   * same entry is replaced by a new event with a new id, since only the newest state matters and
   * the replaced one may already have reached the server.
   */
  journal(manuscriptId: number, authorId: number): void {
    const m = this.manuscriptStmt.get({ m: manuscriptId });
    if (!m || this.link(m.profile_id) === undefined) return;
    const e = this.localEntry.get({ m: manuscriptId, a: authorId });
    const body: EntryBody = e
      ? bodyOf(e.origin_id, authorId, e, false)
      : removedBody(this.db, m.profile_id, m.origin_id, m.title, authorId);
    const entity = `${m.origin_id}\u0000${authorId}`;
    this.dropQueued.run({ p: m.profile_id, e: entity });
    this.queue.run({
      p: m.profile_id,
      id: randomUUID(),
      e: entity,
      folder: m.folder,
      kind: ENTRY_KIND,
      body: JSON.stringify(body),
      now: this.clock.now(),
    });
    this.changes.note('office');
  }

  /**
   * Queues an event of another kind for the office (the caller checks the profile is linked). A queued
   * event of the same `entity` not yet sent is replaced, as with entry states; give each event its own
   * entity to keep them all. Returns the event's id.
   */
  enqueue(profileId: string, e: { entity: string; folder: string; kind: string; body: unknown }): string {
    const id = randomUUID();
    this.changes.transaction(() => {
      this.dropUnsent.run({ p: profileId, e: e.entity });
      this.queue.run({
        p: profileId,
        id,
        e: e.entity,
        folder: e.folder,
        kind: e.kind,
        body: JSON.stringify(e.body),
        now: this.clock.now(),
      });
      this.changes.note('office');
    });
    return id;
  }

  /** The editor's events waiting for the office, oldest first. */
  outgoing(profileId: string, limit: number): OutgoingEvent[] {
    return this.db
      .prepare<[string, number], { seq: number; id: string; folder: string; kind: string; body_json: string }>(
        'SELECT seq, id, folder, kind, body_json FROM office_outbox WHERE profile_id = ? AND sent = 0 ORDER BY seq LIMIT ?',
      )
      .all(profileId, limit)
      .map((r) => ({ seq: r.seq, id: r.id, folder: r.folder, kind: r.kind, body: JSON.parse(r.body_json) as unknown }));
  }

  /** Changes waiting for the office: a shared run counts once (its parts are not counted). */
  waiting(profileId: string): number {
    return this.db
      .prepare<[string], number>("SELECT count(*) FROM office_outbox WHERE profile_id = ? AND sent = 0 AND kind <> 'run.part'")
      .pluck()
      .get(profileId)!;
  }

  /**
   * Events the office has committed: no longer sent, but kept (as sent) until a pull brings them back,
   * so a colleague's older state pulled meanwhile never replaces the entry's newer local one. `link`: the
   * link the loop pushed for; a loop of a link replaced meanwhile marks nothing.
   */
  pushed(profileId: string, ids: readonly string[], link: { url: string; login: string }): void {
    this.changes.transaction(() => {
      const now = this.link(profileId);
      if (!now || now.url !== link.url || now.login !== link.login) return;
      const mark = this.db.prepare('UPDATE office_outbox SET sent = 1 WHERE profile_id = ? AND id = ?');
      for (const id of ids) mark.run(profileId, id);
      this.changes.note('office');
    });
  }

  cursor(profileId: string, folder: string): OfficeCursorRow {
    return (
      this.db
        .prepare<[string, string], OfficeCursorRow>('SELECT xid, seq FROM office_cursors WHERE profile_id = ? AND folder = ?')
        .get(profileId, folder) ?? { xid: 0, seq: 0 }
    );
  }

  /**
   * Applies one pulled page of a folder in one transaction, with the cursor after it: every event is
   * kept, entry states are folded (the later in the server's order wins), invitations are recorded per
   * editor, and the winning state of an entry of a local manuscript replaces the local one unless the
   * editor has a change of that entry still waiting (which will reach the server later, and win).
   * An event whose body is not an entry state is kept and counted as refused, never applied in part.
   * With `settleLater` the ledger counts of the people concerned are only marked stale (in the same
   * transaction) and recomputed by settle(), once for a whole pull instead of once per page.
   * `stop` is asked after each event: true ends the transaction there (at least one event is taken), with
   * the cursor after the last event taken, so a caller holding its thread for a time slice is never held
   * longer by events that cost more than it guessed; `taken` says how many to go on after.
   */
  apply(
    profileId: string,
    folder: string,
    events: readonly PulledEvent[],
    cursor: OfficeCursorRow,
    opts: { settleLater?: boolean; stop?: () => boolean } = {},
  ): ApplyOutcome {
    // Without waiting for the disk at the commit: the office keeps every event, and the cursor moves in
    // the same transaction, so a page lost to a power cut is pulled and applied again.
    return this.slice(() => {
      const out: ApplyOutcome = { applied: 0, refused: 0, taken: 0, manuscripts: [] };
      const persons = new Set<number>();
      const touched = new Map<string, EntryBody>();
      // Only a profile with pushed events not yet back has any to clear.
      const awaitingBack = this.anySent.get({ p: profileId }) === 1;
      for (const ev of events) {
        if (out.taken > 0 && opts.stop?.()) break;
        out.taken++;
        // Kept without its body (the office holds the history), keyed by the (xid, seq) the office gave it: a page
        // applied again changes nothing.
        const fresh = this.insertEvent.run({
          p: profileId,
          id: ev.id,
          folder: ev.folder,
          author: ev.author,
          kind: ev.kind,
          body: '',
          xid: ev.xid,
          seq: ev.seq,
          at: ev.at,
        }).changes;
        // One of the editor's own events is back: it is in the server's order now, its sent row goes.
        const own = awaitingBack && this.ownBack.run({ p: profileId, id: ev.id }).changes > 0;
        if (fresh === 0) continue;
        // The office-wide folder holds decisions about people only, and those are never a journal's (office schema 3).
        if ((ev.folder === OFFICE_WIDE_FOLDER) !== (OFFICE_WIDE_KINDS as readonly string[]).includes(ev.kind)) {
          out.refused++;
          continue;
        }
        if (ev.kind !== ENTRY_KIND) {
          const done = this.kinds.get(ev.kind)?.(profileId, ev, { own }) ?? 'ignored';
          if (done === 'applied') out.applied++;
          else if (done === 'refused') out.refused++;
          continue;
        }
        const parsed = entryBody.safeParse(ev.body);
        if (!parsed.success) {
          out.refused++;
          continue;
        }
        const b = parsed.data;
        const prior = this.entryRow.get({ p: profileId, o: b.originId, a: b.authorId });
        // An entry belongs to the folder it was first shared in: an editor of another journal cannot
        // change it by naming its manuscript (the office's row-level security is per folder).
        if (prior && prior.folder !== ev.folder) {
          out.refused++;
          continue;
        }
        const later = !prior || ev.xid > prior.xid || (ev.xid === prior.xid && ev.seq > prior.seq);
        if (later) {
          this.upsertEntry.run({
            p: profileId,
            ...b,
            folder: ev.folder,
            removed: b.removed ? 1 : 0,
            position: b.position ?? null,
            declineReason: b.declineReason ?? null,
            declineText: b.declineText ?? null,
            by: ev.author,
            xid: ev.xid,
            seq: ev.seq,
          });
        }
        // Every editor's invitation is kept; one taken back (no longer invited, or the entry removed) goes.
        if (b.invitedAt !== null && !b.removed)
          this.addInvite.run({
            p: profileId,
            originId: b.originId,
            authorId: b.authorId,
            by: ev.author,
            invitedAt: b.invitedAt,
            title: b.title,
            folder: ev.folder,
          });
        else this.dropInvite.run({ p: profileId, o: b.originId, a: b.authorId, by: ev.author });
        const person = b.removed
          ? this.ledger.personOf(b.authorId)
          : this.ledger.ensure({ authorId: b.authorId, name: b.name, affiliation: b.affiliation, email: b.email, orcid: b.orcid });
        if (person !== undefined) persons.add(person);
        if (later) touched.set(`${b.originId}\u0000${b.authorId}`, b);
        out.applied++;
      }
      // The winning state of each entry this page changed goes to the local shortlist (after the
      // whole page, so an earlier colleague's state in the page never stays over the editor's later one).
      const origins = new Set([...touched.values()].map((b) => b.originId));
      const local = new Map(
        origins.size === 0
          ? []
          : this.localByOrigin.all({ p: profileId, o: JSON.stringify([...origins]), f: folder }).map((r) => [r.origin_id, r.id] as const),
      );
      for (const b of touched.values()) {
        const manuscriptId = local.get(b.originId);
        if (manuscriptId === undefined) continue;
        const won = this.winner(profileId, b.originId, b.authorId);
        if (!won) continue;
        const done = this.applyLocal(profileId, manuscriptId, won);
        if (done === 'refused') out.refused++;
        if (done === 'applied') out.manuscripts.push(manuscriptId);
      }
      for (const m of new Set(out.manuscripts)) this.renumber.run({ m });
      const last = out.taken < events.length ? events[out.taken - 1]! : cursor;
      this.setCursor.run({ p: profileId, folder, xid: last.xid, seq: last.seq });
      if (opts.settleLater) for (const person of persons) this.markStale.run({ person });
      else for (const p of persons) this.ledger.refresh(p);
      for (const m of new Set(out.manuscripts)) this.changes.note('shortlist', m);
      if (out.applied > 0) {
        this.changes.note('ledger');
        this.changes.note('shortlist');
      }
      this.changes.note('office');
      return out;
    });
  }

  /** One slice's transaction, its commit not waiting for the disk (withoutCommitSync); a savepoint inside a caller's transaction. */
  private slice<T>(fn: () => T): T {
    return this.db.inTransaction ? this.changes.transaction(fn) : withoutCommitSync(this.db, fn, (f) => this.changes.transaction(f));
  }

  /**
   * Recomputes the ledger counts of up to `limit` people apply() marked stale, in one transaction (`stop`,
   * asked after each person, true ends it early).
   * Returns how many are still stale (the caller yields and calls again until none are). Its commit does
   * not wait for the disk: lost to a power cut, the marks come back with it and are settled again.
   */
  settle(limit = SETTLE_SLICE, stop?: () => boolean): number {
    if (this.staleCount.get() === 0) return 0;
    return this.slice(() => {
      const ids = this.staleSlice.all(limit);
      for (const [i, id] of ids.entries()) {
        if (i > 0 && stop?.()) break;
        this.ledger.refresh(id);
        this.unstale.run(id);
      }
      if (ids.length > 0) this.changes.note('ledger');
      return this.staleCount.get()!;
    });
  }

  /** Colleagues' invitations of these author_ids' people (through the ledger), newest first; `me` left out. */
  colleagueInvites(profileId: string, me: string, authorIds: readonly number[]): ColleagueInvite[] {
    if (authorIds.length === 0) return [];
    return this.db
      .prepare<
        [{ p: string; me: string; ids: string }],
        { author_id: number; editor: string; invited_at: number; title: string; origin_id: string }
      >(
        `SELECT j.value AS author_id, i.editor, i.invited_at, i.title, i.origin_id
         FROM json_each(@ids) j
         JOIN ledger_members m ON m.author_id = j.value
         JOIN ledger_members m2 ON m2.person_id = m.person_id
         JOIN office_invites i ON i.author_id = m2.author_id AND i.profile_id = @p
         WHERE i.editor <> @me
         ORDER BY i.invited_at DESC`,
      )
      .all({ p: profileId, me, ids: JSON.stringify(authorIds) })
      .map((r) => ({ authorId: r.author_id, editor: r.editor, invitedAt: r.invited_at, title: r.title, originId: r.origin_id }));
  }

  /** The editors other than `me` who invited this person for this manuscript (two invitations of one person: a warning). */
  otherInviters(profileId: string, me: string, originId: string, authorId: number): Array<{ editor: string; invitedAt: number }> {
    return this.db
      .prepare<[string, string, number, string], { editor: string; invited_at: number }>(
        `SELECT editor, invited_at FROM office_invites WHERE profile_id = ? AND origin_id = ? AND author_id = ? AND editor <> ? ORDER BY invited_at`,
      )
      .all(profileId, originId, authorId, me)
      .map((r) => ({ editor: r.editor, invitedAt: r.invited_at }));
  }

  /** Folders the editor belongs to, as the office listed them: each gets a cursor at the start if it had none. */
  knowFolders(profileId: string, folders: readonly string[]): void {
    const add = this.db.prepare('INSERT OR IGNORE INTO office_cursors (profile_id, folder, xid, seq) VALUES (@p, @f, 0, 0)');
    this.changes.transaction(() => {
      for (const f of folders) add.run({ p: profileId, f });
    });
  }

  /** The journals the editor belongs to, as the office listed them (not the office-wide folder, which is no journal). */
  folders(profileId: string): string[] {
    return this.db
      .prepare<[string, string], string>('SELECT folder FROM office_cursors WHERE profile_id = ? AND folder <> ? ORDER BY folder')
      .pluck()
      .all(profileId, OFFICE_WIDE_FOLDER);
  }

  /** The folded state of an entry, as the office's order made it. */
  private winner(profileId: string, originId: string, authorId: number): EntryBody | undefined {
    const r = this.winnerStmt.get({ p: profileId, o: originId, a: authorId });
    return r ? bodyOf(originId, authorId, r, r.removed !== 0) : undefined;
  }

  /**
   * Puts an entry's winning state on the local shortlist (the caller numbers the list again): not while
   * a change of the editor's to it waits or is not yet back from the office, and never past MAX_SHORTLIST.
   */
  private applyLocal(profileId: string, manuscriptId: number, b: EntryBody): 'applied' | 'kept' | 'refused' {
    if (this.waitingFor.get({ p: profileId, e: `${b.originId}\u0000${b.authorId}` })! > 0) return 'kept';
    if (b.removed) {
      const gone = this.db.prepare('DELETE FROM shortlist WHERE manuscript_id = ? AND author_id = ?').run(manuscriptId, b.authorId).changes;
      return gone > 0 ? 'applied' : 'kept';
    }
    const onList = this.db
      .prepare<[number, number], number>('SELECT count(*) FROM shortlist WHERE manuscript_id = ? AND author_id = ?')
      .pluck()
      .get(manuscriptId, b.authorId)!;
    if (onList === 0) {
      const size = this.db.prepare<[number], number>('SELECT count(*) FROM shortlist WHERE manuscript_id = ?').pluck().get(manuscriptId)!;
      if (size >= MAX_SHORTLIST) return 'refused';
    }
    this.upsertLocal.run({
      p: profileId,
      m: manuscriptId,
      ...b,
      position: b.position ?? null,
      declineReason: b.declineReason ?? null,
      declineText: b.declineReason === 'other' ? (b.declineText ?? null) : null,
      now: this.clock.now(),
    });
    return 'applied';
  }

  /**
   * The office's entries of a manuscript the editor has just got (an upload of a submission colleagues
   * already shortlisted for): put on its local shortlist, so the editor's first change starts from them.
   */
  adopt(manuscriptId: number): void {
    const m = this.manuscriptStmt.get({ m: manuscriptId });
    if (!m || this.link(m.profile_id) === undefined) return;
    this.changes.transaction(() => {
      for (const hook of this.adoptHooks) hook({ id: manuscriptId, profileId: m.profile_id, originId: m.origin_id, folder: m.folder });
      const rows = this.db
        .prepare<[{ p: string; o: string; f: string; m: number }], { author_id: number }>(
          `SELECT e.author_id FROM office_entries e WHERE e.profile_id = @p AND e.origin_id = @o AND e.folder = @f AND e.removed = 0
           AND NOT EXISTS (SELECT 1 FROM shortlist s WHERE s.manuscript_id = @m AND s.author_id = e.author_id)
           ORDER BY e.position, e.author_id`,
        )
        .all({ p: m.profile_id, o: m.origin_id, f: m.folder, m: manuscriptId });
      let changed = false;
      for (const r of rows) {
        const won = this.winner(m.profile_id, m.origin_id, r.author_id);
        if (won && this.applyLocal(m.profile_id, manuscriptId, won) === 'applied') changed = true;
      }
      if (!changed) return;
      this.renumber.run({ m: manuscriptId });
      this.changes.note('shortlist', manuscriptId);
      this.changes.note('ledger');
    });
  }
}

/** The removal of an entry: the last state the office knows of it, marked removed. */
function removedBody(db: Database, profileId: string, originId: string, title: string, authorId: number): EntryBody {
  const known = db
    .prepare<[string, string, number], { name: string; email: string | null; orcid: string | null; affiliation: string | null }>(
      'SELECT name, email, orcid, affiliation FROM office_entries WHERE profile_id = ? AND origin_id = ? AND author_id = ?',
    )
    .get(profileId, originId, authorId);
  return {
    originId,
    title,
    authorId,
    name: known?.name ?? '',
    email: known?.email ?? null,
    orcid: known?.orcid ?? null,
    affiliation: known?.affiliation ?? null,
    status: 'shortlisted',
    invitedAt: null,
    answeredAt: null,
    closedAt: null,
    dueDate: null,
    note: '',
    removed: true,
  };
}
