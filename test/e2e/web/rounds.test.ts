// The second round on screen, in Debian Chromium against the browser host and the local service, at a
// laptop's 1280×720: five people shortlisted → the first three drafted (invite now, 3 by default), two
// alternates in order; one invitee declines "too busy" until a day → the next alternate's draft is one click
// away, and Hide busy reviewers leaves the person out until that day (not once it is past); the Reviewers
// view shows the date and the decline report, exported; axe on the new controls; screenshots in both sizes
// and themes (test-results/screenshots/rounds-*).
import { readFileSync } from 'node:fs';
import { addDays, addMonths, format } from 'date-fns';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../electron/common/domain/csv';
import { seriousAxe } from '../../support/axe';
import { screenshotPath } from '../../support/browser';
import { openCalendar } from '../../support/controls';
import { eachLook } from '../../support/looks';
import { conflictFreeNames, onlinePageForFile } from '../../support/e2e-setup';
import { nav, uploadDemoManuscript } from '../flows/workspace';

let page: Page;

const W = 1280;
const H = 720;
const table = () => page.getByRole('table', { name: 'Referee candidates' });
const panel = () => page.locator('#shortlist-panel');
const entry = (name: string) =>
  panel()
    .getByTestId('sl-entry')
    .filter({ has: page.locator('.sl-who strong', { hasText: name }) });
const shortlistButton = () => page.getByRole('toolbar', { name: 'Candidate tools' }).getByRole('button', { name: /^Shortlist/ });
const count = async () => Number((await page.getByTestId('candidates-count').textContent())!.replace(/\D/g, ''));
const inTable = (name: string) =>
  table()
    .getByRole('checkbox', { name: `Shortlist ${name}` })
    .count();
/** The day the calendar reaches from today by keyboard: two months on (PageDown twice), then one day (ArrowRight). */
const until = format(addDays(addMonths(new Date(), 2), 1), 'yyyy-MM-dd');
const untilText = new Date(`${until}T00:00:00Z`).toLocaleDateString('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

const axe = (where: string, ...include: string[]): Promise<string[]> => seriousAxe(page, where, ...include);

onlinePageForFile({ width: W, height: H, downloads: true }, (opened) => ({ page } = opened));

describe('rounds: decline reasons, availability, alternates', () => {
  let picked: string[] = [];

  it('five shortlisted: the first three are drafted, the other two wait as alternates in order', async () => {
    await uploadDemoManuscript(page);
    await nav(page, 'Candidates');
    await expect.poll(count, { timeout: 20_000 }).toBe(50);
    await page.getByLabel('Hide busy reviewers').check();
    await table().locator('[aria-rowindex="2"]').waitFor();
    picked = (await conflictFreeNames(table())).slice(0, 5);
    expect(picked).toHaveLength(5);
    for (const name of picked)
      await table()
        .getByRole('checkbox', { name: `Shortlist ${name}` })
        .click();
    await shortlistButton().click();
    await panel().waitFor();
    expect(await panel().getByRole('spinbutton', { name: 'Invite now' }).inputValue()).toBe('3');
    expect(await panel().getByTestId('sl-role').allTextContents()).toEqual(['Alternate 1', 'Alternate 2']);
    expect(await entry(picked[3]!).getByTestId('sl-role').textContent()).toBe('Alternate 1');
    await panel().getByRole('button', { name: 'Draft invitations (3)' }).click();
    const basics = page.getByRole('dialog', { name: 'Before your first invitation' });
    await basics.getByLabel(/^Your name/).fill('Dr. Ines Editor');
    await basics.getByRole('button', { name: 'Save and draft' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invitations (3)' });
    await expect.poll(() => dialog.getByTestId('draft-subject').count(), { timeout: 10_000 }).toBe(3);
    await dialog.getByRole('button', { name: 'Mark all 3 as invited' }).click();
    await expect
      .poll(() => panel().getByTestId('sl-status').allTextContents())
      .toEqual([
        expect.stringMatching(/^Invited/),
        expect.stringMatching(/^Invited/),
        expect.stringMatching(/^Invited/),
        'Shortlisted',
        'Shortlisted',
      ]);
    await dialog.getByRole('button', { name: 'Done' }).click();
    expect(
      await panel()
        .getByRole('button', { name: /^Draft invitations/ })
        .textContent(),
    ).toMatch(/\(0\)/);
    expect(await panel().getByTestId('sl-proposal').count()).toBe(0);
  });

  it('one declines “too busy” until a day: the next alternate’s draft is one click away; Hide busy leaves the person out', async () => {
    const [first, , , alternate] = picked as [string, string, string, string, string];
    await entry(first)
      .getByRole('button', { name: `${first} declined…` })
      .click();
    const decline = page.getByRole('dialog', { name: `${first} declined` });
    // A reason is asked for; recording without one says so, next to the choices.
    await decline.getByRole('button', { name: 'Record the decline' }).click();
    await expect.poll(() => decline.getByText('Pick the reason they gave').isVisible()).toBe(true);
    await decline.getByRole('radio', { name: 'Too busy' }).check();
    // The day is picked on the calendar by keyboard: Alt+Down opens it on today, Escape closes it alone (the
    // dialog stays), Enter on the calendar button opens it again; PageDown moves a month, arrows a day, Enter picks.
    const field = decline.getByLabel('Unavailable until', { exact: true });
    let calendar = await openCalendar(field, 'Unavailable until');
    expect(await calendar.locator('.rdp-day_button:focus').getAttribute('aria-label')).toMatch(/^Today, /);
    await page.keyboard.press('Escape');
    await expect.poll(() => calendar.count()).toBe(0);
    expect(await decline.isVisible()).toBe(true);
    const button = decline.getByRole('button', { name: 'Choose Unavailable until on a calendar' });
    await button.focus();
    await page.keyboard.press('Enter');
    calendar = page.getByRole('dialog', { name: 'Unavailable until: calendar' });
    await expect.poll(() => calendar.locator('.rdp-day_button:focus').count()).toBe(1);
    for (const key of ['PageDown', 'PageDown', 'ArrowRight']) await page.keyboard.press(key);
    await expect.poll(() => calendar.locator('.rdp-day_button:focus').getAttribute('aria-label')).toContain(String(Number(until.slice(8))));
    const bad: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      bad.push(...(await axe(`open date picker, ${scheme}`, '.date-popover')));
      await page.screenshot({ path: screenshotPath(`date-picker-1280x720-${scheme}`) });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    expect(bad).toEqual([]);
    await page.keyboard.press('Enter');
    await expect.poll(() => calendar.count()).toBe(0);
    // The field shows the picked day in the editor's words.
    await expect.poll(() => field.inputValue()).toBe(format(addDays(addMonths(new Date(), 2), 1), 'd MMM yyyy'));
    expect(await axe('decline dialog', '[role="dialog"]')).toEqual([]);
    await page.screenshot({ path: screenshotPath('rounds-decline-dialog') });
    await decline.getByRole('button', { name: 'Record the decline' }).click();
    await expect.poll(() => decline.count()).toBe(0);
    await expect.poll(() => entry(first).getByTestId('sl-status').textContent()).toMatch(/^Declined/);
    expect(await entry(first).getByTestId('sl-reason').textContent()).toBe('Too busy');
    // The next alternate is proposed in the declined person's place; one click opens their drafted invitation.
    const proposal = panel().getByTestId('sl-proposal');
    await expect.poll(() => proposal.textContent()).toContain(`${first} declined. Next alternate: ${alternate}`);
    expect(await panel().getByTestId('sl-role').allTextContents()).toEqual(['Alternate 1']);
    await page.screenshot({ path: screenshotPath('rounds-proposal') });
    await proposal.getByRole('button', { name: `Draft invitation to ${alternate}` }).click();
    const draft = page.getByRole('dialog', { name: `Invitation to ${alternate}` });
    await expect.poll(() => draft.getByRole('textbox').inputValue(), { timeout: 10_000 }).toContain(alternate.split(' ').at(-1)!);
    // The one action that sends it: the mail link, which also marks them invited.
    const link = draft.getByTestId('mailto');
    expect(await link.getAttribute('href')).toMatch(/^mailto:[^?@]+@[^?@]+\?subject=.+&body=.+/);
    await link.evaluate((a) => a.addEventListener('click', (e) => e.preventDefault()));
    await link.click();
    await expect.poll(() => entry(alternate).getByTestId('sl-status').textContent()).toMatch(/^Invited/);
    await page.keyboard.press('Escape');
    await expect.poll(() => panel().getByTestId('sl-proposal').count()).toBe(0);

    // Hide busy reviewers (on since the start) now leaves the declined person out of the candidates.
    await shortlistButton().click();
    await table().waitFor();
    await expect.poll(count).toBe(49);
    expect(await inTable(first)).toBe(0);
    // With the filter off the person is there, the badge saying until when.
    await page
      .getByRole('toolbar', { name: 'Picked people' })
      .locator('summary', { hasText: /^Filters/ })
      .click();
    await page.getByLabel('Hide busy reviewers').uncheck();
    await expect.poll(count).toBe(50);
    const row = table()
      .getByRole('row')
      .filter({ has: page.getByRole('checkbox', { name: `Shortlist ${first}` }) });
    await expect.poll(() => row.getByTestId('load-badge').textContent()).toBe(`Busy until ${untilText}: Unavailable until ${untilText}`);
    await page.getByLabel('Hide busy reviewers').check();
    await page.keyboard.press('Escape');
    await expect.poll(count).toBe(49);
  });

  it('the Reviewers view shows the date and the decline report, exported; a date already past brings the person back', async () => {
    const [first] = picked as [string];
    await nav(page, 'Reviewers');
    const reviewers = page.getByRole('table', { name: 'Reviewers' });
    const row = reviewers.getByRole('row').filter({ hasText: first });
    await expect.poll(() => row.getByTestId('unavailable').textContent()).toBe(`Away until ${untilText} · `);
    await page.screenshot({ path: screenshotPath('rounds-reviewers') });
    await page.getByRole('button', { name: 'Decline reasons' }).click();
    const report = page.getByRole('dialog', { name: 'Decline reasons' });
    const overall = report.getByTestId('declines-overall');
    await expect.poll(() => overall.getByRole('row').allTextContents()).toEqual(['ReasonDeclinesPeopleAcceptance rate', 'Too busy110 %']);
    expect(await report.getByTestId('declines-people').getByRole('row').nth(1).textContent()).toContain(`${first}`);
    const [download] = await Promise.all([page.waitForEvent('download'), report.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = parseCsv(readFileSync((await download.path())!, 'utf8'));
    expect(csv[0]).toEqual(['Reviewer', 'E-mail', 'Reason', 'Declines', 'People', 'Acceptance rate of these people']);
    expect(csv[1]).toEqual(['All reviewers', '', 'Too busy', '1', '1', '0 %']);
    expect(csv[2]!.slice(0, 1).concat(csv[2]!.slice(2, 4))).toEqual([first, 'Too busy', '1']);
    const bad = await axe('decline report', '[role="dialog"]');
    await page.keyboard.press('Escape');

    // The person's history: the reason beside the status, and the date, which the editor can change.
    await row.getByRole('button', { name: first, exact: true }).click();
    const drawer = page.getByRole('dialog');
    await expect.poll(() => drawer.getByRole('row').filter({ hasText: 'Declined' }).textContent()).toContain('Too busy');
    bad.push(...(await axe('person with availability', '[role="dialog"]')));
    expect(bad).toEqual([]);
    await page.screenshot({ path: screenshotPath('rounds-person') });
    // Typed as an editor writes it; the field takes it whole.
    await drawer.getByLabel(`${first} is unavailable until`, { exact: true }).fill('1 Jan 2020');
    await expect.poll(() => row.getByTestId('unavailable').count()).toBe(0);
    await page.keyboard.press('Escape');
    await nav(page, 'Candidates');
    await expect.poll(count).toBe(50);
    expect(await inTable(first)).toBe(1);
  });

  it('has no serious or critical accessibility violation in the panel with alternates and proposals, light and dark; screenshots', async () => {
    await shortlistButton().click();
    await panel().waitFor();
    // Two more people out (one declines, one did not answer): two alternates needed, one left, proposed.
    const [, second] = picked as [string, string];
    await entry(second)
      .getByRole('button', { name: `${second} declined…` })
      .click();
    const decline = page.getByRole('dialog', { name: `${second} declined` });
    await decline.getByRole('radio', { name: 'Other' }).check();
    await decline.getByRole('button', { name: 'Record the decline' }).click();
    await expect.poll(() => decline.getByText('Say why in a few words.').isVisible()).toBe(true);
    await decline.getByLabel('In a few words').fill('Moving labs this winter');
    await decline.getByRole('button', { name: 'Record the decline' }).click();
    await expect.poll(() => entry(second).getByTestId('sl-reason').textContent()).toBe('Other: Moving labs this winter');
    await expect.poll(() => panel().getByTestId('sl-proposal').count()).toBe(1);
    const bad: string[] = [];
    await eachLook(page, async (w, h, scheme) => {
      await panel().waitFor();
      await page.screenshot({ path: screenshotPath(`rounds-shortlist-${w}x${h}-${scheme}`) });
      if (w === W) bad.push(...(await axe(`${scheme} panel`, '#shortlist-panel')));
    });
    await page.setViewportSize({ width: W, height: H });
    await page.emulateMedia({ colorScheme: 'light' });
    await nav(page, 'Reviewers');
    await page.getByRole('button', { name: 'Decline reasons' }).click();
    await eachLook(page, async (w, h, scheme) => {
      await page.getByRole('dialog', { name: 'Decline reasons' }).waitFor();
      await page.screenshot({ path: screenshotPath(`rounds-report-${w}x${h}-${scheme}`) });
      if (w === W) bad.push(...(await axe(`${scheme} report`, '[role="dialog"]', '[role="toolbar"]')));
    });
    await page.setViewportSize({ width: W, height: H });
    await page.emulateMedia({ colorScheme: 'light' });
    expect(bad).toEqual([]);
  });
});
