// Custom fields, Activity's webhook deliveries and Settings (stored plan features, data folder,
// Clear cache with a write waiting) in Chromium against the browser host and the local service,
// each flow saving screenshots; the Custom fields view passes axe in the light and dark themes.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxe } from '../../support/axe';
import { screenshotPath } from '../../support/browser';
import { openPageOn } from '../../support/online-page';
import { sandboxAdmin } from '../../support/admin';
import { startWebApp, type WebApp } from '../../support/web-app';
import { webhookBody } from '../../unit/webhook/samples';
import { eachLook } from '../../support/looks';
import { openSettingsPane, SETTINGS_PANE_LABELS, type SettingsPaneLabel } from '../../support/settings-pane';
import { demoUploadForm } from '../../support/upload-form';

let app: WebApp;
let browser: Browser;
let page: Page;
let hookUrl: string;
let receiverId: number;
let kept: { id: number; serviceId: number; authorId: number };
let cleared: { id: number };

const nav = (label: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: label }).click();
const heading = () => page.getByRole('heading', { level: 1 }).textContent();
const settings = (pane: SettingsPaneLabel) => openSettingsPane(page, pane);

const admin = sandboxAdmin(() => app.service!);

async function call<T>(channel: string, input: unknown): Promise<T> {
  const env = await app.core.router.handle(channel, input, { transport: 'test' });
  if (!env.ok) throw new Error(`${channel}: ${env.error.message}`);
  return env.value as T;
}

const upload = (originId: string, title: string) =>
  call<{ id: number }>('manuscripts.upload', {
    form: demoUploadForm(originId, title),
  });

async function axe(theme: string): Promise<void> {
  expect(await seriousAxe(page, theme)).toEqual([]);
}

beforeAll(async () => {
  app = await startWebApp({ service: true });
  const a = await upload('settings-1', 'Neural networks for protein folding');
  const b = await upload('settings-2', 'Attention maps of enzyme pockets');
  await app.core.workspace()!.sync.syncNow();
  const m = app.core.cache.manuscripts.getById(a.id)!;
  expect(m.syncState).toBe('synced');
  kept = { id: a.id, serviceId: m.serviceId!, authorId: app.core.cache.candidates.ofRun(m.lastRunId!)[0]!.authorId };
  cleared = { id: b.id };
  hookUrl = (await call<{ url: string }>('webhook.configure', { enabled: true })).url;
  receiverId = (await admin('POST', 'orgs/1/webhooks/', { url: hookUrl })).id as number;

  ({ browser, page } = await openPageOn(app, { width: 1400, height: 1000, clipboard: true }));
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('custom fields', () => {
  const table = (scope: string) => page.getByRole('table', { name: `Custom fields: ${scope}` });
  const freshness = () => page.getByTestId('custom-fields-freshness').textContent();

  it('lists the organization’s fields by scope with their ids, kinds, options and value formats (Ctrl+8)', async () => {
    await page.keyboard.press('Control+8');
    await expect.poll(heading).toBe('Custom fields');
    await expect.poll(() => table('Authors from groups').getByRole('row').count(), { timeout: 20_000 }).toBe(6);
    expect(await table('Folders').getByRole('row').count()).toBe(3);
    expect(await table('Manuscripts (proposals)').getByRole('row').count()).toBe(3);
    const availability = table('Authors from groups').getByRole('row').filter({ hasText: 'Availability' });
    expect(await availability.textContent()).toMatch(
      /5a1d0000-0000-4000-8000-000000000004.*One option.*Available.*5a1d0000-0000-4000-8000-000000000041.*Busy.*On leave/,
    );
    expect(await availability.textContent()).toContain('the id of the chosen option');
    const reviews = table('Authors from groups').getByRole('row').filter({ hasText: 'Reviews completed' });
    expect(await reviews.textContent()).toMatch(/Reviews done for the journal.*Number.*a whole or decimal number.*a decimal number/);
    expect(await table('Authors from groups').getByRole('row').filter({ hasText: 'Last invited' }).textContent()).toMatch(
      /a date, YYYY-MM-DD.*a date, YYYY-MM-DD/,
    );
    expect(await freshness()).toMatch(/^Cached at /);
    await page.screenshot({ path: screenshotPath('custom-fields-1-light'), fullPage: true });
  });

  it('has no serious or critical accessibility violation, light and dark', async () => {
    await axe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(23, 24, 27)');
    await axe('dark');
    await page.screenshot({ path: screenshotPath('custom-fields-2-dark'), fullPage: true });
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('offline, a refresh keeps the cached list and says it is stale; back online it is fresh again', async () => {
    await app.stopService();
    await page.getByRole('button', { name: 'Refresh from the service' }).click();
    await expect.poll(freshness, { timeout: 30_000 }).toMatch(/^The service could not be reached: showing the list cached at /);
    expect(await table('Authors from groups').getByRole('row').count()).toBe(6);
    await page.screenshot({ path: screenshotPath('custom-fields-3-offline') });
    await app.startService();
    await page.getByRole('button', { name: 'Refresh from the service' }).click();
    await expect.poll(freshness, { timeout: 30_000 }).toMatch(/^Cached at /);
    await page.getByTestId('status-message').getByText('Online').waitFor({ timeout: 30_000 });
  });
});

describe('activity: webhook deliveries', () => {
  it('shows each delivery with when, manuscript, order and outcome', async () => {
    const post = (body: unknown) =>
      fetch(hookUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    await admin('POST', 'orgs/1/manuscripts/settings-1/marks/', { author_id: kept.authorId, marked_by: 'editor@example.org' });
    await expect.poll(() => app.core.cache.marks.markedAuthorIds(kept.id), { timeout: 10_000 }).toEqual([kept.authorId]);
    expect((await admin('POST', `orgs/1/webhooks/${receiverId}/check/`)).status).toBe(200);
    const key = app.service!.apiKey;
    expect(
      (await post(webhookBody({ order: 1, manuscriptId: kept.serviceId, originId: 'settings-1', marked: [], apiKey: key }))).status,
    ).toBe(200);
    expect(
      (
        await post(
          webhookBody({ order: 90, manuscriptId: kept.serviceId, originId: 'settings-1', marked: [], apiKey: 'not-the-org-key-0123' }),
        )
      ).status,
    ).toBe(401);
    expect((await post(webhookBody({ order: 91, manuscriptId: 987654, originId: 'elsewhere-1', marked: [7], apiKey: key }))).status).toBe(
      200,
    );

    await nav('Activity');
    const rows = page.getByRole('table', { name: 'Webhook deliveries' }).getByRole('row');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(6);
    const row = (outcome: string) => rows.filter({ has: page.getByText(outcome, { exact: true }) }).textContent();
    expect(await row('Applied')).toMatch(/Neural networks for protein folding.*Marks replaced \(1 marked\)/);
    expect(await row('Ignored as stale')).toMatch(/Neural networks for protein folding1Ignored as stale/);
    // Refused deliveries are unauthenticated: the manuscript their body names is not shown.
    expect(await row('Refused: wrong key')).toMatch(/—90Refused: wrong keyapi_key does not match the connection profile/);
    expect(await row('Parked')).toMatch(/Service manuscript 987654 \(elsewhere-1\)91Parked/);
    expect(await row('Connectivity check')).toMatch(/—\d+Connectivity check/);
    // The table has the row to itself: each date on one line, no outcome chip broken mid-word.
    const table = page.getByRole('table', { name: 'Webhook deliveries' });
    const lineCounts = await table.evaluate((t) =>
      [...t.querySelectorAll('tbody td:first-child, tbody .chip')].map((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      }),
    );
    expect(lineCounts.length).toBe(10);
    expect(lineCounts.every((n) => n <= 1)).toBe(true);
    const view = page.viewportSize()!;
    const box = (await table.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(view.width);
    await page.screenshot({ path: screenshotPath('activity-webhook-deliveries'), fullPage: true });
  });
});

describe('settings', () => {
  it('shows the plan features last checked without testing again, and copies the data folder path', async () => {
    await settings('Connection');
    const features = page.getByTestId('plan-features');
    await expect.poll(() => features.textContent()).toMatch(/not checked yet/);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => page.getByTestId('connection-test').textContent(), { timeout: 20_000 }).toMatch(/^Connected in \d+ ms/);

    // A new session: the stored result shows at once.
    await page.reload();
    await settings('Connection');
    await expect
      .poll(() => features.textContent())
      .toMatch(/^Plan features, as last checked .*Authors groups: yes.*Referee finder: yes.*Recommend journals: yes/);
    expect(await page.getByTestId('connection-test').count()).toBe(0);

    await settings('Data');
    expect(await page.getByTestId('data-dir').textContent()).toBe(app.dataDir);
    await page.getByRole('button', { name: 'Copy path' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Path copied.' }).count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(app.dataDir);
    await page.screenshot({ path: screenshotPath('settings-1-features-data'), fullPage: true });
  });

  it('shows one pane at a time beside their list; each pane and its primary fit the window at 1280×720 and 1920×1080', async () => {
    // A new session: Settings opens on the invitations, the pane with the view's one primary action.
    await page.reload();
    await nav('Settings');
    const list = page.getByRole('navigation', { name: 'Settings sections' });
    const current = () => list.locator('[aria-current="page"]').textContent();
    expect(await current()).toBe('Invitations');
    const labels = await list.getByRole('button').allTextContents();
    expect(labels).toEqual(SETTINGS_PANE_LABELS);
    await eachLook(page, async (w, h, scheme) => {
      for (const label of labels) {
        await list.getByRole('button', { name: label, exact: true }).click();
        expect(await current()).toBe(label);
        const pane = page.locator('.settings-pane');
        // One pane's heading at a time.
        expect(await pane.getByRole('heading', { level: 2 }).first().isVisible()).toBe(true);
        expect(await page.locator('.settings-pane > section, .settings-pane > [data-advanced]').count()).toBe(1);
        // Nothing wider than the window; the primary (at most one) wholly in view without scrolling.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(w);
        const primaries = await page.locator('main .primary').all();
        expect(primaries.length).toBeLessThanOrEqual(1);
        for (const p of primaries) {
          const box = (await p.boundingBox())!;
          expect(box.y + box.height, `${label}'s primary at ${w}×${h}`).toBeLessThanOrEqual(h - 24);
          expect(box.x + box.width).toBeLessThanOrEqual(w);
        }
        if (label === 'Invitations') expect(primaries.length).toBe(1);
        await page.screenshot({ path: screenshotPath(`settings-${label.toLowerCase().replace(/ /g, '-')}-${w}x${h}-${scheme}`) });
      }
    });
    await page.setViewportSize({ width: 1400, height: 1000 });
    await page.emulateMedia({ colorScheme: 'light' });
    // Another view comes back to the pane last shown.
    await nav('Activity');
    await nav('Settings');
    expect(await current()).toBe('Advanced');
    await list.getByRole('button', { name: 'Invitations', exact: true }).click();
  });

  it('the new profile form labels its fields on screen, beside them (no placeholder-only fields)', async () => {
    await settings('Connection');
    const form = page.getByRole('form', { name: 'Add a connection profile' });
    for (const [label, example] of [
      ['Profile name', 'e.g. Production'],
      ['Service base URL', 'https://service.example.org'],
    ] as const) {
      const field = form.getByLabel(label);
      expect(await field.getAttribute('placeholder')).toBe(example);
      const text = form.locator(`label[for="${await field.getAttribute('id')}"]`);
      expect(await text.isVisible()).toBe(true);
      const [t, f] = [(await text.boundingBox())!, (await field.boundingBox())!];
      // the label ends just before its field, on the same line
      expect(f.x - (t.x + t.width)).toBeGreaterThanOrEqual(0);
      expect(f.x - (t.x + t.width)).toBeLessThan(24);
      expect(Math.abs(t.y + t.height / 2 - (f.y + f.height / 2))).toBeLessThan(6);
    }
  });

  it('Clear cache asks first, says a write is waiting, keeps it and what it needs', async () => {
    const runs = (id: number) => app.core.cache.manuscripts.runs(id).length;
    // The service refuses uploads for a while: an edit of settings-1 waits in the outbox.
    const fault = await admin('POST', 'faults/', { route: 'upload', kind: 'status', status: 503 });
    await upload('settings-1', 'Neural networks for protein folding, revised');
    await nav('Activity');
    const queued = page.getByRole('list', { name: 'Queued changes' });
    await expect.poll(() => queued.textContent(), { timeout: 30_000 }).toMatch(/settings-1.*Waiting to send.*\D\d+ attempts?.*503/s);
    await page.screenshot({ path: screenshotPath('activity-write-waiting') });

    await settings('Data');
    await page.getByRole('button', { name: 'Clear cache…' }).click();
    const confirm = page.getByRole('group', { name: /Clear the cache/ });
    await expect
      .poll(() => page.getByTestId('clear-kept').textContent())
      .toMatch(/1 change is waiting to be sent: it is kept, with the files it needs, and 1 manuscript keeps its runs/);
    expect(await confirm.textContent()).toMatch(/This drops 1 upload run with \d+ candidates/);
    await page.screenshot({ path: screenshotPath('settings-2-clear-confirm'), fullPage: true });
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    await expect.poll(focused).toBe('Cancel'); // the asking button went away: focus is on the safe answer
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(focused).toBe('Clear cache…');
    expect(runs(cleared.id)).toBe(1);

    await page.getByRole('button', { name: 'Clear cache…' }).click();
    await confirm.getByRole('button', { name: 'Clear cache', exact: true }).click();
    await expect.poll(() => page.getByTestId('clear-result').textContent()).toMatch(/^Cache cleared: 1 upload run with \d+ candidates/);
    await expect.poll(focused).toBe('Clear cache…');
    await page.screenshot({ path: screenshotPath('settings-3-cleared'), fullPage: true });
    expect(runs(cleared.id)).toBe(0);
    expect(runs(kept.id)).toBe(1);
    expect(app.core.workspace()!.outbox.counts().pending).toBe(1);

    // The service answers again: the write is sent, and custom fields come back from the service.
    await admin('DELETE', `faults/${String(fault.id)}/`);
    await app.core.workspace()!.sync.syncNow();
    await expect.poll(() => app.core.workspace()!.outbox.counts().pending, { timeout: 30_000 }).toBe(0);
    expect(runs(kept.id)).toBe(2);
    await page.keyboard.press('Control+8');
    await expect
      .poll(() => page.getByRole('table', { name: 'Custom fields: Authors from groups' }).getByRole('row').count(), { timeout: 20_000 })
      .toBe(6);
  });
});
