// What the authors and the editor decided about a person, as chips beside the name: opposed or suggested
// by the authors, on the do-not-invite list (with the reason), e-mail bounced. Each chip carries its words
// for screen readers and its detail on hover.
import { Ban } from 'lucide-react';
import type { PersonFlagRow } from '../../../electron/common/rows';

export function doNotInviteText(d: { reason: string; until: string | null }): string {
  return `Do not invite: ${d.reason}${d.until ? ` (until ${d.until})` : ''}`;
}

export function FlagChips({ flag, compact = false }: { flag: PersonFlagRow | undefined; compact?: boolean }) {
  if (!flag) return null;
  return (
    <>
      {flag.doNotInvite ? <DoNotInviteChip entry={flag.doNotInvite} compact={compact} /> : null}
      {flag.opposed ? (
        <span className="chip opposed" title="The authors asked that this person not review the manuscript" data-testid="flag-opposed">
          {compact ? 'Opposed' : 'Opposed by the authors'}
          {compact ? <span className="sr-only"> by the authors</span> : null}
        </span>
      ) : null}
      {flag.suggested ? (
        <span className="chip suggested" title="The authors suggested this person as a reviewer" data-testid="flag-suggested">
          {compact ? 'Suggested' : 'Suggested by the authors'}
          {compact ? <span className="sr-only"> by the authors</span> : null}
        </span>
      ) : null}
      {flag.bounced ? (
        <span className="chip bounced" title="An invitation to this address bounced: drafts leave it out" data-testid="flag-bounced">
          E-mail bounced
        </span>
      ) : null}
    </>
  );
}

/** "Do not invite" (compact: its icon, the words for screen readers and on hover), the reason on hover. */
export function DoNotInviteChip({ entry, compact }: { entry: { reason: string; until: string | null }; compact: boolean }) {
  return (
    <span className="chip dni" title={doNotInviteText(entry)} data-testid="flag-dni">
      {compact ? <Ban size={12} aria-hidden="true" /> : 'Do not invite'}
      <span className="sr-only">
        {compact ? 'Do not invite' : ''}: {entry.reason}
      </span>
    </span>
  );
}
