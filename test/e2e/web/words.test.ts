// The editor's words on every view, in Chromium against the local service: with a manuscript uploaded, its
// candidates and journals, a reviewer invited, a group with a CSV file being mapped, a refused group, the service
// stopped and a demo service that died, no view's visible text (the status bar and the sidebar included) holds a
// contract field name (clientId, emails, api_id, str, origin_id…), a raw score, an internal id, an address with its
// port or a process's exit code — except inside an "Advanced" or "Details" disclosure ([data-advanced]), where
// they are for whoever supports the editor. Every other disclosure is opened first, so nothing hides in one.
// Screenshots of the views whose words changed at 1280×720 and 1920×1080, light and dark.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeManuscriptPdf } from '../../fixtures/intake/make';
import { launchChromium, screenshotPath } from '../../support/browser';
import { eachLook } from '../../support/looks';
import { startWebApp, type WebApp } from '../../support/web-app';
import { dropFile } from '../flows/workspace';
import { openSettingsPane, SETTINGS_PANE_LABELS } from '../../support/settings-pane';

let app: WebApp;
let browser: Browser;
let page: Page;
let csvFile: string;

/** Names of the contract and the service's schemas an editor never says. */
const CONTRACT_WORDS = new RegExp(
  String.raw`\b(clientId|client_id|emails|orcids|api_id|apiId|origin_id|originId|serviceId|service_id|str|single_option|multi_option|` +
    String.raw`dataKind|data_kind|group_name|owner_team|authors_count|undefined|null|NaN)\b`,
);
/** Numbers and sentences only a program needs: a raw score, an internal id, an address with its port, an exit code, an HTTP status. */
const TECHNICAL = [
  /\braw \d/,
  /\bservice id\b/i,
  /\bid \d+\b/,
  /\bexit code\b/i,
  /\bHTTP \d{3}\b/,
  /\bECONN\w*/,
  /connection refused/i,
  /(?<![/\w.])\d{1,3}(?:\.\d{1,3}){3}:\d+/,
  /\b\d+\.\d{3,}\b(?!\/)/,
];

async function call<T>(channel: string, input: unknown): Promise<T> {
  const env = await app.core.router.handle(channel, input, { transport: 'test' });
  if (!env.ok) throw new Error(`${channel}: ${env.error.message}`);
  return env.value as T;
}

const nav = (label: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: label, exact: true }).click();

async function open(view: string): Promise<void> {
  await nav(view);
  await page.getByRole('heading', { level: 1, name: view }).waitFor();
}

/** The text an editor sees in the window (every disclosure but the Advanced ones opened), line by line: text nodes
 *  of visible elements, placeholders and each drop-down's chosen option; [data-advanced] and its content left out. */
async function visibleText(): Promise<string[]> {
  return page.evaluate(() => {
    for (const d of document.querySelectorAll('details:not([data-advanced])')) (d as HTMLDetailsElement).open = true;
    const out: string[] = [];
    const shown = (el: Element) =>
      !el.closest('[data-advanced], script, style, option, datalist') && el.checkVisibility({ opacityProperty: true });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const text = n.textContent?.trim();
      if (el && text && shown(el)) out.push(text);
    }
    for (const s of document.querySelectorAll('select')) if (shown(s)) out.push(s.selectedOptions[0]?.textContent ?? '');
    for (const f of document.querySelectorAll('input[placeholder], textarea[placeholder]'))
      if (shown(f)) out.push(f.getAttribute('placeholder') ?? '');
    return out;
  });
}

/** Nothing on screen outside an Advanced disclosure says a contract word or a technical number, and no native select
 *  or date input is left. */
async function inEditorsWords(what: string, allow: RegExp[] = []): Promise<string[]> {
  const lines = await visibleText();
  expect(lines.length, `${what}: some text`).toBeGreaterThan(5);
  // Selects and date fields are the app's own (components/Select.tsx, DateInput.tsx), never the platform's. Radix Select
  // keeps a hidden native select (aria-hidden, out of the tab order) inside a form, for the form's data: not counted.
  expect(
    await page.locator('select:not([aria-hidden="true"]), input[type="date"], input[type="datetime-local"], input[type="month"]').count(),
    `${what}: native controls`,
  ).toBe(0);
  const bad = lines.filter((l) => !allow.some((a) => a.test(l)) && (CONTRACT_WORDS.test(l) || TECHNICAL.some((t) => t.test(l))));
  expect(bad, what).toEqual([]);
  return lines;
}

beforeAll(async () => {
  app = await startWebApp({ service: true });
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  page = await context.newPage();
  await page.goto(app.host.url);
  await page.getByTestId('status-message').getByText('Online').waitFor({ timeout: 20_000 });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('the editor’s words on every view', () => {
  it('Manuscripts: a file dropped and uploaded, its detail open; the service’s numbers only under Advanced', async () => {
    await dropFile(page, 'lichens.pdf', await makeManuscriptPdf(), 'application/pdf');
    const item = page.getByRole('article', { name: 'Upload of lichens.pdf' });
    await item.locator('input[id$="-title"]').waitFor({ timeout: 20_000 });
    await inEditorsWords('Manuscripts with a file to check');
    await item.locator('input[id$="-folder"]').fill('DEMO');
    await item.getByRole('button', { name: 'Upload', exact: true }).click();
    const list = page.getByRole('list', { name: 'Manuscripts' });
    await expect.poll(() => list.textContent(), { timeout: 30_000 }).toMatch(/Sent/);
    await page.getByRole('button', { name: 'Clear finished' }).click();
    await list.getByRole('button').first().click();
    const detail = page.getByRole('region', { name: 'Manuscript' });
    await detail.getByRole('heading', { level: 2 }).waitFor();
    await expect.poll(() => detail.locator('details.advanced').count()).toBe(1);
    await inEditorsWords('Manuscripts with its detail');
    // Advanced holds the service's number for the manuscript.
    await detail.locator('details.advanced > summary').click();
    expect(await detail.locator('details.advanced').textContent()).toMatch(/Number on the service\s*\d+/);
  });

  it('Candidates with a candidate’s card open, and Journals as a share of the top journal', async () => {
    await open('Candidates');
    const table = page.getByRole('table', { name: 'Referee candidates' });
    await table.locator('[role="row"][aria-rowindex="2"]').waitFor({ timeout: 20_000 });
    await inEditorsWords('Candidates');
    await table.locator('[role="row"][aria-rowindex="2"] .name-cell button').click();
    const card = page.getByRole('dialog');
    await expect.poll(() => card.textContent()).toMatch(/Rank 1 of \d+ · 100% of the top score/);
    await inEditorsWords('Candidates with a card open');
    await page.keyboard.press('Escape');

    await open('Journals');
    const journals = page.getByRole('list', { name: 'Recommended journals' });
    await expect.poll(() => journals.getByRole('listitem').count(), { timeout: 20_000 }).toBeGreaterThan(1);
    const scores = await journals.locator('.journal-score').evaluateAll((els) =>
      els.map((el) => ({
        text: el.textContent,
        label: el.getAttribute('aria-label'),
        width: (el.querySelector('.fill') as HTMLElement).style.width,
      })),
    );
    // The best journal is 100 %; each is a percentage with a bar of its width, never the service's score.
    expect(scores[0]).toEqual({ text: '100%', label: '100% of the top journal’s score', width: '100%' });
    for (const s of scores) {
      expect(s.text).toMatch(/^\d{1,3}%$/);
      expect(s.width).toBe(s.text);
    }
    await inEditorsWords('Journals');
  });

  it('Reviewers with an invited person', async () => {
    const manuscript = app.core.cache.manuscripts.list(app.core.workspace()!.profileId)[0]!;
    const person = app.core.cache.candidates.ofRun(manuscript.lastRunId!).find((c) => c.email)!;
    await call('shortlist.add', { manuscriptId: manuscript.id, authorIds: [person.authorId] });
    await call('invitation.markInvited', { manuscriptId: manuscript.id, authorId: person.authorId });
    await open('Reviewers');
    await page.getByRole('table', { name: 'Reviewers' }).getByText(person.name!).first().waitFor({ timeout: 20_000 });
    await inEditorsWords('Reviewers');
  });

  it('Groups: a CSV file’s columns mapped to fields named as the author form names them', async () => {
    await open('Groups');
    const form = page.getByRole('form', { name: 'Create an authors group' });
    await form.getByLabel('Group name').fill('Statistics reviewers');
    await form.getByLabel('Owner team').fill('Editorial Office');
    await form.getByRole('button', { name: 'Create group' }).click();
    await app.core.workspace()!.sync.syncNow();
    const row = page.getByRole('list', { name: 'Authors groups' }).getByRole('button', { name: /Statistics reviewers/ });
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toMatch(/number \d+ · synced/);
    await row.click();
    csvFile = join(mkdtempSync(join(tmpdir(), 'desk-words-')), 'reviewers.csv');
    writeFileSync(csvFile, 'ID;Full name;E-mail;ORCID;Institution\r\nr-10;Ada Lovelace;ada@example.org;;University of London\r\n');
    await page.getByLabel('CSV file of authors').setInputFiles(csvFile);
    const mapping = page.getByRole('region', { name: 'Import authors from CSV' });
    for (const label of ['Author id', 'Name', 'E-mails', 'ORCIDs', 'Affiliations', 'Articles'])
      await mapping.getByLabel(`Column for ${label}`, { exact: true }).waitFor();
    await inEditorsWords('Groups with a CSV file mapped');
  });

  it('Activity: a refused group in plain words, and Sync now says its outcome', async () => {
    await call('groups.create', { group_name: 'Ghost panel', owner_team: 'Ghost Team', editor_teams: [], viewer_teams: [] });
    await app.core.workspace()!.sync.syncNow();
    await open('Activity');
    await page.getByRole('list', { name: 'Queued changes' }).getByText('Needs attention').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect
      .poll(() => page.getByTestId('sync-outcome').textContent(), { timeout: 20_000 })
      .toBe('Nothing new to send; 1 change needs your attention below.');
    await inEditorsWords('Activity with a refusal');
  });

  it('Settings: profiles and data in words; custom fields and the webhook (its address and port) under Advanced', async () => {
    // Every pane but Advanced in words. The demo profile's address is the one technical line an editor may need
    // outside Advanced: it is what they check.
    for (const pane of SETTINGS_PANE_LABELS.filter((p) => p !== 'Advanced')) {
      await openSettingsPane(page, pane);
      const lines = await inEditorsWords(`Settings › ${pane}`, [/^https?:\/\/\S+$/]);
      expect(lines.join(' ')).not.toMatch(/Listen on|Basic auth|Receive marks/);
    }
    await openSettingsPane(page, 'Advanced');
    const advanced = page.getByTestId('settings-advanced');
    expect(await advanced.getByRole('heading', { name: 'Advanced' }).isVisible()).toBe(true);
    await advanced.getByRole('button', { name: 'Open custom fields' }).waitFor();
    expect(await advanced.getByText('Receive marks').isVisible()).toBe(true);
  });

  it('Custom fields (reached from Settings › Advanced): kinds and formats in words, the field ids their point', async () => {
    await page.getByTestId('settings-advanced').getByRole('button', { name: 'Open custom fields' }).click();
    await page.getByRole('heading', { level: 1, name: 'Custom fields' }).waitFor();
    const table = page.getByRole('table', { name: 'Custom fields: Authors from groups' });
    await expect.poll(() => table.getByRole('row').count(), { timeout: 20_000 }).toBeGreaterThan(1);
    const lines = await visibleText();
    expect(lines.filter((l) => CONTRACT_WORDS.test(l) || /\bfloat\b|\bstring\b|\barray\b|\bISO\b/.test(l))).toEqual([]);
  });

  it('the service stopped: the status bar, Sync now and Test connection say it in words, the address only under Details', async () => {
    await app.stopService();
    // A change to send while the service is away.
    await call('manuscripts.upload', {
      form: { folder: 'DEMO', origin_id: 'words-offline', title: 'Written offline', abstract: 'Lichens.', authors_count: 0 },
    });
    await open('Activity');
    await page.getByRole('button', { name: 'Sync now' }).click();
    const outcome = page.getByTestId('sync-outcome');
    await expect
      .poll(() => outcome.innerText(), { timeout: 40_000 })
      .toMatch(/^The service cannot be reached: 1 change stays queued and goes as soon as it answers\./);
    await expect.poll(() => page.getByTestId('status-message').textContent(), { timeout: 40_000 }).toMatch(/Offline/);
    await inEditorsWords('Activity offline');
    // The technical sentence, under Details, says what core knows (the address, when a send tried it).
    if ((await outcome.locator('details').count()) > 0) {
      await outcome.locator('details > summary').click();
      expect(await outcome.locator('details code').textContent()).toMatch(/service/);
      await outcome.locator('details > summary').click();
    }
    await page.screenshot({ path: screenshotPath('words-activity-offline-1280x720-light') });

    await openSettingsPane(page, 'Connection');
    await page.getByRole('button', { name: 'Test connection' }).click();
    const test = page.getByTestId('connection-test');
    await expect.poll(() => test.innerText(), { timeout: 40_000 }).toMatch(/cannot be reached|did not answer/);
    await inEditorsWords('Settings offline', [/^https?:\/\/\S+$/]);
    await test.locator('details > summary').click();
    expect(await test.locator('details code').textContent()).toMatch(/127\.0\.0\.1:\d+/);
    await page.screenshot({ path: screenshotPath('words-settings-offline-details-1280x720-light') });
    await app.startService();
    await page
      .getByTestId('status-message')
      .getByText(/^Online/)
      .waitFor({ timeout: 40_000 });
  });

  it('a demo service that died: the status bar says it as an editor would, the exit code only under Details', async () => {
    const reason = 'The local demo service stopped unexpectedly (exit code 0).';
    app.core.status.setActivity(reason);
    app.core.status.setDemo({ state: 'failed', message: reason });
    const said = page.getByTestId('status-message');
    await expect.poll(() => said.innerText()).toMatch(/^The demo service stopped\./);
    for (const view of ['Manuscripts', 'Settings']) {
      await open(view);
      await inEditorsWords(`${view} with the demo service stopped`, [/^https?:\/\/\S+$/]);
    }
    await said.getByText('Details', { exact: true }).click();
    await expect.poll(() => said.locator('code').isVisible()).toBe(true);
    expect(await said.locator('code').textContent()).toBe(reason);
    // The opened detail rises above the bar, whole, inside the window.
    const box = (await said.locator('code').boundingBox())!;
    const bar = (await page.locator('footer.status-bar').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
    expect(box.y + box.height).toBeLessThanOrEqual(bar.y);
    await page.screenshot({ path: screenshotPath('words-demo-stopped-details-1280x720-light') });
    await said.getByText('Details', { exact: true }).click();
    app.core.status.setDemo({ state: 'running', message: null });
    app.core.status.setActivity(null);
  });

  it('screenshots of the views whose words changed at 1280×720 and 1920×1080, light and dark, still in words', async () => {
    await eachLook(page, async (w, h, scheme) => {
      for (const [view, file] of [
        ['Manuscripts', 'manuscripts'],
        ['Journals', 'journals'],
        ['Groups', 'groups-csv'],
        ['Activity', 'activity'],
        ['Settings', 'settings'],
      ] as const) {
        await open(view);
        if (view === 'Settings') await openSettingsPane(page, 'Advanced');
        if (view === 'Groups') {
          const group = page.getByRole('list', { name: 'Authors groups' }).getByRole('button', { name: /Statistics reviewers/ });
          if ((await group.getAttribute('class'))?.includes('active') !== true) await group.click();
          await page.getByLabel('CSV file of authors').setInputFiles(csvFile);
          await page.getByLabel('Column for Author id', { exact: true }).scrollIntoViewIfNeeded();
        }
        if (view === 'Journals') await page.getByRole('list', { name: 'Recommended journals' }).getByRole('listitem').first().waitFor();
        await page.screenshot({ path: screenshotPath(`words-${file}-${w}x${h}-${scheme}`) });
        // After the picture: the scan opens every disclosure that is not Advanced.
        await inEditorsWords(`${view} ${w}x${h} ${scheme}`, [/^https?:\/\/\S+$/]);
      }
    });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.emulateMedia({ colorScheme: 'light' });
  });
});
