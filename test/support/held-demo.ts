// A demo "process" the test releases: core's supervisor forks it, and it answers (with a real local service's
// address, say) only when the test posts its message — a first start whose demo service is still starting.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Core } from '../../electron/core/composition';
import { demoProcess, type DemoChild, type DemoForkOptions } from '../../electron/core/demo/supervisor';
import { startHost, type Host } from '../../electron/host/server';
import { startSandbox, type RunningSandbox } from '../../electron/localservice';
import { MemoryLogger, MemorySecrets } from './fakes';
import { rendererDir, SMALL_CORPUS } from './web-app';

export function heldFork() {
  const children: Array<{ opts: DemoForkOptions; post: (m: unknown) => void; exit: (code: number | null) => void }> = [];
  const fork = (opts: DemoForkOptions): DemoChild => {
    const c = { opts, post: (_m: unknown) => {}, exit: (_code: number | null) => {} };
    children.push(c);
    return {
      onMessage: (l) => void (c.post = l),
      onExit: (l) => void (c.exit = l),
      kill: () => queueMicrotask(() => c.exit(null)),
    };
  };
  return { fork, children };
}

export interface HeldApp {
  core: Core;
  host: Host;
  /** The real local service the test hands to the held demo process when it lets it answer. */
  service: RunningSandbox;
  held: ReturnType<typeof heldFork>;
  close(): Promise<void>;
}

/** Core (not started: the test calls core.start()) and the browser host, with a demo service held until the test answers for it. */
export async function startHeldApp(appVersion: string): Promise<HeldApp> {
  const held = heldFork();
  const dataDir = mkdtempSync(join(tmpdir(), 'desk-e2e-held-'));
  const service = await startSandbox({ dataDir: join(dataDir, 'service'), port: 0, config: SMALL_CORPUS });
  const demo = demoProcess({ fork: held.fork, dataDir: join(dataDir, 'demo-service'), logger: new MemoryLogger() });
  const core = await createCore({
    appVersion,
    dataDir,
    host: 'browser',
    secrets: new MemorySecrets(),
    logger: new MemoryLogger(),
    startDemo: demo.startDemo,
    deferStart: true,
  });
  const host = await startHost({ core, rendererDir });
  return {
    core,
    host,
    service,
    held,
    async close() {
      await host.close();
      await core.close();
      await service.close();
    },
  };
}
