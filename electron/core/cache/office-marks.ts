// Referee marks shared in the editorial office (docs/office.md, "Marks and the office's receiver"). A marked set
// the service delivered to a receiver of the office (the headless one, or an editor's own) is applied to that
// cache, and in the same transaction queued for the office as a `marks.set` event in the manuscript's folder:
// the whole set, slimmed to what the marks table keeps. Colleagues fold it through the same MarksRepository path
// as a delivery (order guard, parked while the manuscript is unknown), so the mark shows in their candidates
// table and shortlist beside their own status, which it never changes. A set folded from the office is never
// shared again. The headless receiver also announces its public address (`receiver.address`), which the
// editors' Settings show as the address the service should call.
import type { Database, Statement } from 'better-sqlite3';
import { z } from 'zod';
import type { Logger } from '../ports';
import type { ChangeFeed } from './changes';
import type { AppliedMarks, MarkedCandidate, MarksRepository } from './marks';
import type { OfficeRepository, PulledEvent } from './office';

export const MARKS_KIND = 'marks.set';
export const RECEIVER_KIND = 'receiver.address';

/** Candidates of one shared marked set (the service marks a handful per manuscript). */
export const MAX_SHARED_MARKS = 500;
/** What a marks.set body may take of the office's 64 KiB, with room for the spaces jsonb writes between items. */
export const MAX_MARKS_BYTES = 60_000;
/**
 * How far a shared set's order may be ahead of the highest order this cache knows (or of 0): the webhook
 * receiver's own bound (DEFAULT_DELIVERY_LIMITS.maxOrderJump), so a colleague's event cannot make every later
 * mark of a manuscript stale either.
 */
export const MAX_ORDER_JUMP = 1_000_000;

const NAME_CHARS = 500;
const MARKED_BY_CHARS = 320;

const markedCandidate = z
  .object({
    author_id: z.number().int(),
    marked_by: z.string().max(MARKED_BY_CHARS),
    name: z.string().max(NAME_CHARS).optional(),
  })
  .strict();

/** A marked set as the office carries it. */
export const marksBody = z
  .object({
    serviceManuscriptId: z.number().int().nonnegative(),
    originId: z.string().min(1).max(200).nullable(),
    order: z.number().int().nonnegative(),
    candidates: z.array(markedCandidate).max(MAX_SHARED_MARKS),
  })
  .strict();
export type MarksBody = z.infer<typeof marksBody>;

/** A receiver's public base address: http(s), no user or password, no query or fragment. */
const publicUrl = z
  .string()
  .max(2000)
  .refine((s) => {
    try {
      const u = new URL(s);
      return (
        (u.protocol === 'https:' || u.protocol === 'http:') && u.username === '' && u.password === '' && u.search === '' && u.hash === ''
      );
    } catch {
      return false;
    }
  }, 'an http(s) address without credentials');

const receiverBody = z.object({ url: publicUrl, startedAt: z.number().int().nonnegative() }).strict();

/** The office's receiver as the editor's Settings show it. */
export interface OfficeReceiver {
  url: string;
  login: string;
  announcedAt: number;
}

/** The body a marked set is shared with, or null when it does not fit one event (too many candidates even without names). */
export function marksEventBody(m: Pick<AppliedMarks, 'serviceManuscriptId' | 'originId' | 'order' | 'candidates'>): MarksBody | null {
  if (m.candidates.length > MAX_SHARED_MARKS) return null;
  const slim = (withNames: boolean): MarksBody => ({
    serviceManuscriptId: m.serviceManuscriptId,
    originId: m.originId,
    order: m.order,
    candidates: m.candidates.map((c) => ({
      author_id: c.author_id,
      marked_by: c.marked_by.slice(0, MARKED_BY_CHARS),
      ...(withNames && typeof c.name === 'string' ? { name: c.name.slice(0, NAME_CHARS) } : {}),
    })),
  });
  for (const withNames of [true, false]) {
    const body = slim(withNames);
    // jsonb writes ", " and ": " where JSON.stringify writes "," and ":": at most 3 + 2 of each per candidate, 4 + 3 outside.
    const bytes = Buffer.byteLength(JSON.stringify(body), 'utf8') + 2 * (5 * body.candidates.length + 7);
    if (bytes <= MAX_MARKS_BYTES) return body;
  }
  return null;
}

interface Found {
  id: number;
  marks_order: number | null;
  folder: string | null;
}

export class OfficeMarksRepository {
  private readonly byOrigin: Statement<[{ p: string; o: string }], Found>;
  private readonly byService: Statement<[{ p: string; s: number }], Found>;
  private readonly folderOf: Statement<[{ m: number }], string>;
  private readonly highest: Statement<[{ p: string }], number | null>;
  private readonly upsertReceiver: Statement<[Record<string, unknown>]>;
  private readonly newestReceiver: Statement<[{ p: string }], { url: string; login: string; at: number }>;

  constructor(
    db: Database,
    private readonly office: OfficeRepository,
    private readonly marks: MarksRepository,
    private readonly changes: ChangeFeed,
    private readonly logger?: Logger,
  ) {
    const find = `SELECT m.id, m.marks_order, f.name AS folder FROM manuscripts m LEFT JOIN folders f ON f.id = m.folder_id WHERE m.profile_id = @p`;
    this.byOrigin = db.prepare(`${find} AND m.origin_id = @o`);
    this.byService = db.prepare(`${find} AND m.service_id = @s ORDER BY m.id LIMIT 1`);
    this.folderOf = db
      .prepare<[{ m: number }], string>('SELECT f.name FROM manuscripts m JOIN folders f ON f.id = m.folder_id WHERE m.id = @m')
      .pluck();
    this.highest = db
      .prepare<[{ p: string }], number | null>(
        `SELECT max(coalesce((SELECT max(event_order) FROM webhook_events WHERE profile_id = @p), 0),
                    coalesce((SELECT max(marks_order) FROM manuscripts WHERE profile_id = @p), 0))`,
      )
      .pluck();
    this.upsertReceiver = db.prepare(`
      INSERT INTO office_receivers (profile_id, folder, login, url, at) VALUES (@p, @folder, @login, @url, @at)
      ON CONFLICT (profile_id, folder) DO UPDATE SET login = excluded.login, url = excluded.url, at = excluded.at
      WHERE excluded.at >= office_receivers.at`);
    this.newestReceiver = db.prepare('SELECT url, login, at FROM office_receivers WHERE profile_id = @p ORDER BY at DESC, folder LIMIT 1');
    office.registerKind(MARKS_KIND, (p, ev) => this.foldMarks(p, ev));
    office.registerKind(RECEIVER_KIND, (p, ev) => this.foldReceiver(p, ev), ['office_receivers']);
    marks.onApplied((m) => this.publish(m));
  }

  /**
   * Queues a marked set this cache's receiver applied for the office, in the applying transaction (so a
   * delivery answered 2xx has its event waiting in office_outbox). A set that came from the office is not
   * shared again, and a newer set of the same manuscript replaces one still waiting.
   */
  private publish(m: AppliedMarks): void {
    if (m.via !== null || this.office.link(m.profileId) === undefined) return;
    const folder = this.folderOf.get({ m: m.manuscriptId });
    if (folder === undefined) return;
    const body = marksEventBody(m);
    if (!body) {
      this.logger?.log('warn', 'a marked set too large for the office was not shared', {
        serviceManuscriptId: m.serviceManuscriptId,
        marked: m.candidates.length,
      });
      return;
    }
    this.office.enqueue(m.profileId, {
      entity: `marks:${m.originId ?? `service:${m.serviceManuscriptId}`}`,
      folder,
      kind: MARKS_KIND,
      body,
    });
  }

  /**
   * A colleague's receiver's marked set: applied like a delivery to the manuscript of that folder (order
   * guarded), parked while the editor has no such manuscript. One naming a manuscript of another folder is
   * refused: an editor of one journal cannot mark another journal's manuscript. An order not newer than the
   * manuscript's (the receiver's own event back, a second receiver's copy) changes nothing and is not logged.
   */
  private foldMarks(profileId: string, ev: PulledEvent): 'applied' | 'refused' | 'ignored' {
    const parsed = marksBody.safeParse(ev.body);
    if (!parsed.success) return 'refused';
    const b = parsed.data;
    if (b.order > (this.highest.get({ p: profileId }) ?? 0) + MAX_ORDER_JUMP) return 'refused';
    const found =
      b.originId !== null
        ? this.byOrigin.get({ p: profileId, o: b.originId })
        : this.byService.get({ p: profileId, s: b.serviceManuscriptId });
    if (found && found.folder !== ev.folder) return 'refused';
    if (found && found.marks_order !== null && b.order <= found.marks_order) return 'ignored';
    const candidates: MarkedCandidate[] = b.candidates.map((c) => ({ ...c, marked: true }));
    const outcome = this.marks.applyMarks(
      profileId,
      {
        manuscriptId: b.serviceManuscriptId,
        originId: b.originId,
        order: b.order,
        candidates,
        payload: { order: b.order, payload: { manuscript_id: b.serviceManuscriptId, origin_id: b.originId, candidates } },
      },
      { manuscriptId: found?.id ?? null, via: { folder: ev.folder, by: ev.author } },
    );
    return outcome === 'stale' ? 'ignored' : 'applied';
  }

  private foldReceiver(profileId: string, ev: PulledEvent): 'applied' | 'refused' | 'ignored' {
    const parsed = receiverBody.safeParse(ev.body);
    if (!parsed.success) return 'refused';
    this.upsertReceiver.run({ p: profileId, folder: ev.folder, login: ev.author, url: parsed.data.url, at: ev.at });
    this.changes.note('webhook');
    return 'applied';
  }

  /**
   * Announces this receiver's public base address in every folder the profile belongs to (the headless
   * receiver, after its first pull has listed them). A newer announcement of a folder replaces one waiting.
   */
  announce(profileId: string, url: string, now: number): number {
    const body = receiverBody.parse({ url, startedAt: now });
    const folders = this.office.folders(profileId);
    this.changes.transaction(() => {
      for (const folder of folders) this.office.enqueue(profileId, { entity: `receiver:${folder}`, folder, kind: RECEIVER_KIND, body });
    });
    return folders.length;
  }

  /** The office's receiver the service should call: the newest one announced in the editor's folders, or null. */
  receiverFor(profileId: string): OfficeReceiver | null {
    if (this.office.link(profileId) === undefined) return null;
    const r = this.newestReceiver.get({ p: profileId });
    return r ? { url: r.url, login: r.login, announcedAt: r.at } : null;
  }
}
