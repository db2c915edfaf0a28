import { Alert } from '../../components/Alert';
import { Bell, CircleCheck } from 'lucide-react';
import { isoDate } from '../../../../electron/common/domain/shortlist';
import { useQuery } from '../../data/queries';
import { openManuscript } from '../reviewers/PersonDrawer';
import { TableHead } from '../../components/TableHead';
import { ActivityPanel } from './ActivityPanel';

/** Invitations with no answer after the reminder days set in Settings; each opens its manuscript's candidates. */
export function Reminders() {
  const reminders = useQuery('shortlist.reminders', {});
  const rows = reminders.data ?? [];
  const error = reminders.error;
  const days = useQuery('invitation.getSettings', {}).data?.reminderDays;
  return (
    <ActivityPanel id="reminders-h" icon={Bell} title="Reminders due" count={rows.length === 0 ? 'none' : rows.length}>
      <Alert text={error} />
      {rows.length === 0 ? (
        <p className="panel-empty">
          <CircleCheck size={16} aria-hidden="true" className="ok" />
          <span>
            No invitation is waiting for an answer{days ? ` longer than ${days} days` : ''}. Invitations you record in a manuscript’s
            shortlist show here when they go unanswered.
          </span>
        </p>
      ) : (
        <table className="reminders" aria-label="Reminders due">
          <TableHead labels={['Person', 'Manuscript', 'Invited', 'Days waiting']} />
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.manuscriptId}-${r.authorId}`}>
                <td>
                  <button type="button" className="linklike" onClick={() => openManuscript(r.manuscriptId)}>
                    {r.name}
                  </button>
                  {r.email ? <span className="muted"> · {r.email}</span> : null}
                </td>
                <td>
                  {r.manuscriptTitle}
                  <span className="muted"> · {r.folder}</span>
                </td>
                <td>{isoDate(r.invitedAt)}</td>
                <td className="num">{r.daysWaiting}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ActivityPanel>
  );
}
