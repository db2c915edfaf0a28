import { DeskError } from '../../common/errors';
import { customFieldValueProblem, type CustomFieldValue } from '../../common/service';
import type { HandlerMap } from '../router';
import type { CoreContext } from './context';

type Channels =
  | 'groups.list'
  | 'groups.create'
  | 'groups.add'
  | 'groups.authors'
  | 'authors.fetch'
  | 'authors.put'
  | 'authors.patch'
  | 'authors.delete'
  | 'customFields.list';

export function groupHandlers(ctx: CoreContext): HandlerMap<Channels> {
  const pid = () => ctx.workspace().profileId;
  const group = (id: number) => {
    const g = ctx.cache.groups.get(id);
    if (!g || g.profileId !== pid())
      throw new DeskError('not_found', 'This authors group is not known to the active profile.', { field: 'groupId' });
    return g;
  };
  const authorRow = (groupId: number, clientId: string) => {
    const a = ctx.cache.groups.author(groupId, clientId);
    if (!a) throw new DeskError('not_found', `No author “${clientId}” in this group.`, { field: 'clientId' });
    return a;
  };
  const checkCustomFields = (values: Record<string, CustomFieldValue> | undefined) => checkAuthorCustomFields(ctx, values);
  return {
    'groups.list': () => ctx.cache.groups.list(pid()),
    // The editor's writes are answered once on disk; the fsync runs off core's thread (cache.editorWrite).
    'groups.create': async (input) => {
      const { groupLocalId } = await ctx.cache.editorWrite(() => ctx.workspace().outbox.createGroup(input));
      return ctx.cache.groups.get(groupLocalId)!;
    },
    'groups.add': ({ serviceId, name }) =>
      ctx.cache.editorWrite(
        () => ctx.cache.groups.getByServiceId(pid(), serviceId) ?? ctx.cache.groups.addExisting(pid(), serviceId, name ?? null),
      ),
    'groups.authors': ({ groupId }) => {
      group(groupId);
      return ctx.cache.groups.authors(groupId);
    },
    'authors.fetch': async ({ groupId, clientId }) => {
      const g = group(groupId);
      const serviceId = g.serviceId;
      if (serviceId === null)
        throw new DeskError('conflict', 'This group is not created on the service yet; its authors can be fetched once it is.');
      /** A local change not yet accepted by the service (queued, being sent or refused) is never overwritten by a read. */
      const refuse = (cached: { syncState: string }) =>
        new DeskError(
          'conflict',
          `Author “${clientId}” has a change ` +
            `${cached.syncState === 'failed' ? 'the service refused (see Activity)' : 'waiting to be sent'}; ` +
            `fetch it once that change is sent or discarded.`,
          { field: 'clientId' },
        );
      const before = ctx.cache.groups.author(groupId, clientId);
      if (before && before.syncState !== 'synced') throw refuse(before);
      const ws = ctx.workspace();
      const res = await ws
        .call((api) => api.getAuthor(serviceId, clientId))
        .catch((err: unknown) => {
          if (err instanceof DeskError && err.code === 'not_found' && err.field === 'group_id') {
            throw new DeskError(
              'not_found',
              `The service has no authors group ${serviceId}: check the ` +
                `number${g.verifiedAt === null ? ' you added it by' : ''}. It stays “not verified” until one of ` +
                `its authors can be read.`,
              { field: 'groupId' },
            );
          }
          if (err instanceof DeskError && err.code === 'not_found') {
            throw new DeskError(
              'not_found',
              `The service has no author “${clientId}” in ` +
                `${g.name ? `group “${g.name}”` : `group ${serviceId}`}. Check the client id: it is the id given ` +
                `when the author was added.`,
              { field: 'clientId' },
            );
          }
          throw err;
        });
      // The editor may have saved a change while the read was on its way: the repository checks again as it writes.
      // The service answered for this group: a group added by its number is verified from now on.
      ctx.cache.groups.markVerified(groupId);
      const changedMeanwhile = ctx.cache.groups.saveFromServiceUnlessChanged(groupId, clientId, res.value, res.raw);
      if (changedMeanwhile) throw refuse(changedMeanwhile);
      return authorRow(groupId, clientId);
    },
    'authors.put': async ({ groupId, clientId, body }) => {
      group(groupId);
      checkCustomFields(body.customFields);
      await ctx.cache.editorWrite(() => ctx.workspace().outbox.putAuthor(groupId, clientId, body));
      return authorRow(groupId, clientId);
    },
    'authors.patch': async ({ groupId, clientId, body }) => {
      group(groupId);
      const { customFields, ...standard } = body;
      if (Object.values(standard).every((v) => v === undefined) && Object.keys(customFields ?? {}).length === 0) {
        throw new DeskError('invalid_input', 'A partial update needs at least one field to change.', { field: 'body' });
      }
      checkCustomFields(customFields);
      await ctx.cache.editorWrite(() => ctx.workspace().outbox.patchAuthor(groupId, clientId, body));
      return authorRow(groupId, clientId);
    },
    'authors.delete': async ({ groupId, clientId }) => {
      group(groupId);
      await ctx.cache.editorWrite(() => ctx.workspace().outbox.deleteAuthor(groupId, clientId));
      return { ok: true as const };
    },
    // Custom fields are defined in the service's own interface: the cached list answers at once,
    // and a refresh replaces it when the service answers.
    'customFields.list': async ({ refresh }) => {
      const ws = ctx.workspace();
      const cached = ctx.cache.customFields.list(ws.profileId);
      if (!refresh && cached.length > 0) return cached;
      return ws.call(
        async (api) => {
          const res = await api.listCustomFields();
          ctx.cache.customFields.replace(ws.profileId, res.value);
          return ctx.cache.customFields.list(ws.profileId);
        },
        () => cached,
      );
    },
  };
}

/**
 * Custom-field values are checked against the cached definitions before anything is queued, so a
 * write the service would refuse never reaches the outbox. With no definitions cached at all (never
 * listed) an unknown key cannot be told from a new field and is left to the service.
 */
export function checkAuthorCustomFields(ctx: CoreContext, values: Record<string, CustomFieldValue> | undefined): void {
  if (values === undefined) return;
  const cached = ctx.cache.customFields.list(ctx.workspace().profileId);
  const defs = new Map(cached.filter((f) => f.scope === 'author_from_group').map((f) => [f.apiId, f]));
  for (const [apiId, value] of Object.entries(values)) {
    const field = `body.customFields.${apiId}`;
    const def = defs.get(apiId);
    if (!def) {
      if (cached.length > 0)
        throw new DeskError(
          'invalid_input',
          `“${apiId}” is not a custom field of authors in this organization (refresh the custom fields if it was just added).`,
          { field },
        );
      continue;
    }
    const problem = customFieldValueProblem(def, value);
    if (problem) throw new DeskError('invalid_input', `${problem}.`, { field });
  }
}
