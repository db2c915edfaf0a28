// Window first (issue 14): the shell is served and answers app.info while the local demo service is
// still starting in its own process; the status bar says so, then the demo data shows; a demo
// service that dies is said so in the status bar. Chromium against the browser host.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../electron/core/composition';
import type { Host } from '../../../electron/host/server';
import type { RunningSandbox } from '../../../electron/localservice';
import { launchChromium } from '../../support/browser';
import { startHeldApp, type HeldApp } from '../../support/held-demo';

let browser: Browser;
let app: HeldApp;
let core: Core;
let host: Host;
let service: RunningSandbox;
let held: HeldApp['held'];

beforeAll(async () => {
  app = await startHeldApp('9.9.9-start');
  ({ core, host, service, held } = app);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('start order in Chromium', () => {
  it('paints the shell and answers app.info before the demo service is ready, then shows its data', async () => {
    const page = await browser.newPage();
    await page.goto(host.url);
    await expect.poll(() => page.getByTestId('app-version').textContent()).toBe('Referee Desk 9.9.9-start');
    const starting = core.start();
    // The start's steps before the demo service (workers, loaders) take longer on a loaded machine.
    await expect.poll(() => held.children.length, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => page.getByTestId('status-message').textContent()).toBe('Starting the local demo service…');
    held.children[0]!.post({ type: 'ready', base_url: service.baseUrl, api_key: service.apiKey });
    await starting;
    await expect.poll(() => page.getByTestId('status-message').textContent(), { timeout: 20_000 }).toMatch(/^Online/);

    held.children[0]!.exit(137);
    await expect.poll(() => page.getByTestId('status-message').textContent()).toBe('The local demo service stopped; restarting it…');
    await expect.poll(() => held.children.length).toBe(2);
    held.children[1]!.post({ type: 'ready', base_url: service.baseUrl, api_key: service.apiKey });
    await expect.poll(() => page.getByTestId('status-message').textContent(), { timeout: 20_000 }).not.toMatch(/demo service/);
    await page.close();
  });

  it('opens one WebSocket, from connect.js before the bundle runs, and the app uses that one', async () => {
    const page = await browser.newPage();
    // Which script made each socket: a classic script is document.currentScript while it runs; a module is not.
    await page.addInitScript(() => {
      const made: Array<string | null> = [];
      Object.assign(window, { socketsMadeBy: made });
      const Native = window.WebSocket;
      window.WebSocket = class extends Native {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(url, protocols);
          made.push(document.currentScript?.getAttribute('src') ?? null);
        }
      };
    });
    await page.goto(host.url);
    await expect.poll(() => page.getByTestId('app-version').textContent()).toBe('Referee Desk 9.9.9-start');
    expect(await page.evaluate(() => (window as unknown as { socketsMadeBy: unknown[] }).socketsMadeBy)).toEqual(['./connect.js']);
    await page.close();
  });
});
