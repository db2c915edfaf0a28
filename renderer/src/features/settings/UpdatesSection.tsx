import { useState } from 'react';
import { useQuery } from '../../data/queries';
import { setAutomaticUpdates } from './actions';

/** Settings → Automatic updates: the desktop app's choice in the data folder; the browser host shows why it has none. */
export function UpdatesSection() {
  const { data: view, error: loadError } = useQuery('updates.getSettings', {});
  const [setError, setSetError] = useState<string | null>(null);
  const error = setError ?? loadError;
  const set = async (enabled: boolean) => {
    const r = await setAutomaticUpdates(enabled);
    setSetError(r.ok ? null : r.error);
  };
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
