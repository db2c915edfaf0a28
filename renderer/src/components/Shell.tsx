import { useEffect } from 'react';
import { VIEWS, useApp, type View } from '../stores/app';
import { StatusBar } from './StatusBar';

const LABELS: Record<View, string> = {
  manuscripts: 'Manuscripts',
  candidates: 'Candidates',
  journals: 'Journals',
  groups: 'Groups',
  activity: 'Activity',
  settings: 'Settings',
};

const DESCRIPTIONS: Record<View, string> = {
  manuscripts: 'Drop a PDF or DOCX manuscript here to find referees.',
  candidates: 'Referee candidates of the selected manuscript, with conflict-of-interest flags.',
  journals: 'Journals recommended for the selected manuscript.',
  groups: 'Authors groups your teams keep: expert pools to search within or boost.',
  activity: 'Changes waiting to be sent, and what the service told us.',
  settings: 'Connection profiles, API keys and the webhook receiver.',
};

export function Shell() {
  const view = useApp((s) => s.view);
  const setView = useApp((s) => s.setView);
  const error = useApp((s) => s.error);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
      const n = Number.parseInt(e.key, 10);
      const target = VIEWS[n - 1];
      if (target) {
        e.preventDefault();
        setView(target);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setView]);

  return (
    <div className="shell">
      <nav className="nav" aria-label="Main">
        <div className="brand" aria-hidden="true">
          Referee Desk
        </div>
        <ul>
          {VIEWS.map((v, i) => (
            <li key={v}>
              <button
                type="button"
                className={v === view ? 'nav-item active' : 'nav-item'}
                aria-current={v === view ? 'page' : undefined}
                aria-keyshortcuts={`Control+${i + 1}`}
                onClick={() => setView(v)}
              >
                {LABELS[v]}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <main className="content" aria-labelledby="view-title">
        <h1 id="view-title">{LABELS[view]}</h1>
        {error ? (
          <p role="alert" className="error">
            {error}
          </p>
        ) : (
          <p className="muted">{DESCRIPTIONS[view]}</p>
        )}
      </main>
      <StatusBar />
    </div>
  );
}
