// A candidate's load (ledger.loads) for the renderer tests: nothing to report unless the test says so.
import type { CandidateLoadRow } from '../../../electron/common/shapes';

const IDLE = { invitedRecent: 0, unavailableUntil: null, reviewing: 0, accepted: 0, busy: false } as const;

/** The load of author `authorId` (also the person's id unless `over` says otherwise): no invitations, reviews or reasons. */
export const loadRow = (authorId: number, over: Partial<CandidateLoadRow> = {}): CandidateLoadRow => ({
  authorId,
  personId: authorId,
  ...IDLE,
  reasons: [],
  authorOf: [],
  colleagues: [],
  ...over,
});
