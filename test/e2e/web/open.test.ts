// Opening a manuscript with many cached candidates (issue 12's open benchmark): the table's first paint
// waits for a small answer only. Recorded in the page: every WebSocket request and answer up to the frame
// that shows the table — one page of rows (≤ 64) is asked for and answered before it, nothing else of the
// run (neither the rest of the rows nor the load badges); the rest follows, and then every row is there.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadResponse } from '../../../electron/common/service';
import { launchChromium } from '../../support/browser';
import { generatedAnswer } from '../../support/generated-run';
import { startWebApp, type WebApp } from '../../support/web-app';
import { WIRE_LOG, type Wire } from '../../support/wire-log';

const N = 300;

let app: WebApp;
let browser: Browser;
let page: Page;

const answer = (manuscriptId: number, originId: string, n: number): UploadResponse =>
  generatedAnswer(manuscriptId, originId, n, (i) => ({
    author_id: 9000 + i,
    affiliation: `Institute ${i % 40}`,
    coauth_conflicts: { exists: i % 7 === 0 },
  }));

beforeAll(async () => {
  app = await startWebApp();
  const profile = app.core.profiles.create({ name: 'Open', baseUrl: 'http://127.0.0.1:9' });
  app.core.profiles.setActive(profile.id);
  const form = (origin: string, title: string) => ({ folder: 'OPEN', origin_id: origin, title, abstract: 'Generated.', authors_count: 0 });
  app.core.cache.runs.recordUploadRun(profile.id, { form: form('open-many', 'Many candidates') }, answer(1, 'open-many', N));
  app.core.cache.runs.recordUploadRun(profile.id, { form: form('open-few', 'Few candidates') }, answer(2, 'open-few', 3));
  await app.core.router.handle('profiles.activate', { id: profile.id }, { transport: 'test' });
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
  await page.addInitScript(WIRE_LOG);
  await page.goto(app.host.url);
  await page
    .getByRole('list', { name: 'Manuscripts' })
    .getByRole('button', { name: /Few candidates/ })
    .waitFor();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('opening a manuscript paints its candidates from one small answer', () => {
  it('before the table’s first frame: one page of rows asked and answered, neither the rest nor the load badges', async () => {
    // The two clicks in the page (as the benchmark makes them); the time of the first frame that shows the table.
    const painted = (await page.evaluate(`(() => {
      window.__wire.length = 0;
      const buttons = (sel) => [...document.querySelectorAll(sel)];
      buttons('[aria-label="Manuscripts"] button').find((b) => /Many candidates/.test(b.textContent)).click();
      buttons('nav[aria-label="Main"] button').find((b) => /^\\s*Candidates/.test(b.textContent)).click();
      return new Promise((resolve) => {
        const check = () => {
          const count = document.querySelector('[data-testid="candidates-count"]')?.textContent;
          if (count === '${N}' && document.querySelector('[aria-rowindex="2"]')) resolve(performance.now());
          else requestAnimationFrame(check);
        };
        check();
      });
    })()`)) as number;
    const table = page.getByRole('table', { name: 'Referee candidates' });
    // Then the rest comes: every row is in the table and the view is no longer busy.
    await expect.poll(() => table.getAttribute('aria-rowcount'), { timeout: 10_000 }).toBe(String(N + 1));
    await page.locator('.candidates[aria-busy="true"]').waitFor({ state: 'detached' });

    const wire = (await page.evaluate(() => (window as unknown as { __wire: Wire[] }).__wire)) as Wire[];
    const before = wire.filter((w) => w.t <= painted);
    const queries = before.filter((w) => w.kind === 'request' && w.channel === 'candidates.query');
    expect(queries.map((q) => q.input?.query)).toEqual([{ limit: 64 }]);
    expect(before.filter((w) => w.kind === 'request' && w.channel === 'ledger.loads')).toEqual([]);
    // The rows' first page and the manuscript's detail are asked together, on the first click.
    const first = before.filter((w) => w.kind === 'request').slice(0, 2);
    expect(first.map((w) => w.channel).sort()).toEqual(['candidates.query', 'manuscripts.get']);
    // 300 rows are ~180 KB of JSON; the first page is a fifth of that.
    const bytes = before.filter((w) => w.kind === 'answer').reduce((n, w) => n + (w.bytes ?? 0), 0);
    expect(bytes).toBeLessThan(60_000);

    // After it: the rest of the run (from row 65), and the load badges once every row is in.
    const after = wire.filter((w) => w.t > painted && w.kind === 'request').map((w) => ({ channel: w.channel, query: w.input?.query }));
    expect(after).toContainEqual({ channel: 'candidates.query', query: { offset: 64 } });
    expect(after.map((w) => w.channel)).toContain('ledger.loads');
    // The last row can be reached.
    await table.getByTestId('vtable-body').evaluate((b) => (b.scrollTop = b.scrollHeight));
    const last = table.locator(`[role="row"][aria-rowindex="${N + 1}"]`);
    await last.waitFor();
    expect(await last.textContent()).toContain(`Person ${N - 1} Example`);
  });
});
