// The sidebar: the views grouped by the job (Work, Pools, Settings: VIEW_SECTIONS), each with its icon, and
// beside Activity what waits for the editor there: changes not yet sent and reminders due.
import { Bell, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { sidebarSections, VIEW_DEFS, viewDescription, viewLabel } from '../../../electron/common/domain/views';
import { useApp, type View } from '../stores/app';
import { useProfiles } from '../stores/profiles';
import { useQuerySelect, type QueryState } from '../data/queries';
import { whenIdle } from './idle';
import { viewIcon } from './views';

const SECTIONS = sidebarSections();
/** Ctrl/Cmd+N opens the Nth view of the sidebar (VIEW_DEFS keeps the sidebar's order). */
const SHORTCUT = new Map<View, number>(VIEW_DEFS.map((d, i) => [d.id, i + 1]));

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What waits in Activity: changes queued and changes refused (the status core sends), reminders due (the reminders' read). */
const countRows = (s: QueryState<readonly unknown[]>): number => s.data?.length ?? 0;

function useWaiting(): { changes: number; refused: number; reminders: number } {
  const changes = useApp((s) => s.status?.pendingWrites ?? 0);
  const refused = useApp((s) => s.status?.failedWrites ?? 0);
  const profile = useProfiles((s) => s.state?.activeId);
  // Asked once the window is idle (a profile is active), then kept fresh by its READS topics.
  const [idle, setIdle] = useState(false);
  useEffect(() => (profile ? whenIdle(() => setIdle(true)) : undefined), [profile]);
  const reminders = useQuerySelect('shortlist.reminders', idle && profile ? {} : null, countRows);
  return { changes, refused, reminders };
}

export function Nav() {
  const view = useApp((s) => s.view);
  const setView = useApp((s) => s.setView);
  const { changes, refused, reminders } = useWaiting();
  const waiting = [
    changes > 0 ? plural(changes, 'change waiting to be sent', 'changes waiting to be sent') : '',
    refused > 0 ? plural(refused, 'change needs your attention', 'changes need your attention') : '',
    reminders > 0 ? plural(reminders, 'reminder due', 'reminders due') : '',
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <nav className="nav" aria-label="Main">
      <div className="brand" aria-hidden="true">
        Referee Desk
      </div>
      {SECTIONS.map((section) => (
        <div key={section.id} role="group" aria-labelledby={`nav-${section.id}`} className="nav-section">
          <div id={`nav-${section.id}`} className="nav-heading">
            {section.label}
          </div>
          <ul>
            {section.views.map((v) => {
              const Icon = viewIcon(v);
              return (
                <li key={v}>
                  <button
                    type="button"
                    className={v === view ? 'nav-item active' : 'nav-item'}
                    aria-current={v === view ? 'page' : undefined}
                    aria-keyshortcuts={`Control+${SHORTCUT.get(v)}`}
                    aria-describedby={v === 'activity' && waiting ? 'nav-waiting' : undefined}
                    title={viewDescription(v)}
                    onClick={() => setView(v)}
                  >
                    <Icon size={16} aria-hidden="true" className="nav-icon" />
                    <span className="nav-label">{viewLabel(v)}</span>
                    {v === 'activity' ? (
                      <>
                        {changes > 0 ? (
                          <span className="nav-count" data-count="changes" aria-hidden="true" title="Changes waiting to be sent">
                            {changes}
                          </span>
                        ) : null}
                        {refused > 0 ? (
                          <span
                            className="nav-count refused"
                            data-count="refused"
                            aria-hidden="true"
                            title="Changes that need your attention"
                          >
                            <TriangleAlert size={12} aria-hidden="true" />
                            {refused}
                          </span>
                        ) : null}
                        {reminders > 0 ? (
                          <span className="nav-count reminders" data-count="reminders" aria-hidden="true" title="Reminders due">
                            <Bell size={12} aria-hidden="true" />
                            {reminders}
                          </span>
                        ) : null}
                      </>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      <span id="nav-waiting" className="sr-only">
        {waiting}
      </span>
    </nav>
  );
}
