// Issue 12's scroll benchmark: a row of the candidates table recycled while scrolling (VirtualTable hands
// the element of a row scrolled out to the row scrolled in) updates its icons and conflict flags in place.
// Mounting a lucide icon and its paths, or a new set of flag spans, for every row that scrolls in was DOM
// and garbage for the scroll's major GCs. The cells must still show each person's own flags and icons.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFLICT_TEXT } from '../../../electron/common/domain/conflicts';
import type { ConflictKey, UploadResponse } from '../../../electron/common/service';
import { launchChromium } from '../../support/browser';
import { generatedAnswer } from '../../support/generated-run';
import { openCandidates } from '../../support/candidates-page';
import { commitCounter } from '../../support/react-commits';
import { startWebApp, type WebApp } from '../../support/web-app';

let app: WebApp;
let browser: Browser;

const N = 80;
/** The candidate table's row height (CandidatesView's ROW_HEIGHT). */
const ROW = 36;
/** Each person's flags: none for most, one or two for some, three (the compact cell) for person 0. */
const flags = (i: number): ConflictKey[] =>
  (
    [
      ['coauth_conflicts', i % 3 === 0],
      ['aff_conflicts', i % 7 === 0],
      ['referenced_articles', i % 4 === 0],
    ] as const
  )
    .filter(([, on]) => on)
    .map(([k]) => k);

const answer = (): UploadResponse =>
  generatedAnswer(7, 'scroll-1', N, (i) => ({
    name: `Scroller ${i} Example`,
    first_name: 'Scroller',
    author_id: 900 + i,
    email: i % 4 === 1 ? null : `s${i}@example.org`,
    hIndex: 5 + (i % 9),
    url: `https://example.org/s/${i}`,
    relevant_concepts: ['tides'],
    marked: i % 6 === 0,
    coauth_conflicts: { exists: flags(i).includes('coauth_conflicts') },
    aff_conflicts: { exists: flags(i).includes('aff_conflicts') },
    referenced_articles: { exists: flags(i).includes('referenced_articles') },
  }));

beforeAll(async () => {
  app = await startWebApp();
  const profile = app.core.profiles.create({ name: 'Scroll', baseUrl: 'http://127.0.0.1:9' });
  app.core.profiles.setActive(profile.id);
  const form = { folder: 'SCROLL', origin_id: 'scroll-1', title: 'Tides in the table', abstract: 'Scrolling.', authors_count: 0 };
  app.core.cache.runs.recordUploadRun(profile.id, { form }, answer());
  await app.core.router.handle('profiles.activate', { id: profile.id }, { transport: 'test' });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('candidates table: a recycled row updates its icons and flags in place (issue 12 scroll)', () => {
  it('scrolling mounts no icon and replaces no conflicts cell, and every row shows its own flags and icons', async () => {
    const { page, table } = await openCandidates(browser, app.host.url, /Tides in the table/);
    const body = table.getByTestId('vtable-body');
    // Waited for by the first row leaving (at 1280×720 the overscan is 4 rows): row 6 is in the window at
    // the top too, and icons in rows the window adds on the scroll's first render would count as mounted.
    await body.evaluate((b, row) => (b.scrollTop = 8 * row), ROW);
    await table.locator('[role="row"][aria-rowindex="2"]').waitFor({ state: 'detached' });
    // What React adds or removes while rows are recycled: an <svg> (an icon mounted or unmounted), or a
    // text or icon taken out of a conflicts cell (the cell built again as another shape).
    await body.evaluate((b) => {
      const seen = { svg: 0, conflictParts: 0 };
      (window as unknown as { __mounts: typeof seen }).__mounts = seen;
      new MutationObserver((records) => {
        for (const r of records) {
          for (const n of [...r.addedNodes, ...r.removedNodes]) {
            if (n.nodeName === 'svg') seen.svg++;
            const inConflicts = r.target instanceof Element && r.target.matches('[data-testid="conflicts"]');
            if (inConflicts && (n.nodeType === Node.TEXT_NODE || n.nodeName === 'svg')) seen.conflictParts++;
          }
        }
      }).observe(b, { childList: true, subtree: true });
    });
    for (let top = 10; top <= N - 8; top += 2) {
      await body.evaluate((b, y) => (b.scrollTop = y), top * ROW);
      await table.locator(`[role="row"][aria-rowindex="${top + 2}"]`).waitFor();
    }
    await table.locator(`[role="row"][aria-rowindex="${N + 1}"]`).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __mounts: object }).__mounts)).toEqual({ svg: 0, conflictParts: 0 });

    // Each row in the window shows its own person's flags (words and icons), e-mail icon and star.
    const rows = await table.locator('[role="row"][aria-rowindex]:not([aria-rowindex="1"])').evaluateAll((els) =>
      els.map((r) => {
        const conflicts = r.querySelector('[data-testid="conflicts"]')!;
        return {
          i: Number(r.getAttribute('aria-rowindex')) - 2,
          conflicts: conflicts.textContent!.trim(),
          icons: [...conflicts.querySelectorAll('svg')].map((s) => [...s.classList].find((c) => c.startsWith('ti-'))),
          copy: r.querySelectorAll('.email-cell svg.ti-copy').length,
          star: r.querySelectorAll('.chip.marked svg.ti-star').length,
        };
      }),
    );
    expect(rows.length).toBeGreaterThanOrEqual(10);
    const ICON: Partial<Record<ConflictKey, string>> = {
      coauth_conflicts: 'ti-users',
      aff_conflicts: 'ti-building',
      referenced_articles: 'ti-quote',
    };
    for (const r of rows) {
      const f = flags(r.i);
      expect(r.conflicts, `row ${r.i}`).toBe(f.length === 0 ? 'None' : f.map((k) => CONFLICT_TEXT[k].badge).join(''));
      expect(r.icons, `row ${r.i}`).toEqual(f.length === 0 ? ['ti-check'] : f.map((k) => ICON[k]));
      expect(r.copy, `row ${r.i}`).toBe(r.i % 4 === 1 ? 0 : 1);
      expect(r.star, `row ${r.i}`).toBe(r.i % 6 === 0 ? 1 : 0);
    }

    // Every icon in the table is its own drawing (paths, no <use> and its shadow tree), drawn (not an empty
    // box) and hidden from screen readers.
    const icons = await body.evaluate((b) =>
      [...b.querySelectorAll('svg')].map((s) => ({
        drawn: s.querySelector('path, rect, circle, line, polyline') !== null && s.querySelector('use') === null,
        hidden: s.getAttribute('aria-hidden') === 'true',
        width: s.getBoundingClientRect().width,
      })),
    );
    expect(icons.length).toBeGreaterThanOrEqual(10);
    for (const icon of icons) expect(icon).toMatchObject({ drawn: true, hidden: true });
    expect(icons.filter((i) => i.width > 0).length).toBeGreaterThanOrEqual(10);
    await page.context().close();
  });
});

/**
 * Counts, through React's DevTools hook (react-dom calls it after every commit of the production build), what
 * a scroll frame makes for the table: the row props objects not in the previous commit (a new Row element:
 * the table rebuilt the row's element, whether or not the row then rendered), the rows rendered, and the
 * components rendered whose output is an icon's <svg> (an icon made by a component of its own).
 */
const SCROLL_COUNTER = commitCounter({
  global: '__scrollCounts',
  counts: { newRowProps: 0, rowRenders: 0, iconRenders: 0 },
  setup: 'let previousProps = new Set();',
  beforeWalk: 'const props = new Set();',
  visit: `
    const host = f.child && f.child.tag === 5 ? f.child : null;
    const isRow = host !== null && host.memoizedProps.role === 'row' && host.memoizedProps['aria-rowindex'] >= 2;
    if (isRow && typeof f.type === 'function') {
      // The row's element props, as its memo wrapper (the fiber above) received them.
      const given = f.return.memoizedProps;
      props.add(given);
      if (!previousProps.has(given)) counts.newRowProps++;
      if (rendered) counts.rowRenders++;
    }
    if (typeof f.type === 'function' && host !== null && host.type === 'svg' && rendered) counts.iconRenders++;`,
  afterWalk: 'previousProps = props;',
});

interface ScrollCounts {
  commits: number;
  newRowProps: number;
  rowRenders: number;
  iconRenders: number;
}

describe('candidates table: a scroll frame makes elements only for the rows scrolled in (issue 12 scroll)', () => {
  it('one row a frame: one row element made and rendered per frame, no icon component; focus and double-click still work', async () => {
    const { page: counted, table } = await openCandidates(browser, app.host.url, /Tides in the table/, SCROLL_COUNTER);
    const body = table.getByTestId('vtable-body');
    await body.evaluate((b, row) => (b.scrollTop = 10 * row), ROW);
    await table.locator('[role="row"][aria-rowindex="2"]').waitFor({ state: 'detached' });
    await counted.waitForTimeout(300);

    const FRAMES = 30;
    const counts = await body.evaluate(
      (b, { frames, row }) =>
        new Promise<ScrollCounts & { frames: number }>((resolve) => {
          const c = (window as unknown as { __scrollCounts: ScrollCounts }).__scrollCounts;
          Object.assign(c, { commits: 0, newRowProps: 0, rowRenders: 0, iconRenders: 0 });
          let i = 0;
          const step = () => {
            b.scrollTop += row;
            if (++i < frames) requestAnimationFrame(step);
            else setTimeout(() => resolve({ ...c, frames: i }), 300);
          };
          requestAnimationFrame(step);
        }),
      { frames: FRAMES, row: ROW },
    );
    // Each frame scrolled one row in: the table re-rendered for it, and made (and rendered) that one row.
    // The whole window's rows were given new elements each frame before (~20 per frame), and every icon in
    // a row scrolled in rendered a component of its own.
    expect(counts.commits).toBeGreaterThanOrEqual(FRAMES);
    expect(counts.rowRenders).toBeGreaterThanOrEqual(FRAMES);
    expect(counts.rowRenders).toBeLessThanOrEqual(FRAMES + 2);
    expect(counts.newRowProps).toBeLessThanOrEqual(FRAMES + 2);
    expect(counts.iconRenders).toBe(0);

    // The rows' handlers moved to the table's body: a focused row takes the roving focus, a double-click
    // opens the person's details, and a row scrolled away lets go of DOM focus.
    const row = table.locator('[role="row"][aria-rowindex="45"]');
    await row.focus();
    await expect.poll(() => row.getAttribute('tabindex')).toBe('0');
    await row.getByRole('cell').nth(2).dblclick();
    await counted.getByRole('dialog').waitFor();
    await counted.keyboard.press('Escape');
    await counted.getByRole('dialog').waitFor({ state: 'detached' });
    await row.focus();
    await body.evaluate((b) => (b.scrollTop = 0));
    await table.locator('[role="row"][aria-rowindex="2"]').waitFor();
    await expect
      .poll(() => counted.evaluate(() => document.activeElement?.closest('[role="row"]')?.getAttribute('aria-rowindex') ?? null))
      .toBe(null);
    await counted.context().close();
  });
});

/** Records, when the candidates table's body rows next appear, how many there are and whether each lies in the
 * body's visible height (a MutationObserver's callback runs after React's commit, before the frame is painted). */
const RECORD_FIRST_ROWS = `
  window.__firstRows = null;
  new MutationObserver((records, observer) => {
    const body = document.querySelector('[data-testid="vtable-body"]');
    const rows = body ? [...body.querySelectorAll('[role="row"]')] : [];
    if (rows.length === 0) return;
    observer.disconnect();
    const box = body.getBoundingClientRect();
    window.__firstRows = {
      count: rows.length,
      visible: Math.ceil(body.clientHeight / ${ROW}) + 1,
      outside: rows.filter((r) => r.getBoundingClientRect().top >= box.bottom).length,
    };
  }).observe(document, { childList: true, subtree: true });
`;

describe('candidates table: the rows in view are rendered first, the overscan when the window is idle', () => {
  it('a table shown again first renders only the rows in view; the rows below follow without a scroll', async () => {
    const { page, table } = await openCandidates(browser, app.host.url, /Tides in the table/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    // Shown again, as an editor comes back to a manuscript's candidates: the table knows its height from
    // the last time (a table never shown starts from a guess, and renders the rows the guess holds).
    await nav.getByRole('button', { name: 'Manuscripts' }).click();
    await table.waitFor({ state: 'detached' });
    await page.evaluate(RECORD_FIRST_ROWS);
    await nav.getByRole('button', { name: 'Candidates' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __firstRows: unknown }).__firstRows)).not.toBe(null);
    const first = (await page.evaluate(() => (window as unknown as { __firstRows: unknown }).__firstRows)) as {
      count: number;
      visible: number;
      outside: number;
    };
    // At 1280×720 the body shows 14 rows of 36 px and part of a 15th; the window holds one more, for the row
    // that comes into view while scrolling within the first. The overscan (4 more below) comes once idle.
    expect(first.count).toBe(first.visible);
    expect(first.outside).toBe(1);
    const rows = table.locator('[role="row"][aria-rowindex]:not([aria-rowindex="1"])');
    await expect.poll(() => rows.count()).toBe(first.visible + Math.max(2, Math.ceil(first.visible / 4)));
    // A row beyond the first render's edge is in the DOM before a scroll reaches it, with its own person.
    const below = table.locator(`[role="row"][aria-rowindex="${first.visible + 2}"]`);
    await expect.poll(() => below.textContent()).toContain(`Scroller ${first.visible} Example`);
    await page.context().close();
  });
});

describe('candidates table: a table shown for the first time leaves no row in view empty', () => {
  it('at 1920×1080, where the first guess of its height is short, the first render fills the body', async () => {
    const { page } = await openCandidates(browser, app.host.url, /Tides in the table/, RECORD_FIRST_ROWS, { width: 1920, height: 1080 });
    await expect.poll(() => page.evaluate(() => (window as unknown as { __firstRows: unknown }).__firstRows)).not.toBe(null);
    const fresh = (await page.evaluate(() => (window as unknown as { __firstRows: unknown }).__firstRows)) as {
      count: number;
      visible: number;
    };
    // The table's height is a guess until measured; the body here is ~880 px (25 rows), more than the 600 px guessed
    // once. With its overscan rendered at once, the first render holds every row the body shows.
    expect(fresh.visible).toBeGreaterThan(Math.ceil(600 / ROW) + 1);
    expect(fresh.count).toBeGreaterThanOrEqual(fresh.visible);
    await page.context().close();
  });
});

describe('candidates table: the e-mail copy icon is laid out only on the row hovered or focused', () => {
  it('no box for the icon in a row at rest; hovered, the icon shows where the button was, and a click copies', async () => {
    const { page, table } = await openCandidates(browser, app.host.url, /Tides in the table/);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.mouse.move(0, 0);
    const row = table.locator('[role="row"][aria-rowindex="2"]');
    const button = row.getByRole('button', { name: 'Copy the e-mail of Scroller 0 Example' });
    const icon = row.locator('.email-cell svg.ti-copy');
    // Every row at rest: the icon is in the DOM (recycled rows keep their shape) but has no layout box.
    const boxes = await table.locator('.email-cell svg.ti-copy').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().width));
    expect(boxes.length).toBeGreaterThanOrEqual(5);
    expect(boxes.every((w) => w === 0)).toBe(true);
    const atRest = (await button.boundingBox())!;
    await row.hover();
    await expect.poll(async () => (await icon.boundingBox())?.width ?? 0).toBeGreaterThan(10);
    // The button keeps its place and size: nothing in the row moves when the icon appears.
    expect(await button.boundingBox()).toEqual(atRest);
    const iconBox = (await icon.boundingBox())!;
    expect(iconBox.x).toBeGreaterThanOrEqual(atRest.x);
    expect(iconBox.x + iconBox.width).toBeLessThanOrEqual(atRest.x + atRest.width);
    await button.click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('s0@example.org');
    // A row focused by keyboard shows its icon too.
    await page.mouse.move(0, 0);
    const other = table.locator('[role="row"][aria-rowindex="4"]');
    await other.focus();
    await expect.poll(async () => (await other.locator('.email-cell svg.ti-copy').boundingBox())?.width ?? 0).toBeGreaterThan(10);
    await page.context().close();
  });
});

describe('candidates table: body rows are opaque layers in the table’s own colours', () => {
  it('light and dark: a plain row is the table’s background, a conflict row its tint over it, every row opaque and its own layer', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, table } = await openCandidates(browser, app.host.url, /Tides in the table/);
      await page.emulateMedia({ colorScheme });
      const rows = await table.evaluate((t) => {
        const rgba = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
        const panel = rgba(getComputedStyle(t).backgroundColor);
        return {
          panel,
          rows: [...t.querySelectorAll<HTMLElement>('.vbody [role="row"]')].map((r) => ({
            coi: r.classList.contains('has-coi'),
            background: rgba(getComputedStyle(r).backgroundColor),
            willChange: getComputedStyle(r).willChange,
          })),
        };
      });
      const plain = rows.rows.filter((r) => !r.coi);
      const coi = rows.rows.filter((r) => r.coi);
      expect(plain.length, colorScheme).toBeGreaterThan(3);
      expect(coi.length, colorScheme).toBeGreaterThan(1);
      expect(rows.panel.slice(0, 3), colorScheme).toHaveLength(3);
      // Opaque (no alpha component, or 1): a layer the compositor can draw without blending what is under it.
      for (const r of rows.rows) {
        expect(r.willChange, colorScheme).toBe('transform');
        expect(r.background[3] ?? 1, colorScheme).toBe(1);
      }
      for (const r of plain) expect(r.background.slice(0, 3), colorScheme).toEqual(rows.panel.slice(0, 3));
      // The conflict tint is still there: 5 % of the "bad" colour over the table's background.
      for (const r of coi) expect(r.background.slice(0, 3), colorScheme).not.toEqual(rows.panel.slice(0, 3));
      await page.context().close();
    }
  });
});

describe('candidates table: the table takes the rest of the window, and the page does not scroll', () => {
  it('at 1280×720 and 1920×1080, the table ends above the status bar, its body is taller than its minimum, nothing below it is cut', async () => {
    for (const viewport of [
      { width: 1280, height: 720 },
      { width: 1920, height: 1080 },
    ]) {
      const { page, table } = await openCandidates(browser, app.host.url, /Tides in the table/, undefined, viewport);
      const at = `${viewport.width}×${viewport.height}`;
      const box = (await table.boundingBox())!;
      const status = (await page.locator('footer.status-bar').boundingBox())!;
      expect(box.y + box.height, at).toBeLessThanOrEqual(status.y);
      // The content area does not scroll: the view fits, the table's own body scrolls.
      const content = await page.locator('main.content').evaluate((m) => ({ scroll: m.scrollHeight, client: m.clientHeight }));
      expect(content.scroll, at).toBeLessThanOrEqual(content.client);
      // The table fills the window below the bars, not a fixed guess: less than a row's height is left under it.
      expect(status.y - (box.y + box.height), at).toBeLessThan(ROW);
      await page.context().close();
    }
  });
});
