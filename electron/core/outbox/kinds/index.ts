// Every kind of write the outbox sends, by the kind stored in each entry. A new kind: see
// docs/DEVELOPING.md, "A new outbox kind".
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

/** The definition of an entry's kind. */
export function kindOf<E extends OutboxEntry>(e: E): OutboxKindDef<E['kind']> {
  return KINDS[e.kind] as unknown as OutboxKindDef<E['kind']>;
}

export { queueAuthor, authorKey, rebaseAuthor, type AuthorWrite } from './author';
export { queueGroup, groupCreated, groupKey } from './group';
export { queueUpload, uploadKey } from './upload';
export type { KindContext, OutboxKindDef, EntryOf } from './types';
