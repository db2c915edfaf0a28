// The update rehearsal's builds, proven here as far as a machine without Electron can: the Linux
// rehearsal job's own `npm run dist` arguments (read from release.yml) parsed by electron-builder's
// CLI, merged over the release configuration and validated, then the dir and AppImage targets built
// with them against the stand-in Electron (test/support/package-build.ts). The package must carry the
// version and the rehearsal flag the app reads, the release's update feed otherwise, and the app's own
// decision (electron/common/update-rehearsal.ts) must take the loopback feed from it — while the
// release build's package.json must not.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractFile } from '@electron/asar';
import { validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { DebugLogger } from 'builder-util';
import { deepAssign } from 'builder-util-runtime';
import type { Configuration } from 'electron-builder';
import { configureBuildCommand, createYargs, normalizeOptions } from 'electron-builder/out/builder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPDATE_REHEARSAL_FEED_ENV, updateRehearsal } from '../../electron/common/update-rehearsal';
import { ROOT, buildLinuxPackage, releaseConfig, type LinuxTargets } from '../support/package-build';

interface Job {
  env: Record<string, string>;
  strategy: { matrix: { include: Array<Record<string, string>> } };
  steps: Array<{ name?: string; run?: string }>;
}
const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };
const workflow = yaml.load(readFileSync(join(ROOT, '.github/workflows/release.yml'), 'utf8')) as { jobs: Record<string, Job> };
const job = workflow.jobs['update-rehearsal']!;
const linux = job.strategy.matrix.include.find((i) => i['os']!.startsWith('ubuntu'))!;

/** The words of the rehearsal's `npm run dist` line as bash would pass them on the Linux runner (no signing words). */
function distArguments(version: string): string[] {
  const line = job.steps
    .find((s) => s.name?.startsWith('Build the newer and the older'))!
    .run!.split('\n')
    .find((l) => l.trim().startsWith('npm run dist --'))!
    .trim()
    .replace('${{ matrix.args }}', linux['args']!)
    .replace('"${sign[@]}"', '')
    .replaceAll('$v', version);
  const words = [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);
  expect(words.slice(0, 3)).toEqual(['npm', 'run', 'dist']);
  return words.slice(4);
}

/** What electron-builder's CLI makes of those arguments: the targets and the `-c.` configuration. */
function parsed(version: string): { targets: string[]; config: Configuration } {
  const options = normalizeOptions(configureBuildCommand(createYargs()).parse(distArguments(version)) as never);
  const targets = [...options.targets!.values()].flatMap((archs) => [...archs.values()].flat());
  return { targets, config: options.config as Configuration };
}

const work = mkdtempSync(join(tmpdir(), 'desk-rehearsal-'));
const onLinux = process.platform === 'linux';
let packaged: Record<string, unknown> = {};
let feed = '';
let targets: LinuxTargets;

beforeAll(async () => {
  if (!onLinux) return;
  if (!existsSync(join(ROOT, 'out/main/index.js')))
    throw new Error('out/ is missing: run `npx electron-vite build` first (npm test does).');
  const { config } = parsed(job.env['OLD_VERSION']!);
  // the output folder is this test's own
  const { directories: _output, ...overrides } = config;
  const built = await buildLinuxPackage(work, ['AppImage'], overrides);
  targets = built.targets;
  const resources = join(built.appDir, 'resources');
  packaged = JSON.parse(extractFile(join(resources, 'app.asar'), 'package.json').toString('utf8')) as Record<string, unknown>;
  feed = readFileSync(join(resources, 'app-update.yml'), 'utf8');
}, 300_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the update rehearsal build arguments (electron-builder CLI)', () => {
  it('are the Linux AppImage target, the version and the rehearsal flag, and an output folder per version', () => {
    const { targets: t, config } = parsed('0.0.1');
    expect(t).toEqual(['AppImage']);
    expect(config).toEqual({
      extraMetadata: { updateRehearsal: true, version: '0.0.1' },
      directories: { output: 'rehearsal/0.0.1' },
    });
    expect(job.env['OLD_VERSION']).not.toBe(job.env['NEW_VERSION']);
  });

  it('merge over the release configuration into one electron-builder accepts', async () => {
    for (const version of [job.env['OLD_VERSION']!, job.env['NEW_VERSION']!]) {
      const merged = deepAssign({}, releaseConfig(), parsed(version).config) as Configuration;
      await expect(validateConfiguration(merged, new DebugLogger(false))).resolves.toBeUndefined();
      // the release's feed and publishing stay as they are: the rehearsal's feed is named at run time
      expect(merged.publish).toEqual(releaseConfig().publish);
    }
    // and so do the macOS job's signing words
    const mac = deepAssign({}, releaseConfig(), { mac: { identity: 'Referee Desk Update Rehearsal', timestamp: 'none' } }) as Configuration;
    await expect(validateConfiguration(mac, new DebugLogger(false))).resolves.toBeUndefined();
  });
});

describe.skipIf(!onLinux)('the update rehearsal package (dir and AppImage targets, stand-in Electron)', () => {
  it('carries the older version and the rehearsal flag in its package.json, and the release feed', () => {
    expect(packaged['version']).toBe(job.env['OLD_VERSION']);
    expect(packaged['updateRehearsal']).toBe(true);
    expect(feed).toMatch(/^provider: github$/m);
    expect(targets.appImage?.desktop).toMatch(/^Exec=AppRun %U$/m);
  });

  it('is what the app takes part in the rehearsal with, given the loopback feed; the release package.json is not', () => {
    const env = { [UPDATE_REHEARSAL_FEED_ENV]: 'http://127.0.0.1:8765/' };
    expect(updateRehearsal({ isPackaged: true, packageJson: packaged, env })).toEqual({
      log: true,
      feedUrl: 'http://127.0.0.1:8765/',
      ignored: null,
    });
    const release = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as unknown;
    expect(updateRehearsal({ isPackaged: true, packageJson: release, env })).toMatchObject({ log: false, feedUrl: null });
  });
});
