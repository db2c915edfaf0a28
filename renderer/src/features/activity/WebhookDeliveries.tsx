import { Settings, Webhook } from 'lucide-react';
import { useApp } from '../../stores/app';
import type { WebhookDeliveryView } from '../../../../electron/common/shapes';
import { useQuery } from '../../data/queries';
import { Alert } from '../../components/Alert';
import { TableHead } from '../../components/TableHead';
import { ActivityPanel } from './ActivityPanel';

/** The outcome in an editor's words. */
export function outcomeText(d: Pick<WebhookDeliveryView, 'outcome' | 'status' | 'reason'>): string {
  switch (d.outcome) {
    case 'applied':
      return 'Applied';
    case 'stale':
      return 'Ignored as stale';
    case 'parked':
      return 'Parked';
    case 'test':
      return 'Connectivity check';
    case 'rejected':
      // 401 is also the answer to missing basic auth: only the api_key check means a wrong key.
      return d.status === 401 && /api_key/.test(d.reason ?? '') ? 'Refused: wrong key' : `Refused (HTTP ${d.status})`;
  }
}

function manuscriptText(d: WebhookDeliveryView): string {
  if (d.manuscript) return d.manuscript.title;
  // A connectivity check names no real manuscript; a refused one is unauthenticated.
  if (d.serviceManuscriptId === null || d.outcome === 'test' || d.outcome === 'rejected') return '—';
  return `Service manuscript ${d.serviceManuscriptId}${d.originId ? ` (${d.originId})` : ''}`;
}

/** Referee marks the service sent through the webhook, and what the receiver did with each. */
export function WebhookDeliveries() {
  const deliveries = useQuery('webhook.deliveries', {});
  const rows = deliveries.data ?? [];
  const error = deliveries.error;
  const openSettings = useApp((s) => s.openSettings);

  return (
    <ActivityPanel id="deliveries-h" icon={Webhook} title="Webhook deliveries" count={rows.length === 0 ? 'none' : rows.length}>
      <Alert text={error} />
      {rows.length === 0 ? (
        <div className="panel-empty">
          <p>No referee marks received yet. Turn the receiver on in Settings › Advanced and give the service its address.</p>
          <button type="button" onClick={() => openSettings('advanced')}>
            <Settings size={14} aria-hidden="true" />
            Open Settings
          </button>
        </div>
      ) : (
        <table className="deliveries" aria-label="Webhook deliveries">
          <TableHead labels={['Received', 'Manuscript', 'Order', 'Outcome', 'Details']} />
          <tbody>
            {rows.map((d) => (
              <tr key={d.key} className={`delivery ${d.outcome}`}>
                <td>{new Date(d.receivedAt).toLocaleString()}</td>
                <td>{manuscriptText(d)}</td>
                <td>{d.order ?? '—'}</td>
                <td>
                  <span className={`chip ${d.outcome === 'applied' ? 'ok' : d.outcome === 'rejected' ? 'bad' : ''}`}>{outcomeText(d)}</span>
                </td>
                <td>{d.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ActivityPanel>
  );
}
