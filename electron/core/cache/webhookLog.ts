import type { Database, Statement } from 'better-sqlite3';
import type { WebhookDeliveryOutcome, WebhookDeliveryView } from '../../common/shapes';
import type { Clock } from '../ports';
import type { ChangeFeed } from './changes';

/** A delivery the receiver answered without touching the marks (the body itself is not kept). */
export interface WebhookReceipt {
  /** The profile active when it arrived; null when there was none. */
  profileId: string | null;
  status: number;
  outcome: 'test' | 'rejected';
  /** The receiver's answer: safe to show, never a secret. */
  reason: string;
  serviceManuscriptId: number | null;
  order: number | null;
  remote: string | null;
}

interface DeliveryDbRow {
  kind: 'e' | 'r';
  id: number;
  received_at: number;
  outcome: WebhookDeliveryOutcome;
  status: number;
  reason: string | null;
  service_manuscript_id: number | null;
  origin_id: string | null;
  event_order: number | null;
  marked: number | null;
  applied_at: number | null;
  /** The office login whose receiver delivered it, for a marked set that came through the office. */
  via: string | null;
  manuscript_id: number | null;
  title: string | null;
}

/** Receipts kept: the newest ones; older ones are dropped as new ones arrive. */
export const WEBHOOK_RECEIPTS_KEPT = 500;

/**
 * What webhook_events keeps per profile (pruned after every delivery): the newest `perManuscript`
 * events of each manuscript, the others for `keepMs` after they arrived; and whatever their age, at
 * most `maxRows` events and `maxBytes` of stored bodies, newest first. Marks themselves live in
 * `marks` and `manuscripts.marks_order`: pruning only shortens the history.
 */
export interface WebhookEventsRetention {
  perManuscript: number;
  keepMs: number;
  maxRows: number;
  maxBytes: number;
}

export const WEBHOOK_EVENTS_RETENTION: WebhookEventsRetention = {
  perManuscript: 20,
  keepMs: 24 * 3600_000,
  maxRows: 2_000,
  maxBytes: 32 * 1024 * 1024,
};

/**
 * The webhook's delivery history for the Activity view: webhook_events (deliveries that reached
 * the marks, written by MarksRepository) and webhook_receipts (refusals and connectivity checks).
 */
export class WebhookLogRepository {
  // Prepared on first use: a cache opened with fewer migrations (tests of the policy) has no table yet.
  private statements: { insert: Statement<[WebhookReceipt & { receivedAt: number }]>; prune: Statement<[number]> } | null = null;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly changes: ChangeFeed,
    private readonly retention: WebhookEventsRetention = WEBHOOK_EVENTS_RETENTION,
  ) {}

  /** The highest event order known for the profile (stored events and manuscripts' applied orders), null when none. */
  highestOrder(profileId: string): number | null {
    const r = this.db
      .prepare<[string, string], { e: number | null; m: number | null }>(
        `SELECT (SELECT max(event_order) FROM webhook_events WHERE profile_id = ?) AS e,
                (SELECT max(marks_order) FROM manuscripts WHERE profile_id = ?) AS m`,
      )
      .get(profileId, profileId)!;
    if (r.e === null) return r.m;
    return r.m === null ? r.e : Math.max(r.e, r.m);
  }

  /** Applies the retention (WEBHOOK_EVENTS_RETENTION) to the profile's events; returns how many were dropped. */
  pruneEvents(profileId: string): number {
    const r = this.retention;
    return this.db
      .prepare(
        `DELETE FROM webhook_events WHERE id IN (
           SELECT id FROM (
             SELECT id, received_at,
               row_number() OVER (PARTITION BY service_manuscript_id ORDER BY id DESC) AS per_manuscript,
               row_number() OVER (ORDER BY id DESC) AS newer_rows,
               sum(octet_length(payload_json)) OVER (ORDER BY id DESC) AS newer_bytes
             FROM webhook_events WHERE profile_id = @p)
           WHERE newer_rows > @maxRows OR newer_bytes > @maxBytes OR (per_manuscript > @perManuscript AND received_at < @before))`,
      )
      .run({ p: profileId, maxRows: r.maxRows, maxBytes: r.maxBytes, perManuscript: r.perManuscript, before: this.clock.now() - r.keepMs })
      .changes;
  }

  record(r: WebhookReceipt): void {
    this.statements ??= {
      insert: this.db.prepare(`
        INSERT INTO webhook_receipts (profile_id, received_at, status, outcome, reason, service_manuscript_id, event_order, remote)
        VALUES (@profileId, @receivedAt, @status, @outcome, @reason, @serviceManuscriptId, @order, @remote)`),
      prune: this.db.prepare('DELETE FROM webhook_receipts WHERE id <= (SELECT max(id) FROM webhook_receipts) - ?'),
    };
    const { insert, prune } = this.statements;
    this.changes.transaction(() => {
      insert.run({ ...r, receivedAt: this.clock.now() });
      prune.run(WEBHOOK_RECEIPTS_KEPT);
      this.changes.note('webhook');
    });
  }

  /** Newest first: the profile's deliveries, and the receipts of moments when no profile was active. */
  list(profileId: string | null, limit: number): WebhookDeliveryView[] {
    const rows = this.db
      .prepare<{ p: string | null; limit: number }, DeliveryDbRow>(
        `WITH d AS (
           SELECT 'e' AS kind, e.id, e.profile_id, e.received_at, e.outcome, 200 AS status, NULL AS reason, e.service_manuscript_id,
             e.origin_id, e.event_order, json_array_length(e.payload_json, '$.payload.candidates') AS marked, e.applied_at,
             json_extract(e.payload_json, '$.office.by') AS via
           FROM webhook_events e WHERE e.profile_id = @p
           UNION ALL
           SELECT 'r', r.id, r.profile_id, r.received_at, r.outcome, r.status, r.reason, r.service_manuscript_id,
             NULL, r.event_order, NULL, NULL, NULL
           FROM webhook_receipts r WHERE r.profile_id = @p OR r.profile_id IS NULL
           ORDER BY 4 DESC, 2 DESC LIMIT @limit
         ), l AS (
           -- A refused delivery is unauthenticated: its body names no manuscript we can trust.
           SELECT d.*, CASE WHEN d.outcome = 'rejected' THEN NULL ELSE coalesce(
             (SELECT m.id FROM manuscripts m WHERE m.profile_id = d.profile_id AND m.service_id = d.service_manuscript_id),
             (SELECT m.id FROM manuscripts m WHERE m.profile_id = d.profile_id AND m.origin_id = d.origin_id)) END AS manuscript_id
           FROM d
         )
         SELECT l.*, m.title FROM l LEFT JOIN manuscripts m ON m.id = l.manuscript_id
         ORDER BY l.received_at DESC, l.id DESC`,
      )
      .all({ p: profileId, limit });
    return rows.map((r) => ({
      key: `${r.kind}${r.id}`,
      receivedAt: r.received_at,
      outcome: r.outcome,
      status: r.status,
      reason: r.reason ?? eventReason(r),
      serviceManuscriptId: r.service_manuscript_id,
      originId: r.origin_id,
      manuscript: r.manuscript_id !== null && r.title !== null ? { id: r.manuscript_id, title: r.title } : null,
      order: r.event_order,
      marked: r.marked,
      appliedAt: r.applied_at,
    }));
  }
}

/** Plain words for a delivery that reached the marks. */
function eventReason(r: DeliveryDbRow): string {
  const words = deliveryWords(r);
  return r.via === null ? words : `Through the office, from ${r.via}: ${words.charAt(0).toLowerCase()}${words.slice(1)}`;
}

function deliveryWords(r: DeliveryDbRow): string {
  const n = r.marked === null ? '' : ` (${r.marked} marked)`;
  switch (r.outcome) {
    case 'applied':
      return r.applied_at !== null && r.applied_at > r.received_at
        ? `Kept until the manuscript’s upload was recorded, then applied${n}`
        : `Marks replaced${n}`;
    case 'stale':
      return 'Ignored: a delivery with the same or a newer order was already applied';
    case 'parked':
      return `Kept until the manuscript is uploaded from this app${n}`;
    default:
      return r.outcome;
  }
}
