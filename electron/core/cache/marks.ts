import type { Database, Statement } from 'better-sqlite3';
import type { WebhookCandidate } from '../../common/service';
import type { Clock } from '../ports';
import { insertInto, toJson } from './sql';
import type { MarksOutcome } from './types';
import type { ChangeFeed } from './changes';

/** One mark_as_proposal_referee delivery, as the webhook receiver hands it over (api_key dropped). */
export interface MarksEvent {
  /** The service's manuscript_id. */
  manuscriptId: number;
  originId: string | null;
  order: number;
  /** Every candidate marked after the action (the whole set, not a delta). */
  candidates: readonly WebhookCandidate[];
  /** The body as received without api_key; stored for the activity view. Defaults to the fields above. */
  payload?: unknown;
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
export class MarksRepository {
  private readonly findByService: Statement<[string, number], Target>;
  private readonly findByOrigin: Statement<[string, string], Target>;
  private readonly insertEvent: Statement<[Record<(typeof EVENT_COLUMNS)[number], unknown>]>;
  private readonly currentMarks: Statement<[number], { author_id: number }>;
  private readonly deleteMarks: Statement<[number]>;
  private readonly insertMark: Statement<[Record<(typeof MARK_COLUMNS)[number], unknown>]>;
  private readonly refreshCandidates: Statement<[{ m: number }]>;
  private readonly bumpMarks: Statement<[number, string, number]>;
  private readonly setOrder: Statement<[number, number]>;
  private readonly parkedFor: Statement<[{ p: string; s: number | null; o: string }], ParkedRow>;
  private readonly settleEvent: Statement<[string, number | null, number]>;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly changes: ChangeFeed,
  ) {
    this.findByService = db.prepare('SELECT id, marks_order FROM manuscripts WHERE profile_id = ? AND service_id = ?');
    this.findByOrigin = db.prepare('SELECT id, marks_order FROM manuscripts WHERE profile_id = ? AND origin_id = ?');
    this.insertEvent = db.prepare(insertInto('webhook_events', EVENT_COLUMNS));
    this.currentMarks = db.prepare('SELECT author_id FROM marks WHERE manuscript_id = ?');
    this.deleteMarks = db.prepare('DELETE FROM marks WHERE manuscript_id = ?');
    this.insertMark = db.prepare(insertInto('marks', MARK_COLUMNS, 'REPLACE'));
    this.refreshCandidates = db.prepare(`
      UPDATE candidates SET marked = (author_id IN (SELECT author_id FROM marks WHERE manuscript_id = @m))
      WHERE run_id IN (SELECT id FROM runs WHERE manuscript_id = @m)`);
    this.bumpMarks = db.prepare('UPDATE authors SET marks_count = max(0, marks_count + ?) WHERE profile_id = ? AND author_id = ?');
    this.setOrder = db.prepare('UPDATE manuscripts SET marks_order = ? WHERE id = ?');
    this.parkedFor = db.prepare(`
      SELECT id, event_order, payload_json FROM webhook_events
      WHERE profile_id = @p AND outcome = 'parked' AND (service_manuscript_id = @s OR origin_id = @o)
      ORDER BY event_order DESC, id DESC`);
    this.settleEvent = db.prepare('UPDATE webhook_events SET outcome = ?, applied_at = ? WHERE id = ?');
  }

  /** Applies (or keeps as stale, or parks) one webhook event; one transaction. */
  applyMarks(profileId: string, event: MarksEvent): MarksOutcome {
    return this.changes.transaction((): MarksOutcome => {
      const now = this.clock.now();
      const target =
        this.findByService.get(profileId, event.manuscriptId) ??
        (event.originId !== null ? this.findByOrigin.get(profileId, event.originId) : undefined);
      const payload = toJson(
        stripApiKey(
          event.payload ?? { payload: { manuscript_id: event.manuscriptId, origin_id: event.originId, candidates: event.candidates } },
        ),
      );
      const outcome: MarksOutcome = !target
        ? 'parked'
        : target.marks_order !== null && event.order <= target.marks_order
          ? 'stale'
          : 'applied';
      if (target && outcome === 'applied') this.replace(profileId, target.id, event.order, event.candidates);
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

  /** Called when an upload of the manuscript is recorded: applies the newest parked event, if any. */
  applyParked(profileId: string, manuscriptId: number): MarksOutcome | null {
    const ms = this.db
      .prepare<[number], { service_id: number | null; origin_id: string; marks_order: number | null }>(
        'SELECT service_id, origin_id, marks_order FROM manuscripts WHERE id = ?',
      )
      .get(manuscriptId);
    if (!ms) return null;
    const parked = this.parkedFor.all({ p: profileId, s: ms.service_id, o: ms.origin_id });
    const [newest, ...older] = parked;
    if (!newest) return null;
    const now = this.clock.now();
    for (const e of older) this.settleEvent.run('stale', null, e.id);
    if (ms.marks_order !== null && newest.event_order <= ms.marks_order) {
      this.settleEvent.run('stale', null, newest.id);
      return 'stale';
    }
    this.replace(profileId, manuscriptId, newest.event_order, storedCandidates(newest.payload_json));
    this.settleEvent.run('applied', now, newest.id);
    return 'applied';
  }

  private replace(profileId: string, manuscriptId: number, order: number, candidates: readonly WebhookCandidate[]): void {
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

/** The marked candidates of a stored event: the webhook body keeps them under payload.candidates. */
function storedCandidates(json: string): WebhookCandidate[] {
  const body = JSON.parse(json) as { candidates?: unknown; payload?: { candidates?: unknown } };
  const list = Array.isArray(body.candidates) ? body.candidates : body.payload?.candidates;
  return Array.isArray(list) ? (list as WebhookCandidate[]) : [];
}

function stripApiKey(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) if (k !== 'api_key') out[k] = v;
  return out;
}
