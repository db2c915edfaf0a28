// Starts the whole app as `npm run web` does (core + browser host serving out/renderer), with its
// own data folder, for one end-to-end test file — optionally with the local service as its demo.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Core } from '../../electron/core/composition';
import { startHost, type Host } from '../../electron/host/server';
import { startSandbox, type RunningSandbox } from '../../electron/localservice';
import type { SandboxConfig } from '../../electron/localservice';
import { repoRoot } from './browser';
import { MemoryLogger, MemorySecrets } from './fakes';

export const rendererDir = join(repoRoot, 'out', 'renderer');

/** A small demo corpus: the same generator, fast to build for each test file. */
export const SMALL_CORPUS: SandboxConfig = { corpus: { authors: 600, articles: 3000 } };

export interface WebApp {
  core: Core;
  host: Host;
  dataDir: string;
  /** The local service, when started with `service`. */
  service: RunningSandbox | null;
  /** Stops the service (the app goes offline) and starts it again on the same port and data. */
  stopService(): Promise<void>;
  startService(): Promise<void>;
  close(): Promise<void>;
}

export async function startWebApp(opts: { appVersion?: string; service?: boolean; config?: SandboxConfig } = {}): Promise<WebApp> {
  if (!existsSync(join(rendererDir, 'index.html'))) {
    throw new Error('out/renderer is missing: build first (npm test does: electron-vite build).');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'desk-e2e-'));
  const serviceDir = join(dataDir, 'service');
  const config = opts.config ?? SMALL_CORPUS;
  let service: RunningSandbox | null = null;
  let port = 0;
  const start = async () => {
    service = await startSandbox({ dataDir: serviceDir, port, config, admin: true });
    port = Number(new URL(service.baseUrl).port);
    return service;
  };
  const core = await createCore({
    appVersion: opts.appVersion ?? '0.1.0-e2e',
    dataDir,
    host: 'browser',
    secrets: new MemorySecrets(),
    logger: new MemoryLogger(),
    // The test owns the service's lifetime (it stops and restarts it), so core gets no close().
    ...(opts.service ? { startDemo: async () => ({ baseUrl: (await start()).baseUrl, apiKey: service!.apiKey }) } : {}),
  });
  const host = await startHost({ core, rendererDir });
  const app: WebApp = {
    core,
    host,
    dataDir,
    get service() {
      return service;
    },
    stopService: async () => {
      await service?.close();
      service = null;
    },
    startService: async () => {
      await start();
    },
    close: async () => {
      await host.close();
      await core.close();
      await service?.close();
    },
  };
  return app;
}
