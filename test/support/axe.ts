// The accessibility check every e2e suite runs: axe on the page (or only the parts named), its serious and critical
// violations as lines that say where, which rule and which elements, so a failing test names what to fix.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export async function seriousAxe(page: Page, where: string, ...include: string[]): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  for (const selector of include) builder = builder.include(selector);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.nodes.length}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
