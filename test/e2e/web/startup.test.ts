// Window first (issue 14): the shell is served and answers app.info while the local demo service is
// still starting in its own process; the status bar says so, then the demo data shows; a demo
// service that dies is said so in the status bar. Chromium against the browser host.
import { describe, expect, it } from 'vitest';
import { demoReady, heldAppInChromium, openThenStart } from '../../support/held-demo';

const s = heldAppInChromium('9.9.9-start');

describe('start order in Chromium', () => {
  it('paints the shell and answers app.info before the demo service is ready, then shows its data', async () => {
    const page = await s.browser.newPage();
    const { starting } = await openThenStart(s, page);
    demoReady(s.app, 0);
    await starting;
    await expect.poll(() => page.getByTestId('status-message').textContent(), { timeout: 20_000 }).toMatch(/^Online/);

    s.app.held.children[0]!.exit(137);
    await expect.poll(() => page.getByTestId('status-message').textContent()).toBe('The local demo service stopped; restarting it…');
    await expect.poll(() => s.app.held.children.length).toBe(2);
    demoReady(s.app, 1);
    await expect.poll(() => page.getByTestId('status-message').textContent(), { timeout: 20_000 }).not.toMatch(/demo service/);
    await page.close();
  });

  it('opens one WebSocket, from connect.js before the bundle runs, and the app uses that one', async () => {
    const page = await s.browser.newPage();
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
    await page.goto(s.app.host.url);
    await expect.poll(() => page.getByTestId('app-version').textContent()).toBe('Referee Desk 9.9.9-start');
    expect(await page.evaluate(() => (window as unknown as { socketsMadeBy: unknown[] }).socketsMadeBy)).toEqual(['./connect.js']);
    await page.close();
  });
});
