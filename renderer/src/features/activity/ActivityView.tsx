import { useEffect, useState } from 'react';
import { desk, errorText } from '../../platform/instance';
import { useApp } from '../../stores/app';
import { useOutbox } from '../../stores/reads';
import { Alert } from '../../components/Alert';
import { Reminders } from './Reminders';
import { WebhookDeliveries } from './WebhookDeliveries';

const STATE_TEXT = { pending: 'Waiting to send', sending: 'Sending', failed: 'Needs attention', done: 'Sent' } as const;

export function ActivityView() {
  const items = useOutbox((s) => s.data) ?? [];
  const loadError = useOutbox((s) => s.error);
  const [actError, setActError] = useState<string | null>(null);
  const error = actError ?? loadError;
  const status = useApp((s) => s.status);

  const act = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      setActError(null);
      await useOutbox.getState().reload();
    } catch (e) {
      setActError(errorText(e));
    }
  };

  useEffect(() => {
    void useOutbox.getState().load({});
  }, []);

  return (
    <div className="activity">
      <Reminders />
      <section aria-labelledby="writes-h">
        <h2 id="writes-h">Changes to send</h2>
        <div className="toolbar">
          <span>{status?.message}</span>
          <button type="button" onClick={() => void desk().invoke('sync.now', {})}>
            Sync now
          </button>
        </div>
        <Alert text={error} />
        {items.length === 0 ? <p className="muted">Nothing waiting: every change has been sent.</p> : null}
        <ul className="outbox" aria-label="Queued changes">
          {items.map((i) => (
            <li key={i.id} className={`outbox-item ${i.state}`}>
              <div className="row">
                <strong>{i.label}</strong>
                <span className="chip">{STATE_TEXT[i.state]}</span>
                <span className="muted">
                  {new Date(i.createdAt).toLocaleString()} · {i.attempts} attempt{i.attempts === 1 ? '' : 's'}
                </span>
                <span className="spacer" />
                {i.state === 'failed' ? (
                  <>
                    <button type="button" onClick={() => void act(() => desk().invoke('outbox.retry', { id: i.id }))}>
                      Retry
                    </button>
                    <button type="button" onClick={() => void act(() => desk().invoke('outbox.discard', { id: i.id }))}>
                      Discard
                    </button>
                  </>
                ) : null}
              </div>
              {i.error ? <p className="error">{i.error.message}</p> : null}
            </li>
          ))}
        </ul>
      </section>
      <WebhookDeliveries />
    </div>
  );
}
