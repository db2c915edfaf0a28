// Read-only looks at the outbox for the shell (taskbar progress, notifications, the updater's
// "never restart while sending"): one small query on the cache core already has open.
import type { Core } from '../core/composition';
import type { BusyState } from '../common/update-policy';
import { busyState as cacheBusyState } from '../core/features/updates';

/** Local manuscript ids whose upload is queued or being sent (any profile). */
export function openUploads(core: Core): number[] {
  return (
    core.cache.db
      .prepare(
        `SELECT m.id AS id FROM outbox o JOIN manuscripts m ON m.profile_id = o.profile_id AND 'manuscript:' || m.origin_id = o.entity_key
         WHERE o.kind = 'upload' AND o.state IN ('queued', 'sending')`,
      )
      .all() as Array<{ id: number }>
  ).map((r) => r.id);
}

export function busyState(core: Core): BusyState {
  return cacheBusyState(core.cache);
}
