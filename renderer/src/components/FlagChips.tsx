// What the authors and the editor decided about a person, as chips beside the name: opposed or suggested
// by the authors, on the do-not-invite list (with the reason), e-mail bounced. Each chip carries its words
// for screen readers and its detail on hover.
import { Ban } from 'lucide-react';
import { setByText } from '../../../electron/common/domain/authorRequests';
import type { PersonFlagRow, SetBy } from '../../../electron/common/shapes';

export function doNotInviteText(d: { reason: string; until: string | null }): string {
  return `Do not invite: ${d.reason}${d.until ? ` (until ${d.until})` : ''}`;
}

/** A tooltip's words with who made the decision when a colleague did ("… — set by ann on 28 Nov 2026"). */
const withSetBy = (text: string, by: SetBy | null | undefined) => (by ? `${text} — ${setByText(by)}` : text);

const AUTHORS_CHIP = {
  opposed: { word: 'Opposed', title: 'The authors asked that this person not review the manuscript' },
  suggested: { word: 'Suggested', title: 'The authors suggested this person as a reviewer' },
} as const;

/** "Opposed" or "Suggested" (by the authors: said in full, or for screen readers only when compact). */
function AuthorsChip({ kind, compact }: { kind: keyof typeof AUTHORS_CHIP; compact: boolean }) {
  const { word, title } = AUTHORS_CHIP[kind];
  return (
    <span className={`chip ${kind}`} title={title} data-testid={`flag-${kind}`}>
      {compact ? word : `${word} by the authors`}
      {compact ? <span className="sr-only"> by the authors</span> : null}
    </span>
  );
}

export function FlagChips({ flag, compact = false }: { flag: PersonFlagRow | undefined; compact?: boolean }) {
  if (!flag) return null;
  return (
    <>
      {flag.doNotInvite ? <DoNotInviteChip entry={flag.doNotInvite} compact={compact} /> : null}
      {flag.opposed ? <AuthorsChip kind="opposed" compact={compact} /> : null}
      {flag.suggested ? <AuthorsChip kind="suggested" compact={compact} /> : null}
      {flag.bounced ? (
        <span
          className="chip bounced"
          title={withSetBy('An invitation to this address bounced: drafts leave it out', flag.bouncedBy)}
          data-testid="flag-bounced"
        >
          E-mail bounced
        </span>
      ) : null}
    </>
  );
}

/** "Do not invite" (compact: its icon, the words for screen readers and on hover), the reason on hover. */
export function DoNotInviteChip(props: { entry: { reason: string; until: string | null; setBy?: SetBy | null }; compact: boolean }) {
  const { entry, compact } = props;
  return (
    <span className="chip dni" title={withSetBy(doNotInviteText(entry), entry.setBy)} data-testid="flag-dni">
      {compact ? <Ban size={12} aria-hidden="true" /> : 'Do not invite'}
      <span className="sr-only">
        {compact ? 'Do not invite' : ''}: {entry.reason}
      </span>
    </span>
  );
}
