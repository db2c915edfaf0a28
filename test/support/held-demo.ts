// A demo "process" the test releases: core's supervisor forks it, and it answers (with a real local service's
// address, say) only when the test posts its message — a first start whose demo service is still starting.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { createCore, type Core } from '../../electron/core/composition';
import { demoProcess, type DemoChild, type DemoForkOptions } from '../../electron/core/demo/supervisor';
import { startHost, type Host } from '../../electron/host/server';
import { startSandbox, type RunningSandbox } from '../../electron/localservice';
import { launchChromium } from './browser';
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

export interface HeldChromium {
  appVersion: string;
  app: HeldApp;
  browser: Browser;
}

/**
 * A held app (startHeldApp) and Chromium for the tests of one file: started before them, closed after them.
 * The tests read `app` and `browser` (set once the file's beforeAll has run).
 */
export function heldAppInChromium(appVersion: string): HeldChromium {
  const s = { appVersion } as HeldChromium;
  beforeAll(async () => {
    s.app = await startHeldApp(appVersion);
    s.browser = await launchChromium();
  });
  afterAll(async () => {
    await s.browser?.close();
    await s.app?.close();
  });
  return s;
}

/** The held demo process `n` (0: the first started) answers ready, with the real local service's address and key. */
export function demoReady(app: HeldApp, n: number): void {
  app.held.children[n]!.post({ type: 'ready', base_url: app.service.baseUrl, api_key: app.service.apiKey });
}

/**
 * Opens the window in `page` (its version painted), then starts core and waits until the first demo process is
 * asked for and the status bar says it is starting; `starting` is core's start, which ends once the demo answers.
 */
export async function openThenStart(s: HeldChromium, page: Page): Promise<{ starting: Promise<void> }> {
  await page.goto(s.app.host.url);
  await expect.poll(() => page.getByTestId('app-version').textContent()).toBe(`Referee Desk ${s.appVersion}`);
  const starting = s.app.core.start();
  // The start's steps before the demo service (workers, loaders) take longer on a loaded machine.
  await expect.poll(() => s.app.held.children.length, { timeout: 10_000 }).toBe(1);
  await expect.poll(() => page.getByTestId('status-message').textContent()).toBe('Starting the local demo service…');
  return { starting };
}
