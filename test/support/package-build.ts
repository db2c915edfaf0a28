// Builds the `dir` target with electron-builder against a stand-in Electron distribution (the real
// binary cannot be downloaded everywhere): an executable placeholder, a version file, empty resources/
// and locales/. Fuses need the real binary, so this build leaves them out (the fuse configuration is
// checked on its own); everything else is the release configuration.
// The same build runs the AppImage, deb and rpm targets up to the point where they would call their
// packaging tools (electron-builder's `effectiveOptionComputed` hook, which its own tests use): what
// each target computed — desktop entries, package metadata, the install scripts with their names
// filled in — is captured and the tool is skipped.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deepAssign } from 'builder-util-runtime';
import { Arch, Platform, WinPackager, build, type Configuration } from 'electron-builder';

export const ROOT = join(import.meta.dirname, '..', '..');

export function releaseConfig(): Configuration {
  return JSON.parse(readFileSync(join(ROOT, 'electron-builder.json'), 'utf8')) as Configuration;
}

export function standInElectron(dir: string, version: string): string {
  mkdirSync(join(dir, 'resources'), { recursive: true });
  mkdirSync(join(dir, 'locales'), { recursive: true });
  writeFileSync(join(dir, 'electron'), '#!/bin/sh\necho "stand-in Electron: cannot run"\nexit 1\n');
  chmodSync(join(dir, 'electron'), 0o755);
  writeFileSync(join(dir, 'chrome-sandbox'), '');
  writeFileSync(join(dir, 'version'), version);
  writeFileSync(join(dir, 'LICENSE'), '');
  return dir;
}

/** What the Linux installer targets computed before running their tools. */
export interface LinuxTargets {
  appImage: { desktop: string; desktopFileName: string } | null;
  /** fpm's arguments per target, and the files they name, read while they exist. */
  fpm: Record<'deb' | 'rpm', { args: string[]; desktop: string; afterInstall: string; afterRemove: string } | undefined>;
}

const argAfter = (args: string[], flag: string) => args[args.indexOf(flag) + 1]!;

/**
 * Returns the unpacked app folder (release/linux-unpacked equivalent) and what the installer targets
 * computed. `overrides` is merged over the release configuration (a deep merge, as electron-builder
 * merges `-c.<key>=<value>` arguments), except `publish`, which it replaces.
 */
export async function buildLinuxPackage(
  work: string,
  installers: Array<'AppImage' | 'deb' | 'rpm'> = ['AppImage', 'deb', 'rpm'],
  overrides: Configuration = {},
): Promise<{ appDir: string; targets: LinuxTargets }> {
  const electronVersion = (JSON.parse(readFileSync(join(ROOT, 'node_modules/electron/package.json'), 'utf8')) as { version: string })
    .version;
  const base = releaseConfig();
  const config: Configuration = deepAssign({}, base, overrides, {
    // electron-builder merges this with electron-builder.json: null switches a key off.
    electronFuses: null,
    afterSign: null,
    electronVersion,
    electronDist: standInElectron(join(work, 'electron-dist'), electronVersion),
    directories: { ...base.directories, output: join(work, 'release') },
  } satisfies Configuration);
  // On a runner electron-builder reads the GitHub owner and repository from the checkout's origin
  // remote; this checkout may have none.
  config.publish = overrides.publish ?? { provider: 'github', releaseType: 'draft', owner: 'referee-desk', repo: 'referee-desk' };
  // electron-builder deep-merges a configuration object over electron-builder.json, which would leave the
  // GitHub keys on another provider; a configuration file is taken alone, as `--config <file>` is.
  let configArg: Configuration | string = config;
  if (overrides.publish) {
    configArg = join(work, 'electron-builder.override.json');
    writeFileSync(configArg, JSON.stringify(config));
  }
  // Debian's 7za (p7zip-full) where electron-builder's bundled 7-Zip binary is not usable.
  if (existsSync('/usr/bin/7za')) process.env['ELECTRON_BUILDER_7ZIP_PATH'] ??= '/usr/bin/7za';
  const targets: LinuxTargets = { appImage: null, fpm: { deb: undefined, rpm: undefined } };
  await build({
    projectDir: ROOT,
    targets: Platform.LINUX.createTarget(['dir', ...installers], process.arch === 'arm64' ? Arch.arm64 : Arch.x64),
    config: configArg,
    publish: 'never',
    effectiveOptionComputed: async (computed: unknown) => {
      if (Array.isArray(computed)) {
        const [args, desktopFile] = computed as [string[], string];
        const kind = argAfter(args, '--package').endsWith('.deb') ? 'deb' : 'rpm';
        targets.fpm[kind] = {
          args: [...args],
          desktop: readFileSync(desktopFile, 'utf8'),
          afterInstall: readFileSync(argAfter(args, '--after-install'), 'utf8'),
          afterRemove: readFileSync(argAfter(args, '--after-remove'), 'utf8'),
        };
      } else targets.appImage = computed as LinuxTargets['appImage'];
      return true;
    },
  });
  const appDir = join(work, 'release', process.arch === 'arm64' ? 'linux-arm64-unpacked' : 'linux-unpacked');
  return { appDir, targets };
}

/** The `dir` target alone (the package bench). */
export async function buildDirPackage(work: string): Promise<string> {
  return (await buildLinuxPackage(work, [])).appDir;
}

/**
 * The file-association part of the NSIS installer and uninstaller scripts, as electron-builder's
 * NsisTarget generates it for `config` (its computeFinalScript), without packing the app or
 * downloading NSIS: a Windows packager whose `pack` only asks each target for these scripts.
 */
export async function windowsAssociationScripts(work: string, config: Configuration): Promise<{ install: string; uninstall: string }> {
  const scripts: string[] = [];
  interface ScriptTarget {
    computeFinalScript?(original: string, isInstaller: boolean, archs: Map<Arch, string>): Promise<string>;
    finishBuild(): Promise<unknown>;
  }
  class ScriptsOnly extends WinPackager {
    override async pack(_outDir: string, _arch: Arch, targets: ScriptTarget[]): Promise<void> {
      for (const t of targets) {
        if (!t.computeFinalScript) continue;
        scripts.push(await t.computeFinalScript('', true, new Map()), await t.computeFinalScript('', false, new Map()));
        t.finishBuild = async () => undefined;
      }
    }
  }
  await build({
    projectDir: ROOT,
    targets: Platform.WINDOWS.createTarget('nsis', Arch.x64),
    publish: 'never',
    config: { ...config, directories: { ...config.directories, output: join(work, 'release') } },
    platformPackagerFactory: (info: ConstructorParameters<typeof WinPackager>[0]) => new ScriptsOnly(info),
  } as Parameters<typeof build>[0]);
  if (scripts.length !== 2) throw new Error(`expected the NSIS installer and uninstaller scripts, got ${scripts.length}`);
  return { install: scripts[0]!, uninstall: scripts[1]! };
}
