// The editor's main flows (test/e2e/flows/workspace.ts) in Debian Chromium against the browser
// host and the local service: drop a PDF → candidates → filter → export CSV; re-upload and compare
// runs; journals with both corpora; service stopped → cached views work, an edit queues, service
// back → sent; keyboard shortcuts; axe in light and dark. Screenshots: test-results/screenshots.
import type { Browser, FileChooser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeManuscriptPdf } from '../../fixtures/intake/make';
import { launchChromium, screenshotPath } from '../../support/browser';
import { eachLook } from '../../support/looks';
import { startWebApp, type WebApp } from '../../support/web-app';
import * as flows from '../flows/workspace';

let app: WebApp;
let browser: Browser;
let page: Page;
let ctx: flows.FlowContext;
/** What to do with the next file chooser the page opens. */
let choose: ((chooser: FileChooser) => Promise<void>) | null = null;

beforeAll(async () => {
  app = await startWebApp({ service: true });
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  page = await context.newPage();
  page.on('filechooser', (chooser) => void choose?.(chooser));
  await page.goto(app.host.url);
  await page.getByTestId('status-message').getByText('Online').waitFor({ timeout: 20_000 });
  ctx = {
    page,
    pdf: await makeManuscriptPdf(),
    stopService: () => app.stopService(),
    startService: () => app.startService(),
    // The chooser handler is registered once, up front: Playwright turns on file-chooser interception
    // when the first listener is added, and a keystroke racing that switch would open a real dialog.
    pickWithShortcut: async (name, bytes, press) => {
      const picked = new Promise<void>((resolve, reject) => {
        choose = async (chooser) => {
          try {
            if (!chooser.isMultiple()) throw new Error('the file picker should take several files');
            await chooser.setFiles({ name, mimeType: 'application/pdf', buffer: bytes });
            resolve();
          } catch (err) {
            reject(err as Error);
          }
        };
      });
      await press();
      await picked;
    },
    readClipboard: () => page.evaluate(() => navigator.clipboard.readText()),
    shot: screenshotPath,
  };
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** Nothing inside `root` scrolls sideways or is cut by its box (an ellipsis on a table cell excepted: .vcell). */
async function nothingCut(root: Locator, what: string): Promise<void> {
  const cut = await root.evaluate((r) =>
    [r, ...r.querySelectorAll('*')]
      .filter(
        (el) => !el.closest('.sr-only, .vcell') && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible',
      )
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className)} ${el.scrollWidth}>${el.clientWidth}`),
  );
  expect(cut, what).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), what).toBe(true);
}

/** The box lies inside the window. */
async function inWindow(l: Locator, w: number, h: number, what: string): Promise<void> {
  const b = (await l.boundingBox())!;
  expect(b, what).not.toBeNull();
  expect(b.x, what).toBeGreaterThanOrEqual(0);
  expect(b.y, what).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width, what).toBeLessThanOrEqual(w);
  expect(b.y + b.height, what).toBeLessThanOrEqual(h);
}

describe('editor workspace', () => {
  it('drop a PDF → fields pre-filled → upload → candidates → filter → export CSV', () => flows.uploadFilterExport(ctx));
  it('re-upload and compare the runs', () => flows.reuploadCompare(ctx));
  it('journals with both corpora', () => flows.journalsBothCorpora(ctx));
  it('at 1280×720 the first row shows conflicts and the full e-mail, headers name the manuscript, details highlight shared concepts', () =>
    flows.decisionAt1280(ctx));
  it('service stopped → cached views still work, an edit queues; service back → it is sent by itself', () => flows.offlineQueueResend(ctx));
  it('keyboard: Ctrl+O opens the file picker, Ctrl+F searches the view in front, Alt+↓/↑ step through manuscripts', () =>
    flows.keyboardShortcuts(ctx));
  it(
    'has no serious or critical accessibility violation in any view, light and dark, with forms and details open',
    () => flows.accessibility(ctx),
    300_000,
  );
  it('Journals and a candidate’s details at 1280×720 and 1920×1080, light and dark: in the window, nothing cut', async () => {
    await eachLook(page, async (w, h, scheme) => {
      const what = `${w}x${h} ${scheme}`;
      await flows.nav(page, 'Journals');
      const list = page.getByRole('list', { name: 'Recommended journals' });
      await list.getByRole('listitem').first().waitFor();
      await inWindow(list.getByRole('listitem').first(), w, h, `Journals ${what}: first journal`);
      await nothingCut(page.locator('main'), `Journals ${what}`);
      await page.screenshot({ path: screenshotPath(`journals-${w}x${h}-${scheme}`) });

      await flows.nav(page, 'Candidates');
      const candidatesTab = page.getByRole('radio', { name: 'Candidates', exact: true });
      if ((await candidatesTab.count()) > 0) await candidatesTab.check();
      await page.getByRole('table', { name: 'Referee candidates' }).locator('.name-cell button').first().click();
      const drawer = page.getByRole('dialog');
      await drawer.waitFor();
      await inWindow(drawer, w, h, `details ${what}`);
      await inWindow(drawer.getByRole('button', { name: /close/i }).first(), w, h, `details ${what}: close`);
      await nothingCut(drawer, `details ${what}`);
      await page.screenshot({ path: screenshotPath(`details-${w}x${h}-${scheme}`) });
      await page.keyboard.press('Escape');
      await expect.poll(() => drawer.count()).toBe(0);
    });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1400, height: 900 });
  });
});
