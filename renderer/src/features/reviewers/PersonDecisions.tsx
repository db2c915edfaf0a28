// A reviewer's do-not-invite entry (reason, optional last day) and e-mail addresses with their bounced
// mark, in the person's drawer: the editor puts the person on the list, changes or removes the entry, and
// marks an address as bounced or takes the mark back. Drafts leave out both (core checks them).
import { useEffect, useId, useState } from 'react';
import { setByText } from '../../../../electron/common/domain/authorRequests';
import type { SetBy } from '../../../../electron/common/shapes';
import { Alert } from '../../components/Alert';
import { DateInput } from '../../components/DateInput';
import { doNotInviteText } from '../../components/FlagChips';
import { Required } from '../../components/Required';
import { removeDoNotInvite, setBounced, setDoNotInvite } from '../../stores/decisions';
import { useQuery } from '../../data/queries';

/** "set by ann on 28 Nov 2026" beside a decision a colleague made through the office; nothing for the editor's own. */
export function SetByNote({ by, testId }: { by: SetBy | null | undefined; testId: string }) {
  if (!by) return null;
  return (
    <span className="muted set-by" data-testid={testId}>
      {' '}
      · {setByText(by)}
    </span>
  );
}

/** Who set the person's "unavailable until" day, when a colleague did. */
export function AvailabilitySetBy({ personId }: { personId: number }) {
  const by = useQuery('people.decisions', { personId }).data?.availabilitySetBy;
  return <SetByNote by={by} testId="availability-set-by" />;
}

export function PersonDecisions({ personId }: { personId: number }) {
  const d = useQuery('people.decisions', { personId }).data;
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const [tried, setTried] = useState(false);
  const ids = useId();
  useEffect(() => {
    setEditing(false);
    setError(null);
    setTried(false);
  }, [personId]);
  const entry = d?.doNotInvite ?? null;
  const reasonProblem = reason.trim() === '' ? 'Give a reason: it is shown wherever the person appears.' : null;
  const save = async () => {
    setTried(true);
    if (reasonProblem) return;
    const err = await setDoNotInvite(personId, reason.trim(), until === '' ? null : until);
    setError(err);
    if (err === null) setEditing(false);
  };
  const edit = () => {
    setReason(entry?.reason ?? '');
    setUntil(entry?.until ?? '');
    setTried(false);
    setEditing(true);
  };
  return (
    <section aria-labelledby={`${ids}-h`} className="person-decisions">
      <h3 id={`${ids}-h`}>Do not invite</h3>
      {entry && !editing ? (
        <p className="dni-line">
          <span data-testid="dni-entry" className={entry.active ? 'warn' : 'muted'}>
            {doNotInviteText(entry)}
            {entry.active ? '' : ' — ended'}
          </span>
          <SetByNote by={entry.setBy} testId="dni-set-by" />{' '}
          <button type="button" onClick={edit}>
            Change
          </button>{' '}
          <button type="button" onClick={() => void removeDoNotInvite(personId).then(setError)}>
            Remove from the list
          </button>
        </p>
      ) : null}
      {!entry && !editing ? (
        <button type="button" onClick={edit}>
          Add to the do-not-invite list…
        </button>
      ) : null}
      {editing ? (
        <form
          className="dni-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <label className="field">
            <span>
              Reason <Required />
            </span>
            <input
              type="text"
              value={reason}
              maxLength={500}
              aria-invalid={tried && reasonProblem !== null}
              aria-describedby={tried && reasonProblem ? `${ids}-reason-problem` : undefined}
              onChange={(e) => setReason(e.target.value)}
            />
            {tried && reasonProblem ? (
              <span id={`${ids}-reason-problem`} className="field-error">
                {reasonProblem}
              </span>
            ) : null}
          </label>
          <div className="field">
            <span aria-hidden="true">Until (optional: the last day it holds)</span>
            <DateInput value={until} onChange={(v) => setUntil(v ?? '')} label="Do not invite until (optional)" />
          </div>
          <span className="dni-actions">
            <button type="submit" className="primary">
              Save
            </button>
            <button type="button" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </span>
        </form>
      ) : null}
      <h3>E-mail addresses</h3>
      {d && d.emails.length === 0 ? <p className="muted">No e-mail address known.</p> : null}
      <ul className="person-emails">
        {d?.emails.map((e) => (
          <li key={e.email}>
            <span className={e.bounced ? 'bad' : ''}>{e.email}</span>
            {e.bounced ? <span className="chip bounced">Bounced</span> : null}
            {e.bounced ? <SetByNote by={e.setBy} testId="bounced-set-by" /> : null}{' '}
            <button type="button" onClick={() => void setBounced(e.email, !e.bounced).then(setError)}>
              {e.bounced ? 'Not bounced' : 'Mark as bounced'}
            </button>
          </li>
        ))}
      </ul>
      <Alert text={error} />
    </section>
  );
}
