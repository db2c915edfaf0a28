// Where a candidate stands with this manuscript's invitation, from its shortlist: a status word beside the name
// once they are invited (invited, accepted, declined, no answer, review received). Picked but not yet invited
// shows only in the Pick column. Subscribed by the name cell itself, so a status change re-renders its row only.
import { STATUS_LABEL } from '../../../../electron/common/domain/shortlist';
import type { ShortlistEntryRow } from '../../../../electron/common/shapes';
import { useOpenShortlist } from './shortlistState';

/** The statuses of one answer by author id, computed once per answer (not once per row). */
const bySet = new WeakMap<readonly ShortlistEntryRow[], Map<number, ShortlistEntryRow['status']>>();
function statusesOf(data: readonly ShortlistEntryRow[]): Map<number, ShortlistEntryRow['status']> {
  let m = bySet.get(data);
  if (!m) bySet.set(data, (m = new Map(data.map((e) => [e.authorId, e.status]))));
  return m;
}

export function InvitationStatus({ authorId }: { authorId: number }) {
  const status = useOpenShortlist((s) => (s.data !== null ? statusesOf(s.data).get(authorId) : undefined));
  if (status === undefined || status === 'shortlisted') return null;
  return (
    <span className={`status s-${status}`} data-testid="invitation-status" title="This manuscript’s invitation, from its shortlist">
      {STATUS_LABEL[status]}
    </span>
  );
}
