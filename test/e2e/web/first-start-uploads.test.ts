// A first start (no profile yet) while the demo service is still starting, in Chromium against the browser host:
// two PDFs dropped and "Upload all" pressed at once are queued, not refused — the window shows no alert (no red
// "No connection profile is selected"), the cards say they wait for the demo service — and both are sent as soon as
// the service answers, with no second press.
import { describe, expect, it } from 'vitest';
import { KNOWN, makeManuscriptPdf } from '../../fixtures/intake/make';
import { screenshotPath } from '../../support/browser';
import { demoReady, heldAppInChromium, openThenStart } from '../../support/held-demo';
import { dropFile } from '../flows/workspace';

const s = heldAppInChromium('9.9.9-first');

describe('Upload all while the demo service starts', () => {
  it('queues the uploads with no alert, and sends them the moment the service answers', async () => {
    const page = await (await s.browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
    const { starting } = await openThenStart(s, page);

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

    demoReady(s.app, 0);
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
