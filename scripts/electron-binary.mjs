// Where the Electron binary is, without triggering its lazy download (Electron ≥ 45 downloads on
// first require when the binary is missing, which fails on machines that cannot reach its host).
// Where the binary is missing the Electron suites skip with the reason, except with REQUIRE_ELECTRON=1
// (the release workflow): there a suite that would skip fails instead, so a release is never proven
// by suites that did not run.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';

/** True when a skipped Electron suite must fail instead (REQUIRE_ELECTRON=1, also true/yes). */
export function electronRequired(env = process.env) {
  return /^(1|true|yes)$/i.test(env.REQUIRE_ELECTRON ?? '');
}

/** For a suite about to skip: returns the reason to print, or throws it when Electron is required. */
export function skipReason(reason, env = process.env) {
  if (electronRequired(env)) throw new Error(`REQUIRE_ELECTRON is set, so this Electron suite may not skip: ${reason}`);
  return reason;
}

/** `{ path, reason }`: the binary, or null and why not (a throw instead when Electron is required). */
export function electronBinary(env = process.env) {
  const found = locate(env);
  if (!found.path) skipReason(found.reason, env);
  return found;
}

function locate(env) {
  const require = createRequire(import.meta.url);
  let pkgDir;
  try {
    pkgDir = dirname(require.resolve('electron/package.json'));
  } catch {
    return { path: null, reason: 'the electron package is not installed (run npm install)' };
  }
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    // Electron's own rule: on macOS the binary is inside Electron.app.
    const inDist =
      process.platform === 'win32' ? 'electron.exe' : process.platform === 'darwin' ? 'Electron.app/Contents/MacOS/Electron' : 'electron';
    const p = join(env.ELECTRON_OVERRIDE_DIST_PATH, inDist);
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
