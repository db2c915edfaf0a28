import type { WebhookCandidate } from '../../common/service';
import { insertInto, toJson } from './sql';
import type { MarksOutcome } from './types';
import { Repository } from './repository';

/** A marked candidate as the marks table keeps it: the delivery's candidate, or the slimmed one an office event carries. */
export type MarkedCandidate = Pick<WebhookCandidate, 'author_id' | 'marked_by'> & Partial<WebhookCandidate>;

/** One mark_as_proposal_referee delivery, as the webhook receiver hands it over (api_key dropped). */
export interface MarksEvent {
  /** The service's manuscript_id. */
  manuscriptId: number;
  originId: string | null;
  order: number;
  /** Every candidate marked after the action (the whole set, not a delta). */
  candidates: readonly MarkedCandidate[];
  /** The body as received without api_key; stored for the activity view. Defaults to the fields above. */
  payload?: unknown;
}

/** Where a marked set came from when it was not this computer's receiver: an office event (folder, and the login that pushed it). */
export interface MarksVia {
  folder: string;
  by: string;
}

/** A marked set applied to a manuscript of the cache, told to listeners inside the applying transaction. */
export interface AppliedMarks {
  profileId: string;
  /** The app's id of the manuscript. */
  manuscriptId: number;
  serviceManuscriptId: number;
  originId: string | null;
  order: number;
  candidates: readonly MarkedCandidate[];
  /** Set when the marks came from the office (they are not to be shared again). */
  via: MarksVia | null;
}

interface Target {
  id: number;
  marks_order: number | null;
}

interface ParkedRow {
  id: number;
  event_order: number;
  payload_json: string;
}

const EVENT_COLUMNS = [
  'profile_id',
  'service_manuscript_id',
  'origin_id',
  'event_order',
  'received_at',
  'outcome',
  'applied_at',
  'payload_json',
] as const;
const MARK_COLUMNS = ['manuscript_id', 'author_id', 'profile_id', 'marked_by', 'event_order', 'raw_json'] as const;

/**
 * The referee marks set by editors in the service's own interface, as reported by the webhook.
 * Each event replaces a manuscript's whole marked set; an event whose order is not newer than the
 * last applied one is kept as stale and changes nothing; an event for a manuscript the app has not
 * seen yet is parked and applied when that manuscript's upload is recorded.
 */
export class MarksRepository extends Repository {
  private readonly findByService = this.db.prepare<[string, number], Target>(
    'SELECT id, marks_order FROM manuscripts WHERE profile_id = ? AND service_id = ?',
  );
  private readonly findByOrigin = this.db.prepare<[string, string], Target>(
    'SELECT id, marks_order FROM manuscripts WHERE profile_id = ? AND origin_id = ?',
  );
  private readonly findById = this.db.prepare<[number], Target>('SELECT id, marks_order FROM manuscripts WHERE id = ?');
  private readonly insertEvent = this.db.prepare<[Record<(typeof EVENT_COLUMNS)[number], unknown>]>(
    insertInto('webhook_events', EVENT_COLUMNS),
  );
  private readonly currentMarks = this.db.prepare<[number], { author_id: number }>('SELECT author_id FROM marks WHERE manuscript_id = ?');
  private readonly deleteMarks = this.db.prepare<[number]>('DELETE FROM marks WHERE manuscript_id = ?');
  private readonly insertMark = this.db.prepare<[Record<(typeof MARK_COLUMNS)[number], unknown>]>(
    insertInto('marks', MARK_COLUMNS, 'REPLACE'),
  );
  private readonly refreshCandidates = this.db.prepare<[{ m: number }]>(`
      UPDATE candidates SET marked = (author_id IN (SELECT author_id FROM marks WHERE manuscript_id = @m))
      WHERE run_id IN (SELECT id FROM runs WHERE manuscript_id = @m)`);
  private readonly bumpMarks = this.db.prepare<[number, string, number]>(
    'UPDATE authors SET marks_count = max(0, marks_count + ?) WHERE profile_id = ? AND author_id = ?',
  );
  private readonly setOrder = this.db.prepare<[number, number]>('UPDATE manuscripts SET marks_order = ? WHERE id = ?');
  private readonly parkedFor = this.db.prepare<[{ p: string; s: number | null; o: string }], ParkedRow>(`
      SELECT id, event_order, payload_json FROM webhook_events
      WHERE profile_id = @p AND outcome = 'parked' AND (service_manuscript_id = @s OR origin_id = @o)
      ORDER BY event_order DESC, id DESC`);
  private readonly settleEvent = this.db.prepare<[string, number | null, number]>(
    'UPDATE webhook_events SET outcome = ?, applied_at = ? WHERE id = ?',
  );
  private readonly appliedListeners: Array<(m: AppliedMarks) => void> = [];

  /**
   * Told of every marked set applied to a manuscript (a delivery, a parked one applied when its manuscript
   * came, an office event), inside the transaction that applies it: what it writes commits or rolls back
   * with the marks. A listener that throws rolls the delivery back (it is answered 500 and sent again).
   */
  onApplied(listener: (m: AppliedMarks) => void): void {
    this.appliedListeners.push(listener);
  }

  /**
   * Applies (or keeps as stale, or parks) one webhook event; one transaction. `opts.manuscriptId`: the
   * manuscript the caller resolved (an office event names it in its folder; null: none, so it is parked); `opts.via`: the office
   * event it came from, kept with a parked event so it is applied only to a manuscript of that folder.
   */
  applyMarks(profileId: string, event: MarksEvent, opts: { manuscriptId?: number | null; via?: MarksVia } = {}): MarksOutcome {
    return this.changes.transaction((): MarksOutcome => {
      const now = this.clock.now();
      const target =
        opts.manuscriptId !== undefined
          ? opts.manuscriptId === null
            ? undefined
            : this.findById.get(opts.manuscriptId)
          : (this.findByService.get(profileId, event.manuscriptId) ??
            (event.originId !== null ? this.findByOrigin.get(profileId, event.originId) : undefined));
      const body = stripApiKey(
        event.payload ?? { payload: { manuscript_id: event.manuscriptId, origin_id: event.originId, candidates: event.candidates } },
      );
      const payload = toJson(opts.via && isRecord(body) ? { ...body, office: opts.via } : body);
      const outcome: MarksOutcome = !target
        ? 'parked'
        : target.marks_order !== null && event.order <= target.marks_order
          ? 'stale'
          : 'applied';
      if (target && outcome === 'applied') {
        this.replace(profileId, target.id, event.order, event.candidates);
        this.tell({
          profileId,
          manuscriptId: target.id,
          serviceManuscriptId: event.manuscriptId,
          originId: event.originId,
          order: event.order,
          candidates: event.candidates,
          via: opts.via ?? null,
        });
      }
      // A stale event (a replay, or out of order) changes nothing: its body is not kept, only the line for Activity.
      const stored = outcome === 'stale' ? toJson({ payload: { manuscript_id: event.manuscriptId, origin_id: event.originId } }) : payload;
      this.insertEvent.run({
        profile_id: profileId,
        service_manuscript_id: event.manuscriptId,
        origin_id: event.originId,
        event_order: event.order,
        received_at: now,
        outcome,
        applied_at: outcome === 'applied' ? now : null,
        payload_json: stored,
      });
      // Every delivery line is news for Activity; marks only when they changed (or wait for their manuscript).
      if (outcome === 'applied') this.changes.note('marks', target!.id);
      else if (outcome === 'parked') this.changes.note('marks');
      this.changes.note('webhook');
      return outcome;
    });
  }

  /** Marked author ids of a manuscript, as last reported by the webhook. */
  markedAuthorIds(manuscriptId: number): number[] {
    return this.currentMarks.all(manuscriptId).map((r) => r.author_id);
  }

  /**
   * Called when an upload of the manuscript is recorded: applies the newest parked event, if any. A parked
   * office event is only for a manuscript of the folder it was shared in; one of another folder stays parked.
   */
  applyParked(profileId: string, manuscriptId: number): MarksOutcome | null {
    const ms = this.db
      .prepare<[number], { service_id: number | null; origin_id: string; marks_order: number | null; folder: string | null }>(
        'SELECT m.service_id, m.origin_id, m.marks_order, f.name AS folder FROM manuscripts m LEFT JOIN folders f ON f.id = m.folder_id WHERE m.id = ?',
      )
      .get(manuscriptId);
    if (!ms) return null;
    const parked = this.parkedFor
      .all({ p: profileId, s: ms.service_id, o: ms.origin_id })
      .map((e) => ({ ...e, stored: storedEvent(e.payload_json) }))
      .filter((e) => e.stored.via === null || e.stored.via.folder === ms.folder);
    const [newest, ...older] = parked;
    if (!newest) return null;
    const now = this.clock.now();
    for (const e of older) this.settleEvent.run('stale', null, e.id);
    if (ms.marks_order !== null && newest.event_order <= ms.marks_order) {
      this.settleEvent.run('stale', null, newest.id);
      return 'stale';
    }
    this.replace(profileId, manuscriptId, newest.event_order, newest.stored.candidates);
    this.settleEvent.run('applied', now, newest.id);
    this.tell({
      profileId,
      manuscriptId,
      serviceManuscriptId: newest.stored.serviceManuscriptId ?? ms.service_id ?? 0,
      originId: newest.stored.originId ?? ms.origin_id,
      order: newest.event_order,
      candidates: newest.stored.candidates,
      via: newest.stored.via,
    });
    return 'applied';
  }

  private tell(m: AppliedMarks): void {
    for (const l of this.appliedListeners) l(m);
  }

  private replace(profileId: string, manuscriptId: number, order: number, candidates: readonly MarkedCandidate[]): void {
    const before = new Set(this.currentMarks.all(manuscriptId).map((r) => r.author_id));
    const after = new Set(candidates.map((c) => c.author_id));
    this.deleteMarks.run(manuscriptId);
    for (const c of candidates)
      this.insertMark.run({
        manuscript_id: manuscriptId,
        author_id: c.author_id,
        profile_id: profileId,
        marked_by: c.marked_by,
        event_order: order,
        raw_json: toJson(c),
      });
    for (const id of after) if (!before.has(id)) this.bumpMarks.run(1, profileId, id);
    for (const id of before) if (!after.has(id)) this.bumpMarks.run(-1, profileId, id);
    this.refreshCandidates.run({ m: manuscriptId });
    this.setOrder.run(order, manuscriptId);
  }
}

/** A stored event's marked candidates (the webhook body keeps them under payload.candidates), ids and the office it came through. */
function storedEvent(json: string): {
  candidates: MarkedCandidate[];
  serviceManuscriptId: number | null;
  originId: string | null;
  via: MarksVia | null;
} {
  const body = JSON.parse(json) as {
    candidates?: unknown;
    payload?: { candidates?: unknown; manuscript_id?: unknown; origin_id?: unknown };
    office?: { folder?: unknown; by?: unknown };
  };
  const list = Array.isArray(body.candidates) ? body.candidates : body.payload?.candidates;
  const o = body.office;
  return {
    candidates: Array.isArray(list) ? (list as MarkedCandidate[]) : [],
    serviceManuscriptId: typeof body.payload?.manuscript_id === 'number' ? body.payload.manuscript_id : null,
    originId: typeof body.payload?.origin_id === 'string' ? body.payload.origin_id : null,
    via: o && typeof o.folder === 'string' && typeof o.by === 'string' ? { folder: o.folder, by: o.by } : null,
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function stripApiKey(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) if (k !== 'api_key') out[k] = v;
  return out;
}
