// Read-only looks at the outbox for the shell (taskbar progress, notifications, the updater's
// "never restart while sending"): one small query on the cache core already has open.
import type { Core } from '../core/composition';
import type { BusyState } from '../common/update-policy';
import { busyState as cacheBusyState } from '../core/handlers/updates';
import { OutboxStore } from '../core/outbox';

/** Local manuscript ids whose upload is queued or being sent (any profile). */
export function openUploads(core: Core): number[] {
  return new OutboxStore(core.cache.db, core.cache.changes).openUploadManuscripts();
}

export function busyState(core: Core): BusyState {
  return cacheBusyState(core.cache);
}
