// `npm run web`: the whole app in a browser. Core + the WebSocket host on loopback, serving the
// built renderer (out/renderer). Prints the address to open: it carries the session token.
// Start order (docs/process-model.md): open the cache, serve the shell at once, then, once a page has
// painted, core.start() (webhook receiver, sync, the demo service in its own child process).
// `npm run web` runs the build of this file (out/main/host.js, through entry.ts).
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isDeskError } from '../common/errors';
import { openHostCore } from '../core/host-core';
import { fileLogger } from '../core/logging';
import { demoDataDir, forkDemoNode } from '../localservice/app-demo';
import { listenOnKeptPort, readHostAddress, writeHostAddress } from './address';
import { startHost } from './server';

/** After the first answer to a page: time for its shell to paint before the background work starts. */
const AFTER_FIRST_REPLY_MS = 300;
/** With no page opened, the background work starts after this. */
const START_WITHOUT_PAGE_MS = 5000;

/** The built renderer; electron.vite.config.ts writes its path relative to this chunk over the marker. */
const BUILT_RENDERER = '__RENDERER_DIR__' as string;
function rendererDir(): string {
  if (BUILT_RENDERER.startsWith('.')) return fileURLToPath(new URL(BUILT_RENDERER, import.meta.url));
  return resolve(import.meta.dirname, '../../out/renderer');
}

const { values } = parseArgs({
  options: {
    // Without --port: the port of the last run when it is free (host.json in the data folder).
    port: { type: 'string' },
    // Per user (in the user's home), never shared between accounts. One process per data folder:
    // a second `npm run web` on the same folder is refused and names the process holding it
    // (electron/core/instance-lock.ts); give it another folder with --data.
    data: { type: 'string', default: join(homedir(), '.referee-desk-web') },
    renderer: { type: 'string', default: rendererDir() },
    // postgres://LOGIN[:PASSWORD]@server/database: links the active profile to this editorial office at start.
    office: { type: 'string' },
  },
});

const dataDir = resolve(values.data);
const logger = fileLogger(join(dataDir, 'logs', 'desk.log'));
// The keychain probe (a D-Bus round trip, or a prompt on a locked keyring) waits until the shell is served.
const { opening, secrets, stopDemo } = openHostCore({
  appVersion: process.env.npm_package_version ?? '0.0.0',
  dataDir,
  host: 'browser',
  logger,
  fork: forkDemoNode((line) => logger.log('debug', line)),
  demoDataDir: demoDataDir(dataDir),
  ...(values.office !== undefined ? { office: values.office } : {}),
});
const core = await opening.catch((err: unknown) => {
  // e.g. the folder is in use by another process, or cannot be written: say so in one line, no stack.
  if (!isDeskError(err)) throw err;
  process.stderr.write(`Referee Desk cannot start: ${err.message}\n`);
  process.exit(1);
});
// The token and port of the last run, so a tab left open on the page reconnects after a restart.
const kept = readHostAddress(dataDir);
const listen = (port: number) => startHost({ core, rendererDir: values.renderer, port, token: kept.token });
const host = values.port === undefined ? await listenOnKeptPort(kept.port, listen) : await listen(Number(values.port));
writeHostAddress(dataDir, { token: host.token, port: Number(new URL(host.origin).port) });
process.stdout.write(`${JSON.stringify({ url: host.url, data_dir: dataDir })}\n`);
process.stderr.write(`Referee Desk is running in your browser at:\n  ${host.url}\n(Ctrl+C to stop)\n`);
// Everything else (keychain, demo service, intake workers, sync, webhook receiver) waits until a page
// has its first answer and has had a moment to paint, so it never competes with the first paint; with
// no page opened it starts anyway after a few seconds.
const painted = host.firstReply.then(() => delay(AFTER_FIRST_REPLY_MS));
void Promise.race([painted, delay(START_WITHOUT_PAGE_MS)])
  .then(() => secrets.ready())
  .then(() => core.start());

const stop = async () => {
  await host.close();
  await stopDemo();
  await core.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
