// `npm run dist`: icons from build/icon.svg, the electron-vite build, then electron-builder for this
// system's installers (Linux: AppImage, deb, rpm; macOS: dmg + zip x64/arm64; Windows: NSIS).
// Extra arguments go to electron-builder, e.g. `npm run dist -- --publish always` on a version tag,
// `npm run dist -- --dir` for an unpacked folder. Signing and notarization read their credentials from
// the environment (CSC_LINK/CSC_KEY_PASSWORD, WIN_CSC_LINK, APPLE_ID/APPLE_APP_SPECIFIC_PASSWORD/APPLE_TEAM_ID).
import { spawnSync } from 'node:child_process';
import { ensureNode22 } from './node22.mjs';
import { makeIcons } from './icons.mjs';

ensureNode22();
const started = Date.now();
const run = (name, args) => {
  const t = Date.now();
  const r = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`dist: ${name} failed`);
    process.exit(r.status ?? 1);
  }
  console.log(`dist: ${name} ${((Date.now() - t) / 1000).toFixed(1)} s`);
};
const t = Date.now();
makeIcons();
console.log(`dist: icons ${((Date.now() - t) / 1000).toFixed(1)} s`);
run('build', ['node_modules/electron-vite/bin/electron-vite.js', 'build', '--logLevel', 'warn']);
const extra = process.argv.slice(2);
run('package', ['node_modules/electron-builder/cli.js', ...(extra.includes('--publish') ? [] : ['--publish', 'never']), ...extra]);
console.log(`dist: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
