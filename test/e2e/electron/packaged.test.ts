// The packaged smoke test (release workflow): the unpacked app that `npm run dist:dir` built, with a
// test configuration that leaves the inspect fuse on so Playwright can drive it. Set
// REFEREE_DESK_PACKAGED to the release folder; skipped (with its reason) otherwise.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron, type ConsoleMessage, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipReason } from '../../../scripts/electron-binary.mjs';
import { makeManuscriptPdf } from '../../fixtures/intake/make';

const releaseDir = process.env['REFEREE_DESK_PACKAGED'];
const candidates = releaseDir
  ? [
      join(releaseDir, 'linux-unpacked', 'referee-desk'),
      join(releaseDir, 'linux-arm64-unpacked', 'referee-desk'),
      join(releaseDir, 'mac-arm64', 'Referee Desk.app', 'Contents', 'MacOS', 'Referee Desk'),
      join(releaseDir, 'mac', 'Referee Desk.app', 'Contents', 'MacOS', 'Referee Desk'),
      join(releaseDir, 'win-unpacked', 'Referee Desk.exe'),
    ].map((p) => resolve(p))
  : [];
const executable = candidates.find((p) => existsSync(p));
// With REQUIRE_ELECTRON=1 (the release workflow) a missing package fails the suite instead of skipping it.
if (!executable)
  console.warn(
    `[packaged smoke test skipped] ${skipReason(
      releaseDir
        ? `no packaged app under ${releaseDir}`
        : 'REFEREE_DESK_PACKAGED is not set (the release workflow sets it after npm run dist:dir)',
    )}.`,
  );

describe.skipIf(!executable)('packaged app smoke test', () => {
  const userData = mkdtempSync(join(tmpdir(), 'desk-packaged-'));
  const problems: string[] = [];
  let app: ElectronApplication;
  let page: Page;
  const launch = async () => {
    app = await _electron.launch({
      executablePath: executable!,
      args: [`--user-data-dir=${userData}`],
      // Playwright adds --no-sandbox on Linux otherwise; the packaged app refuses to run without it.
      chromiumSandbox: true,
      env: { ...process.env, REFEREE_DESK_DISABLE_UPDATES: '1' },
    });
    page = await app.firstWindow();
    page.on('console', (m: ConsoleMessage) => {
      if (m.type() === 'error' || /Content Security Policy/.test(m.text())) problems.push(m.text());
    });
  };

  /** A request through the preload bridge, as the window makes it. */
  const request = <T>(channel: string, input: object): Promise<T> =>
    page.evaluate(
      async ([c, i]) => {
        const r = await (
          window as unknown as {
            desk: { request: Record<string, (i: object) => Promise<{ ok: boolean; value: unknown; error?: { message: string } }>> };
          }
        ).desk.request[c as string]!(i as object);
        if (!r.ok) throw new Error(`${c as string}: ${r.error?.message}`);
        return r.value;
      },
      [channel, input] as const,
    ) as Promise<T>;

  beforeAll(launch);
  afterAll(async () => {
    await app?.close();
  });

  it('shows its version and keeps keys in the system keychain', async () => {
    await expect.poll(() => page.getByTestId('app-version').textContent()).toMatch(/^Referee Desk \d/);
    const keyStorage = await page.evaluate(async () => {
      const r = await (
        window as unknown as { desk: { request: Record<string, (i: object) => Promise<{ ok: boolean; value: { keyStorage: string } }>> } }
      ).desk.request['profiles.list']!({});
      return r.value.keyStorage;
    });
    expect(keyStorage).toBe('keychain');
  });

  it('applies the stylesheet (computed styles, not the browser default)', async () => {
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bg).not.toBe('rgba(0, 0, 0, 0)');
  });

  it('inspects a PDF opened with the app (the intake worker loads from app.asar)', async () => {
    const pdf = join(userData, 'packaged.pdf');
    writeFileSync(pdf, await makeManuscriptPdf());
    const staged = await app.evaluate(async ({ app: a }, path) => {
      a.emit('open-file', { preventDefault() {} }, path);
      return path;
    }, pdf);
    expect(staged).toBe(pdf);
    await expect.poll(() => page.getByText('packaged.pdf').count(), { timeout: 30_000 }).toBeGreaterThan(0);
  });

  it('a second launch exits and brings the first window forward', async () => {
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.minimize());
    const second = spawn(executable!, [`--user-data-dir=${userData}`], { stdio: 'ignore' });
    expect(await new Promise<number | null>((r) => second.on('exit', r))).toBe(0);
    await expect.poll(() => app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.isMinimized())).toBe(false);
    expect(app.windows()).toHaveLength(1);
  });

  it('opens an https link in the system browser (shell.openExternal, stubbed), never in a window', async () => {
    await app.evaluate(({ shell }) => {
      const opened: string[] = [];
      (globalThis as unknown as { opened: string[] }).opened = opened;
      shell.openExternal = async (url: string) => {
        opened.push(url);
      };
    });
    await page.evaluate(() => window.open('https://orcid.org/0000-0002-1825-0097', '_blank'));
    await expect
      .poll(() => app.evaluate(() => (globalThis as unknown as { opened: string[] }).opened))
      .toEqual(['https://orcid.org/0000-0002-1825-0097']);
    expect(app.windows()).toHaveLength(1);
  });

  it('relaunches with the same cache, and logged no console error or CSP violation', async () => {
    // A write queued for a service that cannot be reached stays queued across the relaunch.
    const saved = await request<{ profiles: Array<{ id: string; name: string }> }>('profiles.save', {
      name: 'Unreachable',
      baseUrl: 'http://127.0.0.1:9',
    });
    const id = saved.profiles.find((p) => p.name === 'Unreachable')!.id;
    await request('profiles.activate', { id });
    await request('groups.create', {
      group_name: 'Kept across restarts',
      owner_team: 'Editorial Office',
      editor_teams: [],
      viewer_teams: [],
    });
    const before = await request<unknown[]>('outbox.list', {});
    expect(before.length).toBeGreaterThan(0);
    await app.close();
    await launch();
    await expect.poll(() => page.getByTestId('app-version').textContent()).toMatch(/^Referee Desk \d/);
    const after = await request<Array<{ state: string }>>('outbox.list', {});
    expect(after).toHaveLength(before.length);
    expect(problems).toEqual([]);
  });
});
