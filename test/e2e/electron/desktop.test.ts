// Desktop conventions in the real Electron app (issue 15, items 5 and 6): the application menu, the
// remembered window, launch targets forwarded by a second instance, crash handling and the local-only
// crash reporter. Runs wherever the Electron binary exists; skipped here with the reason printed.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { electronBinary } from '../../../scripts/electron-binary.mjs';
import { makeManuscriptPdf } from '../../fixtures/intake/make';
import { repoRoot } from '../../support/browser';

const binary = electronBinary();
if (!binary.path) console.warn(`[electron desktop suite skipped] ${binary.reason}. The pure parts are unit-tested in test/unit/desktop.`);

describe.skipIf(!binary.path)('desktop conventions (Electron)', () => {
  const userData = mkdtempSync(join(tmpdir(), 'desk-desktop-'));
  const launch = () =>
    _electron.launch({
      executablePath: binary.path!,
      args: [repoRoot, `--user-data-dir=${userData}`],
      env: { ...process.env, REFEREE_DESK_DISABLE_UPDATES: '1' },
    });
  let app: ElectronApplication;
  let page: Page;

  beforeAll(async () => {
    app = await launch();
    page = await app.firstWindow();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('has the application menu with its File, View and Help items', async () => {
    const labels = await app.evaluate(({ Menu }) =>
      Menu.getApplicationMenu()!.items.map((i) => [i.label.replace('&', ''), i.submenu?.items.map((s) => s.label) ?? []]),
    );
    const byName = Object.fromEntries(labels) as Record<string, string[]>;
    expect(byName['File']).toContain('Upload Manuscripts…');
    expect(byName['View']).toContain('Custom fields');
    expect(byName['Help']).toEqual(expect.arrayContaining(['Open Logs Folder', 'Copy Diagnostics']));
  });

  it('Copy Diagnostics puts version and data folder on the clipboard, without the key', async () => {
    await app.evaluate(({ Menu, dialog }) => {
      dialog.showMessageBox = (async () => ({ response: 0, checkboxChecked: false })) as typeof dialog.showMessageBox;
      const help = Menu.getApplicationMenu()!.items.find((i) => i.label.replace('&', '') === 'Help')!;
      help.submenu!.items.find((i) => i.label === 'Copy Diagnostics')!.click();
    });
    const text = await app.evaluate(({ clipboard }) => clipboard.readText());
    expect(text).toMatch(/^Referee Desk \d/);
    expect(text).toContain(`Data folder: ${userData}`);
  });

  it('keeps crash dumps local', async () => {
    expect(await app.evaluate(({ crashReporter }) => crashReporter.getUploadToServer())).toBe(false);
  });

  it('a file given to a second instance opens the upload form in the running window', async () => {
    const pdf = join(userData, 'second.pdf');
    writeFileSync(pdf, await makeManuscriptPdf());
    const second = spawn(binary.path!, [repoRoot, `--user-data-dir=${userData}`, pdf], { stdio: 'ignore' });
    const code = await new Promise<number | null>((r) => second.on('exit', r));
    expect(code).toBe(0);
    await expect.poll(() => page.getByText('second.pdf').count()).toBeGreaterThan(0);
  });

  it('a renderer that dies is reloaded', async () => {
    await app.evaluate(({ dialog }) => {
      dialog.showMessageBox = (async () => ({ response: 0, checkboxChecked: false })) as typeof dialog.showMessageBox;
    });
    const reloaded = page.waitForEvent('load');
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.webContents.forcefullyCrashRenderer());
    await reloaded;
    await expect.poll(() => page.getByTestId('app-version').textContent()).toMatch(/^Referee Desk \d/);
  });

  it('reopens where it was left', async () => {
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.setBounds({ x: 40, y: 30, width: 1000, height: 700 }));
    await app.close();
    expect(JSON.parse(readFileSync(join(userData, 'window-state.json'), 'utf8')).bounds).toMatchObject({ width: 1000, height: 700 });
    app = await launch();
    page = await app.firstWindow();
    const bounds = await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.getBounds());
    expect(bounds).toMatchObject({ width: 1000, height: 700 });
  });
});
