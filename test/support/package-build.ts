// Builds the `dir` target with electron-builder against a stand-in Electron distribution (the real
// binary cannot be downloaded everywhere): an executable placeholder, a version file, empty resources/
// and locales/. Fuses need the real binary, so this build leaves them out (the fuse configuration is
// checked on its own); everything else is the release configuration.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Arch, Platform, build, type Configuration } from 'electron-builder';

export const ROOT = join(import.meta.dirname, '..', '..');

export function releaseConfig(): Configuration {
  return JSON.parse(readFileSync(join(ROOT, 'electron-builder.json'), 'utf8')) as Configuration;
}

export function standInElectron(dir: string, version: string): string {
  mkdirSync(join(dir, 'resources'), { recursive: true });
  mkdirSync(join(dir, 'locales'), { recursive: true });
  writeFileSync(join(dir, 'electron'), '#!/bin/sh\necho "stand-in Electron: cannot run"\nexit 1\n');
  chmodSync(join(dir, 'electron'), 0o755);
  writeFileSync(join(dir, 'version'), version);
  writeFileSync(join(dir, 'LICENSE'), '');
  return dir;
}

/** Returns the unpacked app folder (release/linux-unpacked equivalent). */
export async function buildDirPackage(work: string): Promise<string> {
  const electronVersion = (JSON.parse(readFileSync(join(ROOT, 'node_modules/electron/package.json'), 'utf8')) as { version: string })
    .version;
  const base = releaseConfig();
  const config: Configuration = {
    ...base,
    // electron-builder merges this with electron-builder.json: null switches a key off.
    electronFuses: null,
    afterSign: null,
    electronVersion,
    electronDist: standInElectron(join(work, 'electron-dist'), electronVersion),
    directories: { ...base.directories, output: join(work, 'release') },
    linux: { ...base.linux, target: ['dir'] },
  };
  // Debian's 7za (p7zip-full) where electron-builder's bundled 7-Zip binary is not usable.
  if (existsSync('/usr/bin/7za')) process.env['ELECTRON_BUILDER_7ZIP_PATH'] ??= '/usr/bin/7za';
  await build({
    projectDir: ROOT,
    targets: Platform.LINUX.createTarget('dir', process.arch === 'arm64' ? Arch.arm64 : Arch.x64),
    config,
    publish: 'never',
  });
  return join(work, 'release', process.arch === 'arm64' ? 'linux-arm64-unpacked' : 'linux-unpacked');
}
