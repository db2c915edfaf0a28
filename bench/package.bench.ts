// Issue 15: the packaged app's resources (app.asar + app.asar.unpacked, one platform) and the time of
// a distribution build on this machine: icons, electron-vite build and electron-builder's `dir`
// target. The Electron binary cannot be downloaded here, so electron-builder runs against a stand-in
// distribution (test/support/package-build.ts) with fuses left out; installer formats (AppImage, deb,
// rpm, dmg, NSIS) are built by the release workflow.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDirPackage, ROOT } from '../test/support/package-build';
import type { BenchRow } from './types';

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

export default async (): Promise<BenchRow[]> => {
  const work = mkdtempSync(join(tmpdir(), 'desk-bench-package-'));
  try {
    const t0 = performance.now();
    const icons = spawnSync(process.execPath, [join(ROOT, 'scripts/icons.mjs')], { cwd: ROOT, stdio: 'inherit' });
    const t1 = performance.now();
    const build = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules/electron-vite/bin/electron-vite.js'), 'build', '--logLevel', 'warn'],
      { cwd: ROOT, stdio: 'inherit' },
    );
    const t2 = performance.now();
    if (icons.status !== 0 || build.status !== 0) throw new Error('icons or build failed');
    const app = await buildDirPackage(work);
    const t3 = performance.now();
    const res = join(app, 'resources');
    const asar = statSync(join(res, 'app.asar')).size;
    const unpacked = walk(join(res, 'app.asar.unpacked')).reduce((n, f) => n + statSync(f).size, 0);
    const mb = (n: number) => Math.round((n / 2 ** 20) * 10) / 10;
    const total = mb(asar + unpacked);
    return [
      {
        suite: 'desktop',
        metric: 'packaged app resources (app.asar + app.asar.unpacked), linux-x64',
        value: total,
        unit: 'MB',
        target: '≤ 30 MB',
        ok: total <= 30,
        note: `app.asar ${mb(asar)} MB + unpacked ${mb(unpacked)} MB; was 123 MB`,
      },
      {
        suite: 'desktop',
        metric: 'npm run dist (icons + electron-vite build + electron-builder dir)',
        value: Math.round((t3 - t0) / 100) / 10,
        unit: 's',
        note:
          `icons ${((t1 - t0) / 1000).toFixed(1)} s, build ${((t2 - t1) / 1000).toFixed(1)} s, package ` +
          `${((t3 - t2) / 1000).toFixed(1)} s; stand-in Electron, shared 2-core machine`,
      },
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
};
