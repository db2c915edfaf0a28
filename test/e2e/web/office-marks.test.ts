// Referee marks through the office's receiver, on screen in Chromium: two browser hosts (Ann's and Bob's cores,
// Ann's demo service standing for the organization's service) linked to one PostgreSQL office, and the office's
// headless receiver (core/office/receiver.ts, as `npm run office -- receive` runs it) registered at the service.
// Ann uploads, Bob shortlists and invites from her shared manuscript, someone marks the person in the service: Bob's
// candidates table shows "Marked by …", his shortlist shows the mark beside his "invited", which stays, and his
// Settings name the office's receiver as the one the service calls. Screenshots: test-results/screenshots/office-marks-*.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateRow, ManuscriptRow } from '../../../electron/common/shapes';
import { startHeadlessReceiver, type HeadlessReceiver } from '../../../electron/core/office/receiver';
import { sandboxAdmin } from '../../support/admin';
import { launchChromium, screenshotPath } from '../../support/browser';
import { MemoryLogger } from '../../support/fakes';
import { officeWithEditors } from '../../support/office';
import { pgAvailable, PG_MISSING, type PgCluster } from '../../support/pg-cluster';
import { until } from '../../support/poll';
import { startWebApp, type WebApp } from '../../support/web-app';
import { openSettingsPane } from '../../support/settings-pane';

if (!pgAvailable()) console.warn(`office marks on screen: skipped, ${PG_MISSING}`);

const PW = { ann: 'ann-password-1', bob: 'bob-password-1', receiver: 'receiver-password-1' };
const PUBLIC = 'https://marks.office.test';
const TITLE = 'Protein folding with attention';

describe.skipIf(!pgAvailable())('office marks on screen, two browser hosts and the office’s receiver', () => {
  let pg: PgCluster;
  let officeUrl: string;
  let ann: WebApp;
  let bob: WebApp;
  let receiver: HeadlessReceiver;
  let receiverDir: string;
  let browser: Browser;
  let page: Page;
  let person: CandidateRow;
  let bobManuscript: number;

  const call = async <T>(app: WebApp, channel: string, input: unknown): Promise<T> => {
    const env = await app.core.router.handle(channel, input, { transport: 'test' });
    if (!env.ok) throw new Error(`${channel}: ${env.error.message}`);
    return env.value as T;
  };
  const nav = (label: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: label, exact: true }).click();

  beforeAll(async () => {
    ({ pg, url: officeUrl } = await officeWithEditors(PW, ['DEMO']));
    ann = await startWebApp({ service: true });
    bob = await startWebApp({ service: true });
    for (const [app, login] of [
      [ann, 'ann'],
      [bob, 'bob'],
    ] as const)
      expect(await call(app, 'office.link', { url: officeUrl, login, password: PW[login] })).toMatchObject({ ok: true });
    receiverDir = mkdtempSync(join(tmpdir(), 'desk-e2e-receiver-'));
    const u = new URL(officeUrl);
    u.username = 'receiver';
    receiver = await startHeadlessReceiver({
      dataDir: receiverDir,
      officeUrl: u.toString(),
      officePassword: PW.receiver,
      apiKey: ann.service!.apiKey,
      publicUrl: PUBLIC,
      logger: new MemoryLogger(),
    });
    await sandboxAdmin(ann.service!)('POST', 'orgs/1/webhooks/', {
      url: `http://127.0.0.1:${receiver.port}${new URL(receiver.url).pathname}`,
    });

    const ms = await call<{ id: number }>(ann, 'manuscripts.upload', {
      form: {
        folder: 'DEMO',
        origin_id: 'office-marks-e2e',
        title: TITLE,
        abstract: 'Deep learning for protein structure.',
        authors_count: 0,
      },
    });
    await ann.core.workspace()!.sync.syncNow();
    person = ann.core.cache.candidates.ofRun(ann.core.cache.manuscripts.getById(ms.id)!.lastRunId!)[0]!;
    await until('Ann’s run is in the office', async () => (ann.core.status.get().office?.waiting === 0 ? true : undefined), 20_000);
    await until(
      'Bob has Ann’s manuscript',
      async () => {
        await call(bob, 'office.syncNow', {});
        return (await call<ManuscriptRow[]>(bob, 'manuscripts.list', {})).find((m) => m.originId === 'office-marks-e2e');
      },
      20_000,
    );
    bobManuscript = (await call<ManuscriptRow[]>(bob, 'manuscripts.list', {})).find((m) => m.originId === 'office-marks-e2e')!.id;
    await call(bob, 'shortlist.add', { manuscriptId: bobManuscript, authorIds: [person.authorId] });
    await call(bob, 'shortlist.setStatus', { manuscriptId: bobManuscript, authorId: person.authorId, status: 'invited' });

    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
    await page.goto(bob.host.url);
    await page.getByTestId('status-message').getByText('Online').waitFor({ timeout: 20_000 });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await receiver?.stop();
    await ann?.close();
    await bob?.close();
    await pg?.stop();
    if (receiverDir) rmSync(receiverDir, { recursive: true, force: true });
  });

  it('a mark made in the service shows in Bob’s candidates table and shortlist; his status stays “invited”', async () => {
    await nav('Manuscripts');
    await page
      .getByRole('list', { name: 'Manuscripts' })
      .getByRole('button', { name: new RegExp(TITLE) })
      .click();
    await nav('Candidates');
    await page.getByLabel('Filter by name or affiliation').fill(person.name);
    const row = page.getByRole('table', { name: 'Referee candidates' }).getByRole('row').filter({ hasText: person.name }).first();
    await row.waitFor();
    expect(await row.locator('.chip.marked').count()).toBe(0);

    await sandboxAdmin(ann.service!)('POST', 'orgs/1/manuscripts/office-marks-e2e/marks/', {
      author_id: person.authorId,
      marked_by: 'carol@org.example',
    });
    const chip = row.locator('.chip.marked');
    await chip.waitFor({ timeout: 30_000 });
    expect(await chip.getAttribute('title')).toBe('Marked by carol@org.example in the service');
    expect(await chip.textContent()).toBe('Marked by carol@org.example');
    await page.screenshot({ path: screenshotPath('office-marks-candidates') });

    const panel = page.locator('#shortlist-panel');
    if ((await panel.count()) === 0)
      await page
        .getByRole('toolbar', { name: 'Candidate tools' })
        .getByRole('button', { name: /^Shortlist/ })
        .click();
    const mark = panel.getByText('Marked in the service by carol@org.example');
    await mark.waitFor({ timeout: 10_000 });
    expect(await mark.isVisible()).toBe(true);
    expect(bob.core.cache.shortlist.list(bobManuscript).map((e) => [e.authorId, e.status])).toEqual([[person.authorId, 'invited']]);
    await page.screenshot({ path: screenshotPath('office-marks-shortlist') });
  }, 90_000);

  it('Settings (Advanced, the webhook) say the office’s receiver takes the service’s calls', async () => {
    // The webhook's settings are under Advanced.
    await openSettingsPane(page, 'Advanced');
    const said = page.getByTestId('office-receiver');
    await said.waitFor({ timeout: 10_000 });
    expect(await said.textContent()).toBe(
      `Your office’s receiver at ${PUBLIC} takes the service’s calls: give the service its address. ` +
        'This computer’s receiver is for single-editor use.',
    );
    await said.scrollIntoViewIfNeeded();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: screenshotPath(`office-marks-settings-${scheme}`) });
    }
  }, 60_000);
});
