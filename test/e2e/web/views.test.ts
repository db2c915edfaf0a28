// Manuscripts, Activity and Custom fields at 1280×720 and 1920×1080, light and dark, in Chromium against
// the local service: each view's one primary action and its main content lie inside the window, nothing
// in it is cut (scrollWidth ≤ clientWidth), empty states say what to do next, and axe finds no serious
// or critical violation. Screenshots of each view at both sizes in both themes.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWN, makeManuscriptPdf } from '../../fixtures/intake/make';
import { seriousAxe } from '../../support/axe';
import { screenshotPath } from '../../support/browser';
import { openPageOn } from '../../support/online-page';
import { startWebApp, type WebApp } from '../../support/web-app';
import { dropFile, nav } from '../flows/workspace';

let app: WebApp;
let browser: Browser;
let page: Page;

const SIZES = [
  [1280, 720],
  [1920, 1080],
] as const;

/** The element's box lies wholly inside the window. */
async function inViewport(l: Locator, what: string): Promise<void> {
  const box = await l.boundingBox();
  const vp = page.viewportSize()!;
  expect(box, what).not.toBeNull();
  expect(box!.x, what).toBeGreaterThanOrEqual(0);
  expect(box!.y, what).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, what).toBeLessThanOrEqual(vp.width);
  expect(box!.y + box!.height, what).toBeLessThanOrEqual(vp.height);
}

/** Nothing in main scrolls sideways or is cut at its right edge, and the page is no wider than the window. */
async function nothingCut(what: string): Promise<void> {
  const overflow = await page.evaluate(() =>
    [...document.querySelectorAll('main, main *')]
      // Visually hidden controls (.sr-only, e.g. the native file input) are 1 px by design; an id cut
      // with an ellipsis in its middle ([data-full], its whole text in a tip) is checked by idsWhole().
      .filter(
        (el) => !el.closest('.sr-only, [data-full]') && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible',
      )
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className)} ${el.scrollWidth}>${el.clientWidth}`),
  );
  expect(overflow, what).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), what).toBe(true);
}

/** Every service id on one line inside the window, its distinguishing last 12 characters not cut, its
 *  whole text in the tip (hover/focus) and in the text; the first one's copy button copies it whole. */
async function idsWhole(what: string, shot?: string): Promise<void> {
  const ids = await page.locator('main .api-id').evaluateAll((els) =>
    els.map((el) => {
      const code = el.querySelector('code')!;
      const tail = el.querySelector('.id-tail');
      const r = el.getBoundingClientRect();
      const cell = el.closest('td')!.getBoundingClientRect();
      return {
        full: el.getAttribute('data-full')!,
        text: code.textContent,
        left: r.left,
        right: r.right,
        cellRight: cell.right,
        height: code.getBoundingClientRect().height,
        lineHeight: parseFloat(getComputedStyle(code).lineHeight) || 18,
        tailCut: tail ? tail.scrollWidth > tail.clientWidth + 0.5 || tail.getBoundingClientRect().right > r.right + 0.5 : false,
        tailText: tail?.textContent ?? null,
      };
    }),
  );
  expect(ids.length, what).toBeGreaterThan(0);
  for (const id of ids) {
    expect(id.text, what).toBe(id.full);
    expect(id.height, `${what}: ${id.full} wraps`).toBeLessThan(1.5 * id.lineHeight);
    expect(id.left, `${what}: ${id.full}`).toBeGreaterThanOrEqual(0);
    expect(id.right, `${what}: ${id.full} runs out of its cell`).toBeLessThanOrEqual(id.cellRight);
    expect(id.tailCut, `${what}: the end of ${id.full} is cut`).toBe(false);
    if (id.full.length > 16) expect(id.tailText, what).toBe(id.full.slice(-12));
  }
  const first = page.locator('main .api-id').first();
  const copy = first.getByRole('button', { name: /^Copy the id of / });
  await copy.focus();
  const full = ids[0]!.full;
  expect(await first.evaluate((el) => getComputedStyle(el, '::after').content), `${what}: tip on focus`).toBe(JSON.stringify(full));
  if (shot) await page.screenshot({ path: screenshotPath(shot) });
  await copy.click();
  expect(await page.evaluate(() => navigator.clipboard.readText()), what).toBe(full);
  await expect.poll(() => first.getByRole('status').textContent()).toBe('Copied');
  // The tick goes back to the copy icon by itself.
  await expect.poll(() => first.getByRole('status').textContent(), { timeout: 5_000 }).toBe('');
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** The view's primary buttons: exactly one, inside the window. */
/** Activity's panels leave no empty region: the changes to send span the view (no short column beside the others);
 *  Reminders and Webhook deliveries side by side with one height on a wide window, stacked at full width on a narrow
 *  one; the panels cover the view's box but for the gaps between them. */
async function activityFilled(what: string): Promise<void> {
  const box = async (name: string) => (await page.getByRole('region', { name }).boundingBox())!;
  const view = (await page.locator('main .activity').boundingBox())!;
  const writes = await box('Changes to send');
  const [reminders, webhook] = [await box('Reminders due'), await box('Webhook deliveries')];
  expect(writes.width, `${what}: changes to send span the view`).toBeCloseTo(view.width, 0);
  expect(reminders.y, `${what}: reminders under the changes`).toBeGreaterThan(writes.y + writes.height);
  if (view.width >= 2 * 560 + 16) {
    expect(webhook.y, `${what}: webhook deliveries beside the reminders`).toBeCloseTo(reminders.y, 0);
    expect(webhook.x, what).toBeGreaterThan(reminders.x + reminders.width);
    expect(webhook.height, `${what}: the two panels one height`).toBeCloseTo(reminders.height, 0);
  } else {
    expect(webhook.y, `${what}: webhook deliveries under the reminders`).toBeGreaterThan(reminders.y + reminders.height);
    for (const b of [reminders, webhook]) expect(b.width, `${what}: full width`).toBeCloseTo(view.width, 0);
  }
  // Measured with one change: the old layout (the changes in a column of their own) left 25 % of the box empty at 1920;
  // now 5.8 % (7.3 % at 1280): the gaps between panels.
  const panels = [writes, reminders, webhook].reduce((sum, b) => sum + b.width * b.height, 0);
  expect(1 - panels / (view.width * view.height), `${what}: share of the view's box outside the panels`).toBeLessThan(0.1);
}

async function onePrimary(what: string): Promise<Locator> {
  const primary = page.locator('main button.primary');
  expect(await primary.count(), `${what}: primary actions`).toBe(1);
  await inViewport(primary, `${what}: primary action`);
  return primary;
}

async function axe(what: string): Promise<void> {
  expect(await seriousAxe(page, what, 'main')).toEqual([]);
}

async function open(view: string): Promise<void> {
  await nav(page, view);
  await page.getByRole('heading', { level: 1, name: view }).waitFor();
}

beforeAll(async () => {
  app = await startWebApp({ service: true });
  ({ browser, page } = await openPageOn(app, { width: 1280, height: 720, clipboard: true }));
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('restyled views at 1280×720', () => {
  it('empty Manuscripts says to drop a file or choose files; its primary action and the empty state are in the window', async () => {
    await open('Manuscripts');
    const empty = page.getByRole('status').filter({ hasText: 'No manuscripts yet' });
    await expect.poll(() => empty.textContent()).toMatch(/Drop a PDF or DOCX here, or choose files/);
    expect(await (await onePrimary('Manuscripts')).textContent()).toBe('Upload manuscripts…');
    await inViewport(empty, 'empty state');
    await inViewport(empty.getByRole('button', { name: 'Choose files' }), 'Choose files');
    await nothingCut('Manuscripts empty');
    await axe('Manuscripts empty');
    await page.screenshot({ path: screenshotPath('manuscripts-empty-1280x720-light') });
  });

  it('empty Activity says nothing waits and what shows there; Sync now is its one primary action', async () => {
    await open('Activity');
    const writes = page.getByRole('region', { name: 'Changes to send' });
    await expect.poll(() => writes.textContent()).toMatch(/Nothing waiting: every change has been sent/);
    expect(await (await onePrimary('Activity')).textContent()).toBe('Sync now');
    await inViewport(writes, 'Changes to send');
    expect(await page.getByRole('region', { name: 'Webhook deliveries' }).textContent()).toMatch(/No referee marks received yet/);
    await inViewport(
      page.getByRole('region', { name: 'Webhook deliveries' }).getByRole('button', { name: 'Open Settings' }),
      'Open Settings',
    );
    await nothingCut('Activity empty');
    await axe('Activity empty');
  });

  it('Custom fields: Refresh is the primary action; the authors’ table with its value columns is in the window and not cut', async () => {
    await open('Custom fields');
    const table = page.getByRole('table', { name: 'Custom fields: Authors from groups' });
    await expect.poll(() => table.getByRole('row').count(), { timeout: 20_000 }).toBeGreaterThan(1);
    expect(await (await onePrimary('Custom fields')).textContent()).toBe('Refresh from the service');
    for (const col of ['Name', 'Field id', 'Kind', 'Options', 'Value to send', 'Value the service returns']) {
      await inViewport(table.getByRole('columnheader', { name: col }), `column ${col}`);
    }
    await nothingCut('Custom fields');
    await idsWhole('Custom fields', 'custom-fields-id-tip');
    await axe('Custom fields');
  });

  it('with a manuscript sent and a refused group: the detail’s actions, the refusal in plain words and its actions fit', async () => {
    await dropFile(page, 'lichens.pdf', await makeManuscriptPdf(), 'application/pdf');
    await open('Manuscripts');
    const item = page.getByRole('article', { name: 'Upload of lichens.pdf' });
    await expect.poll(() => item.locator('input[id$="-title"]').inputValue(), { timeout: 20_000 }).toBe(KNOWN.title);
    await item.locator('input[id$="-folder"]').fill('DEMO');
    await item.getByRole('button', { name: 'Upload', exact: true }).click();
    const list = page.getByRole('list', { name: 'Manuscripts' });
    await expect.poll(() => list.textContent(), { timeout: 30_000 }).toMatch(/Sent/);
    await page.getByRole('button', { name: 'Clear finished' }).click();
    await list.getByRole('button', { name: new RegExp(KNOWN.title.slice(0, 20)) }).click();
    const detail = page.getByRole('region', { name: 'Manuscript' });
    await expect.poll(() => detail.getByRole('heading', { level: 2 }).textContent()).toBe(KNOWN.title);
    expect(await (await onePrimary('Manuscripts')).textContent()).toBe('Upload manuscripts…');
    for (const name of ['Candidates', 'Journals', 'Upload again', 'Edit and upload again', 'Move']) {
      await inViewport(detail.getByRole('button', { name, exact: true }), name);
    }
    await inViewport(detail.getByLabel('Move to folder'), 'Move to folder');

    // A group whose owner team the service does not have: refused, shown in Activity with its reason and a way to fix it.
    await app.core.router.handle(
      'groups.create',
      { group_name: 'Ghost panel', owner_team: 'Ghost Team', editor_teams: [], viewer_teams: [] },
      { transport: 'test' },
    );
    await app.core.workspace()!.sync.syncNow();
    await open('Activity');
    const refused = page.getByRole('list', { name: 'Queued changes' }).getByRole('listitem').filter({ hasText: 'Ghost panel' });
    await expect.poll(() => refused.textContent(), { timeout: 20_000 }).toMatch(/Needs attention/);
    const text = (await refused.textContent())!;
    expect(text).toMatch(/Team "Ghost Team" does not exist/);
    expect(text).not.toMatch(/The service rejected|owner_team/);
    for (const name of ['Correct in Groups', 'Retry', 'Discard']) await inViewport(refused.getByRole('button', { name }), name);
    await nothingCut('Activity with a refusal');
    await axe('Activity with a refusal');
  });

  it('screenshots at 1280×720 and 1920×1080, light and dark: one primary action in the window, nothing cut, axe clean', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const [w, h] of SIZES) {
        await page.setViewportSize({ width: w, height: h });
        for (const [view, file, main] of [
          ['Manuscripts', 'manuscripts', () => page.getByRole('region', { name: 'Manuscript' })],
          ['Activity', 'activity', () => page.getByRole('region', { name: 'Changes to send' })],
          ['Custom fields', 'custom-fields', () => page.getByRole('table', { name: 'Custom fields: Authors from groups' })],
        ] as const) {
          const what = `${view} ${w}x${h} ${scheme}`;
          await open(view);
          await main().waitFor();
          await onePrimary(what);
          // The main content starts inside the window and is as wide as it needs, no wider.
          const box = (await main().boundingBox())!;
          expect(box.y + 40, what).toBeLessThan(h);
          expect(box.x + box.width, what).toBeLessThanOrEqual(w);
          await nothingCut(what);
          if (view === 'Custom fields') await idsWhole(what);
          if (view === 'Activity') await activityFilled(what);
          await page.screenshot({ path: screenshotPath(`${file}-${w}x${h}-${scheme}`) });
        }
      }
      await page.setViewportSize({ width: 1280, height: 720 });
      for (const view of ['Manuscripts', 'Activity', 'Custom fields']) {
        await open(view);
        await axe(`${view} ${scheme}`);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('Correct in Groups opens the refused group with its reason and the values to fix', async () => {
    await open('Activity');
    await page.getByRole('list', { name: 'Queued changes' }).getByRole('button', { name: 'Correct in Groups' }).click();
    await page.getByRole('heading', { level: 1, name: 'Groups' }).waitFor();
    const fix = page.getByRole('form', { name: 'Fix the group and send it again' });
    await expect.poll(() => fix.getByRole('alert').textContent()).toMatch(/Team "Ghost Team" does not exist/);
    expect(await fix.getByLabel('Owner team').inputValue()).toBe('Ghost Team');
  });
});
