// Starts the whole app as `npm run web` does (core + browser host serving out/renderer), with its
// own data folder, for one end-to-end test file.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Core } from '../../electron/core/composition';
import { startHost, type Host } from '../../electron/host/server';
import { repoRoot } from './browser';
import { MemoryLogger, MemorySecrets } from './fakes';

export const rendererDir = join(repoRoot, 'out', 'renderer');

export interface WebApp {
  core: Core;
  host: Host;
  dataDir: string;
  close(): Promise<void>;
}

export async function startWebApp(opts: { appVersion?: string } = {}): Promise<WebApp> {
  if (!existsSync(join(rendererDir, 'index.html'))) {
    throw new Error('out/renderer is missing: build first (npm test does: electron-vite build).');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'desk-e2e-'));
  const core = await createCore({
    appVersion: opts.appVersion ?? '0.1.0-e2e',
    dataDir,
    host: 'browser',
    secrets: new MemorySecrets(),
    logger: new MemoryLogger(),
  });
  const host = await startHost({ core, rendererDir });
  return {
    core,
    host,
    dataDir,
    close: async () => {
      await host.close();
      await core.close();
    },
  };
}
