// The upload queue in Chromium: several files dropped at once (one of them not what its name
// says), cancel before queueing, cancel of an upload the service is still holding, and an upload
// the service refuses (plan without the referee finder) sent again once the plan allows it; the form's
// width, the remembered folder, the card header that opens the form, and a file dropped again.
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeManuscriptPdf } from '../../fixtures/intake/make';
import { seriousAxe } from '../../support/axe';
import { launchChromium, screenshotPath } from '../../support/browser';
import { sandboxAdmin } from '../../support/admin';
import { startWebApp, type WebApp } from '../../support/web-app';

let app: WebApp;
let browser: Browser;
let page: Page;
let pdf: Buffer;
/** Larger than the socket buffers: while the service holds the request, the body is still being sent. */
let bigPdf: Buffer;
let orgId: number;

const admin = sandboxAdmin(() => app.service!);

const serviceOrigins = async () =>
  (await admin<{ manuscripts: Array<{ origin_id: string }> }>('GET', `orgs/${orgId}/manuscripts/`)).manuscripts.map((m) => m.origin_id);

async function drop(files: Array<{ name: string; bytes: Buffer; type: string }>): Promise<void> {
  await page.evaluate(
    (list) => {
      const dt = new DataTransfer();
      for (const f of list) {
        const bin = atob(f.b64);
        const data = new Uint8Array(bin.length);
        for (let i = 0; i < bin.length; i++) data[i] = bin.charCodeAt(i);
        dt.items.add(new File([data], f.name, { type: f.type }));
      }
      window.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    },
    files.map((f) => ({ name: f.name, b64: f.bytes.toString('base64'), type: f.type })),
  );
}

const item = (name: string) => page.getByRole('article', { name: `Upload of ${name}` });
const state = (name: string) => item(name).getByTestId('upload-state').textContent();

async function fill(name: string, origin: string): Promise<void> {
  const it = item(name);
  await expect.poll(() => state(name), { timeout: 20_000 }).toBe('Check and upload');
  await it.locator('input[id$="-folder"]').fill('QUEUE');
  await it.locator('input[id$="-origin"]').fill(origin);
}

beforeAll(async () => {
  pdf = await makeManuscriptPdf();
  bigPdf = await makeManuscriptPdf({ padBytes: 8 * 2 ** 20 });
  app = await startWebApp({ service: true });
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await page.goto(app.host.url);
  await page.getByTestId('status-message').getByText('Online').waitFor({ timeout: 20_000 });
  orgId = (await admin<{ orgs: Array<{ id: number }> }>('GET', 'orgs/')).orgs[0]!.id;
});
// A fault a test set on the service never outlives it (a failed test would hold the next ones' uploads).
afterEach(async () => {
  if (app?.service) await admin('DELETE', 'faults/');
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('upload queue', () => {
  it('takes several dropped files at once and names the one that is not a PDF; cancel before queueing', async () => {
    await drop([
      { name: 'first.pdf', bytes: pdf, type: 'application/pdf' },
      { name: 'notes.pdf', bytes: Buffer.from('Meeting notes, plain text.\n'), type: 'application/pdf' },
      { name: 'third.pdf', bytes: pdf, type: 'application/pdf' },
    ]);
    await expect.poll(() => page.getByRole('article', { name: /^Upload of / }).count()).toBe(3);
    await expect.poll(() => state('notes.pdf'), { timeout: 20_000 }).toBe('Problem');
    await expect.poll(() => item('notes.pdf').getByRole('alert').textContent()).toMatch(/plain text, not a PDF/);
    await expect.poll(() => state('first.pdf'), { timeout: 20_000 }).toBe('Check and upload');
    await expect.poll(() => state('third.pdf'), { timeout: 20_000 }).toBe('Check and upload');
    await page.screenshot({ path: screenshotPath('uploads-1-batch') });
    expect(await seriousAxe(page, 'uploads')).toEqual([]);

    // Over the 50 MB limit: refused in the window, before a byte is read or sent.
    await page.evaluate(() => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(51 * 2 ** 20)], 'huge.pdf', { type: 'application/pdf' }));
      window.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    });
    await expect.poll(() => state('huge.pdf')).toBe('Problem');
    expect(await item('huge.pdf').getByRole('alert').textContent()).toBe('“huge.pdf” is 51.0 MB; the limit is 50 MB.');
    await item('huge.pdf').getByRole('button', { name: 'Cancel', exact: true }).click();

    // A file that can never be read offers no Retry; Cancel takes it out of the batch.
    expect(await item('notes.pdf').getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await item('notes.pdf').getByRole('button', { name: 'Cancel', exact: true }).click();
    await item('third.pdf').getByRole('button', { name: 'Cancel', exact: true }).click();
    expect(await state('notes.pdf')).toBe('Cancelled');
    expect(await state('third.pdf')).toBe('Cancelled');

    await fill('first.pdf', 'queue-first');
    await item('first.pdf').getByRole('button', { name: 'Upload', exact: true }).click();
    await expect.poll(() => state('first.pdf'), { timeout: 30_000 }).toBe('Sent');
    expect(await serviceOrigins()).toEqual(['queue-first']);
    await page.getByRole('button', { name: 'Clear finished' }).click();
    await expect.poll(() => page.getByRole('article', { name: /^Upload of / }).count()).toBe(0);
  });

  it('cancels an upload the service is still holding: it never arrives and leaves the list', async () => {
    await admin('POST', 'faults/', { route: 'upload', kind: 'latency', latency_ms: 60_000, times: 1 });
    await drop([{ name: 'slow.pdf', bytes: bigPdf, type: 'application/pdf' }]);
    await fill('slow.pdf', 'queue-slow');
    await item('slow.pdf').getByRole('button', { name: 'Upload', exact: true }).click();
    await expect
      .poll(async () => (await admin<{ faults: Array<{ fired: number }> }>('GET', 'faults/')).faults[0]!.fired, { timeout: 20_000 })
      .toBe(1);
    // The list follows core's change feed (one refetch per frame window): under load, allow it a few seconds.
    await expect
      .poll(() => page.getByRole('list', { name: 'Manuscripts' }).textContent(), { timeout: 10_000 })
      .toMatch(/queue-slow|Tidal|Pending/);
    await page.screenshot({ path: screenshotPath('uploads-2-in-flight') });
    await item('slow.pdf').getByRole('button', { name: 'Cancel the upload of slow.pdf' }).click();
    await expect.poll(() => state('slow.pdf'), { timeout: 10_000 }).toBe('Cancelled');
    // The button went away with the upload; the keyboard focus stays in the queue.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Uploads');
    await expect.poll(() => page.getByRole('list', { name: 'Manuscripts' }).getByRole('listitem').count(), { timeout: 10_000 }).toBe(1);
    expect(await serviceOrigins()).toEqual(['queue-first']);
  });

  it('an upload the plan refuses shows why and goes out with Send again once the plan allows it', async () => {
    await admin('PUT', `orgs/${orgId}/features/`, { authors_groups: true, referee_finder: false, recommend_journals: true });
    await drop([{ name: 'refused.pdf', bytes: pdf, type: 'application/pdf' }]);
    await fill('refused.pdf', 'queue-refused');
    await item('refused.pdf').getByRole('button', { name: 'Upload', exact: true }).click();
    await expect.poll(() => state('refused.pdf'), { timeout: 30_000 }).toBe('Not sent');
    await expect.poll(() => item('refused.pdf').getByRole('alert').textContent()).toMatch(/did not take this upload: .*referee.finder/i);
    await page.screenshot({ path: screenshotPath('uploads-3-refused') });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Activity' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Queued changes' }).textContent()).toMatch(/referee_finder|plan/i);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Manuscripts' }).click();

    await admin('PUT', `orgs/${orgId}/features/`, { authors_groups: true, referee_finder: true, recommend_journals: true });
    await item('refused.pdf').getByRole('button', { name: 'Send again' }).click();
    await expect.poll(() => state('refused.pdf'), { timeout: 30_000 }).toBe('Sent');
    expect((await serviceOrigins()).sort()).toEqual(['queue-first', 'queue-refused']);
  });

  it('a 4-file drop uploads with one folder and one click; each finished card links to its candidates', async () => {
    const names = ['b1.pdf', 'b2.pdf', 'b3.pdf', 'b4.pdf'];
    await drop(names.map((name) => ({ name, bytes: pdf, type: 'application/pdf' })));
    for (const n of names) await expect.poll(() => state(n), { timeout: 30_000 }).toBe('Check and upload');
    // Compact cards: the title and authors count, not four open forms.
    expect(await page.locator('.upload-item input[id$="-title"]').count()).toBe(0);
    await expect.poll(() => item('b1.pdf').textContent()).toMatch(/\d+ authors?/);
    // Nothing says "required" before a first try; the folder last uploaded to is filled in already.
    expect(await page.getByRole('region', { name: 'Uploads' }).textContent()).not.toMatch(/required/i);
    expect(await page.getByLabel('Folder for all').inputValue()).toBe('QUEUE');
    // The card's header opens its form (the name, not only the chevron), and closes it again.
    await item('b1.pdf').getByText('b1.pdf', { exact: true }).click();
    await expect.poll(() => item('b1.pdf').locator('input[id$="-title"]').isVisible()).toBe(true);
    expect(await item('b1.pdf').locator('input[id$="-folder"]').inputValue()).toBe('QUEUE');
    await item('b1.pdf').getByRole('button', { name: 'Close the form of b1.pdf' }).click();
    await expect.poll(() => item('b1.pdf').locator('input[id$="-title"]').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('uploads-2-batch-cards') });
    // Each file needs its own manuscript id: the drop gives each one from its file name.
    await page.getByLabel('Folder for all').fill('BATCH');
    await page.getByRole('button', { name: /^Upload all \(4\)$/ }).click();
    for (const n of names) await expect.poll(() => state(n), { timeout: 60_000 }).toBe('Sent');
    expect((await serviceOrigins()).filter((o) => /^b\d$/.test(o)).sort()).toEqual(['b1', 'b2', 'b3', 'b4']);
    await item('b2.pdf').getByRole('button', { name: 'Show candidates' }).click();
    await expect.poll(() => page.getByTestId('context-header').textContent()).toMatch(/Manuscript id b2/);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Manuscripts' }).click();
    await page.getByRole('button', { name: 'Clear finished' }).click();
  });

  it('a file dropped again asks "Upload again as run #2?"; the form uses the width at 1280 and 1920, light and dark', async () => {
    await drop([{ name: 'b3.pdf', bytes: pdf, type: 'application/pdf' }]);
    const ask = item('b3.pdf').getByRole('group', { name: 'b3.pdf is uploaded already' });
    await expect.poll(() => ask.count(), { timeout: 30_000 }).toBe(1);
    expect(await ask.textContent()).toMatch(/This file was uploaded already as “.+”\. Upload again as run #2\?/);
    // Nothing goes before the answer: no form, and Upload all has nothing to take.
    expect(await item('b3.pdf').locator('input[id$="-title"]').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('uploads-4-again') });
    await ask.getByRole('button', { name: 'Upload again as run #2' }).click();
    const form = item('b3.pdf').locator('.upload-form');
    await form.waitFor();
    expect(await item('b3.pdf').locator('input[id$="-origin"]').inputValue()).toBe('b3');
    expect(await item('b3.pdf').getByRole('button', { name: 'Upload new run' }).count()).toBe(1);
    // Title and abstract take at least 60 % of the form's width, at both window sizes and in both themes.
    for (const [w, h] of [
      [1280, 720],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      const widths = await form.evaluate((f) => {
        const of = (sel: string) => f.querySelector(sel)!.getBoundingClientRect().width;
        return { form: f.getBoundingClientRect().width, title: of('input[id$="-title"]'), abstract: of('textarea[id$="-abstract"]') };
      });
      expect(widths.title / widths.form, `title at ${w}`).toBeGreaterThanOrEqual(0.6);
      expect(widths.abstract / widths.form, `abstract at ${w}`).toBeGreaterThanOrEqual(0.6);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: screenshotPath(`uploads-form-${w}x${h}-${scheme}`) });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1400, height: 900 });
    const axe = await new AxeBuilder({ page }).include('[aria-label="Uploads"]').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await item('b3.pdf').getByRole('button', { name: 'Cancel', exact: true }).click();
    // "Don't upload" takes a re-dropped file out of the batch.
    await drop([{ name: 'b4.pdf', bytes: pdf, type: 'application/pdf' }]);
    const again = item('b4.pdf').getByRole('group', { name: 'b4.pdf is uploaded already' });
    await expect.poll(() => again.count(), { timeout: 30_000 }).toBe(1);
    await again.getByRole('button', { name: 'Don’t upload' }).click();
    await expect.poll(() => state('b4.pdf')).toBe('Cancelled');
    await page.getByRole('button', { name: 'Clear finished' }).click();
  });

  it('bounds that cannot hold get a plain-words message naming the fields, and nothing is sent', async () => {
    await drop([{ name: 'bounds.pdf', bytes: pdf, type: 'application/pdf' }]);
    await fill('bounds.pdf', 'bounds-check');
    await item('bounds.pdf').getByText('Candidate bounds and options').click();
    await item('bounds.pdf').getByLabel('Min h-index').fill('30');
    await item('bounds.pdf').getByLabel('Max h-index').fill('5');
    await item('bounds.pdf').getByRole('button', { name: 'Upload', exact: true }).click();
    const alert = item('bounds.pdf').getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe('Min h-index (30) is above Max h-index (5): lower the minimum or raise the maximum.');
    expect(await alert.textContent()).not.toMatch(/manuscripts\.|form\.|min_h_index/);
    expect(await serviceOrigins()).not.toContain('bounds-check');
    await item('bounds.pdf').getByRole('button', { name: 'Cancel', exact: true }).click();
  });
});
