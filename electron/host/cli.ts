// `npm run web`: the whole app in a browser. Core + the WebSocket host on loopback, serving the
// built renderer (out/renderer). Prints the address to open: it carries the session token.
// Start order (docs/process-model.md): open the cache, serve the shell at once, then core.start()
// (webhook receiver, sync, the demo service in its own child process).
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isDeskError } from '../common/errors';
import { createCore } from '../core/composition';
import { demoProcess } from '../core/demo/supervisor';
import { fileLogger } from '../core/logging';
import { createSecretStore } from '../core/secrets';
import { DeferredSecretStore } from '../core/secrets/deferred';
import { demoDataDir, forkDemoNode } from '../sandbox/app-demo';
import { startHost } from './server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    // Per user (in the user's home), never shared between accounts. One process per data folder:
    // a second `npm run web` on the same folder is refused and names the process holding it
    // (electron/core/instance-lock.ts); give it another folder with --data.
    data: { type: 'string', default: join(homedir(), '.referee-desk-web') },
    renderer: { type: 'string', default: resolve(import.meta.dirname, '../../out/renderer') },
  },
});

const dataDir = resolve(values.data);
const logger = fileLogger(join(dataDir, 'logs', 'desk.log'));
// The keychain probe (a D-Bus round trip, or a prompt on a locked keyring) waits until the shell is served.
const secrets = new DeferredSecretStore(() => createSecretStore({ logger }));
const demo = demoProcess({ fork: forkDemoNode((line) => logger.log('debug', line)), dataDir: demoDataDir(dataDir), logger });
const core = await createCore({
  appVersion: process.env.npm_package_version ?? '0.0.0',
  dataDir,
  host: 'browser',
  secrets,
  logger,
  registerSecret: (s) => logger.addSecret(s),
  startDemo: demo.startDemo,
  deferStart: true,
}).catch((err: unknown) => {
  // e.g. the folder is in use by another process, or cannot be written: say so in one line, no stack.
  if (!isDeskError(err)) throw err;
  process.stderr.write(`Referee Desk cannot start: ${err.message}\n`);
  process.exit(1);
});
const host = await startHost({ core, rendererDir: values.renderer, port: Number(values.port) });
process.stdout.write(`${JSON.stringify({ url: host.url, data_dir: dataDir })}\n`);
process.stderr.write(`Referee Desk is running in your browser at:\n  ${host.url}\n(Ctrl+C to stop)\n`);
void secrets.ready().then(() => core.start());

const stop = async () => {
  await host.close();
  await demo.supervisor.close();
  await core.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
