// Referee Desk needs Node 22 (better-sqlite3 13, undici 8). When a script is started with an older
// Node (Debian machines ship 20), fetch Node 22 from the npm registry once into .tools/ and re-run
// the same script under it. Written to run on Node 18+.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export function ensureNode22() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= 22) return;
  const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
  const os = process.platform === 'darwin' ? 'darwin' : process.platform === 'win32' ? 'win' : 'linux';
  const root = resolve(fileURLToPath(import.meta.url), '../..');
  const dir = join(root, '.tools', 'node22');
  const pkg = `node-${os}-${arch}`;
  const bin = join(dir, 'node_modules', pkg, 'bin', os === 'win' ? 'node.exe' : 'node');
  if (!existsSync(bin)) {
    console.error(`Node ${process.versions.node} is too old for Referee Desk; fetching Node 22 (${pkg}) from the npm registry…`);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const r = spawnSync(npm, ['install', '--silent', '--no-save', '--no-package-lock', '--prefix', dir, `${pkg}@22`], { stdio: 'inherit' });
    if (r.status !== 0 || !existsSync(bin)) {
      console.error('Could not fetch Node 22. Install Node 22 or newer and run the command again.');
      process.exit(1);
    }
  }
  const r = spawnSync(bin, process.argv.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${join(bin, '..')}${process.platform === 'win32' ? ';' : ':'}${process.env.PATH ?? ''}` },
  });
  process.exit(r.status ?? 1);
}
