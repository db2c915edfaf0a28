import type { Database, Statement } from 'better-sqlite3';
import type { ErrorCode } from '../../common/errors';
import type { ChangeFeed } from '../cache/changes';
import { isOutboxKind } from './kinds';
import type { OutboxCounts, OutboxEntry, OutboxKind, OutboxPayload, OutboxState, ParkReason } from './types';

interface EntryDbRow {
  id: number;
  /** An upload's form: its manuscript's form_json (see ENTRY). */
  upload_form: string | null;
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
    data:
      r.kind === 'upload'
        ? { ...(JSON.parse(r.payload_json) as object), form: r.upload_form === null ? null : (JSON.parse(r.upload_form) as unknown) }
        : (JSON.parse(r.payload_json) as unknown),
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

export interface EntryState {
  state: OutboxState;
  attempts: number;
  nextAttemptAt: number;
  error: { code: string; message: string } | null;
  parkReason: ParkReason | null;
}

// An entry with, for an upload, its manuscript's form: the form is stored once, in manuscripts.form_json
// (the Manuscripts view reads it there too), found by the payload's originId through UNIQUE (profile_id, origin_id).
const ENTRY = `o.*, m.form_json AS upload_form FROM outbox o
  LEFT JOIN manuscripts m ON o.kind = 'upload' AND m.profile_id = o.profile_id AND m.origin_id = json_extract(o.payload_json, '$.originId')`;

// The oldest queued entry that is due, is first among its entity's unfinished entries and whose
// dependency (if any) is done. Served by outbox_open, outbox_entity and the primary key; the
// redundant `state <> 'done'` lets SQLite use the partial indexes (it does not infer it from `= 'queued'`).
const READY = `
  o.profile_id = @profileId AND o.state = 'queued' AND o.state <> 'done'
  AND NOT EXISTS (SELECT 1 FROM outbox e WHERE e.entity_key = o.entity_key AND e.id < o.id AND e.state <> 'done' AND e.profile_id = o.profile_id)
  AND (o.depends_on IS NULL OR EXISTS (SELECT 1 FROM outbox d WHERE d.id = o.depends_on AND d.state = 'done'))`;

export const OUTBOX_SQL = {
  insert: `
    INSERT INTO outbox (profile_id, kind, entity_key, payload_json, depends_on, state, attempts, next_attempt_at, created_at, updated_at)
    VALUES (@profileId, @kind, @entityKey, @payload, @dependsOn, 'queued', 0, @dueAt, @now, @now) RETURNING id`,
  byId: `SELECT ${ENTRY} WHERE o.id = @id`,
  next: `SELECT ${ENTRY} WHERE ${READY} AND o.next_attempt_at <= @now ORDER BY o.id LIMIT 1`,
  earliest: `SELECT min(o.next_attempt_at) AS at FROM outbox o WHERE ${READY}`,
  set: `
    UPDATE outbox SET state = @state, attempts = @attempts, next_attempt_at = @nextAttemptAt, error_code = @errorCode,
      error_message = @errorMessage, park_reason = @parkReason, updated_at = @now
    WHERE id = @id`,
  open: `SELECT ${ENTRY} WHERE o.profile_id = @profileId AND o.state <> 'done' ORDER BY o.id`,
  counts: `
    SELECT coalesce(sum(state IN ('queued', 'sending')), 0) AS pending, coalesce(sum(state = 'parked'), 0) AS parked
    FROM outbox WHERE profile_id = @profileId AND state <> 'done'`,
  inFlight: `SELECT ${ENTRY} WHERE o.profile_id = @profileId AND o.state = 'sending' AND o.state <> 'done' ORDER BY o.id`,
  unfinishedKinds: "SELECT id, kind FROM outbox WHERE profile_id = @profileId AND state IN ('queued', 'sending') AND state <> 'done'",
  dependents: `SELECT ${ENTRY} WHERE o.depends_on = @id AND o.state <> 'done' ORDER BY o.id`,
  openOf: `
    SELECT id FROM outbox WHERE entity_key = @entityKey AND kind = @kind AND state <> 'done' AND profile_id = @profileId
    ORDER BY id DESC LIMIT 1`,
  openOfEntity: "SELECT * FROM outbox WHERE entity_key = @entityKey AND state <> 'done' ORDER BY id",
  othersOpen: "SELECT count(*) AS n FROM outbox WHERE entity_key = @entityKey AND id <> @id AND state <> 'done'",
  rewriteGroupId: `
    UPDATE outbox SET payload_json = json_set(payload_json, '$.groupServiceId', @serviceId)
    WHERE entity_key >= @from AND entity_key < @to AND kind IN ('author_put', 'author_patch', 'author_delete') AND state <> 'done'
      AND json_extract(payload_json, '$.groupLocalId') = @groupLocalId`,
  hurry:
    "UPDATE outbox SET next_attempt_at = @now WHERE profile_id = @profileId AND state = 'queued' AND state <> 'done' AND next_attempt_at > @now",
  remove: 'DELETE FROM outbox WHERE id = @id',
  setPayload: 'UPDATE outbox SET payload_json = @payload, updated_at = @now WHERE id = @id',
  uploadFiles: `
    SELECT json_extract(payload_json, '$.file.path') AS p FROM outbox
    WHERE kind = 'upload' AND state <> 'done' AND json_extract(payload_json, '$.file.path') IS NOT NULL`,
  sendingByKind: "SELECT kind, count(*) AS n FROM outbox WHERE state = 'sending' AND state <> 'done' GROUP BY kind",
  openUploadManuscripts: `
    SELECT m.id AS id FROM outbox o JOIN manuscripts m ON m.profile_id = o.profile_id AND m.origin_id = json_extract(o.payload_json, '$.originId')
    WHERE o.kind = 'upload' AND o.state IN ('queued', 'sending') AND o.state <> 'done'`,
} as const;

/**
 * The outbox table, the only module that queries it: durable, ordered per entity, with
 * dependencies between entries. Statements are prepared on first use and kept.
 */
export class OutboxStore {
  private readonly prepared = new Map<keyof typeof OUTBOX_SQL, Statement>();

  constructor(
    private readonly db: Database,
    private readonly changes: ChangeFeed,
  ) {}

  private stmt<R = unknown>(name: keyof typeof OUTBOX_SQL): Statement<[Record<string, unknown>], R> {
    let s = this.prepared.get(name);
    if (!s) {
      s = this.db.prepare(OUTBOX_SQL[name]);
      this.prepared.set(name, s);
    }
    return s as Statement<[Record<string, unknown>], R>;
  }

  /** Runs `fn` in one transaction (nested calls join the outer one); what the cache's repositories note inside is told once it commits. */
  transaction<T>(fn: () => T): T {
    return this.changes.transaction(fn);
  }

  /** The queue changed (an entry added, claimed, settled, retried or removed). */
  changed(): void {
    this.changes.note('outbox');
  }

  /** `dueAt` is on the outbox's monotonic timeline (see Outbox), `now` the wall time the row is dated with. */
  insert(profileId: string, p: OutboxPayload, entityKey: string, dependsOn: number | null, now: number, dueAt: number = now): number {
    if (!isOutboxKind(p.kind)) throw new Error(`outbox: no kind '${String(p.kind)}' in kinds/index.ts`);
    const row = this.stmt<{ id: number }>('insert').get({
      profileId,
      kind: p.kind,
      entityKey,
      payload: JSON.stringify(p.data),
      dependsOn,
      dueAt,
      now,
    });
    return row!.id;
  }

  get(id: number): OutboxEntry | undefined {
    const r = this.stmt<EntryDbRow>('byId').get({ id });
    return r ? toEntry(r) : undefined;
  }

  /** The next entry to send, or undefined when none is due. */
  next(profileId: string, now: number): OutboxEntry | undefined {
    const r = this.stmt<EntryDbRow>('next').get({ profileId, now });
    return r ? toEntry(r) : undefined;
  }

  /** When the earliest sendable entry becomes due (null: nothing sendable). */
  earliestDue(profileId: string): number | null {
    return this.stmt<{ at: number | null }>('earliest').get({ profileId })!.at;
  }

  set(id: number, s: EntryState, now: number): void {
    this.stmt('set').run({
      id,
      state: s.state,
      attempts: s.attempts,
      nextAttemptAt: s.nextAttemptAt,
      errorCode: s.error?.code ?? null,
      errorMessage: s.error?.message ?? null,
      parkReason: s.parkReason,
      now,
    });
  }

  /** Unfinished entries in queue order (queued, sending, parked). */
  open(profileId: string): OutboxEntry[] {
    return this.stmt<EntryDbRow>('open').all({ profileId }).map(toEntry);
  }

  counts(profileId: string): OutboxCounts {
    const r = this.stmt<{ pending: number; parked: number }>('counts').get({ profileId })!;
    return { pending: r.pending, parked: r.parked };
  }

  /** Entries left `sending` by a process that died mid-request. */
  inFlight(profileId: string): OutboxEntry[] {
    return this.stmt<EntryDbRow>('inFlight').all({ profileId }).map(toEntry);
  }

  /** Unfinished entries of kinds this version does not know (queued by a newer one in the same cache). */
  unknownKinds(profileId: string): number[] {
    return this.stmt<{ id: number; kind: string }>('unfinishedKinds')
      .all({ profileId })
      .filter((r) => !isOutboxKind(r.kind))
      .map((r) => r.id);
  }

  dependents(id: number): OutboxEntry[] {
    return this.stmt<EntryDbRow>('dependents').all({ id }).map(toEntry);
  }

  /** The latest unfinished entry of this kind for an entity, if any. */
  openOf(profileId: string, entityKey: string, kind: OutboxKind): number | undefined {
    return this.stmt<{ id: number }>('openOf').get({ profileId, entityKey, kind })?.id;
  }

  /** The unfinished entries of one entity, in order. */
  openOfEntity(entityKey: string): OutboxEntry[] {
    return this.stmt<EntryDbRow>('openOfEntity').all({ entityKey }).map(toEntry);
  }

  /** Unfinished entries of the same entity besides this one. */
  othersOpen(e: Pick<OutboxEntry, 'id' | 'entityKey'>): number {
    return this.stmt<{ n: number }>('othersOpen').get({ entityKey: e.entityKey, id: e.id })!.n;
  }

  /** Fills in the service's group id in every author write queued against the local group. */
  rewriteGroupId(groupLocalId: number, serviceId: number): void {
    // Author entity keys are `author:<groupLocalId>:<clientId>`: the range (';' follows ':') uses outbox_entity.
    this.stmt('rewriteGroupId').run({ serviceId, groupLocalId, from: `author:${groupLocalId}:`, to: `author:${groupLocalId};` });
  }

  /** Makes every due-later queued entry due at `now` (manual "sync now" skips the backoff wait; recover caps stale due times). */
  hurry(profileId: string, now: number): void {
    this.stmt('hurry').run({ profileId, now });
  }

  remove(id: number): void {
    this.stmt('remove').run({ id });
  }

  /** Replaces an entry's payload (an edited write; its kind and entity stay). */
  setPayload(id: number, data: Exclude<OutboxPayload, { kind: 'upload' }>['data'], now: number): void {
    this.stmt('setPayload').run({ id, payload: JSON.stringify(data), now });
  }

  /** File paths still needed by an unfinished upload (any profile). */
  uploadFiles(): string[] {
    return this.stmt<{ p: string }>('uploadFiles')
      .all({})
      .map((r) => r.p);
  }

  /** Entries being sent now, per kind (any profile). */
  sendingByKind(): Array<{ kind: OutboxKind; n: number }> {
    return this.stmt<{ kind: OutboxKind; n: number }>('sendingByKind').all({});
  }

  /** Local manuscript ids whose upload is queued or being sent (any profile). */
  openUploadManuscripts(): number[] {
    return this.stmt<{ id: number }>('openUploadManuscripts')
      .all({})
      .map((r) => r.id);
  }
}
