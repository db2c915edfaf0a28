// Issue 13, on-screen half, in Chromium against the browser host and the local service: a first
// manuscript where two people were invited (one accepted, one declined), a second one in the same
// folder whose candidates show their load badge and counts; the Reviewers view (search, sort, CSV export
// checked, history, merge rule, split with confirmation); reminders due in Activity; the filters; axe on
// the new views; everything visible at 1280×720. Screenshots: test-results/screenshots/reviewers-*.
import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../../electron/common/domain/csv';
import type { CandidateRow } from '../../../electron/common/shapes';
import { seriousAxe } from '../../support/axe';
import { launchChromium, screenshotPath } from '../../support/browser';
import { startWebApp, type WebApp } from '../../support/web-app';
import { openSettingsPane } from '../../support/settings-pane';
import { demoUploadForm } from '../../support/upload-form';
import { eachLook } from '../../support/looks';

let app: WebApp;
let browser: Browser;
let page: Page;
let accepted: CandidateRow;
let declined: CandidateRow;
let waiting: CandidateRow;
let secondTitle: string;
let secondCount: number;

async function call<T>(channel: string, input: unknown): Promise<T> {
  const env = await app.core.router.handle(channel, input, { transport: 'test' });
  if (!env.ok) throw new Error(`${channel}: ${env.error.message}`);
  return env.value as T;
}

async function upload(originId: string, title: string): Promise<number> {
  const ms = await call<{ id: number }>('manuscripts.upload', {
    form: demoUploadForm(originId, title),
  });
  await app.core.workspace()!.sync.syncNow();
  return ms.id;
}

const nav = (label: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: label, exact: true }).click();

/** Every element matched is inside the 1280×720 window. */
async function inWindow(selector: string) {
  for (const box of await page.locator(selector).evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect))) {
    expect(box.x, selector).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, selector).toBeLessThanOrEqual(1280);
    expect(box.y + box.height, selector).toBeLessThanOrEqual(720);
  }
}

/** The second manuscript's candidates: the table and its search field. */
async function secondCandidates(): Promise<{ table: Locator; search: Locator }> {
  await nav('Manuscripts');
  await page
    .getByRole('list', { name: 'Manuscripts' })
    .getByRole('button', { name: new RegExp(secondTitle) })
    .click();
  await nav('Candidates');
  return { table: page.getByRole('table', { name: 'Referee candidates' }), search: page.getByLabel('Filter by name or affiliation') };
}

/** The people's names in the Reviewers table, top to bottom. */
const namesIn = (reviewers: Locator) =>
  reviewers.getByRole('row').evaluateAll((els) => els.slice(1).map((e) => e.querySelector('.name')?.textContent ?? ''));

/** The Reviewers view exported with Export CSV, as rows. */
async function exportCsv(): Promise<string[][]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  return parseCsv(readFileSync((await download.path())!, 'utf8'));
}

/** Opens the history of `who` from the Reviewers `table`, once it lists the second manuscript; the drawer. */
async function openHistory(table: Locator, who: CandidateRow): Promise<Locator> {
  await table.getByRole('row').filter({ hasText: who.name }).first().getByRole('button', { name: who.name, exact: true }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('cell', { name: secondTitle }).waitFor();
  return drawer;
}

/** The first manuscript's row in a history drawer, as text. */
const firstManuscriptIn = (drawer: Locator) =>
  drawer.getByRole('row').filter({ hasText: 'Neural networks for protein folding' }).textContent();

async function axe(what: string) {
  expect(await seriousAxe(page, what)).toEqual([]);
}

beforeAll(async () => {
  app = await startWebApp({ service: true });
  const first = await upload('ledger-1', 'Neural networks for protein folding');
  const run = app.core.cache.manuscripts.getById(first)!.lastRunId!;
  const people = app.core.cache.candidates.ofRun(run).filter((c) => c.email);
  [accepted, declined, waiting] = [people[0]!, people[1]!, people[2]!];
  const ids = [accepted, declined, waiting].map((c) => c.authorId);
  await call('shortlist.add', { manuscriptId: first, authorIds: ids });
  for (const authorId of ids) await call('invitation.markInvited', { manuscriptId: first, authorId });
  await call('shortlist.setStatus', { manuscriptId: first, authorId: accepted.authorId, status: 'accepted' });
  await call('shortlist.setStatus', { manuscriptId: first, authorId: declined.authorId, status: 'declined' });
  // The third invitation was sent ten days ago and has no answer: a reminder is due (reminder days: 7).
  app.core.cache.db
    .prepare('UPDATE shortlist SET invited_at = ? WHERE manuscript_id = ? AND author_id = ?')
    .run(Date.now() - 10 * 86_400_000, first, waiting.authorId);
  // A second author record with the accepted person's e-mail: merged into them by the e-mail rule.
  app.core.cache.ledger.ensure({
    authorId: 987_654_321,
    name: `${accepted.name} (duplicate)`,
    affiliation: null,
    email: accepted.email,
    orcid: null,
  });
  app.core.cache.ledger.refresh(app.core.cache.ledger.personOf(accepted.authorId)!);
  secondTitle = 'Attention models for protein structure';
  const second = await upload('ledger-2', secondTitle);
  secondCount = app.core.cache.candidates.ofRun(app.core.cache.manuscripts.getById(second)!.lastRunId!).length;

  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, acceptDownloads: true });
  page = await context.newPage();
  await page.goto(app.host.url);
  await page.getByTestId('status-message').getByText('Online').waitFor({ timeout: 20_000 });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('reviewer ledger on screen', () => {
  it('Settings: the load rule (K = 1) and an unknown placeholder warned about', async () => {
    await openSettingsPane(page, 'Invitations');
    const section = page.getByRole('region', { name: 'Invitations and reviewer load' });
    await section.getByLabel('Busy when invited').fill('1');
    await section.getByLabel('Subject').fill('Invitation: {{manuscript_titel}}');
    await expect.poll(() => page.getByTestId('unknown-placeholders').textContent()).toContain('{{manuscript_titel}}');
    await section.getByLabel('Subject').fill('Invitation to review: {{manuscript_title}}');
    await expect.poll(() => page.getByTestId('unknown-placeholders').count()).toBe(0);
    await section.getByRole('button', { name: 'Save invitation settings' }).click();
    await section.getByText('Saved.').waitFor();
    expect(app.core.cache.shortlist.settings()).toMatchObject({
      fatigueK: 1,
      fatigueD: 180,
      fatigueR: 2,
      subject: 'Invitation to review: {{manuscript_title}}',
    });
    await axe('settings');
  });

  it('the second manuscript shows both people with the load badge, why, and their counts; filters on one line', async () => {
    const { table, search } = await secondCandidates();
    for (const who of [accepted, declined]) {
      await search.fill(who.name);
      const row = table.getByRole('row').filter({ hasText: who.name });
      await expect.poll(() => row.getByTestId('load-badge').count(), { timeout: 20_000 }).toBe(1);
      expect(await row.getByTestId('load-badge').getAttribute('title')).toBe('Invited once in the last 180 days');
    }
    await search.fill('');
    // The filter bar keeps one line: the table starts right under it and shows more than five rows.
    const filters = page.getByRole('group', { name: 'Candidate filters' });
    expect((await filters.boundingBox())!.height).toBeLessThan(44);
    const rows = await table.getByRole('row').evaluateAll((els) => els.filter((e) => e.getBoundingClientRect().bottom <= 720).length);
    expect(rows - 1).toBeGreaterThan(5);
    await inWindow('.filters > *');
    await page.screenshot({ path: screenshotPath('reviewers-candidates-1280') });

    await search.fill(accepted.name);
    await table.getByRole('row').filter({ hasText: accepted.name }).getByRole('button', { name: accepted.name, exact: true }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByTestId('drawer-load').waitFor();
    expect(await drawer.getByTestId('drawer-load').textContent()).toBe('Busy: Invited once in the last 180 days.');
    await axe('candidate details with load');
    await page.keyboard.press('Escape');
    await search.fill('');

    const count = async () => Number((await page.getByTestId('candidates-count').textContent())!.replace(/\D/g, ''));
    const all = secondCount;
    await expect.poll(count).toBe(all);
    await page.getByLabel('Hide busy reviewers').check();
    await expect.poll(count).toBe(all - 3);
    await expect.poll(() => table.getByRole('row').filter({ hasText: accepted.name }).count()).toBe(0);
    await page.getByLabel('Hide busy reviewers').uncheck();
    await page.getByLabel('Worked with before').check();
    await expect.poll(count).toBe(1);
    await expect.poll(() => table.getByRole('row').filter({ hasText: accepted.name }).count()).toBe(1);
    await page.getByLabel('Worked with before').uncheck();
    // The rarely used filters open from one button and close with Escape.
    await page.getByText('More filters').click();
    await page.getByLabel('Minimum h-index').waitFor();
    await inWindow('.more-panel');
    await axe('more filters');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByLabel('Minimum h-index').isVisible()).toBe(false);
  });

  it('Reviewers view: search, sort, export CSV, history with the merge rule, split with confirmation', async () => {
    await page.keyboard.press('Control+5');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Reviewers');
    const table = page.getByRole('table', { name: 'Reviewers' });
    const names = () => namesIn(table);
    // Sorted by invitations first: the three invited people lead.
    await expect.poll(async () => (await names()).slice(0, 3).sort()).toEqual([accepted.name, declined.name, waiting.name].sort());
    await table.getByRole('button', { name: 'Accepted' }).click();
    await expect.poll(async () => (await names())[0]).toBe(accepted.name);
    const surname = declined.name.split(/\s+/).at(-1)!;
    await page.getByLabel('Search reviewers by name or affiliation').fill(surname);
    await expect.poll(names).toContain(declined.name);
    for (const n of await names()) expect(n.toLowerCase()).toContain(surname.toLowerCase());
    const csv = await exportCsv();
    expect(csv[0]!.slice(0, 13).join(',')).toBe(
      'Name,Affiliation,E-mail,ORCID,Suggested,Shortlisted,Invited,Accepted,Declined,No answer,Reviewing now,Last invited,Acceptance rate',
    );
    const line = csv.find((r) => r[0] === declined.name)!;
    expect(line.slice(4, 11)).toEqual(['2', '1', '1', '0', '1', '0', '0']);
    expect(line[12]).toBe('0 %');
    expect(csv).toHaveLength((await names()).length + 1);
    await inWindow('.reviewers .toolbar > *');

    await page.getByLabel('Search reviewers by name or affiliation').fill('');
    const drawer = await openHistory(table, accepted);
    expect(await firstManuscriptIn(drawer)).toContain('Accepted');
    expect(await drawer.getByTestId('merge-rule').allTextContents()).toEqual(['First record (author id)', 'Merged: same e-mail']);
    await page.screenshot({ path: screenshotPath('reviewers-history-1280') });
    await axe('reviewer history');
    await drawer.getByRole('button', { name: 'Split…' }).click();
    const confirm = drawer.getByRole('alertdialog');
    expect(await confirm.textContent()).toContain('987654321');
    await confirm.getByRole('button', { name: 'Split', exact: true }).click();
    await drawer.getByText('is now a person of its own').waitFor();
    await expect.poll(() => drawer.getByTestId('merge-rule').allTextContents()).toEqual(['First record (author id)']);
    const me = app.core.cache.ledger.personOf(accepted.authorId);
    expect(app.core.cache.ledger.personOf(987_654_321)).not.toBe(me);
    await page.keyboard.press('Escape');
    await axe('reviewers');
  });

  it('Activity lists the reminder due, and it opens that manuscript’s candidates', async () => {
    await nav('Activity');
    const reminders = page.getByRole('table', { name: 'Reminders due' });
    const row = reminders.getByRole('row').filter({ hasText: waiting.name });
    await row.waitFor();
    expect(await row.textContent()).toContain('Neural networks for protein folding');
    expect(await row.getByRole('cell').nth(3).textContent()).toBe('10');
    expect(await reminders.getByRole('row').count()).toBe(2);
    await inWindow('table.reminders');
    await axe('activity');
    await row.getByRole('button', { name: waiting.name, exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Candidates');
    await expect
      .poll(() => page.getByRole('main').textContent())
      .toMatch(/Neural networks for protein folding[\s\S]*Manuscript id ledger-1/);
  });

  it('works the same with the service stopped: load badge, busy filter, Reviewers search, export and history', async () => {
    await app.stopService();
    // The connectivity probe (it also runs by itself) finds the service gone.
    await app.core.workspace()!.connectivity.check();
    await expect.poll(() => page.getByTestId('status-message').textContent(), { timeout: 40_000 }).toMatch(/Offline/);
    const { table, search } = await secondCandidates();
    await search.fill(declined.name);
    const row = table.getByRole('row').filter({ hasText: declined.name });
    await expect.poll(() => row.getByTestId('load-badge').count(), { timeout: 20_000 }).toBe(1);
    await search.fill('');
    const count = async () => Number((await page.getByTestId('candidates-count').textContent())!.replace(/\D/g, ''));
    await expect.poll(count).toBe(secondCount);
    await page.getByLabel('Hide busy reviewers').check();
    await expect.poll(count).toBeLessThan(secondCount);
    await search.fill(declined.name);
    await expect.poll(count).toBe(0);
    await search.fill('');
    await page.getByLabel('Hide busy reviewers').uncheck();
    await expect.poll(count).toBe(secondCount);

    await page.keyboard.press('Control+5');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Reviewers');
    const reviewers = page.getByRole('table', { name: 'Reviewers' });
    const names = () => namesIn(reviewers);
    await page.getByLabel('Search reviewers by name or affiliation').fill(declined.name.split(/\s+/).at(-1)!);
    await expect.poll(names).toContain(declined.name);
    const csv = await exportCsv();
    expect(csv.find((r) => r[0] === declined.name)?.slice(6, 9)).toEqual(['1', '0', '1']);
    const drawer = await openHistory(reviewers, declined);
    expect(await firstManuscriptIn(drawer)).toContain('Declined');
    await page.keyboard.press('Escape');
    await page.getByLabel('Search reviewers by name or affiliation').fill('');

    await app.startService();
    await app.core.workspace()!.connectivity.check();
    await expect.poll(() => page.getByTestId('status-message').textContent(), { timeout: 40_000 }).toMatch(/Online/);
  });

  it('screenshots of the Reviewers view at 1280×720 and 1920×1080, light and dark', async () => {
    await eachLook(page, async (w, h, scheme) => {
      await nav('Reviewers');
      await page.getByRole('table', { name: 'Reviewers' }).getByRole('row').nth(1).waitFor();
      await page.screenshot({ path: screenshotPath(`reviewers-${w}x${h}-${scheme}`) });
    });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 720 });
  });
});
