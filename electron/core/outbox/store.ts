import type { Database, Statement } from 'better-sqlite3';
import type { ErrorCode } from '../../common/errors';
import type { OutboxCounts, OutboxEntry, OutboxKind, OutboxPayload, OutboxState, ParkReason } from './types';

interface EntryDbRow {
  id: number;
  profile_id: string;
  kind: OutboxKind;
  entity_key: string;
  payload_json: string;
  depends_on: number | null;
  state: OutboxState;
  attempts: number;
  next_attempt_at: number;
  error_code: string | null;
  error_message: string | null;
  park_reason: ParkReason | null;
  created_at: number;
  updated_at: number;
}

const toEntry = (r: EntryDbRow): OutboxEntry =>
  ({
    id: r.id,
    profileId: r.profile_id,
    kind: r.kind,
    data: JSON.parse(r.payload_json) as unknown,
    entityKey: r.entity_key,
    state: r.state,
    attempts: r.attempts,
    nextAttemptAt: r.next_attempt_at,
    dependsOn: r.depends_on,
    error: r.error_code === null ? null : { code: r.error_code as ErrorCode, message: r.error_message ?? '' },
    parkReason: r.park_reason,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }) as OutboxEntry;

/** The outbox table: durable, ordered per entity, with dependencies between entries. */
export class OutboxStore {
  private readonly insertStmt: Statement<unknown[], { id: number }>;
  private readonly byId: Statement<[number], EntryDbRow>;
  private readonly nextStmt: Statement<[string, number], EntryDbRow>;
  private readonly earliestStmt: Statement<[string], { at: number | null }>;
  private readonly setStmt: Statement<unknown[]>;

  constructor(private readonly db: Database) {
    this.insertStmt = db.prepare(`
      INSERT INTO outbox (profile_id, kind, entity_key, payload_json, depends_on, state, attempts, next_attempt_at, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, 'queued', 0, ?, ?, ?) RETURNING id`);
    this.byId = db.prepare('SELECT * FROM outbox WHERE id = ?');
    // The oldest queued entry that is due, is first among its entity's unfinished entries and
    // whose dependency (if any) is done.
    const ready = `
      o.profile_id = ? AND o.state = 'queued'
      AND NOT EXISTS (SELECT 1 FROM outbox e WHERE e.entity_key = o.entity_key AND e.profile_id = o.profile_id AND e.id < o.id AND e.state <> 'done')
      AND (o.depends_on IS NULL OR EXISTS (SELECT 1 FROM outbox d WHERE d.id = o.depends_on AND d.state = 'done'))`;
    this.nextStmt = db.prepare(`SELECT o.* FROM outbox o WHERE ${ready} AND o.next_attempt_at <= ? ORDER BY o.id LIMIT 1`);
    this.earliestStmt = db.prepare(`SELECT min(o.next_attempt_at) AS at FROM outbox o WHERE ${ready}`);
    this.setStmt = db.prepare(`
      UPDATE outbox SET state = ?, attempts = ?, next_attempt_at = ?, error_code = ?, error_message = ?, park_reason = ?, updated_at = ?
      WHERE id = ?`);
  }

  /** `dueAt` is on the outbox's monotonic timeline (see Outbox), `now` the wall time the row is dated with. */
  insert(profileId: string, p: OutboxPayload, entityKey: string, dependsOn: number | null, now: number, dueAt: number = now): number {
    return this.insertStmt.get(profileId, p.kind, entityKey, JSON.stringify(p.data), dependsOn, dueAt, now, now)!.id;
  }

  get(id: number): OutboxEntry | undefined {
    const r = this.byId.get(id);
    return r ? toEntry(r) : undefined;
  }

  /** The next entry to send, or undefined when none is due. */
  next(profileId: string, now: number): OutboxEntry | undefined {
    const r = this.nextStmt.get(profileId, now);
    return r ? toEntry(r) : undefined;
  }

  /** When the earliest sendable entry becomes due (null: nothing sendable). */
  earliestDue(profileId: string): number | null {
    return this.earliestStmt.get(profileId)!.at;
  }

  set(
    id: number,
    s: {
      state: OutboxState;
      attempts: number;
      nextAttemptAt: number;
      error: { code: string; message: string } | null;
      parkReason: ParkReason | null;
    },
    now: number,
  ): void {
    this.setStmt.run(s.state, s.attempts, s.nextAttemptAt, s.error?.code ?? null, s.error?.message ?? null, s.parkReason, now, id);
  }

  /** Unfinished entries in queue order (queued, sending, parked). */
  open(profileId: string): OutboxEntry[] {
    return this.db
      .prepare<[string], EntryDbRow>("SELECT * FROM outbox WHERE profile_id = ? AND state <> 'done' ORDER BY id")
      .all(profileId)
      .map(toEntry);
  }

  counts(profileId: string): OutboxCounts {
    const r = this.db
      .prepare<[string], { pending: number; parked: number }>(
        `SELECT coalesce(sum(state IN ('queued', 'sending')), 0) AS pending, coalesce(sum(state = 'parked'), 0) AS parked
         FROM outbox WHERE profile_id = ?`,
      )
      .get(profileId)!;
    return { pending: r.pending, parked: r.parked };
  }

  /** Entries left `sending` by a process that died mid-request. */
  inFlight(profileId: string): OutboxEntry[] {
    return this.db
      .prepare<[string], EntryDbRow>("SELECT * FROM outbox WHERE profile_id = ? AND state = 'sending'")
      .all(profileId)
      .map(toEntry);
  }

  dependents(id: number): OutboxEntry[] {
    return this.db
      .prepare<[number], EntryDbRow>("SELECT * FROM outbox WHERE depends_on = ? AND state <> 'done' ORDER BY id")
      .all(id)
      .map(toEntry);
  }

  /** Fills in the service's group id in every author write queued against the local group. */
  rewriteGroupId(groupLocalId: number, serviceId: number): void {
    this.db
      .prepare(
        `UPDATE outbox SET payload_json = json_set(payload_json, '$.groupServiceId', ?)
         WHERE kind IN ('author_put', 'author_patch', 'author_delete') AND state <> 'done'
           AND json_extract(payload_json, '$.groupLocalId') = ?`,
      )
      .run(serviceId, groupLocalId);
  }

  /** Makes every due-later queued entry due now (manual "sync now" skips the backoff wait). */
  hurry(profileId: string, now: number): void {
    this.db
      .prepare("UPDATE outbox SET next_attempt_at = ? WHERE profile_id = ? AND state = 'queued' AND next_attempt_at > ?")
      .run(now, profileId, now);
  }

  remove(id: number): void {
    this.db.prepare('DELETE FROM outbox WHERE id = ?').run(id);
  }

  /** File paths still needed by an unfinished upload. */
  uploadFiles(): string[] {
    return this.db
      .prepare<[], { p: string | null }>(
        "SELECT json_extract(payload_json, '$.file.path') AS p FROM outbox WHERE kind = 'upload' AND state <> 'done'",
      )
      .all()
      .flatMap((r) => (r.p === null ? [] : [r.p]));
  }

  /** Forgets finished entries older than `before` that nothing unfinished depends on. */
  prune(before: number): number {
    return this.db
      .prepare(
        `DELETE FROM outbox WHERE state = 'done' AND updated_at < ?
         AND id NOT IN (SELECT depends_on FROM outbox WHERE depends_on IS NOT NULL AND state <> 'done')`,
      )
      .run(before).changes;
  }
}
