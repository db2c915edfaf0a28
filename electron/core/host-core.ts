// What both hosts (the Electron main process, electron/main/index.ts, and the browser host,
// electron/host/cli.ts) wire the same way before their first window: a keychain probed only when first
// asked, the local demo service in a process of its own under a supervisor, and core opened with its start
// deferred until the window has painted (docs/process-model.md). Each host adds only what is its own
// (the native file picker, the updater, external links).
import { createCore, type Core, type CoreOptions } from './composition';
import { demoProcess, type ForkDemo } from './demo/supervisor';
import type { RedactingLogger } from './logging';
import { createSecretStore } from './secrets';
import { DeferredSecretStore } from './secrets/deferred';

export interface HostCoreOptions extends Pick<
  CoreOptions,
  'appVersion' | 'dataDir' | 'host' | 'pickFiles' | 'openExternal' | 'restartToUpdate' | 'office'
> {
  logger: RedactingLogger;
  /** Forks the demo service's process (a utilityProcess in Electron, a Node child in the browser host). */
  fork: ForkDemo;
  /** The demo service's own data folder. */
  demoDataDir: string;
}

export interface HostCore {
  /** Core with its cache open; start() is the host's to call once the window has painted. */
  opening: Promise<Core>;
  /** The keychain, probed when first used or when the host calls ready() after the first paint. */
  secrets: DeferredSecretStore;
  stopDemo: () => Promise<void>;
}

export function openHostCore(opts: HostCoreOptions): HostCore {
  const { logger, fork, demoDataDir, ...own } = opts;
  const demo = demoProcess({ fork, dataDir: demoDataDir, logger });
  const secrets = new DeferredSecretStore(() => createSecretStore({ logger }));
  const opening = createCore({
    ...own,
    secrets,
    logger,
    registerSecret: (s) => logger.addSecret(s),
    startDemo: demo.startDemo,
    deferStart: true,
    warmIntake: true,
  });
  return { opening, secrets, stopDemo: () => demo.supervisor.close() };
}
