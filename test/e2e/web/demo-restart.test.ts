// A demo service whose supervisor gave up (issue 40): the status bar says why and offers a restart; the
// button restarts it through demo.restart and goes away once the service runs. The supervisor's own path to
// the failed state (two deaths) is test/integration/process.test.ts; here core is told it as the supervisor
// tells it, and the window does the rest, in Chromium against the browser host.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../support/browser';
import { startWebApp, type WebApp } from '../../support/web-app';

let app: WebApp;
let browser: Browser;

beforeAll(async () => {
  app = await startWebApp({ service: true });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('a demo service that gave up', () => {
  it('is said in the status bar with a restart button, and the button brings it back', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(app.host.url);
    await expect.poll(() => page.getByTestId('status-message').textContent()).not.toMatch(/demo service/);
    expect(await page.getByTestId('demo-restart').count()).toBe(0);

    await app.stopService();
    const reason = 'The local demo service stopped unexpectedly (exit code 137).';
    app.core.status.setActivity(reason);
    app.core.status.setDemo({ state: 'failed', message: reason });
    // Said in the editor's words; the supervisor's sentence (its exit code) only under Details.
    const said = page.getByTestId('status-message');
    await expect
      .poll(() => said.innerText())
      .toMatch(/^The demo service stopped\. Restart it with “Restart the demo service” at the bottom of the window\./);
    expect(await said.innerText()).not.toMatch(/exit code/);
    await said.getByText('Details', { exact: true }).click();
    await expect.poll(() => said.locator('code').innerText()).toBe(reason);
    const button = page.getByRole('button', { name: 'Restart the demo service' });
    await button.click();

    await expect.poll(() => page.getByTestId('demo-restart').count()).toBe(0);
    expect(app.service).not.toBeNull();
    expect((await app.core.router.handle('app.status', {}, { transport: 'test' })) as unknown).toMatchObject({
      ok: true,
      value: { demo: { state: 'running', message: null } },
    });
    await expect.poll(() => page.getByTestId('status-message').textContent()).not.toMatch(/demo service/);
    expect(await page.getByTestId('demo-restart-error').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
