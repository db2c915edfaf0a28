// The workspace in Chromium against the browser host (issue 6): time from opening a manuscript
// with 500 cached candidates to the table painted, and frame times while scrolling 10,000 rows.
// The cache is filled with generated v6 responses through the same recordUploadRun the outbox uses.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { UploadResponse } from '../electron/common/service';
import { launchChromium, repoRoot } from '../test/support/browser';
import { generatedAnswer } from '../test/support/generated-run';
import { startWebApp } from '../test/support/web-app';
import { quiet, quietNote, withSteal, type Quiet } from './quiet';
import type { Bench, BenchRow } from './types';

const OPENS = 15;

const response = (manuscriptId: number, originId: string, n: number): UploadResponse =>
  generatedAnswer(manuscriptId, originId, n, (i) => ({
    name: `Candidate ${i} Example`,
    first_name: 'Candidate',
    author_id: 100_000 + i,
    email: i % 3 === 0 ? null : `c${i}@example.org`,
    affiliation: `University ${i % 97}, City ${i % 13}`,
    articlesCount: 5 + (i % 90),
    citationsCount: 20 + ((i * 37) % 4000),
    hIndex: 1 + (i % 45),
    score: 1000 - i * (900 / n),
    url: `https://example.org/author/${100_000 + i}`,
    relevant_concepts: ['protein folding', 'attention'],
    marked: i % 50 === 0,
    coauth_conflicts: { exists: i % 17 === 0 },
    aff_conflicts: { exists: i % 23 === 0 },
    referenced_articles: { exists: i % 11 === 0 },
  }));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

const bench: Bench = async () => {
  if (!existsSync(join(repoRoot, 'out', 'renderer', 'index.html'))) throw new Error('build first: npm run build');
  const app = await startWebApp({ appVersion: 'bench' });
  const browser = await launchChromium();
  try {
    const profile = app.core.profiles.create({ name: 'Bench', baseUrl: 'http://127.0.0.1:9' });
    app.core.profiles.setActive(profile.id);
    const form = (origin: string, title: string) => ({
      folder: 'BENCH',
      origin_id: origin,
      title,
      abstract: 'Generated for the UI benchmark.',
      authors_count: 0,
    });
    app.core.cache.runs.recordUploadRun(profile.id, { form: form('ui-500', 'Five hundred candidates') }, response(1, 'ui-500', 500));
    app.core.cache.runs.recordUploadRun(profile.id, { form: form('ui-10k', 'Ten thousand candidates') }, response(2, 'ui-10k', 10_000));
    app.core.cache.runs.recordUploadRun(profile.id, { form: form('ui-other', 'Another manuscript') }, response(3, 'ui-other', 5));
    await app.core.router.handle('profiles.activate', { id: profile.id }, { transport: 'test' });

    const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    await page.goto(app.host.url);
    const list = page.getByRole('list', { name: 'Manuscripts' });
    await list.getByRole('button', { name: /Another manuscript/ }).waitFor();

    // Open a manuscript with 500 cached candidates: click → its candidates painted in the table.
    // The two clicks (the manuscript, then Candidates) are made inside the page, so the figure is the
    // app's time; `driven` is the same with Playwright's clicks, whose actionability checks and
    // round trips to the browser add 100–400 ms on a loaded machine and are no part of the app.
    // Each open comes after another manuscript was shown: the renderer keeps no rows of a run it left
    // (stores/candidates.ts), so every open asks core again — the first page of rows, then the rest.
    const opens: number[] = [];
    const driven: number[] = [];
    const painted = `new Promise((resolve) => {
      const check = () => {
        const count = document.querySelector('[data-testid="candidates-count"]')?.textContent;
        if (count === '500' && document.querySelector('[aria-rowindex="2"]')) requestAnimationFrame(() => resolve(performance.now()));
        else requestAnimationFrame(check);
      };
      check();
    })`;
    const showOther = async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Manuscripts' }).click();
      await list.getByRole('button', { name: /Another manuscript/ }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Candidates' }).click();
      await page.getByTestId('candidates-count').getByText('5', { exact: true }).waitFor();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Manuscripts' }).click();
      await list.getByRole('button', { name: /Five hundred candidates/ }).waitFor();
    };
    for (let i = 0; i < OPENS; i++) {
      await showOther();
      // Page code is passed as text: tsx's name-keeping helpers do not exist in the page.
      const t = (await page.evaluate(`(() => {
        const t0 = performance.now();
        const buttons = (sel) => [...document.querySelectorAll(sel)];
        buttons('[aria-label="Manuscripts"] button').find((b) => /Five hundred candidates/.test(b.textContent)).click();
        buttons('nav[aria-label="Main"] button').find((b) => /^\\s*Candidates/.test(b.textContent)).click();
        return ${painted}.then((t1) => t1 - t0);
      })()`)) as number;
      opens.push(t);
      await showOther();
      const t0 = await page.evaluate(() => performance.now());
      await list.getByRole('button', { name: /Five hundred candidates/ }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Candidates' }).click();
      driven.push(((await page.evaluate(painted)) as number) - t0);
    }

    // Scroll 10,000 rows, one step per frame, twice: at the display's 60 Hz (frames can be no
    // shorter than 16.67 ms there, so that run counts dropped frames), and with the frame-rate
    // limit lifted, where the time between frames is the time the page needs to make one.
    const settled: Quiet[] = [];
    // what the host took of the cores during each scroll (the 60 Hz one, then the unlimited one)
    const stolen: string[] = [];
    const scroll = async (p: typeof page) => {
      await p.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Manuscripts' }).click();
      await p
        .getByRole('list', { name: 'Manuscripts' })
        .getByRole('button', { name: /Ten thousand candidates/ })
        .click();
      await p.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Candidates' }).click();
      await p.getByTestId('candidates-count').getByText('10,000', { exact: true }).waitFor();
      // The view paints a run's first page, then asks for the rest (aria-busy until it is in): the scroll
      // starts on the whole 10,000 rows, as an editor's would a moment after the open.
      await p.locator('.candidates[aria-busy="true"]').waitFor({ state: 'detached' });
      // ...and once the machine is quiet: the browser with the frame-rate limit lifted is launched just
      // before, and its own start-up work is no part of a scroll frame (quiet.ts).
      settled.push(await quiet());
      const { value, steal } = await withSteal(() =>
        p.evaluate(`new Promise((resolve) => {
        const body = document.querySelector('[data-testid="vtable-body"]');
        const times = [];
        let last = performance.now();
        const step = (now) => {
          times.push(now - last);
          last = now;
          body.scrollTop += 240;
          if (body.scrollTop + body.clientHeight >= body.scrollHeight - 1 || times.length > 1500) resolve(times.slice(2));
          else requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      })`),
      );
      stolen.push(steal ?? 'host steal not read');
      return value as number[];
    };
    const vsynced = await scroll(page);
    const dropped = vsynced.filter((f) => f > 25).length;
    const unlimited = await launchChromium(['--disable-frame-rate-limit', '--disable-gpu-vsync']);
    let frames: number[];
    try {
      const fast = await (await unlimited.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
      await fast.goto(app.host.url);
      await fast
        .getByRole('list', { name: 'Manuscripts' })
        .getByRole('button', { name: /Another manuscript/ })
        .waitFor();
      frames = await scroll(fast);
    } finally {
      await unlimited.close();
    }
    const p95 = pct(frames, 0.95);
    return [
      {
        suite: 'ui',
        metric: 'open a manuscript with 500 cached candidates → table painted (median)',
        value: median(opens),
        unit: 'ms',
        target: '≤ 50 ms',
        ok: median(opens) <= 50,
        note:
          `${OPENS} opens, clicks made in the page, headless Chromium, browser host; p95 ` +
          `${pct(opens, 0.95).toFixed(0)} ms; with Playwright's clicks: median ` +
          `${median(driven).toFixed(0)} ms`,
      },
      {
        suite: 'ui',
        metric: 'frame time while scrolling 10,000 rows (p95)',
        value: p95,
        unit: 'ms',
        target: '≤ 12 ms, no frame > 25 ms at 60 Hz',
        ok: p95 <= 12 && dropped === 0,
        note:
          `${frames.length} frames, frame-rate limit lifted, 240 px per frame, median ` +
          `${median(frames).toFixed(2)} ms, max ${Math.max(...frames).toFixed(1)} ms; at 60 Hz: ` +
          `${vsynced.length} frames, ${dropped} dropped (> 25 ms); ${settled.map(quietNote).join(', ')} before the two scrolls; ` +
          `during them (60 Hz, unlimited): ${stolen.join('; ')}`,
      },
    ] satisfies BenchRow[];
  } finally {
    await browser.close();
    await app.close();
  }
};
export default bench;
