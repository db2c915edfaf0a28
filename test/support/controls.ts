// Driving the window's own controls (renderer/src/components/Select.tsx and DateInput.tsx) from Playwright, as an
// editor does: a select opens its list and an option is clicked; a date is picked on the calendar by keyboard.
import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/** Opens the select (its combobox trigger) and chooses the option with this exact text. */
export async function choose(select: Locator, option: string): Promise<void> {
  const page = select.page();
  await select.click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
}

/** What a select shows as chosen (the trigger's text). */
export async function chosen(select: Locator): Promise<string> {
  return ((await select.textContent()) ?? '').trim();
}

/** Opens a date field's calendar from its text field with Alt+Down and waits for the focused day. */
export async function openCalendar(field: Locator, label: string): Promise<Locator> {
  await field.focus();
  await field.press('Alt+ArrowDown');
  const calendar = field.page().getByRole('dialog', { name: `${label}: calendar` });
  await expect.poll(() => calendar.locator('.rdp-day_button:focus').count(), { timeout: 10_000 }).toBe(1);
  return calendar;
}
