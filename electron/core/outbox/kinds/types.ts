import type { ServiceApi } from '../../api/types';
import type { Cache } from '../../cache';
import type { OutboxStore } from '../store';
import type { OutboxEntry, OutboxKind, OutboxPayload } from '../types';

export type EntryOf<K extends OutboxKind> = Extract<OutboxEntry, { kind: K }>;

/** What the Outbox lends a kind: the cache, the outbox table and the service of the active profile. */
export interface KindContext {
  readonly cache: Cache;
  readonly store: OutboxStore;
  readonly api: ServiceApi;
  readonly profileId: string;
  /** Stores a new entry, due now (call inside the transaction that applies it locally). */
  insert(p: OutboxPayload, entityKey: string, dependsOn: number | null): number;
  /**
   * Applies the service's answer to the cache and marks the entry done, in one transaction. `resendable`:
   * losing this commit to a power cut only sends the entry again, which the service answers the same (an
   * upload, deduplicated by origin_id), so it commits without waiting for the disk (withoutCommitSync).
   */
  finish(e: OutboxEntry, apply: (now: number) => void, opts?: { resendable?: boolean }): void;
  /** Bytes of the request body handed to the network so far (uploads). */
  progress(e: OutboxEntry, sentBytes: number, totalBytes: number): void;
}

/**
 * One kind of write. Queueing (what it applies locally) is each kind's own exported function,
 * since each takes its own input; the Outbox's state machine calls the rest.
 */
export interface OutboxKindDef<K extends OutboxKind> {
  /** Sends the entry and, through ctx.finish, applies the answer and marks it done. */
  send(ctx: KindContext, e: EntryOf<K>, signal: AbortSignal | undefined): Promise<void>;
  /** Marks the cache row the entry changed as pending again (retry) or failed (parked). */
  mark(ctx: KindContext, e: EntryOf<K>, state: 'pending' | 'failed'): void;
  /**
   * Undoes the entry's local effect, inside the discard's transaction (the entry itself is removed
   * by the Outbox). Returns other entries it removed and file copies to delete once committed.
   */
  undo(ctx: KindContext, e: EntryOf<K>): { ids: number[]; files: string[] };
  /**
   * A send cut short by a crash: null when the write can be replayed, else why it is parked as
   * outcome_unknown (its effect on the service is not known).
   */
  interrupted(e: EntryOf<K>): string | null;
}
