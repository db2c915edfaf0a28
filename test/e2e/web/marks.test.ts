// Referee marks made in the service's own interface (here: the local service's admin surface)
// reach the candidates table through the webhook: the mark shows, then the unmark.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshotPath } from '../../support/browser';
import { sandboxAdmin } from '../../support/admin';
import { startWebApp, type WebApp } from '../../support/web-app';
import { openSettingsPane } from '../../support/settings-pane';

let app: WebApp;
let browser: Browser;
let page: Page;
let authorId: number;
let candidateName: string;

const admin = sandboxAdmin(() => app.service!);

async function call(channel: string, input: unknown): Promise<unknown> {
  const env = await app.core.router.handle(channel, input, { transport: 'test' });
  if (!env.ok) throw new Error(`${channel}: ${env.error.message}`);
  return env.value;
}

beforeAll(async () => {
  app = await startWebApp({ service: true });
  const ms = (await call('manuscripts.upload', {
    form: {
      folder: 'DEMO',
      origin_id: 'marks-1',
      title: 'Neural networks for protein folding',
      abstract: 'Deep learning for protein structure prediction with attention.',
      authors_count: 0,
    },
  })) as { id: number };
  await app.core.workspace()!.sync.syncNow();
  const m = app.core.cache.manuscripts.getById(ms.id)!;
  expect(m.syncState).toBe('synced');
  const first = app.core.cache.candidates.ofRun(m.lastRunId!)[0]!;
  authorId = first.authorId;
  candidateName = first.name;

  const hook = (await call('webhook.configure', { enabled: true })) as { url: string };
  await admin('POST', 'orgs/1/webhooks/', { url: hook.url });

  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await page.goto(app.host.url);
  await page
    .getByRole('list', { name: 'Manuscripts' })
    .getByRole('button', { name: /Neural networks for protein folding/ })
    .click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Candidates' }).click();
  await page.getByRole('table', { name: 'Referee candidates' }).getByText(candidateName).waitFor();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('referee marks from the webhook', () => {
  const row = () => page.getByRole('table', { name: 'Referee candidates' }).getByRole('row').filter({ hasText: candidateName });

  it('a mark made in the service shows in the candidates table, then the unmark', async () => {
    expect(await row().getByText('Marked', { exact: true }).count()).toBe(0);
    const markedAt = Date.now();
    await admin('POST', `orgs/1/manuscripts/marks-1/marks/`, { author_id: authorId, marked_by: 'editor@example.org' });
    await expect.poll(() => row().getByText('Marked', { exact: true }).count(), { timeout: 5_000, interval: 25 }).toBe(1);
    const latency = Date.now() - markedAt;
    console.info(`[marks] mark visible in the table ${latency} ms after the service recorded it`);
    await page.screenshot({ path: screenshotPath('marks-1-marked') });
    expect(
      app.core.cache.candidates
        .query(app.core.cache.manuscripts.get(app.core.workspace()!.profileId, 'marks-1')!.lastRunId!, { marked: true })
        .rows.map((c) => c.authorId),
    ).toEqual([authorId]);

    await admin('DELETE', `orgs/1/manuscripts/marks-1/marks/${authorId}/`);
    await expect.poll(() => row().getByText('Marked', { exact: true }).count(), { timeout: 5_000, interval: 25 }).toBe(0);
    await page.screenshot({ path: screenshotPath('marks-2-unmarked') });
  });

  it('the Settings view shows the address to give the service', async () => {
    // The webhook receiver's settings are under Advanced.
    await openSettingsPane(page, 'Advanced');
    await expect
      .poll(() => page.getByTestId('webhook-url').textContent())
      .toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hooks\/[A-Za-z0-9_-]{16,}$/);
    await expect.poll(() => page.getByRole('region', { name: /webhook/i }).textContent()).toMatch(/[1-9]\d* deliveries/);
  });
});
