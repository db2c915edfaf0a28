// Creating an authors group: the group is created locally (no service id yet); sending creates it
// on the service, which is not idempotent (a lost answer parks it as outcome_unknown); when sent
// the group gets its number and the author writes queued for it are released; undoing forgets the
// group with every write queued for it.
import type { AuthorsGroupCreate } from '../../../common/service';
import type { EntryOf, KindContext, OutboxKindDef } from './types';

export const groupKey = (groupLocalId: number): string => `group:${groupLocalId}`;

/** Creates the group locally and queues its creation, in one transaction. */
export function queueGroup(ctx: KindContext, input: AuthorsGroupCreate): { entryId: number; groupLocalId: number } {
  return ctx.store.transaction(() => {
    const g = ctx.cache.groups.createLocal(ctx.profileId, input);
    const entryId = ctx.insert({ kind: 'group_create', data: { groupLocalId: g.id, input } }, groupKey(g.id), null);
    return { entryId, groupLocalId: g.id };
  });
}

/**
 * The group exists on the service under `serviceId`: record it and release its authors' writes (inside a
 * transaction). Returns the group's local id (a new row if the group was forgotten meanwhile).
 */
export function groupCreated(ctx: KindContext, e: EntryOf<'group_create'>, serviceId: number, now: number): number {
  const groups = ctx.cache.groups;
  const { groupLocalId, input } = e.data;
  const id = groups.get(groupLocalId) ? groupLocalId : groups.addExisting(ctx.profileId, serviceId, input.group_name).id;
  groups.setServiceId(id, serviceId);
  ctx.store.rewriteGroupId(groupLocalId, serviceId);
  ctx.store.set(e.id, { state: 'done', attempts: e.attempts, nextAttemptAt: now, error: null, parkReason: null }, now);
  return id;
}

export const groupCreate: OutboxKindDef<'group_create'> = {
  async send(ctx, e, signal) {
    const res = await ctx.api.createAuthorsGroup(e.data.input, signal ? { signal } : {});
    // The service gave the number itself: the group is verified (a number the editor enters is not).
    ctx.finish(e, (now) => ctx.cache.groups.markVerified(groupCreated(ctx, e, res.value.authors_group_id, now)));
  },
  mark: (ctx, e, state) => ctx.cache.groups.setSyncState(e.data.groupLocalId, state),
  undo(ctx, e) {
    const ids: number[] = [];
    for (const d of ctx.store.dependents(e.id)) {
      ctx.store.remove(d.id);
      ids.push(d.id);
    }
    ctx.cache.groups.forget(e.data.groupLocalId);
    return { ids, files: [] };
  },
  interrupted: (e) =>
    `Referee Desk stopped while creating the authors group "${e.data.input.group_name}". ` +
    'The service may or may not have created it: look it up there, then enter its number or try again.',
};
