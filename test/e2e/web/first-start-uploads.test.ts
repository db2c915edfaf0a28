// A first start (no profile yet) while the demo service is still starting, in Chromium against the browser host:
// two PDFs dropped and "Upload all" pressed at once are queued, not refused — the window shows no alert (no red
// "No connection profile is selected"), the cards say they wait for the demo service — and both are sent as soon as
// the service answers, with no second press.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../electron/core/composition';
import type { Host } from '../../../electron/host/server';
import type { RunningSandbox } from '../../../electron/localservice';
import { KNOWN, makeManuscriptPdf } from '../../fixtures/intake/make';
import { launchChromium, screenshotPath } from '../../support/browser';
import { startHeldApp, type HeldApp } from '../../support/held-demo';
import { dropFile } from '../flows/workspace';

let browser: Browser;
let app: HeldApp;
let core: Core;
let host: Host;
let service: RunningSandbox;
let held: HeldApp['held'];

beforeAll(async () => {
  app = await startHeldApp('9.9.9-first');
  ({ core, host, service, held } = app);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('Upload all while the demo service starts', () => {
  it('queues the uploads with no alert, and sends them the moment the service answers', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
    await page.goto(host.url);
    await expect.poll(() => page.getByTestId('app-version').textContent()).toBe('Referee Desk 9.9.9-first');
    const starting = core.start();
    await expect.poll(() => held.children.length, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => page.getByTestId('status-message').textContent()).toBe('Starting the local demo service…');

    const pdf = await makeManuscriptPdf();
    await dropFile(page, 'first-a.pdf', pdf, 'application/pdf');
    await dropFile(page, 'first-b.pdf', pdf, 'application/pdf');
    const cards = page.getByRole('region', { name: 'Uploads' }).getByRole('article');
    await expect.poll(() => cards.count()).toBe(2);
    // Both read (intake needs no profile), then Upload all with the batch's folder.
    await expect.poll(() => page.getByRole('button', { name: /^Upload all \(2\)$/ }).count(), { timeout: 20_000 }).toBe(1);
    await page.locator('#batch-folder').fill('DEMO');
    await page.getByRole('button', { name: /^Upload all \(2\)$/ }).click();

    // Waiting, said on each card; nothing red anywhere.
    await expect.poll(() => page.getByTestId('upload-waiting').count()).toBe(2);
    for (const state of await page.getByTestId('upload-state').allTextContents()) expect(state).toBe('Queued');
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.locator('main').textContent()).not.toMatch(/No connection profile/);
    await page.screenshot({ path: screenshotPath('first-start-uploads-waiting') });

    held.children[0]!.post({ type: 'ready', base_url: service.baseUrl, api_key: service.apiKey });
    await starting;
    // Sent without a second press: each card says Sent, the list has both manuscripts.
    await expect
      .poll(async () => (await page.getByTestId('upload-state').allTextContents()).join(' '), { timeout: 40_000 })
      .toBe('Sent Sent');
    expect(await page.getByTestId('upload-waiting').count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    const list = page.getByRole('list', { name: 'Manuscripts' });
    await expect.poll(() => list.getByRole('button', { name: new RegExp(KNOWN.title.slice(0, 20)) }).count()).toBe(2);
    await page.screenshot({ path: screenshotPath('first-start-uploads-sent') });
    await page.close();
  });
});
