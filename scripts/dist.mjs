// `npm run dist`: icons from build/icon.svg, the electron-vite build, then electron-builder for this
// system's installers (Linux: AppImage, deb, rpm; macOS: dmg + zip x64/arm64; Windows: NSIS).
// Extra arguments go to electron-builder, e.g. `npm run dist -- --publish always` on a version tag,
// `npm run dist -- --dir` for an unpacked folder. Signing and notarization read their credentials from
// the environment (scripts/release-signing.mjs lists them). With REFEREE_DESK_RELEASE=1 (the release
// workflow on a version tag) a build without them fails before it starts, and electron-builder is
// told to refuse unsigned output (forceCodeSigning) and to sign Windows with Azure Trusted Signing
// when its settings are given.
import { spawnSync } from 'node:child_process';
import { ensureNode22 } from './node22.mjs';
import { makeIcons } from './icons.mjs';
import { isRelease, releaseSigning } from './release-signing.mjs';

ensureNode22();
const signing = isRelease(process.env) ? releaseSigning(process.platform, process.env) : { missing: [], args: [] };
if (signing.missing.length > 0) {
  console.error(`dist: a release build needs ${signing.missing.join(', ')} in the environment; nothing was built.`);
  process.exit(1);
}
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
run('package', [
  'node_modules/electron-builder/cli.js',
  ...(extra.includes('--publish') ? [] : ['--publish', 'never']),
  ...signing.args,
  ...extra,
]);
console.log(`dist: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
