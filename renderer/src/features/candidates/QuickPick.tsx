// "Shortlist 3 without conflicts" (in the shortlist panel): the first people of the table as shown (its order and
// filters) with nothing against them go on the shortlist in one click; how many is chosen beside it (by default the manuscript's
// "Invite now" count, so "Draft invitations" then drafts all of them).
import { ListPlus } from 'lucide-react';
import { useState } from 'react';
import { MAX_QUICK_PICK } from '../../../../electron/common/domain/quickInvite';
import { DEFAULT_INVITE_NOW } from '../../../../electron/common/domain/rounds';
import type { ShortlistRound } from '../../../../electron/common/shapes';
import { Select } from '../../components/Select';
import { useCandidates } from '../../stores/candidates';
import { useQuerySelect, type QueryState } from '../../data/queries';
import { shortlistFirstWithoutConflicts, useOpenShortlist, usePickCount } from './shortlistState';

const selectInviteNow = (s: QueryState<ShortlistRound>) => s.data?.inviteNow ?? null;
const countOf = (s: QueryState<unknown[]>) => s.data?.length ?? 0;
const CHOICES = Array.from({ length: MAX_QUICK_PICK }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));

/** In the shortlist panel: under "Nobody yet" while the list is empty, under the list after that. */
export function QuickPick({ manuscriptId }: { manuscriptId: number }) {
  const runId = useCandidates((s) => s.runId);
  const inviteNow = useQuerySelect('shortlist.round', { manuscriptId }, selectInviteNow) ?? DEFAULT_INVITE_NOW;
  const chosen = usePickCount((s) => s.n);
  const n = chosen ?? Math.min(inviteNow, MAX_QUICK_PICK);
  const onList = useOpenShortlist(countOf);
  const [busy, setBusy] = useState(false);
  const pick = async () => {
    if (runId === null) return;
    setBusy(true);
    await shortlistFirstWithoutConflicts(manuscriptId, runId, n);
    setBusy(false);
  };
  return (
    <span className="quick-pick" role="group" aria-label="Shortlist people without conflicts">
      <button
        type="button"
        disabled={busy || runId === null}
        onClick={() => void pick()}
        title={
          `Adds the first ${n} people of the table as shown (its order and filters) who have no conflicts, are not busy, ` +
          'not on your do-not-invite list, not opposed by the authors, have an e-mail address and are not on the shortlist yet'
        }
      >
        <ListPlus size={16} aria-hidden="true" />{' '}
        {onList > 0 ? `Shortlist ${n} more without conflicts` : `Shortlist ${n} without conflicts`}
      </button>
      <Select
        className="quick-pick-n"
        label="How many to shortlist at once"
        value={String(n)}
        options={CHOICES}
        onChange={(value) => usePickCount.getState().set(Number(value))}
      />
    </span>
  );
}
