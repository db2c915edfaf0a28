// Settings → Automatic updates, and the status bar's "Restart to update". The choice lives in core
// (update-settings.ts) so both hosts read the same file; the restart itself is the desktop shell's
// (injected as CoreContext.restartToUpdate) and is refused while something is being sent.
import type { UpdateSettingsView } from '../../common/contract';
import { DeskError } from '../../common/errors';
import { restartBlocker, type BusyState } from '../../common/update-policy';
import type { Cache } from '../cache';
import { OutboxStore } from '../outbox';
import type { HandlerMap } from '../router';
import { setUpdatesEnabled, updatesEnabled } from '../update-settings';
import type { CoreContext } from './context';

const BROWSER = 'Updates are handled by the desktop app.';

/** What is in flight right now: an upload body being sent, or any queued write being sent. */
export function busyState(cache: Cache): BusyState {
  const rows = new OutboxStore(cache.db, cache.changes).sendingByKind();
  return { uploadsSending: rows.find((r) => r.kind === 'upload')?.n ?? 0, outboxDraining: rows.some((r) => r.n > 0) };
}

export function updateHandlers(
  ctx: CoreContext & { dataDir: string; desktop: boolean },
): HandlerMap<'updates.getSettings' | 'updates.setSettings' | 'updates.restart'> {
  const view = (): UpdateSettingsView =>
    ctx.desktop
      ? { available: true, enabled: updatesEnabled(ctx.dataDir), note: null }
      : { available: false, enabled: false, note: BROWSER };
  return {
    'updates.getSettings': () => view(),
    'updates.setSettings': ({ enabled }) => {
      if (!ctx.desktop) throw new DeskError('unsupported', BROWSER);
      setUpdatesEnabled(ctx.dataDir, enabled);
      return view();
    },
    'updates.restart': () => {
      if (!ctx.restartToUpdate) throw new DeskError('unsupported', BROWSER);
      const blocker = restartBlocker(busyState(ctx.cache));
      if (blocker) throw new DeskError('conflict', blocker);
      ctx.restartToUpdate();
      return { ok: true as const };
    },
  };
}
