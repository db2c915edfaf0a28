// The editor's daily job, counted in clicks and keystrokes, in Debian Chromium against the browser host and the
// demo service at a laptop's 1280×720: three real manuscripts (../shared/material/pdf) dropped at once and uploaded
// with one click, then for each: open it, shortlist the first people without conflicts, draft the invitations, open
// them all in the mail app (everyone becomes Invited) and record one answer (Accepted) — at most 20 actions in all.
// Then the new actions in every look (1280×720 and 1920×1080, light and dark): in view, axe clean, photographed
// (test-results/screenshots/daily-*).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerPage, ShortlistEntryRow } from '../../../electron/common/shapes';
import { screenshotPath } from '../../support/browser';
import { eachLook } from '../../support/looks';
import { openOnlinePage } from '../../support/online-page';
import type { WebApp } from '../../support/web-app';
import { nav, uploadDemoManuscript } from '../flows/workspace';

const MATERIAL = resolve(__dirname, '..', '..', '..', '..', 'shared', 'material', 'pdf');
/** Three real manuscripts whose title and abstract intake reads (so Upload all takes them without an edit). */
const PDFS = [
  { file: 'P007__map-reduce.pdf', title: /^MapReduce: Simplified Data Processing on Large Clusters/ },
  { file: 'P046__N18-3011.pdf', title: /^Construction of the Literature Graph in Semantic Scholar/ },
  { file: 'P001__P14-1059.pdf', title: /^How to make words with vectors/ },
] as const;
const W = 1280;
/** A change the window shows after a write or two (a busy machine runs the suite in parallel). */
const SOON = { timeout: 10_000 };
const H = 720;

let app: WebApp;
let browser: Browser;
let page: Page;

const panel = () => page.locator('#shortlist-panel');
const entries = () => panel().getByTestId('sl-entry');
const quickPick = () => panel().getByRole('button', { name: /^Shortlist \d+ (more )?without conflicts$/ });
const shortlistToggle = () => page.getByRole('toolbar', { name: 'Candidate tools' }).getByRole('button', { name: /^Shortlist/ });
const card = (file: string) => page.getByRole('article', { name: `Upload of ${file}` });
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const call = async <T>(channel: string, input: unknown): Promise<T> => {
  const r = await app.core.router.handle(channel, input, { transport: 'test' });
  if (!r.ok) throw new Error(r.error.message);
  return r.value as T;
};

/** Drops these files on the window in one drag, as the OS does with several files picked at once. */
async function dropFiles(files: ReadonlyArray<{ name: string; bytes: Buffer }>): Promise<void> {
  await page.evaluate(
    (list) => {
      const dt = new DataTransfer();
      for (const { name, b64 } of list) {
        const bin = atob(b64);
        const data = new Uint8Array(bin.length);
        for (let i = 0; i < bin.length; i++) data[i] = bin.charCodeAt(i);
        dt.items.add(new File([data], name, { type: 'application/pdf' }));
      }
      window.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    },
    files.map((f) => ({ name: f.name, b64: f.bytes.toString('base64') })),
  );
}

/** The box lies wholly inside a window of w×h. */
async function inWindow(l: Locator, w: number, h: number): Promise<void> {
  const box = await l.boundingBox();
  expect(box, String(l)).not.toBeNull();
  expect(box!.x >= 0 && box!.y >= 0 && box!.x + box!.width <= w && box!.y + box!.height <= h, `${String(l)} at ${w}×${h}`).toBe(true);
}

/** The bar's visible children all on its first line, nothing scrolled off. */
async function oneLine(bar: Locator): Promise<void> {
  const tops = await bar.evaluate((t) =>
    [...t.children]
      .filter((c) => c.getClientRects().length > 0)
      .map((c) => ({ name: c.textContent?.trim() ?? c.tagName, r: c.getBoundingClientRect() }))
      .map((c) => ({ name: c.name, top: c.r.top, bottom: c.r.bottom })),
  );
  for (const t of tops) expect(t.top, `${t.name} is on another line`).toBeLessThan(tops[0]!.bottom);
  expect(await bar.evaluate((t) => t.scrollWidth <= t.clientWidth), `${String(bar)} scrolls`).toBe(true);
}

/** Every mailto: link the page opens is recorded instead of leaving for a mail client (none in this container). */
const RECORD_MAILTO = `
  window.__mailto = [];
  document.addEventListener('click', (e) => {
    const a = e.target instanceof Element ? e.target.closest('a[href^="mailto:"]') : null;
    if (!a) return;
    window.__mailto.push(a.getAttribute('href'));
    e.preventDefault();
  }, true);
`;
const mailtos = () => page.evaluate(() => (window as unknown as { __mailto: string[] }).__mailto);

beforeAll(async () => {
  ({ app, browser, page } = await openOnlinePage({ width: W, height: H, initScript: RECORD_MAILTO }));
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('the daily job', () => {
  it('three manuscripts from drop to invitations sent and an answer recorded, in ≤ 20 clicks and keystrokes', async () => {
    // Before today (not counted): an earlier upload, so the window remembers the folder (DEMO), and the editor's name
    // saved once before the first invitation ever.
    await uploadDemoManuscript(page);
    await page.getByRole('button', { name: 'Clear finished' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Uploads' }).count(), SOON).toBe(0);
    await call('invitation.setSettings', { editorName: 'Dr. Ines Editor' });

    let actions = 0;
    const act = async (what: () => Promise<unknown>) => {
      actions++;
      await what();
    };

    // One drop of three files, one Upload all (the remembered folder is filled in).
    await act(() => dropFiles(PDFS.map((p) => ({ name: p.file, bytes: readFileSync(join(MATERIAL, p.file)) }))));
    const uploadAll = page.getByRole('button', { name: /^Upload all \(3\)$/ });
    await expect.poll(() => uploadAll.count(), { timeout: 60_000 }).toBe(1);
    expect(await page.getByLabel('Folder for all').inputValue()).toBe('DEMO');
    await act(() => uploadAll.click());
    for (const p of PDFS) await expect.poll(() => card(p.file).getByTestId('upload-state').textContent(), { timeout: 90_000 }).toBe('Sent');

    const accepted: string[] = [];
    for (const [i, p] of PDFS.entries()) {
      if (i > 0) await act(() => nav(page, 'Manuscripts'));
      await act(() => card(p.file).getByRole('button', { name: 'Show candidates' }).click());
      await expect
        .poll(() => page.getByTestId('context-header').locator('.context-title').textContent(), { timeout: 20_000 })
        .toMatch(p.title);
      await expect
        .poll(async () => Number((await page.getByTestId('candidates-count').textContent())?.replace(/\D/g, '')), { timeout: 30_000 })
        .toBeGreaterThan(0);

      // The shortlist panel (shown once: it stays shown for the next manuscript) offers the first three without conflicts
      // (the manuscript's "Invite now" count).
      if ((await panel().count()) === 0) await act(() => shortlistToggle().click());
      await expect.poll(() => quickPick().textContent(), SOON).toMatch(/^\s*Shortlist 3 without conflicts$/);
      await inWindow(quickPick(), W, H);
      await oneLine(page.getByRole('toolbar', { name: 'Candidate tools' }));
      if (i === 1) await page.screenshot({ path: screenshotPath('daily-empty-panel-1280x720-light') });
      await act(() => quickPick().click());
      await expect.poll(() => entries().count(), { timeout: 10_000 }).toBe(3);
      expect(await panel().getByTestId('sl-notice').textContent()).toMatch(/^\s*Added 3 people to the shortlist(; passed over [^.]+)?\./);
      const names = await entries().locator('.sl-who strong').allTextContents();
      // Each of them has no conflict flag and an address.
      const m = app.core.cache.manuscripts.getById(await openId())!;
      const run = app.core.cache.candidates.ofRun(m.lastRunId!);
      for (const entry of await call<ShortlistEntryRow[]>('shortlist.list', { manuscriptId: m.id })) {
        expect(entry.email, entry.name).toMatch(/^[^@\s,]+@[^@\s,]+$/);
        expect(run.find((c) => c.authorId === entry.authorId)?.conflictCount, entry.name).toBe(0);
      }

      await act(() => panel().getByRole('button', { name: 'Draft invitations (3)' }).click());
      const dialog = page.getByRole('dialog', { name: 'Invitations (3)' });
      await expect.poll(() => dialog.getByTestId('draft-subject').count(), { timeout: 10_000 }).toBe(3);
      const openAll = dialog.getByRole('button', { name: 'Open all 3 in mail app' });
      await inWindow(openAll, W, H);
      // The dialog's one primary action; the limit said in words.
      expect(await dialog.locator('.primary').count()).toBe(1);
      expect(await dialog.getByTestId('open-all-note').textContent()).toMatch(
        /One new message per person opens in your mail app; a browser may open only/,
      );
      const before = (await mailtos()).length;
      await act(() => openAll.click());
      await expect.poll(() => dialog.count(), SOON).toBe(0);
      // One message each, addressed to the three people, in the list's order.
      const opened = (await mailtos()).slice(before);
      expect(opened).toHaveLength(3);
      const listed = await call<ShortlistEntryRow[]>('shortlist.list', { manuscriptId: await openId() });
      expect(opened.map((u) => decodeURIComponent(u.slice('mailto:'.length, u.indexOf('?'))))).toEqual(listed.map((e) => e.email));
      await expect.poll(() => entries().getByTestId('sl-status').allTextContents(), SOON).toEqual(Array(3).fill(`Invited ${today()}`));
      const notice = panel().getByTestId('sl-notice');
      expect(await notice.textContent()).toMatch(/^\s*Opened 3 messages in your mail app: .+ are marked as invited\./);
      await inWindow(notice.getByRole('button', { name: 'Undo' }), W, H);
      if (i === 0) await page.screenshot({ path: screenshotPath('daily-opened-1280x720-light') });

      // One answer, one click.
      await act(() =>
        panel()
          .getByRole('button', { name: `${names[0]} accepted` })
          .click(),
      );
      await expect.poll(() => entries().first().getByTestId('sl-status').textContent(), SOON).toBe(`Accepted ${today()}`);
      accepted.push(names[0]!);
    }

    // Where it ends: each manuscript's shortlist has one accepted and two invited, and the ledger counts them.
    const manuscripts = app.core.cache.manuscripts.list(app.core.workspace()!.profileId);
    for (const p of PDFS) {
      const m = manuscripts.find((x) => p.title.test(x.title))!;
      const list = await call<ShortlistEntryRow[]>('shortlist.list', { manuscriptId: m.id });
      expect(
        list.map((e) => e.status),
        p.file,
      ).toEqual(['accepted', 'invited', 'invited']);
    }
    for (const name of accepted) {
      const found = await call<LedgerPage>('ledger.query', { text: name });
      const person = found.rows.find((r) => r.name === name)!;
      expect(person, name).toBeDefined();
      expect(person.accepted, name).toBeGreaterThanOrEqual(1);
      expect(person.invited, name).toBeGreaterThanOrEqual(1);
    }
    console.info(`[daily-job] three manuscripts, drop to invitations sent and one answer each: ${actions} clicks and keystrokes`);
    expect(actions).toBeLessThanOrEqual(20);
  }, 300_000);

  it('the new actions in every look: in the window, axe clean, photographed; the Undo takes everyone back', async () => {
    // More people on the open manuscript's list and a round of six, so three are drafted again.
    await quickPick().click();
    await expect.poll(() => entries().count(), SOON).toBe(6);
    const inviteNow = panel().getByLabel('Invite now');
    await inviteNow.fill('6');
    await inviteNow.press('Enter');
    const draft = panel().getByRole('button', { name: 'Draft invitations (3)' });
    await expect.poll(() => draft.count(), SOON).toBe(1);
    const bad: string[] = [];
    await eachLook(page, async (w, h, scheme) => {
      await panel().waitFor();
      await inWindow(quickPick(), w, h);
      await oneLine(page.getByRole('toolbar', { name: 'Candidate tools' }));
      await inWindow(page.getByRole('combobox', { name: 'How many to shortlist at once' }), w, h);
      const r1 = await new AxeBuilder({ page }).include('[role="toolbar"]').include('#shortlist-panel').analyze();
      if (w === 1920 && scheme === 'dark') await page.screenshot({ path: screenshotPath('daily-quick-pick-1920x1080-dark') });
      await draft.click();
      const dialog = page.getByRole('dialog', { name: 'Invitations (3)' });
      await expect.poll(() => dialog.getByTestId('draft-subject').count(), SOON).toBe(3);
      await inWindow(dialog.getByRole('button', { name: 'Open all 3 in mail app' }), w, h);
      const r2 = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
      if ((w === 1280 && scheme === 'light') || (w === 1920 && scheme === 'dark'))
        await page.screenshot({ path: screenshotPath(`daily-open-all-${w}x${h}-${scheme}`) });
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count(), SOON).toBe(0);
      for (const [where, r] of [
        ['toolbar and panel', r1],
        ['drafts dialog', r2],
      ] as const)
        bad.push(
          ...r.violations
            .filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => `${w}x${h} ${scheme} ${where}: ${v.id} ${v.nodes[0]?.target}`),
        );
    });
    expect(bad).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: W, height: H });

    // Open all, then Undo: the three are shortlisted again, in one write.
    await draft.click();
    await page.getByRole('dialog', { name: 'Invitations (3)' }).getByRole('button', { name: 'Open all 3 in mail app' }).click();
    const statuses = () => entries().getByTestId('sl-status').allTextContents();
    await expect.poll(statuses, SOON).toEqual([`Accepted ${today()}`, ...Array(5).fill(`Invited ${today()}`)]);
    await panel().getByTestId('sl-notice').getByRole('button', { name: 'Undo' }).click();
    await expect
      .poll(statuses, SOON)
      .toEqual([`Accepted ${today()}`, `Invited ${today()}`, `Invited ${today()}`, 'Shortlisted', 'Shortlisted', 'Shortlisted']);
    await expect.poll(() => panel().getByTestId('sl-notice').count(), SOON).toBe(0);
  });
});

/** The manuscript the window shows now. */
async function openId(): Promise<number> {
  const header = (await page.getByTestId('context-header').locator('.context-title').textContent())!;
  const m = app.core.cache.manuscripts.list(app.core.workspace()!.profileId).find((x) => x.title === header);
  expect(m, header).toBeDefined();
  return m!.id;
}
