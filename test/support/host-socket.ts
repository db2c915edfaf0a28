// A client WebSocket to a browser host the test started, opened with its token and origin.
import WebSocket from 'ws';
import type { Host } from '../../electron/host/server';

/** Resolves once open; rejects with the HTTP status when the host refuses the upgrade. */
export function openSocket(host: Pick<Host, 'origin' | 'token'>): Promise<WebSocket> {
  const ws = new WebSocket(`${host.origin.replace('http', 'ws')}/ws?token=${host.token}`, { origin: host.origin });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}
