// What the desktop shell pushes to the window: application-menu commands, something to open (a
// referee-desk:// link, a file opened with the app, a notification clicked) and the updater's state.
import { create } from 'zustand';
import type { UpdateStatusEvent } from '../../../electron/common/contract';
import { openFilePicker } from '../components/FilePicker';
import { useApp } from '../stores/app';
import { useManuscripts } from '../stores/manuscripts';
import type { Desk } from './desk';

/** The updater's last state, for the status bar ("Restart to update"). */
export const useUpdateStatus = create<{ status: UpdateStatusEvent | null }>(() => ({ status: null }));

export function listenToShell(desk: Desk): void {
  desk.on('shell.menu', (m) => {
    if (m.command === 'view') return useApp.getState().setView(m.view);
    if (m.command === 'upload') {
      useApp.getState().setView('manuscripts');
      return openFilePicker(useApp.getState().info?.host);
    }
    // Export: the candidate table's export of the selected run.
    useApp.getState().setView('candidates');
    requestAnimationFrame(() => document.querySelector<HTMLButtonElement>('.content [data-shortcut="export"]')?.click());
  });
  desk.on('shell.open', (o) => {
    useApp.getState().setView('manuscripts');
    if (o.kind === 'file') void useManuscripts.getState().addStaged([o.file]);
    else if (o.kind === 'refused') useApp.setState({ notice: o.message });
    else if (o.manuscriptId !== null) void useManuscripts.getState().select(o.manuscriptId);
    else useApp.setState({ notice: `No manuscript “${o.originId}” in this profile’s cache yet.` });
  });
  desk.on('shell.update', (u) => useUpdateStatus.setState({ status: u }));
}
