import { create } from 'zustand';
import type { AppInfo, StatusEvent } from '../../../electron/common/contract';
import type { Desk } from '../platform/desk';
import { desk as currentDesk, errorText } from '../platform/instance';

import type { View } from '../../../electron/common/domain/views';
import { DEFAULT_SETTINGS_PANE, type SettingsPane } from '../../../electron/common/domain/views';

export { VIEWS, type View } from '../../../electron/common/domain/views';

interface AppState {
  info: AppInfo | null;
  status: StatusEvent | null;
  view: View;
  error: string | null;
  /** A passing message (e.g. files skipped on drop). */
  notice: string | null;
  /** The demo service's restart, asked for from the status bar while it is failed. */
  demoRestart: { busy: boolean; error: string | null };
  setView(view: View): void;
  /** The pane Settings shows; another view may open Settings on one. */
  settingsPane: SettingsPane;
  openSettings(pane: SettingsPane): void;
  /** The group the Groups view shows (null: none chosen yet); another view may open one there. */
  groupId: number | null;
  showGroup(groupId: number | null): void;
  start(desk: Desk): () => void;
  restartDemo(): Promise<void>;
}

export const useApp = create<AppState>((set) => ({
  info: null,
  status: null,
  view: 'manuscripts',
  error: null,
  notice: null,
  demoRestart: { busy: false, error: null },
  setView: (view) => set({ view }),
  settingsPane: DEFAULT_SETTINGS_PANE,
  openSettings: (settingsPane) => set({ view: 'settings', settingsPane }),
  groupId: null,
  showGroup: (groupId) => set({ groupId }),
  start(desk) {
    const off = desk.on('app.status', (status) => set({ status }));
    Promise.all([desk.invoke('app.info', {}), desk.invoke('app.status', {})])
      .then(([info, status]) => set({ info, status, notice: info.notices.length > 0 ? info.notices.join(' ') : null }))
      .catch((err: unknown) => set({ error: err instanceof Error ? err.message : String(err) }));
    return off;
  },
  async restartDemo() {
    set({ demoRestart: { busy: true, error: null } });
    try {
      await currentDesk().invoke('demo.restart', {});
      set({ demoRestart: { busy: false, error: null } });
    } catch (e) {
      set({ demoRestart: { busy: false, error: errorText(e) } });
    }
  },
}));

/** Restarts the desktop app into the downloaded update; null, or why it could not. */
export async function restartToUpdate(): Promise<string | null> {
  try {
    await currentDesk().invoke('updates.restart', {});
    return null;
  } catch (e) {
    return errorText(e);
  }
}
