// The manuscript's first page beside its upload form: drawn by pdf.js in the window (its worker allowed by
// the CSP), to the right of the title and abstract at 1280×720 with the fields still wide; a Word file gets
// words instead; the pane folds away. Screenshots at both sizes, light and dark; axe clean.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeManuscriptDocx, makeManuscriptPdf } from '../../fixtures/intake/make';
import { seriousAxe } from '../../support/axe';
import { launchChromium, screenshotPath } from '../../support/browser';
import { dropFile } from '../../support/drop';
import { eachLook } from '../../support/looks';
import { startWebApp, type WebApp } from '../../support/web-app';

let app: WebApp;
let browser: Browser;
let page: Page;
const errors: string[] = [];

const drop = (name: string, bytes: Buffer, type: string) => dropFile(page, name, bytes, type);

const item = (name: string) => page.getByRole('article', { name: `Upload of ${name}` });

beforeAll(async () => {
  app = await startWebApp({ service: true });
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(app.host.url);
  await page.getByTestId('status-message').getByText('Online').waitFor({ timeout: 20_000 });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('first page beside the upload form', () => {
  it('draws page 1 of a PDF to the right of the form at 1280×720; the title and abstract stay wide', async () => {
    await drop('paper.pdf', await makeManuscriptPdf(), 'application/pdf');
    await expect.poll(() => item('paper.pdf').getByTestId('upload-state').textContent(), { timeout: 20_000 }).toBe('Check and upload');
    const canvas = item('paper.pdf').getByTestId('first-page');
    await canvas.waitFor({ state: 'visible', timeout: 20_000 });
    const title = await item('paper.pdf').locator('input[id$="-title"]').boundingBox();
    const abstract = await item('paper.pdf').locator('textarea[id$="-abstract"]').boundingBox();
    const shown = await canvas.boundingBox();
    expect(title && abstract && shown).toBeTruthy();
    // beside, not below: the page starts right of the fields, level with the form, inside the window
    expect(shown!.x).toBeGreaterThanOrEqual(title!.x + title!.width);
    expect(shown!.y).toBeLessThan(720);
    expect(shown!.x + shown!.width).toBeLessThanOrEqual(1280);
    expect(shown!.width).toBeGreaterThanOrEqual(300);
    expect(title!.width).toBeGreaterThanOrEqual(400);
    expect(abstract!.width).toBeGreaterThanOrEqual(400);
    // one page, a bounded bitmap, really drawn (not a blank canvas)
    const bitmap = await canvas.evaluate((c: HTMLCanvasElement) => {
      const ctx = c.getContext('2d')!;
      const px = ctx.getImageData(0, 0, c.width, Math.min(c.height, Math.round(c.height / 3))).data;
      let dark = 0;
      for (let i = 0; i < px.length; i += 4) if (px[i]! < 128) dark++;
      return { width: c.width, height: c.height, dark };
    });
    expect(bitmap.width).toBeLessThanOrEqual(1000);
    expect(bitmap.height).toBeLessThanOrEqual(1600);
    expect(bitmap.dark).toBeGreaterThan(100);
    expect(errors.filter((e) => /Content Security Policy|worker/i.test(e))).toEqual([]);
  });

  it('screenshots at both sizes, light and dark: the page beside the form, axe clean', async () => {
    await eachLook(page, async (w, h, scheme) => {
      await item('paper.pdf').getByTestId('first-page').waitFor({ state: 'visible' });
      await page.screenshot({ path: screenshotPath(`first-page-${w}x${h}-${scheme}`) });
      expect(await seriousAxe(page, `${w}x${h} ${scheme}`, '[aria-label="Uploads"]')).toEqual([]);
    });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('folds away and comes back', async () => {
    const toggle = item('paper.pdf').getByRole('button', { name: 'First page' });
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await item('paper.pdf').getByTestId('first-page').count()).toBe(0);
    const title = await item('paper.pdf').locator('input[id$="-title"]').boundingBox();
    expect(title!.width).toBeGreaterThanOrEqual(700);
    await toggle.click();
    await item('paper.pdf').getByTestId('first-page').waitFor({ state: 'visible', timeout: 20_000 });
  });

  it('says so for a Word file', async () => {
    await page.getByRole('button', { name: 'Clear finished' }).click();
    await item('paper.pdf')
      .getByRole('button', { name: /^Cancel/ })
      .first()
      .click()
      .catch(() => undefined);
    await drop('paper.docx', await makeManuscriptDocx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    await expect.poll(() => item('paper.docx').getByTestId('upload-state').textContent(), { timeout: 20_000 }).toBe('Check and upload');
    await item('paper.docx').locator('input[id$="-title"]').click();
    await expect
      .poll(() => item('paper.docx').getByRole('complementary', { name: 'First page of paper.docx' }).textContent(), { timeout: 20_000 })
      .toMatch(/No preview for Word files/);
  });
});
