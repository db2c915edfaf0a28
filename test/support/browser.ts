// Debian's Chromium driven by playwright-core (never `npx playwright install`). Flags from
// ARCHITECTURE.md §4: no sandbox as root, no background networking on this closed network.
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const repoRoot = resolve(import.meta.dirname, '../..');
export const screenshotDir = join(repoRoot, 'test-results', 'screenshots');

/** extraArgs: for benchmarks, e.g. lifting the 60 Hz frame-rate limit. */
export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: install Debian's chromium package (.ci/run does).`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--disable-dev-shm-usage',
      ...extraArgs,
    ],
  });
}

export function screenshotPath(name: string): string {
  mkdirSync(screenshotDir, { recursive: true });
  return join(screenshotDir, `${name}.png`);
}
