// The package as editors would get it, proven here: the `dir` target built by electron-builder from
// the release configuration against a stand-in Electron distribution (see test/support/package-build.ts).
// It asserts what the package holds and must not hold, that every native module is the build
// platform's and loads from app.asar.unpacked with Node, and the size budget (app.asar + unpacked).
// The same build runs the AppImage, deb and rpm targets up to their packaging tools: their desktop
// entries, package metadata and install scripts are checked as electron-builder computed them. The
// release configuration itself is validated by electron-builder and checked per platform and arch.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, posix, relative } from 'node:path';
import { listPackage } from '@electron/asar';
import type BetterSqlite3 from 'better-sqlite3';
import { validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { expandMacro } from 'app-builder-lib/out/util/macroExpander';
import { DebugLogger } from 'builder-util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaryArchs } from '../../scripts/native-arch.mjs';
import { targetsFromArgv } from '../../electron/main/launch-target';
import { AWKWARD_NAMES, expandExec, glibFileUri, nodeFileUri } from '../support/open-with';
import { ROOT, buildLinuxPackage, releaseConfig, windowsAssociationScripts, type LinuxTargets } from '../support/package-build';

export const PACKAGE_BUDGET_BYTES = 30 * 1024 * 1024;
const work = mkdtempSync(join(tmpdir(), 'desk-package-'));
let resources = '';
let asarFiles: string[] = [];
let unpacked: string[] = [];
let targets: LinuxTargets;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}
const size = (files: string[]) => files.reduce((n, f) => n + statSync(f).size, 0);

beforeAll(async () => {
  if (process.platform !== 'linux') return;
  if (!existsSync(join(ROOT, 'out/main/index.js')))
    throw new Error('out/ is missing: run `npx electron-vite build` first (npm test does).');
  const built = await buildLinuxPackage(work);
  const appDir = built.appDir;
  targets = built.targets;
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
      '/out/main/sandbox-reader.js',
      '/out/preload/index.cjs',
      '/out/renderer/index.html',
      '/node_modules/pdfjs-dist/legacy/build/pdf.mjs',
      '/node_modules/pdfjs-dist/legacy/build/pdf.worker.mjs',
      '/node_modules/electron-updater/package.json',
      '/node_modules/zod/package.json',
      '/node_modules/undici/package.json',
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
    // The update feed is the GitHub release the workflow publishes to.
    const feed = readFileSync(join(resources, 'app-update.yml'), 'utf8');
    expect(feed).toMatch(/^provider: github$/m);
    expect(feed).toMatch(/^repo: referee-desk$/m);
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
    // and by its header, not only its name (the release workflow runs the same check on each macOS build)
    for (const f of natives) expect(binaryArchs(readFileSync(join(resources, 'app.asar.unpacked', f))), f).toEqual([process.arch]);
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

describe.skipIf(!linux)('the Linux installers as electron-builder computed them (AppImage, deb, rpm)', () => {
  const entry = (desktop: string, key: string) => desktop.match(new RegExp(`^${key}=(.*)$`, 'm'))?.[1];

  it('start the app with the sandbox: no --no-sandbox in any desktop entry', () => {
    const appImage = targets.appImage!.desktop;
    const { deb, rpm } = targets.fpm;
    expect(entry(appImage, 'Exec')).toBe('AppRun %U');
    expect(entry(deb!.desktop, 'Exec')).toBe('"/opt/Referee Desk/referee-desk" %U');
    expect(entry(rpm!.desktop, 'Exec')).toBe('"/opt/Referee Desk/referee-desk" %U');
    for (const d of [appImage, deb!.desktop, rpm!.desktop]) expect(d).not.toContain('no-sandbox');
  });

  it('hand "Open with" files to the app as the paths they name: the Exec line expanded with %U file URLs', () => {
    const paths = AWKWARD_NAMES.map((n) => `/home/ed/Manuscripts/${n}`);
    for (const [desktop, program] of [
      [targets.appImage!.desktop, 'AppRun'],
      [targets.fpm.deb!.desktop, '/opt/Referee Desk/referee-desk'],
      [targets.fpm.rpm!.desktop, '/opt/Referee Desk/referee-desk'],
    ] as const) {
      for (const uri of [glibFileUri, nodeFileUri]) {
        const argv = expandExec(entry(desktop, 'Exec')!, paths.map(uri));
        // AppRun passes its arguments on to the executable unchanged
        expect(argv[0]).toBe(program);
        expect(targetsFromArgv(argv, { isAbsolute: posix.isAbsolute, resolve: posix.resolve, cwd: '/', skip: 1, windows: false })).toEqual(
          paths.map((path) => ({ kind: 'file', path })),
        );
      }
    }
  });

  it('offer .pdf, .docx and referee-desk:// links in "Open with"', () => {
    for (const d of [targets.appImage!.desktop, targets.fpm.deb!.desktop, targets.fpm.rpm!.desktop]) {
      // electron-builder repeats entries (config and platform lists are concatenated); the set is what counts
      const types = [...new Set(entry(d, 'MimeType')!.split(';').filter(Boolean))];
      expect(types.sort()).toEqual(
        [
          'application/pdf',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          'x-scheme-handler/referee-desk',
        ].sort(),
      );
    }
  });

  it('deb and rpm carry a maintainer with an e-mail, the homepage and the vendor (fpm refuses a package without them)', () => {
    for (const t of [targets.fpm.deb!, targets.fpm.rpm!]) {
      const arg = (flag: string) => t.args[t.args.indexOf(flag) + 1];
      expect(arg('--maintainer')).toMatch(/^[^<>]+ <[^@\s]+@[^@\s]+>$/);
      expect(arg('--vendor')).toBe(arg('--maintainer'));
      expect(arg('--url')).toMatch(/^https:\/\//);
    }
  });

  it('the post-install keeps update-alternatives, the setuid sandbox helper and the AppArmor profile', () => {
    for (const t of [targets.fpm.deb!, targets.fpm.rpm!]) {
      expect(t.afterInstall).toContain(
        "update-alternatives --install '/usr/bin/referee-desk' 'referee-desk' '/opt/Referee Desk/referee-desk' 100",
      );
      expect(t.afterInstall).toContain("chmod 4755 '/opt/Referee Desk/chrome-sandbox'");
      expect(t.afterInstall).toContain("APPARMOR_PROFILE_SOURCE='/opt/Referee Desk/resources/apparmor-profile'");
    }
    expect(releaseConfig().deb?.depends).toContain('xdg-utils');
    expect(releaseConfig().rpm?.depends).toContain('xdg-utils');
  });

  it('the post-remove undoes the install on removal only, not on an upgrade (rpm runs it after the new version installed)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'desk-postrm-'));
    try {
      const bin = join(dir, 'bin');
      mkdirSync(bin);
      const calls = join(dir, 'calls');
      for (const tool of ['update-alternatives', 'update-desktop-database', 'apparmor_status', 'apparmor_parser']) {
        writeFileSync(join(bin, tool), `#!/bin/sh\necho "${tool} $*" >> '${calls}'\n`);
        chmodSync(join(bin, tool), 0o755);
      }
      const run = (script: string, arg: string) => {
        rmSync(calls, { force: true });
        writeFileSync(join(dir, 'postrm'), script);
        execFileSync('bash', [join(dir, 'postrm'), arg], { env: { PATH: `${bin}:/usr/bin:/bin` } });
        return existsSync(calls) ? readFileSync(calls, 'utf8') : '';
      };
      const removed = 'update-alternatives --remove referee-desk /opt/Referee Desk/referee-desk';
      const rpm = targets.fpm.rpm!.afterRemove;
      const deb = targets.fpm.deb!.afterRemove;
      expect(run(rpm, '1')).toBe('');
      expect(run(rpm, '0')).toContain(removed);
      expect(run(deb, 'upgrade')).toBe('');
      expect(run(deb, 'remove')).toContain(removed);
      expect(run(deb, 'purge')).toContain(removed);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('release configuration', () => {
  it('is valid for electron-builder (its own schema check)', async () => {
    await expect(validateConfiguration(releaseConfig(), new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('sets the fuses (checked here; the stand-in build cannot flip them)', () => {
    // three fuses on (cookie encryption, the asar's integrity, the app only from the asar), every other one named here off
    const on = ['enableCookieEncryption', 'enableEmbeddedAsarIntegrityValidation', 'onlyLoadAppFromAsar'];
    const off = [
      'runAsNode',
      'enableNodeOptionsEnvironmentVariable',
      'enableNodeCliInspectArguments',
      'loadBrowserProcessSpecificV8Snapshot',
      'grantFileProtocolExtraPrivileges',
    ];
    expect(releaseConfig().electronFuses).toEqual(Object.fromEntries([...on.map((f) => [f, true]), ...off.map((f) => [f, false])]));
  });

  it('builds installers for three systems; macOS leaves the arch to the job (--arm64 / --x64), one per runner', () => {
    const c = releaseConfig();
    expect(c.linux?.target).toEqual(['AppImage', 'deb', 'rpm']);
    // an arch list here would make every macOS job build both and ignore --arm64/--x64
    expect(c.mac?.target).toEqual(['dmg', 'zip']);
    expect(c.win?.target).toEqual([{ target: 'nsis', arch: ['x64'] }]);
    expect(c.mac?.hardenedRuntime).toBe(true);
    expect(c.nsis).toMatchObject({ oneClick: false, perMachine: false, allowElevation: true });
    expect(c.protocols).toEqual([{ name: 'Referee Desk link', schemes: ['referee-desk'] }]);
  });

  it('names every macOS and Windows artifact with its arch, so two jobs never upload the same name', () => {
    const c = releaseConfig();
    const appInfo = { productName: 'Referee Desk', sanitizedProductName: 'Referee Desk', version: '1.2.3' };
    const names = (pattern: string, exts: string[]) =>
      ['x64', 'arm64'].flatMap((arch) => exts.map((ext) => expandMacro(pattern, arch, appInfo as never, { ext })));
    const mac = names(c.mac!.artifactName!, ['dmg', 'zip']);
    expect(new Set(mac).size).toBe(4);
    for (const n of mac) expect(n).toMatch(/-(x64|arm64)\.(dmg|zip)$/);
    expect(names(c.win!.artifactName!, ['exe'])).toEqual(['Referee Desk-Setup-1.2.3-x64.exe', 'Referee Desk-Setup-1.2.3-arm64.exe']);
  });

  it('names the executable per platform: referee-desk on Linux, the product name on macOS and Windows', () => {
    const c = releaseConfig();
    expect((c as Record<string, unknown>)['executableName']).toBeUndefined();
    expect(c.linux?.executableName).toBe('referee-desk');
    expect(c.mac?.executableName).toBeUndefined();
    expect(c.win?.executableName).toBeUndefined();
    // what the packaged smoke test looks for
    const smoke = readFileSync(join(ROOT, 'test/e2e/electron/packaged.test.ts'), 'utf8');
    for (const p of [
      "'linux-unpacked', 'referee-desk'",
      "'Referee Desk.app', 'Contents', 'MacOS', 'Referee Desk'",
      "'win-unpacked', 'Referee Desk.exe'",
    ])
      expect(smoke).toContain(p);
  });

  it('publishes to GitHub releases, uses the FUSE3 AppImage runtime, and has the deb/rpm metadata', () => {
    const c = releaseConfig();
    expect(c.publish).toEqual({ provider: 'github', releaseType: 'draft' });
    // electron-builder builds with the static (FUSE3-capable) runtime for any toolset but 0.0.0
    expect(c.toolsets?.appimage).toMatch(/^1\./);
    expect(c.linux?.executableArgs).toEqual([]);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      author?: { name?: string; email?: string };
      homepage?: string;
    };
    expect(pkg.author?.email).toMatch(/^[^@\s]+@[^@\s]+$/);
    expect(pkg.homepage).toMatch(/^https:\/\//);
    expect(c.linux?.maintainer).toMatch(/<[^@\s]+@[^@\s]+>$/);
  });

  it('offers (never claims) .pdf/.docx: Alternate on macOS, MIME types on Linux, OpenWithProgids only on Windows', () => {
    const c = releaseConfig();
    expect(c.fileAssociations).toBeUndefined();
    expect(c.mac?.fileAssociations).toEqual([
      expect.objectContaining({ ext: 'pdf', rank: 'Alternate' }),
      expect.objectContaining({ ext: 'docx', rank: 'Alternate' }),
    ]);
    expect(c.linux?.fileAssociations).toEqual([
      expect.objectContaining({ ext: 'pdf', mimeType: 'application/pdf' }),
      expect.objectContaining({ ext: 'docx' }),
    ]);
    // electron-builder's NSIS association (used for any association on Windows) sets the extension's
    // default — the takeover this configuration avoids by giving Windows none.
    const builtIn = readFileSync(join(ROOT, 'node_modules/app-builder-lib/templates/nsis/include/FileAssociation.nsh'), 'utf8');
    expect(builtIn).toMatch(/WriteRegStr SHELL_CONTEXT "Software\\Classes\\\.\$\{EXT\}" "" "\$\{FILECLASS\}"/);
    expect(c.win?.fileAssociations).toBeUndefined();
    expect(c.nsis?.include).toBe('build/installer.nsh');
    const nsh = readFileSync(join(ROOT, 'build/installer.nsh'), 'utf8');
    const code = nsh
      .split('\n')
      .filter((l) => !l.trim().startsWith(';'))
      .join('\n');
    for (const ext of ['pdf', 'docx']) {
      expect(code).toContain(`WriteRegNone SHELL_CONTEXT "Software\\Classes\\.${ext}\\OpenWithProgids" "\${DESK_PROGID}"`);
      expect(code).toContain(`DeleteRegValue SHELL_CONTEXT "Software\\Classes\\.${ext}\\OpenWithProgids" "\${DESK_PROGID}"`);
      // never the extension's own default value
      expect(code).not.toMatch(new RegExp(`WriteRegStr\\s+\\S+\\s+"Software\\\\Classes\\\\\\.${ext}"`));
    }
    expect(code).toMatch(
      /!macro customInstall[\s\S]*WriteRegStr SHELL_CONTEXT "Software\\Classes\\\$\{DESK_PROGID\}\\shell\\open\\command"/,
    );
    expect(code).toMatch(/!macro customUnInstall[\s\S]*DeleteRegKey SHELL_CONTEXT "Software\\Classes\\\$\{DESK_PROGID\}"/);
  });

  it('the NSIS script electron-builder generates associates nothing on Windows (the include offers Open with)', async () => {
    const c = releaseConfig();
    const generated = await windowsAssociationScripts(work, c);
    expect(generated.install).not.toMatch(/APP_ASSOCIATE|\.pdf|\.docx/);
    expect(generated.uninstall).not.toMatch(/APP_UNASSOCIATE/);
    // the same generator with the associations at the top level, as before: it takes .pdf and .docx over
    const takeover = await windowsAssociationScripts(work, { ...c, fileAssociations: c.mac!.fileAssociations });
    expect(takeover.install).toMatch(/!insertmacro APP_ASSOCIATE "pdf"/);
    expect(takeover.install).toMatch(/!insertmacro APP_ASSOCIATE "docx"/);
  }, 120_000);

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
