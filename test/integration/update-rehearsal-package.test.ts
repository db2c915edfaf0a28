// The update rehearsal's builds, proven here as far as a machine without Electron can: the Linux
// rehearsal job's own commands (read from release.yml) — the configuration scripts/update-rehearsal.mjs
// writes, and `npm run dist`'s arguments parsed by electron-builder's CLI — validated by
// electron-builder, then the dir and AppImage targets built from that configuration against the
// stand-in Electron (test/support/package-build.ts). The package must carry the version and the
// rehearsal flag the app reads and the loopback feed, the release configuration otherwise, and the
// app's own decision (electron/common/update-rehearsal.ts) must take the loopback feed from it — while
// the release build's package.json must not.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractFile } from '@electron/asar';
import { validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { DebugLogger } from 'builder-util';
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
const work = mkdtempSync(join(tmpdir(), 'desk-rehearsal-'));

/** A command of the rehearsal's build step as bash runs it on the Linux runner (no signing words), split into words. */
function command(prefix: string, version: string): string[] {
  const line = job.steps
    .find((s) => s.name?.startsWith('Build the newer and the older'))!
    .run!.split('\n')
    .find((l) => l.trim().startsWith(prefix))!
    .trim()
    .replace('${{ matrix.args }}', linux['args']!)
    .replace(' "${sign[@]}"', '')
    .replaceAll('$v', version);
  return [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);
}

/** The configuration the job's `config` command writes for `version` (run here, into this test's folder). */
function writtenConfig(version: string): Configuration {
  const words = command('node scripts/update-rehearsal.mjs config', version);
  const out = join(work, words.at(-1)!);
  execFileSync(process.execPath, [...words.slice(1, -1), out], { cwd: ROOT });
  return JSON.parse(readFileSync(out, 'utf8')) as Configuration;
}

const onLinux = process.platform === 'linux';
let packaged: Record<string, unknown> = {};
let feed = '';
let targets: LinuxTargets;

beforeAll(async () => {
  if (!onLinux) return;
  if (!existsSync(join(ROOT, 'out/main/index.js')))
    throw new Error('out/ is missing: run `npx electron-vite build` first (npm test does).');
  // the output folder is this test's own
  const { directories: _output, ...config } = writtenConfig(job.env['OLD_VERSION']!);
  const built = await buildLinuxPackage(work, ['AppImage'], config);
  targets = built.targets;
  const resources = join(built.appDir, 'resources');
  packaged = JSON.parse(extractFile(join(resources, 'app.asar'), 'package.json').toString('utf8')) as Record<string, unknown>;
  feed = readFileSync(join(resources, 'app-update.yml'), 'utf8');
}, 300_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the update rehearsal build commands', () => {
  it('build the Linux AppImage target from the written configuration file (electron-builder CLI)', () => {
    const words = command('npm run dist --', '0.0.1');
    expect(words.slice(0, 4)).toEqual(['npm', 'run', 'dist', '--']);
    const options = normalizeOptions(configureBuildCommand(createYargs()).parse(words.slice(4)) as never);
    expect([...options.targets!.values()].flatMap((archs) => [...archs.values()].flat())).toEqual(['AppImage']);
    expect(options.config).toBe('rehearsal-0.0.1.json');
    expect(command('node scripts/update-rehearsal.mjs config', '0.0.1').at(-1)).toBe('rehearsal-0.0.1.json');
    expect(job.env['OLD_VERSION']).not.toBe(job.env['NEW_VERSION']);
  });

  it('write a configuration electron-builder accepts: the release one but for version, flag, loopback feed and output', async () => {
    const release = releaseConfig();
    for (const version of [job.env['OLD_VERSION']!, job.env['NEW_VERSION']!]) {
      const config = writtenConfig(version);
      await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
      expect(config.extraMetadata).toEqual({ version, updateRehearsal: true });
      expect(config.publish).toEqual({ provider: 'generic', url: 'http://127.0.0.1:8765/' });
      expect(config.directories).toEqual({ ...release.directories, output: `rehearsal/${version}` });
      const { extraMetadata: _m, publish: _p, directories: _d, ...rest } = config;
      const { extraMetadata: _rm, publish: _rp, directories: _rd, ...releaseRest } = release;
      expect(rest).toEqual(releaseRest);
    }
  });
});

describe.skipIf(!onLinux)('the update rehearsal package (dir and AppImage targets, stand-in Electron)', () => {
  it('carries the older version and the rehearsal flag in its package.json, and the loopback feed', () => {
    expect(packaged['version']).toBe(job.env['OLD_VERSION']);
    expect(packaged['updateRehearsal']).toBe(true);
    expect(feed).toMatch(/^provider: generic$/m);
    expect(feed).toMatch(/^url: http:\/\/127\.0\.0\.1:8765\/$/m);
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
