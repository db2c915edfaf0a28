// What several e2e suites set up alike: one online page for the whole file (opened before its tests, closed
// after them), and the conflict-free people of the candidates table.
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { openOnlinePage, type OnlinePage, type PageOptions } from './online-page';

/**
 * Before the file's tests: a new app on its demo service and a page on it (openOnlinePage), handed to `take`;
 * after them: the browser and the app closed.
 */
export function onlinePageForFile(opts: PageOptions, take: (opened: OnlinePage) => void): void {
  let opened: OnlinePage | undefined;
  beforeAll(async () => {
    opened = await openOnlinePage(opts);
    take(opened);
  });
  afterAll(async () => {
    await opened?.browser.close();
    await opened?.app.close();
  });
}

/** The names of the rows of `table` now in the DOM whose conflicts say "None" and that carry an e-mail, less those in `skip`. */
export async function conflictFreeNames(table: Locator, skip: readonly string[] = []): Promise<string[]> {
  const rows = table.locator('[role="row"][aria-rowindex]:not([aria-rowindex="1"])');
  const names: string[] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const r = rows.nth(i);
    if ((await r.getByTestId('conflicts').textContent())?.trim() !== 'None') continue;
    if ((await r.getByTestId('email').count()) === 0) continue;
    const name = (await r.getByRole('checkbox').getAttribute('aria-label'))!.replace(/^Shortlist /, '');
    if (!skip.includes(name)) names.push(name);
  }
  return names;
}
