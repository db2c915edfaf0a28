// The package as editors would get it, proven here: the `dir` target built by electron-builder from
// the release configuration against a stand-in Electron distribution (see test/support/package-build.ts).
// It asserts what the package holds and must not hold, that every native module is the build
// platform's and loads from app.asar.unpacked with Node, and the size budget (app.asar + unpacked).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { listPackage } from '@electron/asar';
import type BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, buildDirPackage, releaseConfig } from '../support/package-build';

export const PACKAGE_BUDGET_BYTES = 30 * 1024 * 1024;
const work = mkdtempSync(join(tmpdir(), 'desk-package-'));
let resources = '';
let asarFiles: string[] = [];
let unpacked: string[] = [];

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}
const size = (files: string[]) => files.reduce((n, f) => n + statSync(f).size, 0);

beforeAll(async () => {
  if (process.platform !== 'linux') return;
  if (!existsSync(join(ROOT, 'out/main/index.js')))
    throw new Error('out/ is missing: run `npx electron-vite build` first (npm test does).');
  const appDir = await buildDirPackage(work);
  resources = join(appDir, 'resources');
  asarFiles = listPackage(join(resources, 'app.asar'), { isPack: false }).map((f) => f.replaceAll('\\', '/'));
  unpacked = walk(join(resources, 'app.asar.unpacked')).map((f) => relative(join(resources, 'app.asar.unpacked'), f).replaceAll('\\', '/'));
}, 300_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

// The stand-in distribution is Linux-shaped (an `electron` executable); the macOS and Windows packages
// are built and smoke-tested by the release workflow on their own runners.
const linux = process.platform === 'linux';
if (!linux)
  console.warn(
    `[package test skipped] the stand-in Electron build runs on Linux; on ${process.platform} the release workflow's packaged smoke test covers the package.`,
  );

describe.skipIf(!linux)('the packaged app (dir target, stand-in Electron)', () => {
  it('holds the built app, the run-time modules the bundle imports, and the update feed', () => {
    for (const f of [
      '/package.json',
      '/out/main/index.js',
      '/out/main/intake-worker.js',
      '/out/preload/index.cjs',
      '/out/renderer/index.html',
      '/node_modules/pdfjs-dist/legacy/build/pdf.mjs',
      '/node_modules/pdfjs-dist/legacy/build/pdf.worker.mjs',
      '/node_modules/electron-updater/package.json',
      '/node_modules/zod/package.json',
      '/node_modules/undici/package.json',
      '/node_modules/mammoth/package.json',
      '/node_modules/yauzl/package.json',
      '/node_modules/busboy/package.json',
    ]) {
      expect(asarFiles, f).toContain(f);
    }
    // Every bare import of the main bundle resolves to a packaged module.
    const bundle = readdirSync(join(ROOT, 'out/main'), { recursive: true, withFileTypes: true })
      // host.js and host/ are the browser host (`npm run web`), built beside the app but not packaged
      .filter((e) => e.isFile() && e.name.endsWith('.js') && e.name !== 'host.js' && !e.parentPath.endsWith('host'))
      .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'))
      .join('\n');
    const bare = new Set(
      [...bundle.matchAll(/(?:from|import\()\s*["']([^."'/][^"']*)["']/g)]
        .map((m) => m[1]!)
        .filter((s) => !s.startsWith('node:') && s !== 'electron'),
    );
    expect(bare.size).toBeGreaterThan(5);
    for (const spec of bare) {
      const pkg = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
      const present = asarFiles.includes(`/node_modules/${pkg}/package.json`) || unpacked.includes(`node_modules/${pkg}/package.json`);
      expect(present, `${spec} is imported by out/main but not packaged`).toBe(true);
    }
    expect(asarFiles.filter((f) => f === '/out/main/host.js' || f.startsWith('/out/main/host/'))).toEqual([]);
    const feed = readFileSync(join(resources, 'app-update.yml'), 'utf8');
    expect(feed).toMatch(/provider: generic/);
    expect(feed).toMatch(/url: https:\/\/updates\.refereedesk\.org\/desktop\/linux\//);
  });

  it('holds no sources, docs, tests, type definitions, source maps, or modules already bundled into out/', () => {
    const all = [...asarFiles, ...unpacked.map((f) => `/${f}`)];
    const forbidden = [
      /^\/node_modules\/(react|react-dom|scheduler|zustand|fast-deep-equal|ws)\//,
      /^\/node_modules\/@napi-rs\/canvas/,
      /^\/node_modules\/better-sqlite3\/(src|deps|build)\//,
      /\.(map|d\.ts|d\.mts|cc|cpp|c|h|gyp)$/,
      /\/(test|tests|__tests__|docs)\//,
      /\/README[^/]*$/i,
      /^\/node_modules\/undici\/(docs|types)\//,
      /^\/node_modules\/pdfjs-dist\/(build|web|types|cmaps|standard_fonts)\//,
    ];
    const offenders = all.filter((f) => forbidden.some((re) => re.test(f)));
    expect(offenders).toEqual([]);
  });

  it('ships each native module for this platform only, unpacked, and loadable with Node from app.asar.unpacked', async () => {
    const here = `${process.platform}-${process.arch}`;
    const natives = unpacked.filter((f) => f.endsWith('.node'));
    expect(natives).toContain(`node_modules/better-sqlite3/prebuilds/${here}.node`);
    expect(natives.some((f) => f.startsWith('node_modules/@napi-rs/keyring-'))).toBe(true);
    for (const f of natives)
      expect(f.includes(here) || f.includes(`${process.platform}-${process.arch}-`), `${f} is not for ${here}`).toBe(true);
    // The asar header lists unpacked files too: each native one must really be outside the archive.
    expect(asarFiles.filter((f) => f.endsWith('.node')).filter((f) => !unpacked.includes(f.slice(1)))).toEqual([]);

    const require = createRequire(join(resources, 'app.asar.unpacked', 'node_modules', 'index.js'));
    const Database = require(join(resources, 'app.asar.unpacked/node_modules/better-sqlite3')) as typeof BetterSqlite3;
    const db = new Database(join(work, 'probe.db'));
    db.exec('CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (42)');
    expect(db.prepare('SELECT x FROM t').get()).toEqual({ x: 42 });
    db.close();
    const keyring = require(join(resources, 'app.asar.unpacked/node_modules/@napi-rs/keyring')) as { Entry: unknown };
    expect(typeof keyring.Entry).toBe('function');
  });

  it(`stays within the size budget (app.asar + app.asar.unpacked ≤ ${PACKAGE_BUDGET_BYTES / 2 ** 20} MB)`, () => {
    const total = statSync(join(resources, 'app.asar')).size + size(walk(join(resources, 'app.asar.unpacked')));
    expect(total).toBeLessThanOrEqual(PACKAGE_BUDGET_BYTES);
  });
});

describe('release configuration', () => {
  it('sets the fuses (checked here; the stand-in build cannot flip them)', () => {
    expect(releaseConfig().electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('builds installers for three systems, registers referee-desk:// and offers (not claims) .pdf/.docx', () => {
    const c = releaseConfig();
    expect(c.linux?.target).toEqual(['AppImage', 'deb', 'rpm']);
    expect(c.mac?.target).toEqual([
      { target: 'dmg', arch: ['x64', 'arm64'] },
      { target: 'zip', arch: ['x64', 'arm64'] },
    ]);
    expect(c.mac?.hardenedRuntime).toBe(true);
    expect(c.nsis).toMatchObject({ oneClick: false, perMachine: false, allowElevation: true });
    expect(c.protocols).toEqual([{ name: 'Referee Desk link', schemes: ['referee-desk'] }]);
    expect(c.fileAssociations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ ext: 'pdf', rank: 'Alternate' }),
        expect.objectContaining({ ext: 'docx', rank: 'Alternate' }),
      ]),
    );
    expect(c.deb?.afterInstall).toBe('build/linux/after-install.sh');
    expect(readFileSync(join(ROOT, 'build/linux/after-install.sh'), 'utf8')).toMatch(/chmod 4755 "\$APP_DIR\/chrome-sandbox"/);
  });

  it('the notarization hook skips with its reason when the credentials are absent', async () => {
    const require = createRequire(import.meta.url);
    const hook = require(join(ROOT, 'build/notarize.cjs')) as {
      skipReason(p: string, env: Record<string, string | undefined>): string | null;
    };
    expect(hook.skipReason('linux', {})).toMatch(/not a macOS build/);
    expect(hook.skipReason('darwin', { APPLE_ID: 'a' })).toBe('missing APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID in the environment');
    expect(hook.skipReason('darwin', { APPLE_ID: 'a', APPLE_APP_SPECIFIC_PASSWORD: 'b', APPLE_TEAM_ID: 'c' })).toBeNull();
  });
});
