import { useEffect, useState } from 'react';
import type { UpdateSettingsView } from '../../../../electron/common/contract';
import { desk, errorText } from '../../platform/instance';

/** Settings → Automatic updates: the desktop app's choice in the data folder; the browser host shows why it has none. */
export function UpdatesSection() {
  const [view, setView] = useState<UpdateSettingsView | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    desk()
      .invoke('updates.getSettings', {})
      .then(setView)
      .catch((e: unknown) => setError(errorText(e)));
  }, []);
  const set = (enabled: boolean) =>
    desk()
      .invoke('updates.setSettings', { enabled })
      .then((v) => {
        setView(v);
        setError(null);
      })
      .catch((e: unknown) => setError(errorText(e)));
  return (
    <section aria-labelledby="updates-h">
      <h2 id="updates-h">Updates</h2>
      <label>
        <input
          type="checkbox"
          role="switch"
          aria-describedby="updates-help"
          disabled={!view?.available}
          checked={view?.enabled ?? false}
          onChange={(e) => void set(e.target.checked)}
        />{' '}
        Automatic updates
      </label>
      <p id="updates-help" className="muted">
        {view?.note ??
          'Referee Desk looks for a new version after it starts and every 6 hours, and downloads it in the ' +
            'background. A change here applies from the next start.'}
      </p>
      {error ? (
        <p role="alert" className="warn">
          {error}
        </p>
      ) : null}
    </section>
  );
}
