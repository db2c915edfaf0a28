// The thin Electron suite: the real app through playwright's _electron. It runs wherever the
// Electron binary exists and is skipped, with the reason printed, where it does not.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { electronBinary } from '../../../scripts/electron-binary.mjs';
import { repoRoot, screenshotPath } from '../../support/browser';

const binary = electronBinary();
if (!binary.path) {
  console.warn(`[electron suite skipped] ${binary.reason}. The same flows run in Chromium against the browser host (test/e2e/web).`);
}

describe.skipIf(!binary.path)('Electron app', () => {
  let app: ElectronApplication;
  let page: Page;

  beforeAll(async () => {
    app = await _electron.launch({
      executablePath: binary.path!,
      args: [repoRoot, `--user-data-dir=${mkdtempSync(join(tmpdir(), 'desk-electron-'))}`],
      env: { ...process.env, ELECTRON_ENABLE_LOGGING: '1' },
    });
    page = await app.firstWindow();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('loads the renderer from app:// and shows the version', async () => {
    expect(page.url()).toBe('app://desk/index.html');
    await expect.poll(() => page.getByTestId('app-version').textContent()).toMatch(/^Referee Desk \d/);
    await page.screenshot({ path: screenshotPath('electron-shell') });
  });

  it('exposes only the contract bridge to the page', async () => {
    const shape = await page.evaluate(() => ({
      keys: Object.keys((window as unknown as { desk: object }).desk),
      require: typeof (window as unknown as { require?: unknown }).require,
      process: typeof (window as unknown as { process?: unknown }).process,
    }));
    expect(shape).toEqual({ keys: ['host', 'request', 'subscribe'], require: 'undefined', process: 'undefined' });
  });

  it('blocks navigation away from the app', async () => {
    await page.evaluate(() => {
      window.location.href = 'https://example.org/';
    });
    await expect.poll(() => page.url()).toBe('app://desk/index.html');
  });

  it('creates one window only', async () => {
    expect(app.windows()).toHaveLength(1);
  });
});
