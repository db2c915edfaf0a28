// Settings' writes. Each returns null or the error in the editor's words; a write whose answer is the new
// state of a read puts it there (setQueryData) instead of asking again.
import type { RequestInput } from '../../../../electron/common/contract';
import type { CacheClearView, InvitationSettings } from '../../../../electron/common/shapes';
import { setQueryData } from '../../data/queries';
import { desk, errorText } from '../../platform/instance';

type Outcome<T = null> = Promise<{ ok: true; value: T } | { ok: false; error: string }>;

async function attempt<T>(run: () => Promise<T>): Outcome<T> {
  try {
    return { ok: true, value: await run() };
  } catch (err) {
    return { ok: false, error: errorText(err) };
  }
}

export const saveInvitationSettings = (draft: InvitationSettings): Outcome<InvitationSettings> =>
  attempt(async () => {
    const next = await desk().invoke('invitation.setSettings', draft);
    setQueryData('invitation.getSettings', {}, next);
    return next;
  });

export const configureWebhook = (input: RequestInput<'webhook.configure'>): Outcome<null> =>
  attempt(async () => {
    setQueryData('webhook.status', {}, await desk().invoke('webhook.configure', input));
    return null;
  });

/** With `preview`, what clearing would remove; without, clears it. */
export const clearCache = (preview: boolean): Outcome<CacheClearView> => attempt(() => desk().invoke('cache.clear', { preview }));

export const setAutomaticUpdates = (enabled: boolean): Outcome<null> =>
  attempt(async () => {
    setQueryData('updates.getSettings', {}, await desk().invoke('updates.setSettings', { enabled }));
    return null;
  });
