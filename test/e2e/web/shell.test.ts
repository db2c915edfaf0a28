// The shell in Debian Chromium against the browser host: the version core reports reaches the
// status bar through the WebSocket bridge, navigation works by mouse and keyboard, both themes render.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium, screenshotPath } from '../../support/browser';
import { startWebApp, type WebApp } from '../../support/web-app';

let app: WebApp;
let browser: Browser;

beforeAll(async () => {
  app = await startWebApp({ appVersion: '7.7.7-e2e' });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('shell in Chromium', () => {
  it('shows the version core reports and the live status', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(app.host.url);
    await expect.poll(() => page.getByTestId('app-version').textContent()).toBe('Referee Desk 7.7.7-e2e');
    app.core.status.update({ connectivity: 'offline', pendingWrites: 3 });
    await expect.poll(() => page.getByTestId('status-message').textContent()).toBe('Offline — 3 changes queued');
    await page.screenshot({ path: screenshotPath('shell-light') });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('navigates between the eight views by click and by keyboard', async () => {
    const page = await browser.newPage();
    await page.goto(app.host.url);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of ['Manuscripts', 'Candidates', 'Journals', 'Activity', 'Reviewers', 'Groups', 'Settings', 'Custom fields']) {
      await nav.getByRole('button', { name: label }).click();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(label);
    }
    await page.keyboard.press('Control+3');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Journals');
    await page.keyboard.press('Control+8');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Custom fields');
    await page.keyboard.press('Control+5');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Reviewers');
    await page.keyboard.press('Control+7');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Settings');
    await page.close();
  });

  it('follows the OS dark theme', async () => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto(app.host.url);
    await expect.poll(() => page.getByTestId('app-version').textContent()).toContain('7.7.7-e2e');
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bg).toBe('rgb(23, 24, 27)');
    await page.screenshot({ path: screenshotPath('shell-dark') });
    await context.close();
  });

  it('without the session token the page cannot reach core and says how to open it', async () => {
    const page = await browser.newPage();
    await page.goto(app.host.origin + '/');
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/npm run web/);
    await page.close();
  });
});
