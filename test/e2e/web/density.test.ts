// Density and hierarchy, in Chromium against the local service with the demo manuscript uploaded: at 1280×720 and
// 1920×1080, light and dark, every view has exactly one primary (filled) button, no line under its heading, and
// nothing outside the window; at 1280×720 the editor sees at least 14 candidates (rows counted by their boxes inside
// the table's scroll area and the window, not by the DOM), each two-line row 40 px or less; the sidebar groups the
// views by the job with an icon each and counts reminders due and changes waiting; the UI font ships with the app
// and numbers in tables use tabular figures; axe finds no serious or critical violation. Screenshots of each view.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEW_DEFS } from '../../../electron/common/domain/views';
import { seriousAxe } from '../../support/axe';
import { screenshotPath } from '../../support/browser';
import { eachLook } from '../../support/looks';
import { openOnlinePage } from '../../support/online-page';
import type { WebApp } from '../../support/web-app';
import { uploadDemoManuscript } from '../flows/workspace';

let app: WebApp;
let browser: Browser;
let page: Page;

const sidebar = () => page.getByRole('navigation', { name: 'Main' });

async function call<T>(channel: string, input: unknown): Promise<T> {
  const env = await app.core.router.handle(channel as never, input as never, { transport: 'test' });
  if (!env.ok) throw new Error(`${channel}: ${env.error.message}`);
  return env.value as T;
}

/** The demo manuscript's candidate of this rank put on its shortlist and recorded as invited. */
async function invited(rank: number): Promise<{ manuscriptId: number; authorId: number }> {
  const { id: manuscriptId } = app.core.cache.db.prepare('SELECT id FROM manuscripts ORDER BY id LIMIT 1').get() as { id: number };
  const run = app.core.cache.manuscripts.getById(manuscriptId)!.lastRunId!;
  const { authorId } = app.core.cache.candidates.ofRun(run).find((c) => c.rank === rank)!;
  await call('shortlist.add', { manuscriptId, authorIds: [authorId] });
  await call('invitation.markInvited', { manuscriptId, authorId });
  return { manuscriptId, authorId };
}

async function open(label: string): Promise<void> {
  await sidebar().getByRole('button', { name: label, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: label }).waitFor();
}

/** What each view shows once it has loaded with the demo manuscript selected. */
const READY: Record<string, () => Promise<void>> = {
  Manuscripts: () => page.getByRole('region', { name: 'Manuscript' }).waitFor(),
  Activity: () => page.getByRole('region', { name: 'Changes to send' }).getByRole('button', { name: 'Sync now' }).waitFor(),
  Settings: () => page.getByRole('button', { name: 'Save invitation settings' }).waitFor(),
  Candidates: () => page.getByRole('table', { name: 'Referee candidates' }).locator('[role="row"][aria-rowindex="2"]').waitFor(),
  Journals: () => page.getByRole('list', { name: 'Recommended journals' }).getByRole('listitem').first().waitFor(),
  Reviewers: () => page.getByRole('table', { name: 'Reviewers' }).locator('[role="row"][aria-rowindex="2"]').waitFor(),
  'Custom fields': () => page.getByRole('table', { name: 'Custom fields: Authors from groups' }).waitFor(),
  Groups: () => page.getByRole('form', { name: 'Create an authors group' }).getByRole('button', { name: 'Create group' }).waitFor(),
};

/** The primary buttons (and button-like links) the editor can see in the view: rendered, not in a closed disclosure. */
const primaries = () =>
  page
    .locator('main .primary')
    .evaluateAll((els) => els.filter((el) => el.checkVisibility({ visibilityProperty: true })).map((el) => el.textContent?.trim() ?? ''));

/** Candidate rows whose whole box lies inside the table's scroll area and the window. */
const rowsInView = () =>
  page.evaluate(() => {
    const table = document.querySelector('[role="table"][aria-label="Referee candidates"]')!;
    const area = table.querySelector('.vbody')!.getBoundingClientRect();
    const rows = [...table.querySelectorAll('.vbody [role="row"]')].map((r) => r.getBoundingClientRect());
    const inside = rows.filter((b) => b.top >= area.top - 0.5 && b.bottom <= Math.min(area.bottom, window.innerHeight) + 0.5);
    return { count: inside.length, heights: [...new Set(inside.map((b) => Math.round(b.height)))] };
  });

/** Nothing in the window scrolls sideways or lies beyond its right or bottom edge but inside a scrolling area. */
const outside = () =>
  page.evaluate(() => {
    const out: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth) out.push(`page ${document.documentElement.scrollWidth}px wide`);
    if (document.documentElement.scrollHeight > window.innerHeight) out.push(`page ${document.documentElement.scrollHeight}px high`);
    for (const el of document.querySelectorAll('.shell > nav, .shell > footer, main')) {
      const b = el.getBoundingClientRect();
      if (b.right > window.innerWidth + 0.5 || b.bottom > window.innerHeight + 0.5)
        out.push(`${el.tagName.toLowerCase()} ends at ${b.right}×${b.bottom}`);
    }
    return out;
  });

/** The demo manuscript uploaded and selected, once, by whichever test runs first (expect.poll runs only inside a test). */
let uploaded: Promise<void> | null = null;
const withDemo = () =>
  (uploaded ??= (async () => {
    await uploadDemoManuscript(page);
    await page.getByRole('list', { name: 'Manuscripts' }).getByRole('button').first().click();
  })());

beforeAll(async () => {
  ({ app, browser, page } = await openOnlinePage({ width: 1280, height: 720 }));
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('density and hierarchy', () => {
  it('every view has exactly one primary button, at both sizes, light and dark; Candidates with its shortlist shown too', async () => {
    await withDemo();
    const found: string[] = [];
    await eachLook(page, async (w, h, scheme) => {
      for (const v of VIEW_DEFS) {
        await open(v.label);
        await READY[v.label]?.();
        const names = await primaries();
        found.push(`${v.label} ${w}x${h} ${scheme}: ${names.length}`);
        expect(names, `${v.label} ${w}x${h} ${scheme}`).toHaveLength(1);
      }
      await open('Candidates');
      await READY.Candidates!();
      await page
        .getByRole('toolbar', { name: 'Candidate tools' })
        .getByRole('button', { name: /^Shortlist/ })
        .click();
      await page.getByRole('complementary', { name: /Shortlist/ }).waitFor();
      expect(await primaries(), `Candidates with the shortlist ${w}x${h} ${scheme}`).toHaveLength(1);
      await page.getByRole('button', { name: 'Hide the shortlist' }).click();
    });
    expect(found).toHaveLength(4 * VIEW_DEFS.length);
  });

  it('at 1280×720 at least 14 candidate rows lie wholly inside the table and the window, each two-line row 40 px or less', async () => {
    await withDemo();
    await page.setViewportSize({ width: 1280, height: 720 });
    await open('Candidates');
    await READY.Candidates!();
    const { count, heights } = await rowsInView();
    await page.screenshot({ path: screenshotPath('density-rows-1280x720') });
    expect(count).toBeGreaterThanOrEqual(14);
    for (const h of heights) expect(h).toBeLessThanOrEqual(40);
    // Two lines: the name, then the affiliation, neither cut off by the row.
    const cell = page.getByRole('table', { name: 'Referee candidates' }).locator('[role="row"][aria-rowindex="2"] .name-cell');
    const lines = await cell.evaluate((el) => {
      const row = el.closest('[role="row"]')!.getBoundingClientRect();
      return [...el.children].map((c) => {
        const b = c.getBoundingClientRect();
        return { top: b.top >= row.top, bottom: b.bottom <= row.bottom, text: c.textContent };
      });
    });
    expect(lines).toHaveLength(2);
    for (const l of lines) expect(l, l.text ?? '').toMatchObject({ top: true, bottom: true });
  });

  it('no view has a line under its heading; the context header says which manuscript', async () => {
    await withDemo();
    for (const v of VIEW_DEFS) {
      await open(v.label);
      await READY[v.label]?.();
      await page.locator('main .view-loading').waitFor({ state: 'detached' });
      // Under the heading line comes the view itself: no paragraph saying what the view is for.
      expect(await page.locator('main > p').count(), v.label).toBe(0);
      expect(await page.locator('main').textContent(), v.label).not.toContain(v.description);
    }
    await open('Candidates');
    expect(await page.getByTestId('context-header').textContent()).toMatch(/Tidal Rhythms/);
  });

  it('the sidebar groups the views by the job, each with an icon, and counts changes waiting and reminders due', async () => {
    await withDemo();
    const groups = await sidebar()
      .getByRole('group')
      .evaluateAll((els) =>
        els.map((g) => ({
          name: document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent,
          views: [...g.querySelectorAll('button')].map((b) => ({
            text: b.querySelector('.nav-label')?.textContent,
            icon: !!b.querySelector('svg'),
          })),
        })),
      );
    expect(groups.map((g) => [g.name, g.views.map((v) => v.text)])).toEqual([
      ['Work', ['Manuscripts', 'Candidates', 'Journals', 'Activity', 'Reviewers']],
      ['Pools', ['Groups']],
      ['Settings', ['Settings', 'Custom fields']],
    ]);
    for (const v of groups.flatMap((g) => g.views)) expect(v.icon, v.text ?? '').toBe(true);
    // Every view is in the sidebar once, and Ctrl+N still opens the view it always did.
    expect(groups.flatMap((g) => g.views).length).toBe(VIEW_DEFS.length);
    await page.keyboard.press('Control+5');
    await page.getByRole('heading', { level: 1, name: 'Reviewers' }).waitFor();

    const activity = sidebar().getByRole('button', { name: 'Activity', exact: true });
    const count = (kind: string) => activity.locator(`[data-count="${kind}"]`);
    const described = () => activity.evaluate((b) => document.getElementById(b.getAttribute('aria-describedby') ?? '')?.textContent ?? '');
    // Nothing waits: no count.
    expect(await activity.locator('.nav-count').count()).toBe(0);
    expect(await described()).toBe('');

    // A change queued while the service is away, then sent.
    await app.stopService();
    await call('groups.create', { group_name: 'Waiting panel', owner_team: 'Editorial Office', editor_teams: [], viewer_teams: [] });
    await expect.poll(() => count('changes').textContent(), { timeout: 20_000 }).toBe('1');
    expect(await described()).toBe('1 change waiting to be sent');
    await app.startService();
    await app.core.workspace()!.sync.syncNow();
    await expect.poll(() => count('changes').count(), { timeout: 20_000 }).toBe(0);

    // A change the service refuses: counted apart, it needs the editor.
    await call('groups.create', { group_name: 'Ghost panel', owner_team: 'Ghost Team', editor_teams: [], viewer_teams: [] });
    await app.core.workspace()!.sync.syncNow();
    await expect.poll(() => count('refused').textContent(), { timeout: 20_000 }).toBe('1');
    expect(await described()).toBe('1 change needs your attention');
    const [refused] = await call<{ id: number }[]>('outbox.list', {});
    await call('outbox.discard', { id: refused!.id });
    await expect.poll(() => count('refused').count()).toBe(0);

    // An invitation sent ten days ago with no answer (reminder days: 7): a reminder due.
    const { manuscriptId, authorId } = await invited(1);
    app.core.cache.db
      .prepare('UPDATE shortlist SET invited_at = ? WHERE manuscript_id = ? AND author_id = ?')
      .run(Date.now() - 10 * 86_400_000, manuscriptId, authorId);
    // Any write the ledger hears of reloads what the sidebar counts.
    await call('shortlist.note', { manuscriptId, authorId, note: 'Asked by phone too' });
    await expect.poll(() => count('reminders').textContent(), { timeout: 20_000 }).toBe('1');
    expect(await described()).toBe('1 reminder due');
    await page.screenshot({ path: screenshotPath('density-sidebar-counts') });
  });

  it('the candidates table says who is invited, has accepted or declined for this manuscript; picked alone shows no word', async () => {
    await withDemo();
    const [a, b, c] = [await invited(4), await invited(5), await invited(6)];
    await call('shortlist.setStatus', { ...b, status: 'accepted' });
    await call('shortlist.setStatus', { ...c, status: 'declined' });
    const picked = await invited(7);
    await call('shortlist.setStatus', { ...picked, status: 'shortlisted' });
    await page.setViewportSize({ width: 1280, height: 720 });
    await open('Candidates');
    await READY.Candidates!();
    const status = (rank: number) =>
      page
        .getByRole('table', { name: 'Referee candidates' })
        .locator(`[role="row"][aria-rowindex="${rank + 2}"] [data-testid="invitation-status"]`);
    await expect.poll(() => status(4).textContent(), { timeout: 20_000 }).toBe('Invited');
    expect(await status(5).textContent()).toBe('Accepted');
    expect(await status(6).textContent()).toBe('Declined');
    expect(await status(7).count()).toBe(0);
    expect(await status(8).count()).toBe(0);
    // The name gives way to the word; the row stays one height.
    const box = (await status(6).boundingBox())!;
    const cell = (await status(6).locator('xpath=ancestor::*[contains(@class, "vcell")][1]').boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(cell.x + cell.width + 0.5);
    expect(a.manuscriptId).toBe(c.manuscriptId);
    // People picked: their bar shares the overview line, and 14 rows still show.
    expect((await rowsInView()).count).toBeGreaterThanOrEqual(14);
    await page.screenshot({ path: screenshotPath('density-invitation-status-1280x720') });
  });

  it('the reviewer history keeps author ids in a closed Details disclosure', async () => {
    await withDemo();
    await open('Reviewers');
    await READY.Reviewers!();
    await page.getByRole('table', { name: 'Reviewers' }).locator('[role="row"][aria-rowindex="2"] .name').first().click();
    const drawer = page.getByRole('dialog');
    const members = drawer.getByRole('region', { name: 'Author records in this person' });
    await members.getByRole('listitem').first().waitFor();
    expect(await members.innerText()).not.toMatch(/\bid \d+/i);
    const details = members.locator('details[data-advanced]');
    expect(await details.count()).toBeGreaterThan(0);
    await details.first().locator('summary').click();
    expect(await details.first().innerText()).toMatch(/Author id \d+ on the service/);
    await page.keyboard.press('Escape');
  });

  it('the UI font ships with the app (Inter, served by the app itself) and numeric cells use tabular figures', async () => {
    await withDemo();
    await open('Candidates');
    await READY.Candidates!();
    const font = await page.evaluate(async () => {
      await document.fonts.ready;
      const loaded = [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family.replace(/"/g, ''));
      return { loaded, body: getComputedStyle(document.body).fontFamily, check: document.fonts.check('14px "Inter Variable"') };
    });
    expect(font.body).toMatch(/^"?Inter Variable"?/);
    expect(font.loaded).toContain('Inter Variable');
    const fontFiles = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((n) => /\.woff2$/.test(n)),
    );
    expect(fontFiles.length).toBeGreaterThan(0);
    for (const f of fontFiles) expect(new URL(f).origin).toBe(new URL(app.host.url).origin);
    const numeric = page.getByRole('table', { name: 'Referee candidates' }).locator('[role="row"][aria-rowindex="2"] .vcell.right').first();
    expect(await numeric.evaluate((el) => getComputedStyle(el).fontVariantNumeric)).toContain('tabular-nums');
  });

  it('screenshots of each view at both sizes, light and dark: nothing outside the window, axe clean', async () => {
    await withDemo();
    await eachLook(page, async (w, h, scheme) => {
      for (const v of VIEW_DEFS) {
        const what = `${v.label} ${w}x${h} ${scheme}`;
        await open(v.label);
        await READY[v.label]?.();
        expect(await outside(), what).toEqual([]);
        await page.screenshot({ path: screenshotPath(`density-${v.id}-${w}x${h}-${scheme}`) });
        if (w === 1280) {
          expect(await seriousAxe(page, what)).toEqual([]);
        }
      }
    });
  });
});
