// Settings shows one pane at a time (SETTINGS_PANES in electron/common/domain/views.ts): tests open the view, then the pane.
import type { Page } from 'playwright-core';
import { SETTINGS_PANES } from '../../electron/common/domain/views';

export type SettingsPaneLabel = (typeof SETTINGS_PANES)[number]['label'];

export const SETTINGS_PANE_LABELS: readonly SettingsPaneLabel[] = SETTINGS_PANES.map((p) => p.label);

/** Opens Settings from the sidebar, then the named pane from Settings' own list. */
export async function openSettingsPane(page: Page, pane: SettingsPaneLabel): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('button', { name: pane, exact: true }).click();
}
