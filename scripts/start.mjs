// `npm start`: build, then open the desktop app (`npm run web`: the browser host directly, the built
// out/main/host.js run by Node). Where the Electron binary is not available (it
// cannot be downloaded on some locked-down machines), say so and open the same app through the
// browser host instead, so the command always ends in a running Referee Desk: its page is opened in the
// system's browser (scripts/open-browser.mjs), at the same address after a restart (host.json in the
// data folder keeps the token and port).
import { ensureNode22 } from './node22.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { electronBinary } from './electron-binary.mjs';
import { openInBrowser, watchForUrl } from './open-browser.mjs';

ensureNode22();

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

run(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build']);
const web = process.argv.includes('--web');
const hostArgs = process.argv.slice(2).filter((a) => a !== '--web');
const { path, reason } = web ? { path: null, reason: null } : electronBinary();
if (!web && !path) console.error(`Electron cannot start here: ${reason}.\nOpening Referee Desk in the browser host instead.`);
const child = path
  ? spawn(path, ['.', ...hostArgs.filter((a, i, all) => a.startsWith('--office') || all[i - 1] === '--office')], { stdio: 'inherit' })
  : spawn(process.execPath, ['out/main/host.js', ...hostArgs], { stdio: ['inherit', 'pipe', 'inherit'] });
// `npm start` without Electron opens the page; `npm run web` only prints its address.
if (!path)
  watchForUrl(child.stdout, process.stdout, (url) => {
    if (!web) void openInBrowser(url, { spawn });
  });
child.on('exit', (code) => process.exit(code ?? 0));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
