// The window comes first (issue 14): the Electron app shows its first window within the budget and
// the window answers app.info while the local demo service is still starting in its utility process.
// Runs wherever the Electron binary exists; skipped, with the reason printed, where it does not. The
// budget itself is measured by bench/process.bench.ts (browser host), not asserted here on time alone.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { _electron } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { electronBinary } from '../../../scripts/electron-binary.mjs';
import { repoRoot } from '../../support/browser';

const binary = electronBinary();
if (!binary.path) {
  console.warn(
    `[electron suite skipped] ${binary.reason}. The start order is covered by test/integration/process.test.ts and bench/process.bench.ts (browser host).`,
  );
}

describe.skipIf(!binary.path)('Electron start order', () => {
  it('shows the first window on a fresh data folder within a second, before the demo service is ready', async () => {
    const t0 = performance.now();
    const app = await _electron.launch({
      executablePath: binary.path!,
      args: [repoRoot, `--user-data-dir=${mkdtempSync(join(tmpdir(), 'desk-electron-start-'))}`],
    });
    try {
      const page = await app.firstWindow();
      await expect.poll(() => page.getByTestId('app-version').textContent()).toMatch(/^Referee Desk \d/);
      const painted = performance.now() - t0;
      // A fresh data folder generates the demo corpus in the utility process: the window is there first.
      expect(await page.getByTestId('status-message').textContent()).toBe('Starting the local demo service…');
      expect(painted).toBeLessThan(1000);
      await expect.poll(() => page.getByTestId('status-message').textContent(), { timeout: 60_000 }).not.toMatch(/demo service/);
    } finally {
      await app.close();
    }
  }, 90_000);
});
