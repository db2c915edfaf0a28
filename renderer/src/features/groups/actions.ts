// Groups' writes: groups and their authors, and the refused writes corrected where they were made. Views call
// these (never the bridge); core's change feed refetches the groups, authors and outbox they change.
import type { RequestChannel, RequestInput, RequestOutput } from '../../../../electron/common/contract';
import { desk } from '../../platform/instance';

const call =
  <C extends RequestChannel>(channel: C) =>
  (input: RequestInput<C>): Promise<RequestOutput<C>> =>
    desk().invoke(channel, input);

export const createGroup = call('groups.create');
export const addGroup = call('groups.add');
export const putAuthor = call('authors.put');
export const patchAuthor = call('authors.patch');
/** Reads the author again from the service (the cache keeps what it answers). */
export const fetchAuthor = call('authors.fetch');
export const deleteAuthor = call('authors.delete');
/** A refused write sent again with the editor's corrected body. */
export const editQueued = call('outbox.edit');
export const retryQueued = call('outbox.retry');
export const discardQueued = call('outbox.discard');
