// What the authors and the editor decided about a person, as chips beside the name: opposed or suggested
// by the authors, on the do-not-invite list (with the reason), e-mail bounced. Each chip carries its words
// for screen readers and its detail on hover.
import type { PersonFlagRow } from '../../../electron/common/rows';

export function doNotInviteText(d: { reason: string; until: string | null }): string {
  return `Do not invite: ${d.reason}${d.until ? ` (until ${d.until})` : ''}`;
}

export function FlagChips({ flag, compact = false }: { flag: PersonFlagRow | undefined; compact?: boolean }) {
  if (!flag) return null;
  return (
    <>
      {flag.doNotInvite ? (
        <span className="chip dni" title={doNotInviteText(flag.doNotInvite)} data-testid="flag-dni">
          Do not invite<span className="sr-only">: {flag.doNotInvite.reason}</span>
        </span>
      ) : null}
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
