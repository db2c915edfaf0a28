// What the process bench (process.bench.ts) and its event-loop child (process-eld.child.ts) both do: core
// started as the Electron app starts it, and a drop of PDFs through the router as the window sends it.
import { mkdtempSync, readdirSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Envelope } from '../electron/common/contract';
import { createCore, type Core } from '../electron/core/composition';
import { demoProcess } from '../electron/core/demo/supervisor';
import { demoDataDir, forkDemoNode } from '../electron/localservice/app-demo';
import { MemoryLogger, MemorySecrets } from '../test/support/fakes';

export const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

export async function call<T>(core: Core, channel: string, input: unknown): Promise<T> {
  // Each request starts in a task of its own, as it arrives in the app: Electron delivers every IPC
  // message to the main process as a separate task, and the browser host's WebSocket server emits one
  // message per turn of the loop (server.ts). Awaiting router calls back to back would instead run the
  // synchronous parts of several requests in one turn, which no window can cause.
  await new Promise<void>((resolve) => setImmediate(resolve));
  const r = (await core.router.handle(channel, input, { transport: 'test' })) as Envelope<T>;
  if (!r.ok) throw new Error(`${channel}: ${r.error.code}: ${r.error.message}`);
  return r.value;
}

export function pdfs(pdfDir: string, n: number): string[] {
  return readdirSync(pdfDir)
    .filter((f) => f.endsWith('.pdf'))
    .sort()
    .slice(0, n)
    .map((f) => join(pdfDir, f));
}

/** Core with the demo service in its own process, started as the Electron app starts it (intake pool warmed
 * after the first paint; the bench waits until it is warm, the demo service is ready and the app has
 * connected to it, as an editor's first drop comes a moment after the window). */
export async function appCore(): Promise<{ core: Core; logger: MemoryLogger; warmMs: number; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'desk-bench-process-'));
  const logger = new MemoryLogger();
  const demo = demoProcess({ fork: forkDemoNode(), dataDir: demoDataDir(dataDir), logger });
  const core = await createCore({
    appVersion: 'bench',
    dataDir,
    host: 'electron',
    secrets: new MemorySecrets(),
    logger,
    startDemo: demo.startDemo,
    deferStart: true,
    warmIntake: true,
  });
  const t0 = performance.now();
  await core.start();
  await core.intake.whenWarm();
  const warmMs = performance.now() - t0;
  const ws = core.workspace();
  if (!ws)
    throw new Error(`the demo service did not start: ${(await call<{ notices: string[] }>(core, 'app.info', {})).notices.join(' ')}`);
  // Connected, as the app is when an editor drops a file: the first probe has answered and the sync it starts
  // has run (syncNow joins it, or probes and drains now). Without this the bench's window opened on the
  // demo service's ready message and measured the app's first connection (probe answer, first drain) as if
  // the drop had caused it.
  await ws.sync.syncNow();
  return {
    core,
    logger,
    warmMs,
    close: async () => {
      await demo.supervisor.close();
      await core.close();
    },
  };
}

export interface Staged {
  id: string;
  name: string;
}
export interface Inspected {
  title: string | null;
  abstract: string | null;
  authors: Array<{ name: string; affiliation: string | null; orcid: string | null; email: string | null }>;
}

/** What the Electron window does on a drop: each file is staged by its path (files.stagePath, as the
 * preload sends it) and inspected; the inspections run while the next files are staged. */
export async function dropAndInspect(core: Core, files: string[]): Promise<Array<{ staged: Staged; form: Inspected }>> {
  const out: Array<Promise<{ staged: Staged; form: Inspected }>> = [];
  for (const file of files) {
    const staged = await call<Staged>(core, 'files.stagePath', { path: file });
    out.push(call<Inspected>(core, 'intake.inspect', { fileId: staged.id }).then((form) => ({ staged, form })));
  }
  return Promise.all(out);
}
