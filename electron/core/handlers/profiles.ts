import type { ErrorCode } from '../../common/errors';
import type { ProfilesState } from '../../common/shapes';
import type { HandlerMap } from '../router';
import type { CoreContext } from './context';

type Channels =
  | 'profiles.list'
  | 'profiles.save'
  | 'profiles.remove'
  | 'profiles.activate'
  | 'profiles.setKey'
  | 'profiles.clearKey'
  | 'profiles.test'
  | 'cache.clear';

export async function profilesState(ctx: CoreContext): Promise<ProfilesState> {
  const list = await ctx.profiles.list();
  const storage = ctx.profiles.keyStorage;
  return {
    profiles: list.map((p) => ({
      id: p.id,
      name: p.name,
      baseUrl: p.baseUrl,
      kind: p.kind,
      active: p.active,
      hasKey: p.hasKey,
      lastCheckedAt: p.lastCheckedAt,
      lastFeatures: p.lastFeatures,
    })),
    activeId: ctx.profiles.activeId(),
    keyStorage: storage.persistence,
    keyStorageWarning: storage.warning,
  };
}

export function profileHandlers(ctx: CoreContext): HandlerMap<Channels> {
  return {
    'profiles.list': () => profilesState(ctx),
    'profiles.save': async ({ id, name, baseUrl }) => {
      if (id) await ctx.profiles.update(id, { name, baseUrl });
      else {
        const created = ctx.profiles.create({ name, baseUrl });
        if (ctx.profiles.activeId() === created.id) await ctx.activate(created.id);
      }
      return profilesState(ctx);
    },
    'profiles.remove': async ({ id }) => {
      await ctx.profiles.remove(id);
      return profilesState(ctx);
    },
    'profiles.activate': async ({ id }) => {
      await ctx.activate(id);
      return profilesState(ctx);
    },
    'profiles.setKey': async ({ id, apiKey }) => {
      await ctx.profiles.setKey(id, apiKey);
      return profilesState(ctx);
    },
    'profiles.clearKey': async ({ id }) => {
      await ctx.profiles.clearKey(id);
      return profilesState(ctx);
    },
    'profiles.test': async ({ id }) => {
      const r = await ctx.profiles.testConnection(id);
      if (id === ctx.profiles.activeId()) {
        if (r.ok) ctx.workspace().connectivity.reportSuccess();
        else if (r.error) ctx.workspace().connectivity.reportFailure(r.error.code as ErrorCode);
      }
      return { ok: r.ok, features: r.features, error: r.error, latencyMs: r.latencyMs, checkedAt: r.checkedAt };
    },
    'cache.clear': ({ preview }) => {
      const { profileId } = ctx.workspace();
      if (preview) return ctx.cache.cachedReads.preview(profileId);
      const result = ctx.cache.cachedReads.clear(profileId);
      ctx.logger.log('info', 'cache cleared', { profileId, removed: result.removed, kept: result.kept });
      return result;
    },
  };
}
