import { useState } from 'react';
import { useUpdateStatus } from '../platform/shell-events';
import { restartToUpdate, useApp } from '../stores/app';
import { Words } from './Words';

export function StatusBar() {
  const info = useApp((s) => s.info);
  const status = useApp((s) => s.status);
  const update = useUpdateStatus((s) => s.status);
  const [restartError, setRestartError] = useState<string | null>(null);
  const demoRestart = useApp((s) => s.demoRestart);
  const restartDemo = useApp((s) => s.restartDemo);
  const connectivity = status?.connectivity ?? 'unknown';
  const updateText = restartError ?? (update && update.state !== 'disabled' && update.state !== 'idle' ? update.message : '');
  return (
    <footer className="status-bar" role="status" aria-live="polite">
      <span className={`dot ${connectivity}`} aria-hidden="true" />
      <span data-testid="status-message">
        <Words text={status?.message ?? 'Starting…'} />
      </span>
      {status?.demo?.state === 'failed' ? (
        <button type="button" data-testid="demo-restart" disabled={demoRestart.busy} onClick={() => void restartDemo()}>
          Restart the demo service
        </button>
      ) : null}
      {demoRestart.error ? (
        <span data-testid="demo-restart-error">
          <Words text={demoRestart.error} />
        </span>
      ) : null}
      {status?.office ? (
        <span data-testid="office-status" className={`office ${status.office.state}`} title={status.office.reason ?? undefined}>
          {status.office.message}
        </span>
      ) : null}
      <span className="spacer" />
      {updateText ? <span data-testid="update-status">{updateText}</span> : null}
      {update?.state === 'ready' ? (
        <button
          type="button"
          onClick={() => {
            setRestartError(null);
            void restartToUpdate().then(setRestartError);
          }}
        >
          Restart to update
        </button>
      ) : null}
      <span data-testid="app-version">{info ? `Referee Desk ${info.version}` : ''}</span>
      {info ? <span className="muted">{info.host === 'electron' ? 'Desktop' : 'Browser'}</span> : null}
    </footer>
  );
}
