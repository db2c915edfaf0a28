// The native application menu from menu-template.ts; rebuilt when the update state changes.
import { app, BrowserWindow, clipboard, dialog, Menu, shell } from 'electron';
import type { MenuCommandEvent, UpdateStatusEvent } from '../common/contract';
import { buildMenuTemplate, type MenuCommand } from './menu-template';

export interface MenuActions {
  toWindow(e: MenuCommandEvent): void;
  logsDir: string;
  diagnostics(): string;
  checkUpdates(): void;
  restartToUpdate(): void;
}

export function installMenu(actions: MenuActions, update: UpdateStatusEvent): void {
  const run = (c: MenuCommand) => {
    switch (c.type) {
      case 'upload':
      case 'export':
        return actions.toWindow({ command: c.type });
      case 'view':
        return actions.toWindow({ command: 'view', view: c.view });
      case 'open-logs':
        return void shell.openPath(actions.logsDir);
      case 'copy-diagnostics':
        clipboard.writeText(actions.diagnostics());
        return void dialog.showMessageBox({
          message: 'Diagnostics copied',
          detail: 'Paste them into your message to support. They hold no API key or password.',
        });
      case 'check-updates':
        return actions.checkUpdates();
      case 'restart-to-update':
        return actions.restartToUpdate();
      case 'about':
        return void dialog.showMessageBox(BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0]!, {
          title: `About ${app.getName()}`,
          message: `${app.getName()} ${app.getVersion()}`,
          detail: `Electron ${process.versions.electron}, Chromium ${process.versions.chrome}, Node ${process.versions.node}`,
        });
    }
  };
  const state = update.state === 'error' ? 'idle' : update.state;
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate({ platform: process.platform, appName: app.getName(), update: state, updateOffReason: update.message, run }),
    ),
  );
}
