// The looks every view is checked and photographed in: a laptop's and a monitor's window, each light and dark.
import type { Page } from 'playwright-core';

export const LOOK_SIZES = [
  [1280, 720],
  [1920, 1080],
] as const;

/** Sets each size, then each color scheme within it, and runs `fn` in that look. */
export async function eachLook(page: Page, fn: (w: number, h: number, scheme: 'light' | 'dark') => Promise<void>): Promise<void> {
  for (const [w, h] of LOOK_SIZES) {
    await page.setViewportSize({ width: w, height: h });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await fn(w, h, scheme);
    }
  }
}
