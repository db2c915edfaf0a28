import { useEffect, useState } from 'react';
import { DEFAULT_DUE_DAYS, PLACEHOLDERS, unknownPlaceholders } from '../../../../electron/common/domain/invitation';
import type { InvitationSettings } from '../../../../electron/common/shapes';
import { Alert } from '../../components/Alert';
import { useQuery } from '../../data/queries';
import { saveInvitationSettings } from './actions';
import { useDuePeriod } from '../../stores/invitations';
import { dueDaysProblem, settingsProblems } from './invitationForm';

const NUMBERS = [
  ['reminderDays', 'Remind me after', 'days without an answer'],
  ['fatigueK', 'Busy when invited', 'times or more…'],
  ['fatigueD', '…in the last', 'days'],
  ['fatigueR', 'or reviewing', 'manuscripts or more now'],
] as const;

/** Settings → Invitations: the template with its placeholders, the editor's name, reminders and the load rule. */
export function InvitationSection() {
  const { data: saved, error: loadError } = useQuery('invitation.getSettings', {});
  const [draft, setDraft] = useState<InvitationSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const savedDays = useDuePeriod((s) => s.days);
  const [dueDays, setDueDays] = useState(() => savedDays ?? DEFAULT_DUE_DAYS);

  // The form starts from what is saved and keeps the editor's typing across reloads.
  useEffect(() => {
    if (saved && draft === null) setDraft(saved);
  }, [saved, draft]);

  if (!draft)
    return (
      <section aria-labelledby="invitations-h">
        <h2 id="invitations-h">Invitations and reviewer load</h2>
        <Alert text={loadError} />
      </section>
    );
  const unknown = [...new Set([...unknownPlaceholders(draft.subject), ...unknownPlaceholders(draft.body)])];
  const dueProblem = dueDaysProblem(dueDays);
  const problems = [...settingsProblems(draft), ...(dueProblem ? [dueProblem] : [])];
  const set = (patch: Partial<InvitationSettings>) => {
    setNote(null);
    setDraft({ ...draft, ...patch });
  };
  const save = async () => {
    if (problems.length > 0) return;
    const r = await saveInvitationSettings(draft);
    if (!r.ok) return setError(r.error);
    useDuePeriod.getState().set(dueDays);
    setDraft(r.value);
    setError(null);
    setNote('Saved.');
  };
  return (
    <section aria-labelledby="invitations-h" className="invitation-settings">
      <h2 id="invitations-h">Invitations and reviewer load</h2>
      <Alert text={error ?? loadError} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label className="field">
          Your name (signs the invitations)
          <input type="text" value={draft.editorName} maxLength={200} onChange={(e) => set({ editorName: e.target.value })} />
        </label>
        <label className="field">
          Subject
          <input type="text" value={draft.subject} maxLength={1000} onChange={(e) => set({ subject: e.target.value })} />
        </label>
        <label className="field">
          Body
          <textarea rows={10} value={draft.body} maxLength={20_000} onChange={(e) => set({ body: e.target.value })} />
        </label>
        {unknown.length > 0 ? (
          <p className="warn" role="alert" data-testid="unknown-placeholders">
            Unknown placeholder{unknown.length === 1 ? '' : 's'} {unknown.map((u) => `{{${u}}}`).join(', ')}: the invitation will show{' '}
            {unknown.length === 1 ? 'it' : 'them'} as typed. Use one of the placeholders below.
          </p>
        ) : null}
        <details className="placeholders">
          <summary>Placeholders</summary>
          <dl>
            {(Object.keys(PLACEHOLDERS) as Array<keyof typeof PLACEHOLDERS>).map((k) => (
              <div key={k}>
                <dt>
                  <code>{`{{${k}}}`}</code>
                </dt>
                <dd>{PLACEHOLDERS[k]}</dd>
              </div>
            ))}
          </dl>
        </details>
        <fieldset className="numbers">
          <legend>Due dates, reminders and the load badge</legend>
          <label>
            Reports due after{' '}
            <input
              type="number"
              className="narrow"
              min={1}
              step={1}
              value={Number.isFinite(dueDays) ? dueDays : ''}
              onChange={(e) => {
                setNote(null);
                setDueDays(e.target.valueAsNumber);
              }}
            />{' '}
            days (the due date a draft asks for when the person has none)
          </label>
          {NUMBERS.map(([key, before, after]) => (
            <label key={key}>
              {before}{' '}
              <input
                type="number"
                className="narrow"
                min={1}
                step={1}
                value={Number.isFinite(draft[key]) ? draft[key] : ''}
                onChange={(e) => set({ [key]: e.target.valueAsNumber })}
              />{' '}
              {after}
            </label>
          ))}
          <p className="muted">
            A candidate gets the Busy badge when invited {draft.fatigueK} times or more in the last {draft.fatigueD} days, or reviewing{' '}
            {draft.fatigueR} manuscripts or more now (defaults 3, 180, 2).
          </p>
        </fieldset>
        {problems.map((p) => (
          <p key={p} className="warn" role="alert">
            {p}
          </p>
        ))}
        <button type="submit" className="primary" disabled={problems.length > 0}>
          Save invitation settings
        </button>{' '}
        {note ? (
          <span role="status" className="muted">
            {note}
          </span>
        ) : null}
      </form>
    </section>
  );
}
