// One candidate's flags (opposed or suggested by the authors, do not invite, e-mail bounced), subscribed by
// the name cell itself so the flags' answer re-renders only the rows whose flags it carries.
import { FlagChips } from '../../components/FlagChips';
import { usePersonFlag } from '../../stores/decisions';

export function CandidateFlags({ authorId, compact = true }: { authorId: number; compact?: boolean }) {
  return <FlagChips flag={usePersonFlag(authorId)} compact={compact} />;
}
