// Where the Electron binary is, without triggering its lazy download (Electron ≥ 45 downloads on
// first require when the binary is missing, which fails on machines that cannot reach its host).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';

export function electronBinary() {
  const require = createRequire(import.meta.url);
  let pkgDir;
  try {
    pkgDir = dirname(require.resolve('electron/package.json'));
  } catch {
    return { path: null, reason: 'the electron package is not installed (run npm install)' };
  }
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) {
    // Electron's own rule: on macOS the binary is inside Electron.app.
    const inDist =
      process.platform === 'win32' ? 'electron.exe' : process.platform === 'darwin' ? 'Electron.app/Contents/MacOS/Electron' : 'electron';
    const p = join(process.env.ELECTRON_OVERRIDE_DIST_PATH, inDist);
    return existsSync(p) ? { path: p, reason: null } : { path: null, reason: `ELECTRON_OVERRIDE_DIST_PATH has no binary at ${p}` };
  }
  const pathFile = join(pkgDir, 'path.txt');
  if (!existsSync(pathFile)) {
    return {
      path: null,
      reason:
        'the Electron binary was not downloaded (installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1, or its download host is unreachable)',
    };
  }
  const p = join(pkgDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(p) ? { path: p, reason: null } : { path: null, reason: `the Electron binary is missing at ${p}` };
}
