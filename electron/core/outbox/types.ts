import type { AuthorFromGroupPatch, AuthorFromGroupPut, AuthorsGroupCreate, UploadFormInput } from '../../common/service';
import type { ErrorCode } from '../../common/errors';
import type { StoredFile } from '../cache/types';

import type { OutboxEditable, OutboxKind } from '../../common/shapes';
import type { BackoffPolicy } from '../api/retry';

/** Defined once, in the contract the Activity view reads. */
export type { OutboxKind };

/**
 * queued → sending → done; sending → queued (transient failure, retried with backoff);
 * sending → parked (refused for good, or a group creation whose answer was lost);
 * parked → queued (retry) or removed (discard). A crash leaves `sending`, which the next start
 * turns back into queued (idempotent kinds) or parked as outcome_unknown (group creation).
 */
export type OutboxState = 'queued' | 'sending' | 'parked' | 'done';

export type ParkReason = 'rejected' | 'outcome_unknown' | 'failed';

/**
 * What an upload stores: the manuscript it sends, by origin_id, and its file. Its form is not stored
 * here: it is the manuscript's (manuscripts.form_json, the one place the form is kept), read with
 * the entry (see UploadPayload), so an upload sends the form the manuscript has when it is sent.
 */
export interface StoredUploadPayload {
  originId: string;
  /** The file in the app's uploads folder: the staged file taken over when queued, or the manuscript's own. */
  file: StoredFile | null;
  /** The form the service last accepted, when this upload changes it: what a discard puts back if no run is cached (after Clear cache). */
  previousForm?: UploadFormInput;
}

/** An upload as read: its stored payload and the manuscript's form (null only if the manuscript row is gone). */
export interface UploadPayload extends StoredUploadPayload {
  form: UploadFormInput | null;
}

/**
 * A file handed to the outbox with an upload: already moved into the outbox's `uploadsDir` (StagingArea.take,
 * in files/staging.ts), not copied; `putBack` undoes the move when the upload cannot be queued.
 */
export interface FileHandover {
  file: StoredFile;
  putBack(): void;
}

interface AuthorTarget {
  /** The cache's id of the group (authors_groups.id). */
  groupLocalId: number;
  /** The service's group id; null while the group's own creation is queued, filled in when it is created. */
  groupServiceId: number | null;
  clientId: string;
}

/** What an entry stores (payload_json), by kind. */
export type OutboxPayload =
  | { kind: 'upload'; data: StoredUploadPayload }
  | { kind: 'author_put'; data: AuthorTarget & { body: AuthorFromGroupPut } }
  | { kind: 'author_patch'; data: AuthorTarget & { body: AuthorFromGroupPatch } }
  | { kind: 'author_delete'; data: AuthorTarget }
  | { kind: 'group_create'; data: { groupLocalId: number; input: AuthorsGroupCreate } };

/** New values for a failed write (Outbox.edit): the group creation's input or the author's body. */
export type OutboxEdit = OutboxEditable;

/** An entry as read: an upload comes with its manuscript's form. */
export type OutboxEntry = (Exclude<OutboxPayload, { kind: 'upload' }> | { kind: 'upload'; data: UploadPayload }) & {
  id: number;
  profileId: string;
  entityKey: string;
  state: OutboxState;
  attempts: number;
  nextAttemptAt: number;
  dependsOn: number | null;
  error: { code: ErrorCode; message: string } | null;
  parkReason: ParkReason | null;
  createdAt: number;
  updatedAt: number;
};

export interface OutboxCounts {
  /** Waiting or being sent. */
  pending: number;
  /** Parked for the editor. */
  parked: number;
}

export interface OutboxEvents extends Record<string, unknown> {
  /** Anything queued, sent, parked, retried or discarded. */
  changed: OutboxCounts;
  sent: { entry: OutboxEntry; attempts: number };
  parked: { entry: OutboxEntry };
  /** Bytes of an upload's request body handed to the network so far (restarts at 0 on a retry). */
  progress: { entry: OutboxEntry; sentBytes: number; totalBytes: number };
  /** A transient failure; the entry is queued again for `retryAt`. */
  retrying: { entry: OutboxEntry; retryAt: number };
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 2_000, maxMs: 5 * 60_000 };
