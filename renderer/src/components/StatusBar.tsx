import { useApp } from '../stores/app';

export function StatusBar() {
  const info = useApp((s) => s.info);
  const status = useApp((s) => s.status);
  const connectivity = status?.connectivity ?? 'unknown';
  return (
    <footer className="status-bar" role="status" aria-live="polite">
      <span className={`dot ${connectivity}`} aria-hidden="true" />
      <span data-testid="status-message">{status?.message ?? 'Starting…'}</span>
      <span className="spacer" />
      <span data-testid="app-version">{info ? `Referee Desk ${info.version}` : ''}</span>
      {info ? <span className="muted">{info.host === 'electron' ? 'Desktop' : 'Browser'}</span> : null}
    </footer>
  );
}
