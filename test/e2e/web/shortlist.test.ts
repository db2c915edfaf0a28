// The shortlist and invitations on screen, in Debian Chromium against the browser host and the local
// service, at a laptop's 1280×720: the core job (drop → five conflict-free referees → export → drafts)
// in ≤ 10 counted actions; shortlist 5 of 50, reorder by buttons, by keyboard drag and by mouse drag,
// a note typed across a save, statuses, the export file; invite two, one accepts, one declines; the
// service's mark beside the status; the same flows with the service stopped; axe on the panel and the
// dialog; the README's screenshots (test-results/screenshots/shortlist-*).
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Download, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../electron/common/domain/csv';
import { sandboxAdmin } from '../../support/admin';
import { screenshotPath } from '../../support/browser';
import { eachLook } from '../../support/looks';
import { conflictFreeNames, onlinePageForFile } from '../../support/e2e-setup';
import type { WebApp } from '../../support/web-app';
import { nav, uploadDemoManuscript } from '../flows/workspace';
import { choose } from '../../support/controls';

let app: WebApp;
let page: Page;
const admin = sandboxAdmin(() => app.service!);

const W = 1280;
const H = 720;
const table = () => page.getByRole('table', { name: 'Referee candidates' });
const panel = () => page.locator('#shortlist-panel');
const entries = () => panel().getByTestId('sl-entry');
const order = () => entries().locator('.sl-who strong').allTextContents();
const entry = (name: string) => entries().filter({ has: page.locator('.sl-who strong', { hasText: name }) });
const shortlistButton = () => page.getByRole('toolbar', { name: 'Candidate tools' }).getByRole('button', { name: /^Shortlist/ });

/** Every box inside the 1280×720 window (nothing hidden off the edge or below the fold). */
async function inView(...locators: Locator[]): Promise<void> {
  for (const l of locators) {
    const box = await l.boundingBox();
    expect(box, String(l)).not.toBeNull();
    expect(box!.x, String(l)).toBeGreaterThanOrEqual(0);
    expect(box!.y, String(l)).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, String(l)).toBeLessThanOrEqual(W);
    expect(box!.y + box!.height, String(l)).toBeLessThanOrEqual(H);
  }
}

/** A box inside a window of w×h. */
async function inViewOf(l: Locator, w: number, h: number): Promise<void> {
  const box = (await l.boundingBox())!;
  expect(box, String(l)).not.toBeNull();
  expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= w && box.y + box.height <= h, String(l)).toBe(true);
}

/** Every visible child of the bar on its first child's line, none wrapped inside, nothing scrolled off. */
async function oneLine(bar: Locator, atLeast: number): Promise<void> {
  const boxes = await bar.evaluate((t) =>
    [...t.querySelectorAll(':scope > *, :scope > [role="group"] > *')]
      .filter((c) => c.getClientRects().length > 0)
      .map((c) => {
        const r = c.getBoundingClientRect();
        const lineHeight = parseFloat(getComputedStyle(c).lineHeight) || 20;
        return { name: c.textContent?.trim() || c.tagName, top: r.top, bottom: r.bottom, height: r.height, lineHeight };
      }),
  );
  expect(boxes.length, String(bar)).toBeGreaterThanOrEqual(atLeast);
  for (const b of boxes) {
    expect(b.top, `${b.name} is on another line`).toBeLessThan(boxes[0]!.bottom);
    // A button or label whose text wraps is two lines tall.
    expect(b.height, `${b.name} wraps`).toBeLessThan(2 * b.lineHeight);
  }
  expect(await bar.evaluate((t) => t.scrollWidth <= t.clientWidth), `${String(bar)} scrolls`).toBe(true);
}

/** Each shortlist card's parts: none overlaps another, side by side they are at least the scale's 8 px apart,
 *  the due date's field lies inside its column; `oneLine`: order, name, status, due, note, actions on one row. */
async function cardsSpaced(oneLine: boolean): Promise<void> {
  const cards = await entries().evaluateAll((els) =>
    els.map((el) => {
      const parts = [...el.children].map((c) => {
        const r = c.getBoundingClientRect();
        return { name: c.className, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      });
      const due = el.querySelector('.sl-due')!;
      const field = due.querySelector('.date-input')!.getBoundingClientRect();
      return { parts, dueRight: due.getBoundingClientRect().right, fieldRight: field.right, dueCut: due.scrollWidth > due.clientWidth };
    }),
  );
  expect(cards.length).toBeGreaterThan(0);
  for (const c of cards) {
    expect(c.dueCut, 'the due column is cut').toBe(false);
    expect(c.fieldRight, 'the date field runs out of its column').toBeLessThanOrEqual(c.dueRight + 0.5);
    for (const [i, a] of c.parts.entries())
      for (const b of c.parts.slice(i + 1)) {
        const sameRow = a.top < b.bottom && b.top < a.bottom;
        if (!sameRow) continue;
        const apart = Math.max(b.left - a.right, a.left - b.right);
        expect(apart, `${a.name} and ${b.name} are closer than 8 px`).toBeGreaterThanOrEqual(7.5);
      }
    if (oneLine) for (const p of c.parts) expect(p.top, `${p.name} is on another line`).toBeLessThan(c.parts[0]!.bottom);
    else expect(new Set(c.parts.map((p) => Math.round(p.top))).size, 'the narrow card keeps its rows').toBeGreaterThan(1);
  }
}

async function downloaded(click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return download;
}
/** The due date a draft gives a person without one: 21 days ahead (the period asked before the first draft). */
const dueDay = (() => {
  const due = new Date();
  due.setDate(due.getDate() + 21);
  return `${due.getFullYear()}-${String(due.getMonth() + 1).padStart(2, '0')}-${String(due.getDate()).padStart(2, '0')}`;
})();
const csvOf = async (d: Download) => parseCsv(readFileSync((await d.path())!, 'utf8'));

/** Shows the panel (the toolbar button toggles it). */
async function showPanel(): Promise<void> {
  if ((await panel().count()) === 0) await shortlistButton().click();
  await panel().waitFor();
}
/** Back to the table (at 1280 the panel takes the table's place). */
async function showTable(): Promise<void> {
  if ((await panel().count()) > 0) await shortlistButton().click();
  await table().waitFor();
}

onlinePageForFile({ width: W, height: H, downloads: true, clipboard: true }, (opened) => ({ app, page } = opened));

describe('shortlist and invitations', () => {
  let picked: string[] = [];

  it('the core job: drop → five conflict-free referees not busy → export → three drafted, two alternates, in ≤ 10 actions after the upload', async () => {
    // The upload (not counted): drop, the folder, Upload.
    await uploadDemoManuscript(page);

    // From here every click and keypress the test makes is counted.
    let actions = 0;
    const act = async (what: () => Promise<unknown>) => {
      actions++;
      await what();
    };
    await act(() => nav(page, 'Candidates'));
    const count = page.getByTestId('candidates-count');
    await expect.poll(async () => Number((await count.textContent())?.replace(/\D/g, '')), { timeout: 20_000 }).toBe(50);
    // Nobody overloaded: the editor hides busy reviewers (none are busy yet in a fresh cache, so all 50 stay).
    await act(() => page.getByLabel('Hide busy reviewers').check());
    await expect.poll(async () => Number((await count.textContent())?.replace(/\D/g, ''))).toBe(50);
    await table().locator('[aria-rowindex="2"]').waitFor();
    // The editor reads the Conflicts and Email columns and ticks five people with none.
    picked = (await conflictFreeNames(table())).slice(0, 5);
    expect(picked).toHaveLength(5);
    for (const name of picked)
      await act(() =>
        table()
          .getByRole('checkbox', { name: `Shortlist ${name}` })
          .click(),
      );
    // People picked: the batch actions name them in the selection bar, which takes the filter row's place;
    // the toolbar and the bar each keep one line at 1280 px, every action in view.
    const bar = page.getByRole('toolbar', { name: 'Picked people' });
    const exportCsv = bar.getByRole('button', { name: 'Export 5 to CSV' });
    await exportCsv.waitFor();
    expect(await bar.getByTestId('picked-count').textContent()).toMatch(/^\s*5 picked$/);
    await inView(
      exportCsv,
      bar.getByRole('button', { name: 'Export 5 to XLSX' }),
      bar.getByRole('button', { name: 'Copy 5 e-mails' }),
      bar.locator('summary', { hasText: 'Filters (1 on)' }),
    );
    await inView(shortlistButton());
    await oneLine(page.getByRole('toolbar', { name: 'Candidate tools' }), 4);
    await oneLine(bar, 5);
    expect(await page.getByLabel('Hide busy reviewers').isVisible()).toBe(false);
    let download: Download | null = null;
    await act(async () => (download = await downloaded(() => exportCsv.click())));
    const csv = await csvOf(download!);
    expect(download!.suggestedFilename()).toMatch(/-shortlist\.csv$/);
    expect(csv.slice(1).map((l) => l[1])).toEqual(picked);
    expect(csv.slice(1).map((l) => l[5])).toEqual(Array(5).fill('Shortlisted'));

    await act(() => shortlistButton().click());
    const draftAll = panel().getByRole('button', { name: 'Draft invitations (3)' });
    await act(() => draftAll.click());
    // Once per installation, before the first draft: the editor's name and the due period (not counted:
    // the daily job never asks again). "Required" shows only after a first try.
    const basics = page.getByRole('dialog', { name: 'Before your first invitation' });
    await basics.waitFor();
    await expect.poll(() => basics.getByText('Enter your name').count()).toBe(0);
    await basics.getByRole('button', { name: 'Save and draft' }).click();
    await expect.poll(() => basics.getByText('Enter your name: it signs the invitations.').isVisible()).toBe(true);
    expect(await basics.getByLabel('Reports due after (days)').inputValue()).toBe('21');
    await page.screenshot({ path: screenshotPath('shortlist-invitation-basics') });
    await basics.getByLabel(/^Your name/).fill('Dr. Ines Editor');
    await basics.getByRole('button', { name: 'Save and draft' }).click();
    // Three are invited now (the default for a manuscript); the fourth and fifth wait as alternates, in order.
    const dialog = page.getByRole('dialog', { name: 'Invitations (3)' });
    await expect.poll(() => dialog.getByTestId('draft-subject').count(), { timeout: 10_000 }).toBe(3);
    // Right the first time: a due date 21 days ahead for each, the signature, the abstract as an excerpt
    // that fits the mail link.
    const texts = await dialog.getByRole('textbox').evaluateAll((els) => els.map((t) => (t as HTMLTextAreaElement).value));
    for (const text of texts) {
      expect(text).toContain(`your report by ${dueDay}.`);
      expect(text).not.toMatch(/by \./);
      expect(text.endsWith('With best regards,\nDr. Ines Editor')).toBe(true);
      expect(text).toContain('From the abstract: ');
    }
    expect(await dialog.getByRole('note').count()).toBe(0);
    for (const subject of await dialog.getByTestId('draft-subject').allTextContents()) expect(subject.length).toBeGreaterThan(0);
    const links = await dialog.getByTestId('mailto').evaluateAll((els) => els.map((a) => a.getAttribute('href')));
    expect(links).toHaveLength(3);
    for (const href of links) expect(href).toMatch(/^mailto:[^?@]+@[^?@]+\?subject=.+&body=.+/);
    const bodies = await dialog.getByRole('textbox').evaluateAll((els) => els.map((t) => (t as HTMLTextAreaElement).value));
    for (const [i, body] of bodies.entries()) expect(body).toContain(picked[i]!.split(' ').at(-1)!);
    console.info(`[shortlist] core job: ${actions} actions after the upload`);
    expect(actions).toBeLessThanOrEqual(10);
    await page.screenshot({ path: screenshotPath('shortlist-core-job-drafts') });
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await panel().getByTestId('sl-role').allTextContents()).toEqual(['Alternate 1', 'Alternate 2']);
    await inView(panel(), panel().getByRole('button', { name: 'Draft invitations (3)' }), shortlistButton());
    // The shortlist's spread, one line under its head: countries, regions, career stages, what it shares with the authors.
    const spread = panel().getByTestId('sl-spread');
    await expect
      .poll(() => spread.textContent())
      .toMatch(
        new RegExp(
          String.raw`^Spread of the shortlist: \d+ countr(y|ies)( \(\d+ not known\))? · \d+ regions? · [^·]+ · ` +
            String.raw`[^·]*(early career|mid-career|senior)[^·]* · (\d+ shares? an institution with the authors · )?` +
            String.raw`\d+ shares? a country with the authors$`,
        ),
      );
    console.info(`[shortlist] spread: ${(await spread.textContent())!.replace(/^Spread of the shortlist: /, '')}`);
    await inView(spread);
  });

  it('Space on a focused row adds and removes; reorder by buttons, keyboard drag and mouse drag; a note typed across a save', async () => {
    await showTable();
    const extra = (await conflictFreeNames(table(), picked))[0]!;
    const row = table()
      .getByRole('row')
      .filter({ has: page.getByRole('checkbox', { name: `Shortlist ${extra}` }) });
    await row.locator('[data-testid="conflicts"]').click();
    await expect.poll(() => row.evaluate((r) => r === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => row.getByRole('checkbox').getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => shortlistButton().textContent()).toMatch(/Shortlist \(6\)/);
    await page.keyboard.press('Space');
    await expect.poll(() => row.getByRole('checkbox').getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => shortlistButton().textContent()).toMatch(/Shortlist \(5\)/);

    await showPanel();
    expect(await order()).toEqual(picked);
    const [a, b, c, d, e] = picked as [string, string, string, string, string];
    // Buttons: the third goes up.
    await panel()
      .getByRole('button', { name: `Move ${c} up` })
      .click();
    await expect.poll(order).toEqual([a, c, b, d, e]);
    // Keyboard drag: the first is picked up with Space, moved down one, dropped with Space.
    const live = page.locator('[id^="DndLiveRegion"]');
    const dragA = panel().getByRole('button', { name: `Drag ${a} to another place` });
    await dragA.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => dragA.getAttribute('aria-pressed')).toBe('true');
    // dnd-kit's keyboard sensor listens for the arrow keys from a setTimeout(0) scheduled when the drag
    // starts; a page task queued now runs after it, so the ArrowDown below is never pressed too early.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => live.textContent()).toMatch(new RegExp(`${a} is over number 2 of 5`));
    await page.keyboard.press('Space');
    await expect.poll(order).toEqual([c, a, b, d, e]);
    // Mouse drag: the last goes on top.
    const handle = await panel()
      .getByRole('button', { name: `Drag ${e} to another place` })
      .boundingBox();
    const top = await entries().first().boundingBox();
    await page.mouse.move(handle!.x + handle!.width / 2, handle!.y + handle!.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle!.x + handle!.width / 2, handle!.y - 10, { steps: 5 });
    await page.mouse.move(handle!.x + handle!.width / 2, top!.y + 4, { steps: 10 });
    await page.mouse.up();
    await expect.poll(order).toEqual([e, c, a, b, d]);
    picked = [e, c, a, b, d];

    // A note typed in two goes with a pause between them: the first part is saved (and comes back from
    // core) while the editor is still in the field; nothing typed is lost.
    const note = entry(e).getByRole('textbox', { name: `Note on ${e}` });
    await note.click();
    await page.keyboard.type('Knows the lichen survey; ');
    await page.waitForTimeout(1_000);
    await page.keyboard.type('ask before 15 Dec', { delay: 30 });
    await entry(e).getByLabel(`Due date for ${e}`, { exact: true }).fill('2026-12-15');
    await page.keyboard.press('Tab');
    await expect.poll(() => note.inputValue()).toBe('Knows the lichen survey; ask before 15 Dec');
    await expect
      .poll(() => app.core.router.handle('shortlist.list', { manuscriptId: 1 }, { transport: 'test' }).then((r) => (r.ok ? r.value : [])))
      .toMatchObject([{ name: e, note: 'Knows the lichen survey; ask before 15 Dec', dueDate: '2026-12-15' }, {}, {}, {}, {}]);
  });

  it('invite two (dialog and status), one accepts and one declines; the service’s mark shows beside the status; the export says so', async () => {
    const [first, second] = picked as [string, string];
    // The first through the dialog: its draft names the manuscript and the due date (set above, shown in the panel).
    // The field shows the date in the editor's words; the draft carries the stored day.
    await expect.poll(() => entry(first).getByLabel(`Due date for ${first}`, { exact: true }).inputValue()).toBe('15 Dec 2026');
    await entry(first)
      .getByRole('button', { name: `Invite ${first}…` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Invitation to ${first}` });
    await expect.poll(() => dialog.getByRole('textbox').inputValue()).toContain('2026-12-15');
    expect(await dialog.getByTestId('mailto').getAttribute('href')).toMatch(/^mailto:/);
    await dialog.getByRole('button', { name: 'Copy text' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^To: [^\s@]+@[^\s@]+\nSubject: .+\n\n/);
    await inView(dialog.getByRole('button', { name: 'Mark as invited' }), dialog.getByRole('button', { name: 'Copy text' }));
    await page.screenshot({ path: screenshotPath('shortlist-invitation-dialog') });
    // Opening it in the mail app marks the person invited; the toast's Undo takes it back.
    const today = new Date().toISOString().slice(0, 10);
    await dialog.getByTestId('mailto').evaluate((a) => a.addEventListener('click', (e) => e.preventDefault()));
    await dialog.getByTestId('mailto').click();
    const toast = dialog.getByTestId('invite-toast');
    await expect.poll(() => toast.textContent()).toMatch(new RegExp(`Opened in your mail app: ${first} is marked as invited\\.`));
    await expect.poll(() => entry(first).getByTestId('sl-status').textContent()).toBe(`Invited ${today}`);
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => entry(first).getByTestId('sl-status').textContent()).toBe('Shortlisted');
    await dialog.getByRole('button', { name: 'Mark as invited' }).click();
    await expect.poll(() => entry(first).getByTestId('sl-status').textContent()).toBe(`Invited ${today}`);
    await page.keyboard.press('Escape');
    // The second through the status: only the allowed next moves are offered.
    const select = entry(second).getByRole('combobox', { name: `Change the status of ${second}` });
    expect(await select.textContent()).toBe('Change status…');
    await select.click();
    expect(await page.getByRole('listbox').getByRole('option').allTextContents()).toEqual(['Invited']);
    await page.getByRole('option', { name: 'Invited' }).click();
    await expect.poll(() => entry(second).getByTestId('sl-status').textContent()).toBe(`Invited ${today}`);
    // Accepted and Declined are one click each; the other moves stay in the menu.
    const firstSelect = entry(first).getByRole('combobox', { name: `Change the status of ${first}` });
    await firstSelect.click();
    expect(await page.getByRole('listbox').getByRole('option').allTextContents()).toEqual([
      'No answer',
      'Shortlisted (invitation taken back)',
    ]);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
    await inView(
      entry(first).getByRole('button', { name: `${first} accepted` }),
      entry(second).getByRole('button', { name: `${second} declined…` }),
    );
    // The answer buttons stay inside the status column (they do not run under the due date).
    const status = await entry(first).locator('.sl-status').boundingBox();
    const declined = await entry(first)
      .getByRole('button', { name: `${first} declined…` })
      .boundingBox();
    expect(declined!.x + declined!.width).toBeLessThanOrEqual(status!.x + status!.width + 0.5);
    await page.screenshot({ path: screenshotPath('shortlist-answers') });
    await entry(first)
      .getByRole('button', { name: `${first} accepted` })
      .click();
    await entry(second)
      .getByRole('button', { name: `${second} declined…` })
      .click();
    // A decline asks for its reason.
    const decline = page.getByRole('dialog', { name: `${second} declined` });
    await decline.getByRole('radio', { name: 'No reason given' }).check();
    await decline.getByRole('button', { name: 'Record the decline' }).click();
    await expect.poll(() => entry(first).getByTestId('sl-status').textContent()).toBe(`Accepted ${today}`);
    await expect.poll(() => entry(second).getByTestId('sl-status').textContent()).toBe(`Declined ${today}`);
    await expect
      .poll(() =>
        panel()
          .getByRole('button', { name: /^Draft invitations/ })
          .textContent(),
      )
      .toMatch(/\(2\)/);

    // The service marks the first through its webhook: shown beside "Accepted", which stays.
    const hook = (await app.core.router.handle('webhook.configure', { enabled: true }, { transport: 'test' })) as {
      ok: boolean;
      value: { url: string };
    };
    await admin('POST', 'orgs/1/webhooks/', { url: hook.value.url });
    const m = app.core.cache.manuscripts.getById(1)!;
    const authorId = app.core.cache.candidates.ofRun(m.lastRunId!).find((c) => c.name === first)!.authorId;
    await admin('POST', `orgs/1/manuscripts/${m.originId}/marks/`, { author_id: authorId, marked_by: 'editor@example.org' });
    await expect
      .poll(
        () =>
          entry(first)
            .getByText(/Marked in the service by editor@example.org/)
            .count(),
        { timeout: 10_000 },
      )
      .toBe(1);
    expect(await entry(first).getByTestId('sl-status').textContent()).toBe(`Accepted ${today}`);

    const csv = await csvOf(await downloaded(() => page.getByRole('button', { name: 'Export 5 to CSV' }).click()));
    expect(csv[0]).toEqual([
      '#',
      'Name',
      'E-mail',
      'ORCID',
      'Affiliation',
      'Status',
      'Note',
      'Due',
      'Invited',
      'Answered',
      'Marked in the service',
    ]);
    expect(csv.slice(1).map((l) => [l[0], l[1], l[5], l[6], l[7], l[10]])).toEqual([
      ['1', picked[0], 'Accepted', 'Knows the lichen survey; ask before 15 Dec', '2026-12-15', 'yes'],
      ['2', picked[1], 'Declined', '', dueDay, ''],
      ['3', picked[2], 'Shortlisted', '', dueDay, ''],
      ['4', picked[3], 'Shortlisted', '', dueDay, ''],
      // The fifth waits as an alternate: never drafted, so no due date yet.
      ['5', picked[4], 'Shortlisted', '', '', ''],
    ]);
    const xlsx = await downloaded(() => page.getByRole('button', { name: 'Export 5 to XLSX' }).click());
    expect(xlsx.suggestedFilename()).toMatch(/-shortlist\.xlsx$/);
    expect(
      readFileSync((await xlsx.path())!)
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    await page.getByRole('button', { name: 'Copy 5 e-mails' }).click();
    const emails = (await page.evaluate(() => navigator.clipboard.readText())).split(', ');
    expect(emails).toHaveLength(5);
    expect(emails).toEqual(csv.slice(1).map((l) => l[2]));
  });

  it('works the same with the service stopped: add, remove, reorder, note, invite, answer, export', async () => {
    await app.stopService();
    // The connectivity probe (it also runs by itself) finds the service gone.
    await app.core.workspace()!.connectivity.check();
    await expect.poll(() => page.getByTestId('status-message').textContent(), { timeout: 40_000 }).toMatch(/Offline/);
    const [, , third, fourth, fifth] = picked as [string, string, string, string, string];
    await panel()
      .getByRole('button', { name: `Remove ${fifth} from the shortlist` })
      .click();
    await expect.poll(async () => (await order()).length).toBe(4);
    await showTable();
    const extra = (await conflictFreeNames(table(), picked))[0]!;
    await table()
      .getByRole('checkbox', { name: `Shortlist ${extra}` })
      .click();
    await expect.poll(() => shortlistButton().textContent()).toMatch(/Shortlist \(5\)/);
    await showPanel();
    await panel()
      .getByRole('button', { name: `Move ${fourth} up` })
      .click();
    await expect.poll(order).toEqual([picked[0], picked[1], fourth, third, extra]);
    await entry(extra)
      .getByRole('textbox', { name: `Note on ${extra}` })
      .fill('Added offline');
    await entry(extra)
      .getByRole('textbox', { name: `Note on ${extra}` })
      .blur();
    await entry(third)
      .getByRole('button', { name: `Invite ${third}…` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Invitation to ${third}` });
    await expect.poll(() => dialog.getByRole('textbox').inputValue()).toContain(third.split(' ').at(-1)!);
    await dialog.getByRole('button', { name: 'Mark as invited' }).click();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await entry(third)
      .getByRole('combobox', { name: `Change the status of ${third}` })
      .click();
    await page.getByRole('option', { name: 'No answer' }).click();
    await expect.poll(() => entry(third).getByTestId('sl-status').textContent()).toMatch(/^No answer \d{4}-\d{2}-\d{2}$/);
    const csv = await csvOf(await downloaded(() => page.getByRole('button', { name: 'Export 5 to CSV' }).click()));
    expect(csv.slice(1).map((l) => [l[1], l[5], l[6]])).toEqual([
      [picked[0], 'Accepted', 'Knows the lichen survey; ask before 15 Dec'],
      [picked[1], 'Declined', ''],
      [fourth, 'Shortlisted', ''],
      [third, 'No answer', ''],
      [extra, 'Shortlisted', 'Added offline'],
    ]);
    await page.screenshot({ path: screenshotPath('shortlist-offline') });
    await app.startService();
    await expect.poll(() => page.getByTestId('status-message').textContent(), { timeout: 40_000 }).toBe('Online');
  });

  it('has no serious or critical accessibility violation in the panel and the dialog, light and dark', async () => {
    const bad: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await showPanel();
      const r1 = await new AxeBuilder({ page }).include('#shortlist-panel').include('[role="toolbar"]').analyze();
      const draft = panel().getByRole('button', { name: /^Draft invitations/ });
      await draft.click();
      await page.getByRole('dialog').waitFor();
      await expect.poll(() => page.getByRole('dialog').getByTestId('draft-subject').count()).toBeGreaterThan(0);
      const r2 = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
      await page.keyboard.press('Escape');
      await showTable();
      const r3 = await new AxeBuilder({ page }).include('[role="table"]').include('[role="toolbar"]').analyze();
      for (const [where, r] of [
        ['panel', r1],
        ['dialog', r2],
        ['table with the checkbox column, toolbar with the panel hidden', r3],
      ] as const)
        bad.push(
          ...r.violations
            .filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => `${scheme} ${where}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target}`),
        );
    }
    await page.emulateMedia({ colorScheme: 'light' });
    expect(bad).toEqual([]);
  });

  it('screenshots at 1280×720 and 1920×1080, light and dark', async () => {
    // The table with people picked: the toolbar and the selection bar each on one line, at both sizes.
    await showTable();
    for (const [w, h] of [
      [1280, 720],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await oneLine(page.getByRole('toolbar', { name: 'Candidate tools' }), 4);
      await oneLine(page.getByRole('toolbar', { name: 'Picked people' }), 5);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: screenshotPath(`candidates-picked-${w}x${h}-${scheme}`) });
      }
    }
    await page.setViewportSize({ width: W, height: H });
    await showPanel();
    await eachLook(page, async (w, h, scheme) => {
      await panel().waitFor();
      await page.locator('.content').evaluate((el) => el.scrollTo(0, 0));
      await page.screenshot({ path: screenshotPath(`shortlist-${w}x${h}-${scheme}`) });
      // The spread's line fits the panel on both windows: in view, at most two lines.
      const spread = panel().getByTestId('sl-spread');
      await inViewOf(spread, w, h);
      expect(await spread.evaluate((el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight))).toBeLessThan(
        2.5,
      );
      // Each address is one line inside its person's column, shortened in its middle when the column is narrow,
      // also beside an entry whose Invite… button narrows its column.
      expect(
        await panel()
          .getByRole('button', { name: /^Invite .+…$/ })
          .count(),
      ).toBeGreaterThan(0);
      const emails = await panel()
        .getByTestId('sl-email')
        .evaluateAll((els) =>
          els.map((e) => {
            const r = e.getBoundingClientRect();
            const text = document.createRange();
            text.selectNodeContents(e);
            return {
              shown: e.textContent ?? '',
              full: e.getAttribute('title') ?? '',
              lines: text.getClientRects().length,
              right: r.right,
              columnRight: e.closest('.sl-who')!.getBoundingClientRect().right,
              fits: e.scrollWidth <= e.clientWidth + 1,
            };
          }),
        );
      expect(emails.length).toBeGreaterThan(0);
      for (const e of emails) {
        expect(e.lines, `${e.full} wraps`).toBe(1);
        expect(e.fits && e.right <= e.columnRight + 1, `${e.full} runs out of its column`).toBe(true);
        expect(e.shown === e.full || (e.shown.includes('…') && e.shown.length < e.full.length), e.full).toBe(true);
      }
      // At 1280 the panel takes the table's place (one line a person); at 1920 it is a narrow column beside it.
      if (scheme === 'dark') await cardsSpaced(w === 1280);
    });
    // Wide: the panel sits beside the table, both in view.
    const tableBox = (await table().boundingBox())!;
    const panelBox = (await panel().boundingBox())!;
    expect(tableBox.x + tableBox.width).toBeLessThanOrEqual(panelBox.x);
    expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(1920);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: W, height: H });
  });

  it('filters the candidates by where they are: only from a region, leaving it out, chips that remove themselves', async () => {
    await showTable();
    const count = page.getByTestId('candidates-count');
    const shown = async () => Number((await count.textContent())?.replace(/\D/g, ''));
    const all = await shown();
    const bar = page.getByRole('toolbar', { name: 'Picked people' });
    await bar.locator('summary', { hasText: /^Filters/ }).click();
    // The list is the app's own: regions and countries under their headings, light and dark, axe clean while open.
    const only = page.getByLabel('Only from: add a region or country');
    await only.click();
    const list = page.getByRole('listbox');
    expect(await list.getByRole('group').count()).toBe(2);
    const bad: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const r = await new AxeBuilder({ page }).include('.select-content').analyze();
      bad.push(
        ...r.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${scheme}: ${v.id} ${v.nodes[0]?.target}`),
      );
      await page.screenshot({ path: screenshotPath(`select-place-1280x720-${scheme}`) });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    expect(bad).toEqual([]);
    // Escape closes the list alone: the filters it was opened from stay open; a click in the list keeps them open too.
    await page.keyboard.press('Escape');
    await expect.poll(() => list.count()).toBe(0);
    expect(await only.isVisible()).toBe(true);
    await choose(only, 'South America');
    await expect.poll(shown).toBeLessThan(all);
    const onlyShown = await shown();
    expect(onlyShown).toBeGreaterThan(0);
    await page.screenshot({ path: screenshotPath('candidates-where-1280x720-light') });
    await page.getByRole('button', { name: 'Remove South America from “Only from”' }).click();
    await expect.poll(shown).toBe(all);
    // Leaving the region out keeps the others, and the people whose country is not known.
    await choose(page.getByLabel('Leave out: add a region or country'), 'South America');
    await expect.poll(shown).toBe(all - onlyShown);
    await page.getByRole('button', { name: 'Remove South America from “Leave out”' }).click();
    await expect.poll(shown).toBe(all);
    await page.keyboard.press('Escape');
  });
});
