// The authors' opposed and suggested reviewers, the do-not-invite list and bounced e-mails on screen, in
// Chromium against the browser host and the local service at a laptop's 1280×720: a cover letter's opposed
// line (by e-mail) and suggested line (prose, by name and affiliation) pasted into the manuscript → the
// opposed candidate hidden from the table, the suggested one shortlisted with its flag; a person put on the
// do-not-invite list in the Reviewers view → flagged on the candidates and the shortlist and held back from
// the drafts; a bounced address left out of the draft; axe on the new controls; screenshots at 1280×720 and
// 1920×1080, light and dark (test-results/screenshots/decisions-*).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxe } from '../../support/axe';
import { screenshotPath } from '../../support/browser';
import { eachLook } from '../../support/looks';
import { onlinePageForFile } from '../../support/e2e-setup';
import { nav, uploadDemoManuscript } from '../flows/workspace';

let page: Page;

const W = 1280;
const H = 720;
const table = () => page.getByRole('table', { name: 'Referee candidates' });
const count = () => page.getByTestId('candidates-count');
const shown = async () => Number((await count().textContent())?.replace(/\D/g, ''));
const row = (name: string) =>
  table()
    .getByRole('row')
    .filter({ has: page.getByRole('checkbox', { name: `Shortlist ${name}` }) });
const panel = () => page.locator('#shortlist-panel');
const shortlistButton = () => page.getByRole('toolbar', { name: 'Candidate tools' }).getByRole('button', { name: /^Shortlist/ });
const requestsSheet = () => page.getByRole('dialog', { name: 'Authors’ requests' });

interface Person {
  name: string;
  email: string;
  affiliation: string;
}

/** Conflict-free candidates with an e-mail and an affiliation, from the rows now in the DOM. */
async function people(): Promise<Person[]> {
  const rows = table().locator('[role="row"][aria-rowindex]:not([aria-rowindex="1"])');
  const out: Person[] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const r = rows.nth(i);
    if ((await r.getByTestId('conflicts').textContent())?.trim() !== 'None') continue;
    const href = await r
      .locator('a[data-testid="email"]')
      .getAttribute('href')
      .catch(() => null);
    const affiliation = (await r.locator('.name-cell .line2').getAttribute('title')) ?? '';
    if (!href || affiliation === '') continue;
    const name = (await r.getByRole('checkbox').getAttribute('aria-label'))!.replace(/^Shortlist /, '');
    out.push({ name, email: decodeURIComponent(href.replace(/^mailto:/, '')), affiliation });
  }
  return out;
}

const axe = (where: string, selector: string): Promise<string[]> => seriousAxe(page, where, selector);

onlinePageForFile({ width: W, height: H }, (opened) => ({ page } = opened));

describe('authors’ requests, do-not-invite and bounced e-mails', () => {
  let opposed: Person;
  let suggested: Person;
  let barred: Person;

  it('a cover letter’s opposed and suggested lines: the opposed candidate hidden, the suggested one shortlisted', async () => {
    await uploadDemoManuscript(page);
    await nav(page, 'Candidates');
    await expect.poll(shown, { timeout: 20_000 }).toBe(50);
    await table().locator('[aria-rowindex="2"]').waitFor();
    const found = await people();
    expect(found.length).toBeGreaterThanOrEqual(3);
    [opposed, suggested, barred] = found as [Person, Person, Person];

    await page.getByRole('button', { name: 'Authors’ requests' }).click();
    const sheet = requestsSheet();
    await sheet.waitFor();
    // Nothing typed: the editor's words, next to the field, and nothing sent.
    await sheet.getByRole('button', { name: 'Add opposed people' }).click();
    await sheet.getByText('Paste the names from the cover letter first.').waitFor();
    const box = sheet.getByLabel(/^Lines from the cover letter/);
    await box.fill(`Please do not invite:\n${opposed.name}, ${opposed.email.toUpperCase()}\n`);
    await sheet.getByRole('button', { name: 'Add opposed people' }).click();
    const matches = sheet.getByTestId('request-match');
    await expect.poll(() => matches.first().textContent()).toContain(`→ ${opposed.name}`);
    expect(await matches.first().textContent()).toContain('same e-mail');

    await sheet.getByRole('radio', { name: 'Suggested' }).check();
    await box.fill(`We would like to suggest Dr. ${suggested.name} (${suggested.affiliation}) as a reviewer.`);
    await sheet.getByRole('button', { name: 'Add suggested people' }).click();
    await expect.poll(() => matches.count()).toBe(2);
    expect(await matches.nth(1).textContent()).toContain(`→ ${suggested.name}`);
    expect(await matches.nth(1).textContent()).toContain('same name and affiliation');
    await page.screenshot({ path: screenshotPath('decisions-requests-1280x720-light') });
    const bad = [...(await axe('requests sheet, light', '[role="dialog"]'))];
    await page.emulateMedia({ colorScheme: 'dark' });
    bad.push(...(await axe('requests sheet, dark', '[role="dialog"]')));
    await page.emulateMedia({ colorScheme: 'light' });
    expect(bad).toEqual([]);

    await sheet.getByRole('button', { name: 'Add 1 to the shortlist' }).click();
    await sheet.getByText('On the shortlist').waitFor();
    await eachLook(page, async (w, h, scheme) => {
      await page.screenshot({ path: screenshotPath(`decisions-requests-${w}x${h}-${scheme}`) });
    });
    await page.setViewportSize({ width: W, height: H });
    await page.keyboard.press('Escape');
    await expect.poll(() => sheet.count()).toBe(0);

    // The opposed candidate is hidden from the table until the editor asks to see them.
    await expect.poll(shown).toBe(49);
    expect(await row(opposed.name).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Authors’ requests (2)' }).count()).toBe(1);
    await page.getByLabel('Show opposed (1)').check();
    await expect.poll(shown).toBe(50);
    await expect.poll(() => row(opposed.name).getByTestId('flag-opposed').count()).toBe(1);
    await page.getByLabel('Show opposed (1)').uncheck();
    await expect.poll(shown).toBe(49);
    expect(await row(suggested.name).getByTestId('flag-suggested').textContent()).toMatch(/^Suggested/);
    expect(await row(suggested.name).getByRole('checkbox').getAttribute('aria-checked')).toBe('true');

    await shortlistButton().click();
    const entry = panel().getByTestId('sl-entry').filter({ hasText: suggested.name });
    expect(await entry.getByTestId('flag-suggested').textContent()).toBe('Suggested by the authors');
    await shortlistButton().click();
  });

  it('a do-not-invite person is flagged on the candidates and the shortlist and held back from the drafts', async () => {
    await row(barred.name).getByRole('checkbox').click();
    await nav(page, 'Reviewers');
    await page.getByLabel('Search reviewers by name or affiliation').fill(barred.name);
    const reviewers = page.getByRole('table', { name: 'Reviewers' });
    await reviewers.getByRole('button', { name: barred.name, exact: true }).first().click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: 'Add to the do-not-invite list…' }).click();
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.getByText('Give a reason: it is shown wherever the person appears.').waitFor();
    await drawer.getByLabel(/^Reason/).fill('Two reports late this year');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => drawer.getByTestId('dni-entry').textContent()).toContain('Do not invite: Two reports late this year');
    const bad: string[] = [];
    await eachLook(page, async (w, h, scheme) => {
      await page.screenshot({ path: screenshotPath(`decisions-reviewer-${w}x${h}-${scheme}`) });
      if (w === W) bad.push(...(await axe(`reviewer drawer, ${scheme}`, '[role="dialog"]')));
    });
    await page.setViewportSize({ width: W, height: H });
    await page.emulateMedia({ colorScheme: 'light' });
    expect(bad).toEqual([]);
    await page.keyboard.press('Escape');
    // The Reviewers list flags the person too.
    await expect.poll(() => reviewers.getByRole('row').filter({ hasText: barred.name }).getByTestId('flag-dni').count()).toBe(1);
    await page.getByLabel('Search reviewers by name or affiliation').fill('');

    await nav(page, 'Candidates');
    await expect.poll(() => row(barred.name).getByTestId('flag-dni').count(), { timeout: 10_000 }).toBe(1);
    expect(await row(barred.name).getByTestId('flag-dni').getAttribute('title')).toBe('Do not invite: Two reports late this year');

    await shortlistButton().click();
    const barredEntry = panel().getByTestId('sl-entry').filter({ hasText: barred.name });
    await barredEntry.getByTestId('flag-dni').waitFor();
    // Two people not yet invited, one on the do-not-invite list: one draft.
    const draftAll = panel().getByRole('button', { name: 'Draft invitations (1)' });
    await draftAll.click();
    const basics = page.getByRole('dialog', { name: 'Before your first invitation' });
    await basics.getByLabel(/^Your name/).fill('Dr. Ines Editor');
    await basics.getByRole('button', { name: 'Save and draft' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invitations (1)' });
    await expect.poll(() => dialog.getByTestId('draft-subject').count(), { timeout: 10_000 }).toBe(1);
    expect(await dialog.getByRole('heading', { level: 3 }).first().textContent()).toContain(suggested.name);
    expect(await dialog.getByTestId('held-back').textContent()).toBe(
      `${barred.name} is on your do-not-invite list (Two reports late this year): no draft.`,
    );
    expect(await dialog.getByRole('textbox').count()).toBe(1);
    await eachLook(page, async (w, h, scheme) => {
      await page.screenshot({ path: screenshotPath(`decisions-drafts-${w}x${h}-${scheme}`) });
    });
    await page.setViewportSize({ width: W, height: H });
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await axe('drafts with one held back', '[role="dialog"]')).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it('a bounced address is shown on the person and left out of the draft', async () => {
    await nav(page, 'Reviewers');
    await page.getByLabel('Search reviewers by name or affiliation').fill(suggested.name);
    await page.getByRole('table', { name: 'Reviewers' }).getByRole('button', { name: suggested.name, exact: true }).first().click();
    const drawer = page.getByRole('dialog');
    const address = drawer.getByRole('listitem').filter({ hasText: suggested.email.toLowerCase() });
    await address.getByRole('button', { name: 'Mark as bounced' }).click();
    await address.getByRole('button', { name: 'Not bounced' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByLabel('Search reviewers by name or affiliation').fill('');
    await nav(page, 'Candidates');
    // At 1280 the shortlist panel (left open) takes the table's place: it flags the address too.
    await panel().getByTestId('sl-entry').filter({ hasText: suggested.name }).getByTestId('flag-bounced').waitFor();
    await shortlistButton().click();
    await expect.poll(() => row(suggested.name).getByTestId('flag-bounced').count(), { timeout: 10_000 }).toBe(1);
    await shortlistButton().click();
    await panel().getByRole('button', { name: 'Draft invitations (1)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invitations (1)' });
    await dialog.getByTestId('draft-bounced').waitFor();
    expect(await dialog.getByTestId('draft-bounced').textContent()).toContain(`${suggested.email} bounced`);
    expect(await dialog.getByTestId('mailto').count()).toBe(0);
    await page.keyboard.press('Escape');
  });
});
