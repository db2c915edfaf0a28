import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { buildMenuTemplate, type MenuCommand, type MenuOptions } from '../../../electron/main/menu-template';

function menu(over: Partial<MenuOptions> = {}) {
  const ran: MenuCommand[] = [];
  const template = buildMenuTemplate({ platform: 'linux', appName: 'Referee Desk', update: 'idle', run: (c) => ran.push(c), ...over });
  return { template, ran };
}
const sub = (m: MenuItemConstructorOptions) => (m.submenu as MenuItemConstructorOptions[]).filter((i) => i.type !== 'separator');
const top = (t: MenuItemConstructorOptions[], label: string) =>
  t.find((m) => (m.label ?? '').replace('&', '') === label || m.role === label)!;
const click = (i: MenuItemConstructorOptions) => (i.click as () => void)();

describe('application menu', () => {
  it('has File, Edit, View, Window, Help on Windows/Linux and an app menu first on macOS', () => {
    expect(menu().template.map((m) => m.label ?? m.role)).toEqual(['&File', '&Edit', '&View', 'windowMenu', '&Help']);
    expect(menu({ platform: 'darwin' }).template.map((m) => m.label ?? m.role)).toEqual([
      'Referee Desk',
      'File',
      'Edit',
      'View',
      'windowMenu',
      'Help',
    ]);
  });
  it('File: Upload manuscripts… on Ctrl/Cmd+O and Export', () => {
    const { template, ran } = menu();
    const file = sub(top(template, 'File'));
    expect(file[0]).toMatchObject({ label: 'Upload Manuscripts…', accelerator: 'CmdOrCtrl+O' });
    click(file[0]!);
    click(file[1]!);
    expect(ran).toEqual([{ type: 'upload' }, { type: 'export' }]);
  });
  it('Edit uses the standard roles', () => {
    expect(sub(top(menu().template, 'Edit')).map((i) => i.role)).toEqual([
      'undo',
      'redo',
      'cut',
      'copy',
      'paste',
      'pasteAndMatchStyle',
      'delete',
      'selectAll',
    ]);
  });
  it('View: every view with Ctrl/Cmd+1…8, then zoom and full screen', () => {
    const { template, ran } = menu();
    const view = sub(top(template, 'View'));
    expect(view.slice(0, 8).map((i) => [i.label, i.accelerator])).toEqual([
      ['Manuscripts', 'CmdOrCtrl+1'],
      ['Candidates', 'CmdOrCtrl+2'],
      ['Journals', 'CmdOrCtrl+3'],
      ['Activity', 'CmdOrCtrl+4'],
      ['Reviewers', 'CmdOrCtrl+5'],
      ['Groups', 'CmdOrCtrl+6'],
      ['Settings', 'CmdOrCtrl+7'],
      ['Custom fields', 'CmdOrCtrl+8'],
    ]);
    click(view[3]!);
    expect(ran).toEqual([{ type: 'view', view: 'activity' }]);
    expect(view.slice(8).map((i) => i.role)).toEqual(['resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']);
  });
  it('Help: logs folder, diagnostics, updates, About', () => {
    const { template, ran } = menu();
    const help = sub(top(template, 'help'));
    expect(help.map((i) => i.label)).toEqual(['Open Logs Folder', 'Copy Diagnostics', 'Check for Updates…', 'About Referee Desk']);
    help.forEach(click);
    expect(ran.map((c) => c.type)).toEqual(['open-logs', 'copy-diagnostics', 'check-updates', 'about']);
  });
  it('the update item follows the updater: disabled with its reason, busy, then Restart to Update', () => {
    const find = (o: Partial<MenuOptions>) => sub(top(menu(o).template, 'help')).find((i) => /Update/.test(i.label ?? ''))!;
    expect(find({ update: 'disabled', updateOffReason: 'Turned off by your administrator.' })).toMatchObject({
      enabled: false,
      toolTip: 'Turned off by your administrator.',
    });
    expect(find({ update: 'downloading' })).toMatchObject({ label: 'Downloading Update…', enabled: false });
    const { template, ran } = menu({ update: 'ready' });
    const restart = sub(top(template, 'help')).find((i) => i.label === 'Restart to Update')!;
    click(restart);
    expect(ran).toEqual([{ type: 'restart-to-update' }]);
  });
  it('on macOS About and updates live in the app menu, and File ends with Close', () => {
    const t = menu({ platform: 'darwin' }).template;
    expect(
      sub(t[0]!)
        .slice(0, 2)
        .map((i) => i.label),
    ).toEqual(['About Referee Desk', 'Check for Updates…']);
    expect(sub(t[0]!).at(-1)!.role).toBe('quit');
    expect(sub(top(t, 'File')).at(-1)!.role).toBe('close');
    expect(sub(top(t, 'Help')).map((i) => i.label)).toEqual(['Open Logs Folder', 'Copy Diagnostics']);
  });
});

describe('macOS app menu', () => {
  it('holds Settings… on Cmd+, which opens the Settings view', () => {
    const { template, ran } = menu({ platform: 'darwin' });
    const settings = sub(template[0]!).find((i) => i.label === 'Settings…');
    expect(settings).toMatchObject({ accelerator: 'Cmd+,' });
    click(settings!);
    expect(ran).toEqual([{ type: 'view', view: 'settings' }]);
    expect(sub(top(menu().template, 'Help')).some((i) => i.label === 'Settings…')).toBe(false);
  });
});
