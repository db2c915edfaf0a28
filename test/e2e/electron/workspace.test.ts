// The editor's main flows (test/e2e/flows/workspace.ts) in the real Electron app: preload bridge,
// IPC with sender checks, the main process's file dialog (Ctrl+O) and Electron's downloads. The
// app is pointed, through Settings as an editor would do it, at a local service this test owns,
// so the offline flow can stop and restart it. Runs wherever the Electron binary exists and is
// skipped, with the reason printed, where it does not (test/e2e/web runs the same flows).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron, type ElectronApplication } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../electron/localservice';
import { electronBinary } from '../../../scripts/electron-binary.mjs';
import { makeManuscriptPdf } from '../../fixtures/intake/make';
import { repoRoot, screenshotPath } from '../../support/browser';
import { SMALL_CORPUS } from '../../support/web-app';
import * as flows from '../flows/workspace';

const binary = electronBinary();
if (!binary.path) {
  console.warn(
    `[electron workspace suite skipped] ${binary.reason}. The same flows run in Chromium against the browser host (test/e2e/web/workspace.test.ts).`,
  );
}

describe.skipIf(!binary.path)('Electron: editor workspace', () => {
  let app: ElectronApplication;
  let service: RunningSandbox | null = null;
  let ctx: flows.FlowContext;
  const dir = mkdtempSync(join(tmpdir(), 'desk-electron-flows-'));
  let port = 0;
  const start = async () => {
    service = await startSandbox({ dataDir: join(dir, 'service'), port, config: SMALL_CORPUS, admin: true });
    port = Number(new URL(service.baseUrl).port);
  };

  beforeAll(async () => {
    await start();
    app = await _electron.launch({
      executablePath: binary.path!,
      args: [repoRoot, `--user-data-dir=${join(dir, 'user')}`],
      acceptDownloads: true,
      colorScheme: 'light',
    });
    const page = await app.firstWindow();
    await page.setViewportSize({ width: 1400, height: 900 });

    // A profile for this test's service: name, address, key, then use it.
    await flows.nav(page, 'Settings');
    await page.getByLabel('Profile name').fill('Test service');
    await page.getByLabel('Service base URL').fill(service!.baseUrl);
    await page.getByRole('button', { name: 'Add profile' }).click();
    const profile = page.getByRole('article', { name: 'Profile Test service' });
    await profile.getByLabel('New API key for Test service').fill(service!.apiKey);
    await profile.getByRole('button', { name: 'Save key' }).click();
    await profile.getByRole('button', { name: 'Use this profile' }).click();
    await page.getByTestId('status-message').getByText('Online').waitFor({ timeout: 30_000 });
    await flows.nav(page, 'Manuscripts');

    ctx = {
      page,
      pdf: await makeManuscriptPdf(),
      stopService: async () => {
        await service?.close();
        service = null;
      },
      startService: start,
      // Ctrl+O asks the main process for its dialog: answer it with a file on disk.
      pickWithShortcut: async (name, bytes, press) => {
        const file = join(dir, name);
        writeFileSync(file, bytes);
        await app.evaluate(
          ({ dialog }, paths) => {
            dialog.showOpenDialog = (async () => ({ canceled: false, filePaths: paths })) as unknown as typeof dialog.showOpenDialog;
          },
          [file],
        );
        await press();
      },
      // The page may write the clipboard but not read it (security.ts): read it from main.
      readClipboard: () => app.evaluate(({ clipboard }) => clipboard.readText()),
      shot: (name) => screenshotPath(`electron-${name}`),
    };
  });
  afterAll(async () => {
    await app?.close();
    await service?.close();
  });

  it('drop a PDF → fields pre-filled → upload → candidates → filter → export CSV', () => flows.uploadFilterExport(ctx));
  it('re-upload and compare the runs', () => flows.reuploadCompare(ctx));
  it('journals with both corpora', () => flows.journalsBothCorpora(ctx));
  it('service stopped → cached views still work, an edit queues; service back → it is sent by itself', () => flows.offlineQueueResend(ctx));
  it('keyboard: Ctrl+O opens the main process file dialog, Ctrl+F, Alt+↓/↑', () => flows.keyboardShortcuts(ctx));
  it('has no serious or critical accessibility violation in any view, light and dark', () => flows.accessibility(ctx));
});
