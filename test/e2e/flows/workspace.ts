// The editor's main flows, written once against a Playwright page and run by two suites: the
// browser host in Debian Chromium (test/e2e/web/workspace.test.ts) and the real Electron app
// (test/e2e/electron/workspace.test.ts, where the binary exists). Each saves screenshots.
// They run in order: each starts where the one before left the app.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { parseCsv } from '../../../electron/common/domain/csv';
import { KNOWN, makeManuscriptPdf } from '../../fixtures/intake/make';
import { dropFile } from '../../support/drop';
import { eachLook } from '../../support/looks';

export { dropFile };

export interface FlowContext {
  page: Page;
  /** A manuscript PDF whose title is KNOWN.title. */
  pdf: Buffer;
  /** Stops the service the active profile talks to, and starts it again on the same address and data. */
  stopService(): Promise<void>;
  startService(): Promise<void>;
  /** Picks this file with the system's file picker after the keystroke (the page's chooser, or Electron's dialog). */
  pickWithShortcut(name: string, bytes: Buffer, press: () => Promise<void>): Promise<void>;
  /** What the system clipboard holds now (text). */
  readClipboard(): Promise<string>;
  /** Where a screenshot of this suite goes. */
  shot(name: string): string;
}

export const nav = (page: Page, label: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: label }).click();

/** The candidates toolbar: at least five tools shown, each on the first tool's line and left of `width`, none scrolled out of it. */
export async function expectToolbarOnOneLine(page: Page, width: number): Promise<void> {
  const tools = page.getByRole('toolbar', { name: 'Candidate tools' });
  const boxes = await tools.evaluate((t) =>
    [...t.children]
      .filter((c) => c.getClientRects().length > 0)
      .map((c) => {
        const r = c.getBoundingClientRect();
        return { name: c.textContent?.trim() || c.tagName, top: r.top, bottom: r.bottom, right: r.right };
      }),
  );
  expect(boxes.length).toBeGreaterThanOrEqual(5);
  for (const b of boxes) {
    expect(b.top, `${b.name} is on another line`).toBeLessThan(boxes[0]!.bottom);
    expect(b.right, `${b.name} is outside the window`).toBeLessThanOrEqual(width);
  }
  expect(await tools.evaluate((t) => t.scrollWidth <= t.clientWidth)).toBe(true);
}

/** Drops the demo manuscript (lichens.pdf), waits for its title to be read, uploads it to the DEMO folder and waits until it is sent. */
export async function uploadDemoManuscript(page: Page): Promise<void> {
  await dropFile(page, 'lichens.pdf', await makeManuscriptPdf(), 'application/pdf');
  const item = page.getByRole('article', { name: 'Upload of lichens.pdf' });
  await expect.poll(() => item.locator('input[id$="-title"]').inputValue(), { timeout: 20_000 }).toBe(KNOWN.title);
  await item.locator('input[id$="-folder"]').fill('DEMO');
  await item.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect.poll(() => page.getByRole('list', { name: 'Manuscripts' }).textContent(), { timeout: 30_000 }).toMatch(/Sent/);
}

/** Drop a PDF → fields pre-filled → upload → candidates → filters → export CSV (file checked). */
export async function uploadFilterExport(ctx: FlowContext): Promise<void> {
  const { page, pdf } = ctx;
  await dropFile(page, 'lichens.pdf', pdf, 'application/pdf');
  const item = page.getByRole('article', { name: 'Upload of lichens.pdf' });
  await expect.poll(() => item.locator('input[id$="-title"]').inputValue(), { timeout: 20_000 }).toBe(KNOWN.title);
  await item.locator('input[id$="-folder"]').fill('DEMO');
  await page.screenshot({ path: ctx.shot('workspace-1-prefilled') });
  await item.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect.poll(() => page.getByRole('list', { name: 'Manuscripts' }).textContent(), { timeout: 30_000 }).toMatch(/Sent/);

  await nav(page, 'Candidates');
  const count = page.getByTestId('candidates-count');
  await expect.poll(async () => Number((await count.textContent())?.replace(/\D/g, '')), { timeout: 20_000 }).toBeGreaterThan(0);
  const all = Number((await count.textContent())!.replace(/\D/g, ''));
  await page.screenshot({ path: ctx.shot('workspace-2-candidates') });

  const table = page.getByRole('table', { name: 'Referee candidates' });
  const withoutEmail = () =>
    table
      .getByRole('cell')
      .filter({ hasText: /^none$/ })
      .count();
  expect(await withoutEmail()).toBeGreaterThan(0);
  await page.getByLabel('With e-mail').check();
  await expect.poll(withoutEmail).toBe(0);
  const shown = Number((await count.textContent())!.replace(/\D/g, ''));
  expect(shown).toBeLessThan(all);

  const exportCsv = async (button = 'Export CSV') => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
    return parseCsv(readFileSync((await download.path())!, 'utf8'));
  };
  const csv = await exportCsv();
  expect(csv[0]!.join(',')).toMatch(
    /^Rank,Name,First name,Middle name,Last name,Suffix,Score,h-index,Articles,Citations,Affiliation,Email,ORCID/,
  );
  const EMAIL = csv[0]!.indexOf('Email');
  const CITATIONS = csv[0]!.indexOf('Citations');
  expect(csv).toHaveLength(shown + 1);
  for (const line of csv.slice(1)) expect(line[EMAIL]).toMatch(/@/);
  await page.screenshot({ path: ctx.shot('workspace-3-filtered') });
  // Copy e-mails puts exactly the e-mails of the rows shown on the clipboard.
  await page.getByRole('button', { name: 'Copy e-mails' }).click();
  await expect.poll(() => page.getByText(/e-mail addresses copied/).textContent()).toBe(`${shown} e-mail addresses copied`);
  expect((await ctx.readClipboard()).split(', ').sort()).toEqual(
    csv
      .slice(1)
      .map((l) => l[EMAIL]!)
      .sort(),
  );

  // Narrow further by citations: the new export holds exactly the rows of the first one at or above the median.
  const citations = csv.slice(1).map((l) => Number(l[CITATIONS]));
  const median = [...citations].sort((a, b) => a - b)[Math.floor(citations.length / 2)]!;
  // The ranges are among the rarely used filters, behind More filters (the bar keeps one line at 1280 px).
  await page.getByText('More filters').click();
  await page.getByLabel('Minimum citations').fill(String(median));
  await page.keyboard.press('Escape');
  const expected = citations.filter((c) => c >= median).length;
  await expect.poll(async () => Number((await count.textContent())!.replace(/\D/g, ''))).toBe(expected);
  const narrowed = await exportCsv();
  expect(narrowed).toHaveLength(expected + 1);
  for (const line of narrowed.slice(1)) expect(Number(line[CITATIONS])).toBeGreaterThanOrEqual(median);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect.poll(async () => Number((await count.textContent())!.replace(/\D/g, ''))).toBe(all);
}

/** Upload again, then an edited new run; compare the runs in the changes table and its CSV. */
export async function reuploadCompare(ctx: FlowContext): Promise<void> {
  const { page } = ctx;
  await nav(page, 'Manuscripts');
  await page.getByRole('button', { name: 'Upload again', exact: true }).click();
  await expect.poll(() => page.getByRole('region', { name: 'Manuscript' }).textContent(), { timeout: 30_000 }).toMatch(/2 runs/);
  // An edited re-upload: the same manuscript id, a lower bound on h-index → a different list.
  await page.getByRole('button', { name: 'Edit and upload again' }).click();
  const again = page.getByRole('article', { name: /Upload of/ }).last();
  expect(await again.locator('input[id$="-origin"]').getAttribute('readonly')).not.toBeNull();
  await again.getByText('Candidate bounds and options').click();
  await again.getByLabel('Min h-index').fill('6');
  await again.getByRole('button', { name: 'Upload new run' }).click();
  await expect.poll(() => page.getByRole('region', { name: 'Manuscript' }).textContent(), { timeout: 30_000 }).toMatch(/3 runs/);
  await nav(page, 'Candidates');
  await page.getByLabel('Compare runs').check();
  const summary = page.getByRole('group', { name: 'Overview' }).getByRole('region', { name: 'Changes since the previous run' });
  await expect.poll(() => summary.textContent()).toMatch(/\d+ new · \d+ dropped · \d+ moved · \d+ unchanged/);
  const [, added, dropped, moved] = (await summary.locator('p').textContent())!
    .match(/(\d+) new · (\d+) dropped · (\d+) moved/)!
    .map(Number);
  expect(dropped).toBeGreaterThan(0); // everyone under h-index 6 left the list
  const changes = page.getByRole('table', { name: 'Changes between runs' });
  await expect.poll(() => changes.getAttribute('aria-rowcount')).toBe(String(added! + dropped! + moved! + 1));
  await page.screenshot({ path: ctx.shot('workspace-4-compare') });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export changes CSV' }).click()]);
  const lines = parseCsv(readFileSync((await download.path())!, 'utf8'));
  expect(lines[0]).toEqual(['Change', 'Name', 'Rank before', 'Rank now', 'Places', 'Score before', 'Score now', 'Author id']);
  expect(lines).toHaveLength(added! + dropped! + moved! + 1);
  expect(lines.filter((l) => l[0] === 'New')).toHaveLength(added!);
  expect(lines.filter((l) => l[0] === 'Dropped')).toHaveLength(dropped!);
  await page.getByRole('radio', { name: 'Candidates', exact: true }).check();
  await expect.poll(() => page.getByRole('table', { name: 'Referee candidates' }).isVisible()).toBe(true);
}

/** Journals of the manuscript from both corpora. */
export async function journalsBothCorpora(ctx: FlowContext): Promise<void> {
  const { page } = ctx;
  await nav(page, 'Journals');
  const list = page.getByRole('list', { name: 'Recommended journals' });
  await expect.poll(() => list.getByRole('listitem').count(), { timeout: 20_000 }).toBeGreaterThan(0);
  await page.screenshot({ path: ctx.shot('workspace-5-journals-all') });
  await page.getByLabel('Our journals').check();
  await expect.poll(async () => (await list.textContent()) ?? '', { timeout: 20_000 }).toMatch(/Folder DEMO/);
  const orgItems = await list.getByRole('listitem').allTextContents();
  for (const t of orgItems) expect(t).toMatch(/Folder /);
}

/** Service stopped → cached views work, an edit queues with a pending mark; service back → sent by itself. */
export async function offlineQueueResend(ctx: FlowContext): Promise<void> {
  const { page } = ctx;
  await ctx.stopService();
  await nav(page, 'Manuscripts');
  await page.getByLabel('Move to folder').fill('OFFLINE-FOLDER');
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  await expect.poll(() => page.getByRole('list', { name: 'Manuscripts' }).textContent()).toMatch(/Pending/);
  await expect.poll(() => page.getByTestId('status-message').textContent(), { timeout: 30_000 }).toBe('Offline — 1 change queued');

  await nav(page, 'Candidates');
  await expect.poll(async () => Number((await page.getByTestId('candidates-count').textContent())?.replace(/\D/g, ''))).toBeGreaterThan(0);
  await nav(page, 'Journals');
  await expect.poll(() => page.getByRole('list', { name: 'Recommended journals' }).getByRole('listitem').count()).toBeGreaterThan(0);
  await nav(page, 'Activity');
  await expect.poll(() => page.getByRole('list', { name: 'Queued changes' }).textContent()).toMatch(/OFFLINE-FOLDER/);
  await page.screenshot({ path: ctx.shot('workspace-6-offline') });

  // No click: the offline probe notices the service is back and the queue goes out by itself.
  await ctx.startService();
  await expect.poll(() => page.getByTestId('status-message').textContent(), { timeout: 40_000 }).toBe('Online');
  await nav(page, 'Manuscripts');
  await expect
    .poll(() => page.getByRole('list', { name: 'Manuscripts' }).textContent(), { timeout: 20_000 })
    .toMatch(/OFFLINE-FOLDER · .* · Sent/);
}

/** Ctrl+O opens the file picker, Ctrl+F searches the view in front, Alt+↓/↑ step through manuscripts. */
export async function keyboardShortcuts(ctx: FlowContext): Promise<void> {
  const { page, pdf } = ctx;
  await nav(page, 'Candidates');
  await ctx.pickWithShortcut('second.pdf', pdf, () => page.keyboard.press('Control+o'));
  const item = page.getByRole('article', { name: 'Upload of second.pdf' });
  await expect.poll(() => item.locator('input[id$="-title"]').inputValue(), { timeout: 20_000 }).toBe(KNOWN.title);
  await item.locator('input[id$="-folder"]').fill('KEYS');
  await item.getByRole('button', { name: 'Upload', exact: true }).click();
  const items = page.getByRole('list', { name: 'Manuscripts' }).getByRole('listitem');
  await expect.poll(() => items.count(), { timeout: 30_000 }).toBe(2);

  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+f');
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('manuscript-search');
  await nav(page, 'Candidates');
  await page.keyboard.press('Control+f');
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Filter by name or affiliation');

  await nav(page, 'Manuscripts');
  const current = () => page.getByRole('list', { name: 'Manuscripts' }).locator('[aria-current="true"]').textContent();
  const first = await items.first().textContent();
  const second = await items.nth(1).textContent();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Alt+ArrowUp');
  await expect.poll(current).toBe(first);
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(current).toBe(second);
  await page.keyboard.press('Alt+ArrowUp');
  await expect.poll(current).toBe(first);
  // Inside a text field Alt+↓ belongs to the field.
  await page.getByLabel('Search manuscripts').focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(current).toBe(first);
}

/** axe-core in light and dark, every view plus the upload form and a candidate's details. */
export async function accessibility(ctx: FlowContext): Promise<void> {
  const { page } = ctx;
  const check = async (where: string) => {
    const result = await new AxeBuilder({ page }).analyze();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${where}: ${v.id} (${v.nodes.length})`);
  };
  const bad: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const view of ['Manuscripts', 'Candidates', 'Journals', 'Groups', 'Activity', 'Settings', 'Custom fields']) {
      await nav(page, view);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(view);
      bad.push(...(await check(`${scheme} ${view}`)));
    }
    // The upload form, the changes table and a candidate's details.
    await nav(page, 'Manuscripts');
    await page.getByRole('button', { name: 'Edit and upload again' }).click();
    bad.push(...(await check(`${scheme} upload form`)));
    await page
      .getByRole('article', { name: /Upload of/ })
      .last()
      .getByRole('button', { name: 'Cancel', exact: true })
      .click();
    await nav(page, 'Candidates');
    const candidatesTab = page.getByRole('radio', { name: 'Candidates', exact: true });
    if ((await candidatesTab.count()) > 0) await candidatesTab.check();
    await page.getByRole('table', { name: 'Referee candidates' }).locator('.name-cell button').first().click();
    await page.getByRole('dialog').waitFor();
    bad.push(...(await check(`${scheme} candidate details`)));
    await page.screenshot({ path: ctx.shot(`workspace-7-details-${scheme}`) });
    await page.keyboard.press('Escape');
  }
  await page.emulateMedia({ colorScheme: 'light' });
  expect(bad).toEqual([]);
}

/**
 * At 1280×720 the first candidate row shows its conflicts and its full e-mail inside the window, with
 * nothing cut; the header names the manuscript and the run; the details highlight the concepts the
 * candidate shares with the manuscript.
 */
export async function decisionAt1280(ctx: FlowContext): Promise<void> {
  const { page } = ctx;
  const before = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 720 });
  try {
    await nav(page, 'Candidates');
    const header = page.getByTestId('context-header');
    await expect.poll(() => header.textContent()).toContain(KNOWN.title);
    const headerText = (await header.textContent()) ?? '';
    for (const part of [/Folder \S/, /Manuscript id \S/, /Run #\d+ of /, / · (no bounds|h-index)/]) expect(headerText).toMatch(part);
    expect(headerText.indexOf('Folder')).toBeLessThan(headerText.indexOf('Manuscript id'));
    // The previous flow left the comparison on: show the candidates, not the changes.
    const candidatesTab = page.getByRole('radio', { name: 'Candidates', exact: true });
    if ((await candidatesTab.count()) > 0) await candidatesTab.check();
    const table = page.getByRole('table', { name: 'Referee candidates' });
    const row = table.locator('[role="row"][aria-rowindex="2"]');
    await row.waitFor();
    const fits = async (selector: string) => {
      const el = row.locator(selector).first();
      const box = (await el.boundingBox())!;
      const m = await el.evaluate((n) => ({
        sw: n.scrollWidth,
        cw: n.clientWidth,
        sh: n.scrollHeight,
        ch: n.clientHeight,
        text: n.textContent ?? '',
      }));
      expect(box.x, selector).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, selector).toBeLessThanOrEqual(1280);
      expect(box.y + box.height, selector).toBeLessThanOrEqual(720);
      expect(m.sw, `${selector} is cut`).toBeLessThanOrEqual(m.cw);
      expect(m.sh, `${selector} is cut`).toBeLessThanOrEqual(m.ch);
      return m.text;
    };
    // The toolbar is one line with the run comparison on (the previous flow turned it on): every tool
    // on the first tool's line and inside the window.
    expect(await page.getByLabel('Compare runs').isChecked()).toBe(true);
    await expectToolbarOnOneLine(page, 1280);
    expect(await fits('[data-testid="conflicts"]')).toMatch(/None|Co-author|Same affiliation|Retraction|Cited|External COI/);
    // The first row with an e-mail: its full address is in view.
    const email = (await row.locator('[data-testid="email"]').count()) > 0 ? await fits('[data-testid="email"]') : null;
    if (email !== null) expect(email).toMatch(/^[^@\s]+@[^@\s]+$/);
    // No address in view is broken across lines: each is one line inside its cell, shortened in its middle when
    // its column is too narrow (the whole address in its tooltip, its link and its copy).
    const emails = await table.locator('[data-testid="email"]').evaluateAll((els) =>
      els
        .filter((e) => e.getBoundingClientRect().bottom < 700)
        .map((e) => {
          const cell = e.closest('.vcell')!.getBoundingClientRect();
          const r = e.getBoundingClientRect();
          return {
            shown: e.textContent ?? '',
            full: e.getAttribute('title')?.split(' — ')[0] || (e.textContent ?? ''),
            h: r.height,
            lh: parseFloat(getComputedStyle(e).lineHeight),
            right: r.right,
            cellRight: cell.right,
          };
        }),
    );
    expect(emails.length).toBeGreaterThan(3);
    for (const e of emails) {
      expect(e.h, `${e.full} wraps`).toBeLessThanOrEqual(e.lh * 1.5);
      expect(e.right, `${e.full} runs out of its cell`).toBeLessThanOrEqual(e.cellRight + 1);
      expect(e.shown === e.full || (e.shown.includes('…') && e.shown.length < e.full.length), e.full).toBe(true);
    }
    const body = table.getByTestId('vtable-body');
    expect(await body.evaluate((n) => n.scrollWidth <= n.clientWidth)).toBe(true);
    await page.screenshot({ path: ctx.shot('decision-1280-candidates') });

    // Details: each concept of the candidate says whether the manuscript's title or abstract holds it,
    // and the ones it holds are highlighted there (the demo's top candidates often share concepts only
    // with the full text; the highlighting itself is unit-tested in test/unit/domain/concepts.test.ts).
    const dialog = page.getByRole('dialog');
    let highlighted: string[] = [];
    for (let i = 2; i < 8 && highlighted.length === 0; i++) {
      await table.locator(`[role="row"][aria-rowindex="${i}"] .name-cell button`).click();
      await dialog.waitFor();
      expect(await dialog.textContent()).toMatch(/Rank \d+ of \d+ · \d+% of the top score/);
      const concepts = await dialog.getByRole('list', { name: 'Relevant concepts' }).getByRole('listitem').allTextContents();
      for (const c of concepts) expect(c).toMatch(/\((in the manuscript \d+ times?|not in the title or abstract)\)$/);
      highlighted = await dialog.getByTestId('concept-matches').locator('mark').allTextContents();
      const found = concepts.filter((c) => c.includes('(in the manuscript'));
      expect(highlighted.length > 0).toBe(found.length > 0);
      if (i === 2) await page.screenshot({ path: ctx.shot('decision-1280-details') });
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
    }
    for (const h of highlighted) expect(`${KNOWN.title} ${KNOWN.abstract}`.toLowerCase()).toContain(h.toLowerCase().split(/\s+/)[0]!);

    await nav(page, 'Journals');
    await expect.poll(() => page.getByTestId('context-header').textContent()).toContain(KNOWN.title);

    // The README's screenshots: candidates at a laptop's and a monitor's size, light and dark.
    await nav(page, 'Candidates');
    if ((await candidatesTab.count()) > 0) await candidatesTab.check();
    await row.waitFor();
    await eachLook(page, async (w, h, scheme) => {
      await page.screenshot({ path: ctx.shot(`candidates-${w}x${h}-${scheme}`) });
    });
    await page.emulateMedia({ colorScheme: 'light' });
  } finally {
    if (before) await page.setViewportSize(before);
  }
}
