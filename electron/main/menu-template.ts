// The application menu, built by one pure function (GitHub Desktop's build-default-menu.ts does the
// same): every item is data plus a command, so a test can read the whole menu and press any item.
// menu.ts turns the result into a native menu with Menu.buildFromTemplate.
import type { MenuItemConstructorOptions } from 'electron';
import { VIEW_DEFS, type View } from '../common/domain/views';

/** The views in navigation order; Ctrl/Cmd+1… follows it (the window binds the same keys). */
export const MENU_VIEWS = VIEW_DEFS.map((d) => [d.id, d.label] as const);
export type MenuView = View;

export type MenuCommand =
  | { type: 'upload' }
  | { type: 'export' }
  | { type: 'view'; view: MenuView }
  | { type: 'open-logs' }
  | { type: 'copy-diagnostics' }
  | { type: 'check-updates' }
  | { type: 'restart-to-update' }
  | { type: 'about' };

export type UpdateMenuState = 'disabled' | 'idle' | 'checking' | 'downloading' | 'ready';

export interface MenuOptions {
  platform: string;
  appName: string;
  update: UpdateMenuState;
  /** Why updates are off, shown as the disabled item's label tail. */
  updateOffReason?: string;
  run(command: MenuCommand): void;
}

const sep: MenuItemConstructorOptions = { type: 'separator' };

export function buildMenuTemplate(o: MenuOptions): MenuItemConstructorOptions[] {
  const mac = o.platform === 'darwin';
  const item = (label: string, command: MenuCommand, extra: Partial<MenuItemConstructorOptions> = {}): MenuItemConstructorOptions => ({
    label,
    click: () => o.run(command),
    ...extra,
  });

  const updateItems: MenuItemConstructorOptions[] =
    o.update === 'ready'
      ? [item('Restart to Update', { type: 'restart-to-update' })]
      : [
          item(
            o.update === 'checking' ? 'Checking for Updates…' : o.update === 'downloading' ? 'Downloading Update…' : 'Check for Updates…',
            { type: 'check-updates' },
            {
              enabled: o.update === 'idle',
              ...(o.update === 'disabled' && o.updateOffReason ? { toolTip: o.updateOffReason } : {}),
            },
          ),
        ];
  // The window binds Ctrl+O and Ctrl+1…8 itself; on Windows/Linux the menu shows them without
  // registering them again (registerAccelerator: false), on macOS the menu's key equivalents fire.
  const shown = (accelerator: string): Partial<MenuItemConstructorOptions> =>
    mac ? { accelerator } : { accelerator, registerAccelerator: false };
  const about = item(`About ${o.appName}`, { type: 'about' });

  const template: MenuItemConstructorOptions[] = [];
  if (mac) {
    template.push({
      label: o.appName,
      submenu: [
        about,
        ...updateItems,
        sep,
        // macOS puts Settings in the app menu on Cmd+, (Apple's Human Interface Guidelines).
        item('Settings…', { type: 'view', view: 'settings' }, { accelerator: 'Cmd+,' }),
        sep,
        { role: 'services' },
        sep,
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        sep,
        { role: 'quit' },
      ],
    });
  }
  template.push({
    label: mac ? 'File' : '&File',
    submenu: [
      item('Upload Manuscripts…', { type: 'upload' }, shown('CmdOrCtrl+O')),
      item('Export…', { type: 'export' }, { accelerator: 'CmdOrCtrl+E' }),
      sep,
      mac ? { role: 'close' } : { role: 'quit', label: 'E&xit' },
    ],
  });
  template.push({
    label: mac ? 'Edit' : '&Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      sep,
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'pasteAndMatchStyle' },
      { role: 'delete' },
      sep,
      { role: 'selectAll' },
    ],
  });
  template.push({
    label: mac ? 'View' : '&View',
    submenu: [
      ...MENU_VIEWS.map(([view, label], i) => item(label, { type: 'view', view }, shown(`CmdOrCtrl+${i + 1}`))),
      sep,
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      sep,
      { role: 'togglefullscreen' },
    ],
  });
  template.push({ role: 'windowMenu' });
  template.push({
    role: 'help',
    label: mac ? 'Help' : '&Help',
    submenu: [
      item('Open Logs Folder', { type: 'open-logs' }),
      item('Copy Diagnostics', { type: 'copy-diagnostics' }),
      ...(mac ? [] : [sep, ...updateItems, sep, about]),
    ],
  });
  return template;
}
