// The candidates view on a cache filled with generated service answers (no service): the details
// drawer shows each conflict flag with the evidence the answer carried (through core's
// candidates.evidence), and at 1280×720 the toolbar stays on one line with the run comparison on.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadResponse } from '../../../electron/common/service';
import { DeskError } from '../../../electron/common/errors';
import type { CandidatePage } from '../../../electron/common/shapes';
import { launchChromium, screenshotPath } from '../../support/browser';
import { generatedAnswer } from '../../support/generated-run';
import { openCandidates } from '../../support/candidates-page';
import { commitCounter } from '../../support/react-commits';
import { startWebApp, type WebApp } from '../../support/web-app';
import { expectToolbarOnOneLine } from '../flows/workspace';

let app: WebApp;
let browser: Browser;
let page: Page;
let runId: number;
let manuscriptId: number;

function answer(manuscriptId: number, shift: number): UploadResponse {
  return generatedAnswer(manuscriptId, 'evidence-1', 30, (i) => ({
    author_id: 500 + ((i + shift) % 30),
    hIndex: 5 + (i % 9),
    score: 100 - i,
    // The first person: co-author and cited, with the detail the local service sends.
    coauth_conflicts: i === 0 ? { exists: true, coauthors: ['Ada Lovelace'] } : { exists: false },
    aff_conflicts: { exists: i === 0, ...(i === 0 ? {} : { affiliations: [] }) },
    referenced_articles: i === 0 ? { exists: true, articles: [{ id: 'W1', title: 'Tides and lichens', year: 2021 }] } : { exists: false },
  }));
}

const call = async <T>(channel: string, input: unknown): Promise<T> => {
  const env = await app.core.router.handle(channel as never, input as never, { transport: 'test' });
  if (!env.ok) throw new DeskError(env.error.code, env.error.message);
  return env.value as T;
};

beforeAll(async () => {
  app = await startWebApp();
  const profile = app.core.profiles.create({ name: 'Evidence', baseUrl: 'http://127.0.0.1:9' });
  app.core.profiles.setActive(profile.id);
  const form = { folder: 'COI', origin_id: 'evidence-1', title: 'Lichens on tidal rocks', abstract: 'Lichen rhythms.', authors_count: 0 };
  // Two runs of one manuscript, so the comparison can be turned on.
  app.core.cache.runs.recordUploadRun(profile.id, { form }, answer(1, 1));
  ({ runId, manuscriptId } = app.core.cache.runs.recordUploadRun(profile.id, { form }, answer(1, 0)));
  await app.core.router.handle('profiles.activate', { id: profile.id }, { transport: 'test' });
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
  await page.goto(app.host.url);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('candidates: conflict evidence and the toolbar at 1280×720', () => {
  it('core answers each set flag with its evidence, and refuses a candidate it does not have', async () => {
    const rows = (await call<CandidatePage>('candidates.query', { runId, query: {} })).rows;
    const first = rows.find((r) => r.rank === 0)!;
    expect(await call('candidates.evidence', { candidateId: first.id })).toEqual({
      coauth_conflicts: ['Ada Lovelace'],
      referenced_articles: ['Tides and lichens (2021)'],
    });
    expect(await call('candidates.evidence', { candidateId: rows.find((r) => r.rank === 1)!.id })).toEqual({});
    await expect(call('candidates.evidence', { candidateId: 999_999 })).rejects.toThrow(/not in the cache/);
  });

  it('the details drawer shows each flag with its evidence; a flag without any says only what it means', async () => {
    await page
      .getByRole('list', { name: 'Manuscripts' })
      .getByRole('button', { name: /Lichens on tidal rocks/ })
      .click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Candidates' }).click();
    const table = page.getByRole('table', { name: 'Referee candidates' });
    // Three flags: icons in the cell, each with its word for screen readers, none of it cut.
    const cell = table.locator('[role="row"][aria-rowindex="2"] [data-testid="conflicts"]');
    expect((await cell.textContent())?.replace(/\s+/g, ' ')).toBe('Co-authorSame affiliationCited');
    expect(
      await cell.evaluate((n) => n.scrollHeight <= n.parentElement!.clientHeight && n.scrollWidth <= n.parentElement!.clientWidth),
    ).toBe(true);
    await table.locator('[role="row"][aria-rowindex="2"] .name-cell button').click();
    const dialog = page.getByRole('dialog');
    const coauthors = dialog.getByRole('list', { name: 'Evidence: Co-author' });
    await coauthors.waitFor();
    expect(await coauthors.getByRole('listitem').allTextContents()).toEqual(['Ada Lovelace']);
    expect(await dialog.getByRole('list', { name: 'Evidence: Cited' }).getByRole('listitem').allTextContents()).toEqual([
      'Tides and lichens (2021)',
    ]);
    // Same affiliation is set but came without detail: its explanation, no evidence list.
    expect(await dialog.getByRole('listitem').filter({ hasText: 'Same affiliation:' }).textContent()).toMatch(/Shares an affiliation/);
    expect(await dialog.getByRole('list', { name: 'Evidence: Same affiliation' }).count()).toBe(0);
    const box = (await coauthors.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(720);
    await page.screenshot({ path: screenshotPath('candidates-evidence-1280') });
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('with the comparison on, every tool of the toolbar is on one line inside the window', async () => {
    await page.getByLabel('Compare runs').check();
    await page.getByRole('radio', { name: 'Changes', exact: true }).waitFor();
    await expectToolbarOnOneLine(page, 1280);
  });
});

describe('candidates: scrolling the table (issue 12 scroll benchmark)', () => {
  it('updates the rows it recycles in place (no row element removed or added) and draws no icon through a CSS mask', async () => {
    const { page: scrolled, table } = await openCandidates(browser, app.host.url, /Lichens on tidal rocks/);
    const body = table.getByTestId('vtable-body');
    // Scrolled past the top, the window holds all its rows (at the top it has none above). Waited for by
    // the first row leaving: a row that is also in the window at the top would not say that the scroll
    // was rendered, and rows the window then adds would count as added below. At 1280×720 the overscan
    // is 3 rows, so at row 8 the first row is out of the window.
    await body.evaluate((b) => (b.scrollTop = 8 * 48));
    await table.locator('[role="row"][aria-rowindex="2"]').waitFor({ state: 'detached' });
    // A row moved in the DOM (removed and inserted again) has its style, layout and paint rebuilt by Blink.
    await body.evaluate((b) => {
      const seen = { added: 0, removed: 0 };
      (window as unknown as { __rowMutations: typeof seen }).__rowMutations = seen;
      const isRow = (n: Node) => n instanceof Element && n.getAttribute('role') === 'row';
      new MutationObserver((records) => {
        for (const r of records) {
          seen.added += [...r.addedNodes].filter(isRow).length;
          seen.removed += [...r.removedNodes].filter(isRow).length;
        }
      }).observe(b, { childList: true, subtree: true });
    });
    // 30 rows of 48 px: two rows a step, to the end (rows 24 to 30 in view).
    for (let top = 10; top <= 22; top += 2) {
      await body.evaluate((b, y) => (b.scrollTop = y), top * 48);
      await table.locator(`[role="row"][aria-rowindex="${top + 2}"]`).waitFor();
    }
    await table.locator('[role="row"][aria-rowindex="31"]').waitFor();
    expect(await scrolled.evaluate(() => (window as unknown as { __rowMutations: object }).__rowMutations)).toEqual({
      added: 0,
      removed: 0,
    });
    // Each recycled row shows its own person: the rank cell (1-based) follows the row index (header = 1).
    const ranks = await table
      .locator('[role="row"][aria-rowindex]:not([aria-rowindex="1"])')
      .evaluateAll((rows) => rows.map((r) => [Number(r.getAttribute('aria-rowindex')) - 1, Number(r.children[1]!.textContent)]));
    expect(ranks.length).toBeGreaterThanOrEqual(10);
    for (const [expected, shown] of ranks) expect(shown).toBe(expected);
    // Icons are inline SVG: a CSS mask per icon cost ~1 ms of paint per scroll frame.
    const icons = await body.evaluate((b) => ({
      svg: b.querySelectorAll('svg').length,
      masked: [...b.querySelectorAll('*')].filter((e) => getComputedStyle(e).maskImage !== 'none').length,
    }));
    expect(icons.svg).toBeGreaterThanOrEqual(10);
    expect(icons.masked).toBe(0);
    await scrolled.context().close();
  });
});

/**
 * Counts React renders in the production build through React's DevTools hook, which react-dom calls after
 * every commit: a fiber rendered in a commit when it is not the object of the previous commit's tree (it
 * was cloned) and carries PerformedWork (flag 1), as React DevTools decides. Counted: the table's rows
 * (the component whose element is a div role="row" below the header) and the name cells' load badges
 * (CandidateLoad, named by its displayName).
 */
interface RenderCounts {
  commits: number;
  rows: number;
  loads: number;
}
const RENDER_COUNTER = commitCounter({
  global: '__renders',
  counts: { rows: 0, loads: 0 },
  visit: `
    if (rendered) {
      const host = f.child && f.child.tag === 5 ? f.child.memoizedProps : null;
      if (f.type && f.type.displayName === 'CandidateLoad') counts.loads++;
      else if (host && host.role === 'row' && host['aria-rowindex'] >= 2) counts.rows++;
    }`,
});

describe('candidates: a ledger change re-renders only what it changed', () => {
  it('inviting one person re-renders their load badge, and no table row', async () => {
    const { page: counted, table } = await openCandidates(browser, app.host.url, /Lichens on tidal rocks/, RENDER_COUNTER);
    const renders = () => counted.evaluate(() => ({ ...(window as unknown as { __renders: RenderCounts }).__renders }));
    /** Waits until no commit came for 500 ms (the reloads a change triggers have all answered). */
    const quiet = async () => {
      let last = -1;
      for (;;) {
        const now = (await renders()).commits;
        if (now === last) return;
        last = now;
        await new Promise((r) => setTimeout(r, 500));
      }
    };
    await call('invitation.setSettings', { fatigueK: 1 });
    await quiet();
    // The counter sees the table: the rows in view were rendered when it painted.
    const painted = await renders();
    expect(painted.rows).toBeGreaterThanOrEqual(10);
    expect(painted.loads).toBeGreaterThanOrEqual(10);

    const rows = (await call<CandidatePage>('candidates.query', { runId, query: {} })).rows;
    const person = rows.find((r) => r.rank === 3)!;
    await counted.evaluate(() => Object.assign((window as unknown as { __renders: RenderCounts }).__renders, { rows: 0, loads: 0 }));
    await call('shortlist.add', { manuscriptId, authorIds: [person.authorId] });
    await call('invitation.markInvited', { manuscriptId, authorId: person.authorId });
    // Invited once with K = 1: busy. The badge shows in that person's row, and only there.
    const row = table.locator('[role="row"][aria-rowindex="5"]');
    await row.getByTestId('load-badge').waitFor();
    expect(await table.getByTestId('load-badge').count()).toBe(1);
    await quiet();
    const after = await renders();
    expect(after.commits).toBeGreaterThan(painted.commits);
    expect({ rows: after.rows, loads: after.loads }).toEqual({ rows: 0, loads: 1 });
    await counted.context().close();
  });
});
