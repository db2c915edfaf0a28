// Recording a decline: the reason from a short menu ("Other" with a few words) and, when the person is too
// busy or on leave, until when they are unavailable — kept on the person, so Hide busy reviewers leaves them
// out of every manuscript's candidates until then, and the shortlist skips them as an alternate.
import { useEffect, useState } from 'react';
import { DECLINE_LABEL, DECLINE_REASONS } from '../../../../electron/common/domain/rounds';
import type { DeclineReason, ShortlistEntryRow } from '../../../../electron/common/shapes';
import { Alert } from '../../components/Alert';
import { DateInput } from '../../components/DateInput';
import { Modal } from '../../components/Modal';
import { recordDecline, useShortlistPanel } from './shortlistState';

/** Reasons after which the person is likely away for a while: the dialog offers a date. */
const AWAY: readonly DeclineReason[] = ['too_busy', 'on_leave'];

export function DeclineDialog({ entries }: { entries: readonly ShortlistEntryRow[] }) {
  const declining = useShortlistPanel((s) => s.declining);
  const entry = entries.find((e) => e.authorId === declining);
  const [reason, setReason] = useState<DeclineReason | null>(null);
  const [text, setText] = useState('');
  const [until, setUntil] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setReason(null);
    setText('');
    setUntil(null);
    setTried(false);
    setError(null);
  }, [declining]);
  const problem =
    reason === null
      ? 'Pick the reason they gave, or “No reason given”.'
      : reason === 'other' && text.trim() === ''
        ? 'Say why in a few words.'
        : null;
  const submit = async () => {
    setTried(true);
    if (problem || !entry || reason === null) return;
    setError(
      await recordDecline({
        manuscriptId: entry.manuscriptId,
        authorId: entry.authorId,
        reason,
        ...(reason === 'other' ? { text: text.trim() } : {}),
        ...(AWAY.includes(reason) && until ? { unavailableUntil: until } : {}),
      }),
    );
  };
  return (
    <Modal
      open={entry !== undefined}
      onOpenChange={(open) => (open ? undefined : useShortlistPanel.setState({ declining: null }))}
      className="decline-dialog"
      title={entry ? `${entry.name} declined` : 'Declined'}
      description="Why? The Reviewers view counts the reasons; a date keeps the person out of Hide busy reviewers until then."
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <fieldset className="decline-reasons" aria-describedby={tried && problem ? 'decline-problem' : undefined}>
          <legend>Reason</legend>
          {DECLINE_REASONS.map((r) => (
            <label key={r} className="radio">
              <input type="radio" name="decline-reason" value={r} checked={reason === r} onChange={() => setReason(r)} />
              {DECLINE_LABEL[r]}
            </label>
          ))}
        </fieldset>
        {reason === 'other' ? (
          <label className="field">
            <span>In a few words</span>
            <input
              type="text"
              value={text}
              maxLength={200}
              aria-invalid={tried && problem !== null}
              onChange={(e) => setText(e.target.value)}
            />
          </label>
        ) : null}
        {reason !== null && AWAY.includes(reason) ? (
          <div className="field">
            <span aria-hidden="true">Unavailable until (optional)</span>
            <DateInput label="Unavailable until" value={until} onChange={setUntil} />
          </div>
        ) : null}
        {tried && problem ? (
          <p id="decline-problem" className="field-error">
            {problem}
          </p>
        ) : null}
        <Alert text={error} />
        <div className="dialog-actions">
          <Modal.Close asChild>
            <button type="button">Cancel</button>
          </Modal.Close>
          <button type="submit" className="primary">
            Record the decline
          </button>
        </div>
      </form>
    </Modal>
  );
}
