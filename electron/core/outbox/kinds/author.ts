// Author writes (put, patch, delete) of an authors group: applied to the cached author at once
// (pending, or deleting); sent with the group's service id (a write against a group still being
// created waits for that creation); when sent the author is synced (or removed) and the values the
// service accepted become its last known ones; undoing (or editing a refused write) rebuilds the
// author from those and the writes still waiting, or brings a deleted author back.
import { DeskError } from '../../../common/errors';
import type { AuthorFromGroupPatch, AuthorFromGroupPut } from '../../../common/service';
import type { AuthorChange } from '../../cache/groups';
import { groupKey } from './group';
import type { EntryOf, KindContext, OutboxKindDef } from './types';

type AuthorKind = 'author_put' | 'author_patch' | 'author_delete';

export const authorKey = (groupLocalId: number, clientId: string): string => `author:${groupLocalId}:${clientId}`;

export type AuthorWrite =
  { kind: 'author_put'; body: AuthorFromGroupPut } | { kind: 'author_patch'; body: AuthorFromGroupPatch } | { kind: 'author_delete' };

/**
 * Applies an author write to the cache and queues it, in one transaction. A write against a group
 * still being created waits for (depends on) that creation.
 */
export function queueAuthor(ctx: KindContext, groupLocalId: number, clientId: string, w: AuthorWrite): number {
  if (clientId.trim() === '') throw new DeskError('invalid_input', 'client_id is required', { field: 'clientId' });
  const groups = ctx.cache.groups;
  return ctx.store.transaction(() => {
    const g = groups.get(groupLocalId);
    if (!g || g.profileId !== ctx.profileId)
      throw new DeskError('not_found', `Authors group ${groupLocalId} is not known in this profile.`);
    const creation = g.serviceId === null ? ctx.store.openOf(ctx.profileId, groupKey(groupLocalId), 'group_create') : undefined;
    if (g.serviceId === null && creation === undefined)
      throw new DeskError('conflict', `Authors group "${g.name ?? groupLocalId}" has no number on the service.`);
    const target = { groupLocalId, groupServiceId: g.serviceId, clientId };
    const key = authorKey(groupLocalId, clientId);
    const dep = creation ?? null;
    switch (w.kind) {
      case 'author_put':
        groups.applyPut(groupLocalId, clientId, w.body, 'pending');
        return ctx.insert({ kind: w.kind, data: { ...target, body: w.body } }, key, dep);
      case 'author_patch':
        groups.applyPatch(groupLocalId, clientId, w.body, 'pending');
        return ctx.insert({ kind: w.kind, data: { ...target, body: w.body } }, key, dep);
      case 'author_delete':
        groups.setAuthorState(groupLocalId, clientId, 'deleting');
        return ctx.insert({ kind: w.kind, data: target }, key, dep);
    }
  });
}

async function send(ctx: KindContext, e: EntryOf<AuthorKind>, signal: AbortSignal | undefined): Promise<void> {
  const d = e.data;
  const groups = ctx.cache.groups;
  const gid = d.groupServiceId ?? groups.get(d.groupLocalId)?.serviceId ?? null;
  if (gid === null) throw new DeskError('conflict', 'The authors group of this author has no number on the service.');
  const call = signal ? { signal } : {};
  if (e.kind === 'author_put') await ctx.api.putAuthor(gid, d.clientId, e.data.body, call);
  else if (e.kind === 'author_patch') await ctx.api.patchAuthor(gid, d.clientId, e.data.body, call);
  else await ctx.api.deleteAuthor(gid, d.clientId, call);
  ctx.finish(e, () => {
    if (e.kind !== 'author_delete') groups.accepted(d.groupLocalId, d.clientId, { kind: e.kind, body: e.data.body } as AuthorChange);
    if (ctx.store.othersOpen(e) > 0) return;
    if (e.kind === 'author_delete') groups.removeAuthor(d.groupLocalId, d.clientId);
    else groups.setAuthorState(d.groupLocalId, d.clientId, 'synced');
  });
}

const markChange = (ctx: KindContext, e: EntryOf<'author_put' | 'author_patch'>, state: 'pending' | 'failed') =>
  ctx.cache.groups.setAuthorState(e.data.groupLocalId, e.data.clientId, state);

/**
 * Rebuilds an author's cached values from the service's last known ones and its unfinished writes
 * (leaving out `without`, one being discarded), so a refused value never stays: the row is as
 * waiting as its writes (deleting, failed, pending) or synced with none.
 */
export function rebaseAuthor(ctx: KindContext, groupLocalId: number, clientId: string, without: number | null): void {
  const open = ctx.store.openOfEntity(authorKey(groupLocalId, clientId)).filter((o) => o.id !== without);
  const changes = open.flatMap((o): AuthorChange[] =>
    o.kind === 'author_put' || o.kind === 'author_patch' ? [{ kind: o.kind, body: o.data.body } as AuthorChange] : [],
  );
  const state = open.some((o) => o.kind === 'author_delete')
    ? 'deleting'
    : open.some((o) => o.state === 'parked')
      ? 'failed'
      : open.length > 0
        ? 'pending'
        : 'synced';
  ctx.cache.groups.rebase(groupLocalId, clientId, changes, state);
}

function undoChange(ctx: KindContext, e: EntryOf<'author_put' | 'author_patch'>) {
  rebaseAuthor(ctx, e.data.groupLocalId, e.data.clientId, e.id);
  return { ids: [], files: [] };
}

export const authorPut: OutboxKindDef<'author_put'> = { send, mark: markChange, undo: undoChange, interrupted: () => null };
export const authorPatch: OutboxKindDef<'author_patch'> = { send, mark: markChange, undo: undoChange, interrupted: () => null };

export const authorDelete: OutboxKindDef<'author_delete'> = {
  send,
  mark: (ctx, e, state) =>
    ctx.cache.groups.setAuthorState(e.data.groupLocalId, e.data.clientId, state === 'pending' ? 'deleting' : 'failed'),
  undo(ctx, e) {
    if (ctx.store.othersOpen(e) === 0) ctx.cache.groups.setAuthorState(e.data.groupLocalId, e.data.clientId, 'synced');
    return { ids: [], files: [] };
  },
  interrupted: () => null,
};
