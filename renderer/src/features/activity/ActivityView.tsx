import { TriangleAlert, CircleCheck, Clock, LoaderCircle, Pencil, RefreshCw, RotateCw, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { OutboxItemView, SyncNowView } from '../../../../electron/common/shapes';
import { errorText } from '../../platform/instance';
import { discardQueued, retryQueued, syncNow as sendWaiting } from '../../stores/outboxActions';
import { useApp } from '../../stores/app';
import { useQuery } from '../../data/queries';
import { Alert } from '../../components/Alert';
import { Words } from '../../components/Words';
import { refusalText } from '../groups/groupState';
import { Reminders } from './Reminders';
import { WebhookDeliveries } from './WebhookDeliveries';
import { ActivityPanel } from './ActivityPanel';

/** Each state as an icon and a word. */
const STATE = {
  pending: { text: 'Waiting to send', Icon: Clock, tone: '' },
  sending: { text: 'Sending', Icon: LoaderCircle, tone: '' },
  failed: { text: 'Needs attention', Icon: TriangleAlert, tone: 'bad' },
  done: { text: 'Sent', Icon: CircleCheck, tone: 'ok' },
} as const;

/** How many changes wait, and how many of them the editor must look at. */
function countText(n: number, failed: number): string {
  if (n === 0) return 'none';
  if (failed === 0) return `${n} waiting`;
  const attention = `${failed} need${failed === 1 ? 's' : ''} attention`;
  return failed === n ? attention : `${n} waiting · ${attention}`;
}

const attemptsText = (n: number) => (n === 0 ? 'not tried yet' : `${n} attempt${n === 1 ? '' : 's'}`);

/** Changes waiting to be sent across the top; under them reminders due and what the webhook receiver got, side by side
 * (the same height) on a wide window. */
export function ActivityView() {
  const outbox = useQuery('outbox.list', {});
  const items = outbox.data ?? [];
  const loadError = outbox.error;
  const [actError, setActError] = useState<string | null>(null);
  const [syncing, setSyncing] = useState(false);
  const error = actError ?? loadError;
  const setView = useApp((s) => s.setView);
  const failed = items.filter((i) => i.state === 'failed').length;

  const act = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      setActError(null);
    } catch (e) {
      setActError(errorText(e));
    }
  };
  // What the last "Sync now" did, always said: sent, nothing to send, refused, or the service out of reach.
  const [outcome, setOutcome] = useState<SyncNowView | null>(null);
  const syncNow = async () => {
    setSyncing(true);
    setOutcome(null);
    await act(async () => setOutcome(await sendWaiting()));
    setSyncing(false);
  };
  /** A refused group or author write is corrected where it was made: in Groups, on that group. */
  const openInGroups = (i: OutboxItemView) => {
    if (!i.target) return;
    useApp.getState().showGroup(i.target.groupId);
    setView('groups');
  };

  return (
    <div className="activity">
      <ActivityPanel
        id="writes-h"
        className="activity-writes"
        icon={Send}
        title="Changes to send"
        count={countText(items.length, failed)}
        countTestId="outbox-count"
        actions={
          <button type="button" className="primary" onClick={() => void syncNow()} disabled={syncing}>
            <RefreshCw size={16} aria-hidden="true" />
            {syncing ? 'Syncing…' : 'Sync now'}
          </button>
        }
      >
        <Alert text={error} />
        {outcome ? (
          <div role="status" className={outcome.ok ? 'sync-outcome ok' : 'sync-outcome warn'} data-testid="sync-outcome">
            {outcome.outcome}
            {outcome.reason ? (
              <>
                {' '}
                <Words text={outcome.reason} detailOnly={outcome.offline} />
              </>
            ) : null}
          </div>
        ) : null}
        {items.length === 0 ? (
          <p className="panel-empty">
            <CircleCheck size={16} aria-hidden="true" className="ok" />
            <span>Nothing waiting: every change has been sent. New uploads and group changes show here until the service has them.</span>
          </p>
        ) : (
          <ul className="outbox" aria-label="Queued changes">
            {items.map((i) => {
              const s = STATE[i.state];
              return (
                <li key={i.id} className={`outbox-item ${i.state}`}>
                  <div className="outbox-line">
                    <span className="outbox-label">{i.label}</span>
                    <span className={`chip ${s.tone}`}>
                      <s.Icon size={14} aria-hidden="true" />
                      {s.text}
                    </span>
                  </div>
                  <div className="outbox-line">
                    <span className="meta">
                      Queued {new Date(i.createdAt).toLocaleString()} · {attemptsText(i.attempts)}
                    </span>
                    <span className="spacer" />
                    {i.state === 'failed' ? (
                      <span className="row">
                        {i.editable && i.target ? (
                          <button type="button" onClick={() => openInGroups(i)}>
                            <Pencil size={14} aria-hidden="true" />
                            Correct in Groups
                          </button>
                        ) : null}
                        <button type="button" onClick={() => void act(() => retryQueued(i.id))}>
                          <RotateCw size={14} aria-hidden="true" />
                          Retry
                        </button>
                        <button type="button" className="danger" onClick={() => void act(() => discardQueued(i.id))}>
                          <Trash2 size={14} aria-hidden="true" />
                          Discard
                        </button>
                      </span>
                    ) : null}
                  </div>
                  {i.error ? (
                    <div className="error">
                      <Words text={refusalText(i.error.message)} />
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </ActivityPanel>
      <div className="activity-side">
        <Reminders />
        <WebhookDeliveries />
      </div>
    </div>
  );
}
