// Every kind of write the outbox sends, by the kind stored in each entry. A new kind: see
// docs/DEVELOPING.md, "A new outbox kind".
import { DeskError } from '../../../common/errors';
import type { OutboxEntry, OutboxKind } from '../types';
import { authorDelete, authorPatch, authorPut } from './author';
import { groupCreate } from './group';
import type { OutboxKindDef } from './types';
import { upload } from './upload';

const KINDS: { readonly [K in OutboxKind]: OutboxKindDef<K> } = {
  upload,
  author_put: authorPut,
  author_patch: authorPatch,
  author_delete: authorDelete,
  group_create: groupCreate,
};

/**
 * Whether this version knows the kind. This registry is the only list of kinds: the table stores any text, so a
 * new kind needs no migration, and an entry a newer version queued in the same cache is told apart here.
 */
export const isOutboxKind = (kind: string): kind is OutboxKind => Object.prototype.hasOwnProperty.call(KINDS, kind);

export const UNKNOWN_KIND_MESSAGE =
  'This change was queued by a newer version of Referee Desk, which this version cannot send. Update Referee Desk to send it, or discard it.';

/** The definition of an entry's kind; an unknown kind (a newer version's entry) is refused in the editor's words. */
export function kindOf<E extends OutboxEntry>(e: E): OutboxKindDef<E['kind']> {
  if (!isOutboxKind(e.kind)) throw new DeskError('unsupported', UNKNOWN_KIND_MESSAGE);
  return KINDS[e.kind] as unknown as OutboxKindDef<E['kind']>;
}

export { queueAuthor, authorKey, rebaseAuthor, type AuthorWrite } from './author';
export { queueGroup, groupCreated, groupKey } from './group';
export { queueUpload, uploadKey } from './upload';
export type { KindContext, OutboxKindDef, EntryOf } from './types';
