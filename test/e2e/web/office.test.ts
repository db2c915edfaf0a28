// The editorial office on screen, in Chromium: two browser hosts (Ann's and Bob's cores, two data
// folders, each with its demo service of the same corpus) linked to one PostgreSQL office through
// Settings → Editorial office; Ann shortlists and invites in her window, and Bob's candidates table
// shows "Invited by ann" on that person, his Reviewers view counts the invitation, and both status
// bars say the office is in step. Screenshots: test-results/screenshots/office-*.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateRow } from '../../../electron/common/shapes';
import { launchChromium, screenshotPath } from '../../support/browser';
import { officeWithEditors } from '../../support/office';
import { pgAvailable, PG_MISSING, type PgCluster } from '../../support/pg-cluster';
import { startWebApp, type WebApp } from '../../support/web-app';
import { openSettingsPane } from '../../support/settings-pane';

if (!pgAvailable()) console.warn(`office on screen: skipped, ${PG_MISSING}`);

const PW = { ann: 'ann-password-1', bob: 'bob-password-1' };

describe.skipIf(!pgAvailable())('editorial office on screen, two browser hosts', () => {
  let pg: PgCluster;
  let officeUrl: string;
  let ann: WebApp;
  let bob: WebApp;
  let browser: Browser;
  let annPage: Page;
  let bobPage: Page;
  let person: CandidateRow;
  const annTitle = 'Protein folding with attention';
  const bobTitle = 'Attention models of protein structure';

  const call = async <T>(app: WebApp, channel: string, input: unknown): Promise<T> => {
    const env = await app.core.router.handle(channel, input, { transport: 'test' });
    if (!env.ok) throw new Error(`${channel}: ${env.error.message}`);
    return env.value as T;
  };
  const upload = async (app: WebApp, originId: string, title: string, replace = false): Promise<number> => {
    const ms = await call<{ id: number }>(app, 'manuscripts.upload', {
      form: { folder: 'DEMO', origin_id: originId, title, abstract: 'Deep learning for protein structure prediction.', authors_count: 0 },
      ...(replace ? { replace: true } : {}),
    });
    await app.core.workspace()!.sync.syncNow();
    return ms.id;
  };
  const nav = (page: Page, label: string) =>
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: label, exact: true }).click();
  const open = async (page: Page, title: string) => {
    await nav(page, 'Manuscripts');
    await page
      .getByRole('list', { name: 'Manuscripts' })
      .getByRole('button', { name: new RegExp(title) })
      .click();
    await nav(page, 'Candidates');
  };
  const link = async (page: Page, login: 'ann' | 'bob') => {
    await openSettingsPane(page, 'Editorial office');
    const section = page.getByRole('region', { name: 'Editorial office' });
    await section.getByLabel('Office address').fill(officeUrl);
    await section.getByLabel('User name').fill(login);
    await section.getByLabel('Password').fill(PW[login]);
    await section.getByRole('button', { name: 'Test office connection' }).click();
    await expect.poll(() => section.getByTestId('office-result').textContent()).toBe(`Connected as ${login}, editor of DEMO.`);
    await section.getByRole('button', { name: 'Link this profile' }).click();
    await section.getByTestId('office-linked').waitFor();
    await expect.poll(() => page.getByTestId('office-status').textContent(), { timeout: 10_000 }).toBe('Office: in step');
  };

  beforeAll(async () => {
    ({ pg, url: officeUrl } = await officeWithEditors(PW, ['DEMO']));
    ann = await startWebApp({ service: true });
    bob = await startWebApp({ service: true });
    const a = await upload(ann, 'office-e2e-ann', annTitle);
    const b = await upload(bob, 'office-e2e-bob', bobTitle);
    const inB = new Set(bob.core.cache.candidates.ofRun(bob.core.cache.manuscripts.getById(b)!.lastRunId!).map((c) => c.authorId));
    person = ann.core.cache.candidates
      .ofRun(ann.core.cache.manuscripts.getById(a)!.lastRunId!)
      .find((c) => inB.has(c.authorId) && c.email)!;
    expect(person).toBeDefined();
    browser = await launchChromium();
    for (const [app, set] of [
      [ann, (p: Page) => (annPage = p)],
      [bob, (p: Page) => (bobPage = p)],
    ] as const) {
      const page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
      await page.goto(app.host.url);
      await page.getByTestId('status-message').getByText('Online').waitFor({ timeout: 20_000 });
      set(page);
    }
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await ann?.close();
    await bob?.close();
    await pg?.stop();
  });

  it('links both windows to the office from Settings; a wrong password is said and links nothing', async () => {
    await openSettingsPane(annPage, 'Editorial office');
    const section = annPage.getByRole('region', { name: 'Editorial office' });
    await section.getByLabel('Office address').fill(officeUrl);
    await section.getByLabel('User name').fill('ann');
    await section.getByLabel('Password').fill('wrong password');
    await section.getByRole('button', { name: 'Link this profile' }).click();
    await expect.poll(() => section.getByRole('alert').textContent()).toMatch(/password/i);
    expect(await annPage.getByTestId('office-status').count()).toBe(0);
    await link(annPage, 'ann');
    await link(bobPage, 'bob');
    await annPage.screenshot({ path: screenshotPath('office-settings-linked') });
  }, 60_000);

  it('sharing the manuscript files is off until the editor turns it on in Settings', async () => {
    await openSettingsPane(annPage, 'Editorial office');
    const box = annPage.getByRole('region', { name: 'Editorial office' }).getByRole('checkbox', { name: /Share my manuscript files/ });
    await box.waitFor();
    expect(await box.isVisible()).toBe(true);
    await expect.poll(() => box.isEnabled()).toBe(true);
    expect(await box.isChecked()).toBe(false);
    await box.click();
    await expect.poll(() => ann.core.cache.office.sharesFiles(ann.core.profiles.activeId()!)).toBe(true);
    await box.click();
    await expect.poll(() => ann.core.cache.office.sharesFiles(ann.core.profiles.activeId()!)).toBe(false);
  }, 30_000);

  it('Ann’s manuscript is in Bob’s list, uploaded by ann, and its candidates open in his window without his uploading it', async () => {
    await nav(bobPage, 'Manuscripts');
    const item = bobPage.getByRole('list', { name: 'Manuscripts' }).getByRole('button', { name: new RegExp(annTitle) });
    await item.waitFor({ timeout: 15_000 });
    expect(await item.textContent()).toContain('uploaded by ann');
    expect(await item.isVisible()).toBe(true);
    await item.click();
    await bobPage
      .getByRole('list', { name: 'Runs' })
      .getByText(/by ann/)
      .waitFor();
    await bobPage.screenshot({ path: screenshotPath('office-colleague-manuscript-detail') });
    await nav(bobPage, 'Candidates');
    await bobPage.getByLabel('Filter by name or affiliation').fill(person.name);
    const row = bobPage.getByRole('table', { name: 'Referee candidates' }).getByRole('row').filter({ hasText: person.name }).first();
    await row.waitFor({ timeout: 10_000 });
    expect(await row.isVisible()).toBe(true);
    await bobPage.getByLabel('Filter by name or affiliation').fill('');
    await bobPage.screenshot({ path: screenshotPath('office-colleague-manuscript') });
  }, 60_000);

  it('Ann shortlists and invites in her window; Bob’s candidates and Reviewers view show it', async () => {
    await open(annPage, annTitle);
    const annTable = annPage.getByRole('table', { name: 'Referee candidates' });
    await annPage.getByLabel('Filter by name or affiliation').fill(person.name);
    const box = annTable.getByRole('checkbox', { name: `Shortlist ${person.name}` }).first();
    await box.waitFor();
    await box.click();
    await expect
      .poll(() => ann.core.cache.shortlist.list(ann.core.cache.manuscripts.idOf(ann.core.profiles.activeId()!, 'office-e2e-ann')!).length)
      .toBe(1);
    // Marking the invitation as sent is the shortlist's own action; the mail client is outside the browser.
    await call(ann, 'invitation.markInvited', {
      manuscriptId: ann.core.cache.manuscripts.idOf(ann.core.profiles.activeId()!, 'office-e2e-ann'),
      authorId: person.authorId,
    });

    await open(bobPage, bobTitle);
    await bobPage.getByLabel('Filter by name or affiliation').fill(person.name);
    const chip = bobPage.getByRole('table', { name: 'Referee candidates' }).getByTestId('colleague-invited').first();
    await chip.waitFor({ timeout: 10_000 });
    expect(await chip.textContent()).toContain('Invited by ann');
    expect(await chip.isVisible()).toBe(true);
    await bobPage.screenshot({ path: screenshotPath('office-candidates-colleague') });

    await nav(bobPage, 'Reviewers');
    await bobPage
      .getByLabel(/Search/)
      .first()
      .fill(person.name);
    const reviewer = bobPage.getByRole('row').filter({ hasText: person.name }).first();
    await reviewer.waitFor();
    expect(await reviewer.isVisible()).toBe(true);
    const ledger = bob.core.cache.ledger.get(bob.core.cache.ledger.personOf(person.authorId)!)!;
    expect(ledger.invited).toBe(1);
    expect(await bobPage.getByTestId('office-status').textContent()).toBe('Office: in step');
    await bobPage.screenshot({ path: screenshotPath('office-reviewers') });
  }, 60_000);

  it('Bob uploads the submission Ann shortlisted for: his shortlist starts from hers and says Ann invited the person', async () => {
    // Bob uploads the same submission over Ann's shared upload (he said yes to replacing it on the service).
    const mine = await upload(bob, 'office-e2e-ann', annTitle, true);
    await expect
      .poll(() => bob.core.cache.shortlist.list(mine).map((e) => [e.authorId, e.status]), { timeout: 10_000 })
      .toEqual([[person.authorId, 'invited']]);
    await open(bobPage, annTitle);
    const panel = bobPage.locator('#shortlist-panel');
    if ((await panel.count()) === 0)
      await bobPage
        .getByRole('toolbar', { name: 'Candidate tools' })
        .getByRole('button', { name: /^Shortlist/ })
        .click();
    const warning = panel.getByTestId('sl-colleague').first();
    await warning.waitFor({ timeout: 10_000 });
    expect(await warning.textContent()).toMatch(/^Also invited by ann on /);
    expect(await warning.isVisible()).toBe(true);
    await bobPage.screenshot({ path: screenshotPath('office-shortlist-also-invited') });
  }, 60_000);

  it('screenshots at 1280×720 and 1920×1080, light and dark: Settings’ office, the colleague’s chip, Reviewers with Only mine', async () => {
    for (const [w, h] of [
      [1280, 720],
      [1920, 1080],
    ] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        await bobPage.setViewportSize({ width: w, height: h });
        await bobPage.emulateMedia({ colorScheme: scheme });
        const tag = `${w}x${h}-${scheme}`;
        await openSettingsPane(bobPage, 'Editorial office');
        const section = bobPage.getByRole('region', { name: 'Editorial office' });
        await section.scrollIntoViewIfNeeded();
        expect(await section.getByTestId('office-state').isVisible()).toBe(true);
        await bobPage.screenshot({ path: screenshotPath(`office-settings-${tag}`) });
        await open(bobPage, bobTitle);
        if ((await bobPage.locator('#shortlist-panel').count()) > 0)
          await bobPage
            .getByRole('toolbar', { name: 'Candidate tools' })
            .getByRole('button', { name: /^Shortlist/ })
            .click();
        await bobPage.getByLabel('Filter by name or affiliation').fill(person.name);
        const chip = bobPage.getByRole('table', { name: 'Referee candidates' }).getByTestId('colleague-invited').first();
        await chip.waitFor();
        expect(await chip.isVisible()).toBe(true);
        await bobPage.screenshot({ path: screenshotPath(`office-candidates-${tag}`) });
        await nav(bobPage, 'Reviewers');
        const mine = bobPage.getByRole('checkbox', { name: 'Only mine' });
        expect(await mine.isVisible()).toBe(true);
        // The toolbar keeps one line: the checkbox sits on the search field's row.
        const [search, box] = await Promise.all([
          bobPage.getByRole('toolbar', { name: 'Reviewer tools' }).getByRole('searchbox').first().boundingBox(),
          mine.boundingBox(),
        ]);
        expect(Math.abs((search?.y ?? 0) + (search?.height ?? 0) / 2 - ((box?.y ?? 0) + (box?.height ?? 0) / 2))).toBeLessThan(12);
        await bobPage.screenshot({ path: screenshotPath(`office-reviewers-${tag}`) });
      }
    }
  }, 120_000);
});
