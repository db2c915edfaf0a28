import { Send } from 'lucide-react';
import { useState } from 'react';
import type { AuthorsGroupCreate } from '../../../../electron/common/service';
import type { OutboxItemView } from '../../../../electron/common/shapes';
import { discardQueued, editQueued } from './actions';
import { splitList } from './authorDraft';
import { refusalText } from './groupState';

const joined = (v: string[]) => v.join('; ');

/**
 * A group creation the service refused, shown on the group itself: the reason, the values it was sent
 * with, editable, and "Send again" (outbox.edit: checked and queued again whole) or "Discard".
 */
export function FailedGroup({
  entry,
  input,
  attempt,
  onSent,
}: {
  entry: OutboxItemView;
  input: AuthorsGroupCreate;
  attempt: (fn: () => Promise<void>) => Promise<void>;
  onSent: (text: string) => void;
}) {
  const [values, setValues] = useState({
    group_name: input.group_name,
    owner_team: input.owner_team,
    editor_teams: joined(input.editor_teams),
    viewer_teams: joined(input.viewer_teams),
  });
  const field = (key: keyof typeof values, label: string, required = false) => (
    <>
      <label htmlFor={`fg-${key}`}>{label}</label>
      <input id={`fg-${key}`} required={required} value={values[key]} onChange={(e) => setValues({ ...values, [key]: e.target.value })} />
    </>
  );
  return (
    <form
      className="failed-write card"
      aria-label="Fix the group and send it again"
      onSubmit={(e) => {
        e.preventDefault();
        void attempt(async () => {
          await editQueued({
            id: entry.id,
            kind: 'group_create',
            input: {
              group_name: values.group_name.trim(),
              owner_team: values.owner_team.trim(),
              editor_teams: splitList(values.editor_teams),
              viewer_teams: splitList(values.viewer_teams),
            },
          });
          onSent(`Group “${values.group_name.trim()}” queued again for creation.`);
        });
      }}
    >
      <p role="alert" className="error">
        The service did not create this group: {refusalText(entry.error?.message)} Correct it below and send it again.
      </p>
      <div className="grid2">
        {field('group_name', 'Group name', true)}
        {field('owner_team', 'Owner team', true)}
        {field('editor_teams', 'Editor teams (separated by ;)')}
        {field('viewer_teams', 'Viewer teams (separated by ;)')}
      </div>
      <ResendOrDiscard
        discard={() =>
          void attempt(async () => {
            await discardQueued({ id: entry.id });
            onSent(`Group “${input.group_name}” discarded.`);
          })
        }
      />
    </form>
  );
}

/** A refused write's two ways out: send it again as corrected (a submit button unless `send` is given), or discard it. */
export function ResendOrDiscard({
  send,
  discard,
  discardLabel = 'Discard',
}: {
  send?: () => void;
  discard: () => void;
  discardLabel?: string;
}) {
  return (
    <div className="row">
      <button type={send ? 'button' : 'submit'} className="primary" onClick={send}>
        <Send size={16} aria-hidden="true" />
        Send again
      </button>
      <button type="button" onClick={discard}>
        {discardLabel}
      </button>
    </div>
  );
}
