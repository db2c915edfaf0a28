// The load of one row's candidate, subscribed by the cell itself (stores/loads.ts): the table's columns
// do not depend on the ledger.loads answer, so its arrival re-renders only the cells whose load changed.
import type { ReactNode } from 'react';
import type { CandidateLoadRow } from '../../../../electron/common/shapes';
import type { CandidateRow } from '../../../../electron/common/shapes';
import { useCandidateLoad } from '../../stores/loads';

export function CandidateLoad({ row, children }: { row: CandidateRow; children: (load: CandidateLoadRow | undefined) => ReactNode }) {
  return children(useCandidateLoad(row.runId, row.authorId));
}
// Named in the minified build too: the e2e test counts this cell's renders through React's commit hook.
CandidateLoad.displayName = 'CandidateLoad';
