// One candidate's flags (opposed or suggested by the authors, do not invite, e-mail bounced), subscribed by
// the name cell itself so the flags' answer re-renders only the rows whose flags it carries.
import { FlagChips } from '../../components/FlagChips';
import { usePersonFlag } from '../../stores/decisions';
import { useManuscripts } from '../../stores/manuscripts';

/** The flags of a person for the open manuscript (the view showing them keeps its people.flags asked for). */
export function CandidateFlags({ authorId, compact = true }: { authorId: number; compact?: boolean }) {
  const manuscriptId = useManuscripts((s) => s.detail?.manuscript.id ?? null);
  return <FlagChips flag={usePersonFlag(manuscriptId, authorId)} compact={compact} />;
}
