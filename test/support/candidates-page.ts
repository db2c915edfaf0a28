// The candidates table of one manuscript, opened as an editor opens it: the manuscript in the list,
// then Candidates, at 1280×720, once the table's first row is in.
import type { Browser, Locator, Page } from 'playwright-core';

/** A new page, 1280×720 unless `viewport` says otherwise (with `initScript` run before the app's, when given),
 * showing the candidates of the manuscript whose list button matches `manuscript`. */
export async function openCandidates(
  browser: Browser,
  url: string,
  manuscript: RegExp,
  initScript?: string,
  viewport = { width: 1280, height: 720 },
): Promise<{ page: Page; table: Locator }> {
  const page = await (await browser.newContext({ viewport })).newPage();
  if (initScript) await page.addInitScript(initScript);
  await page.goto(url);
  await page.getByRole('list', { name: 'Manuscripts' }).getByRole('button', { name: manuscript }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Candidates' }).click();
  const table = page.getByRole('table', { name: 'Referee candidates' });
  await table.locator('[role="row"][aria-rowindex="2"]').waitFor();
  return { page, table };
}
