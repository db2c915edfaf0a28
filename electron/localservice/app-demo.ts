// The demo default of the app: the local service on loopback with its data beside the app's,
// started when there is no profile (or the demo profile is active), so a fresh install shows real
// candidates, journals and groups. It runs in a process of its own (process-entry.ts): the Electron
// shell forks it with utilityProcess (electron/main/demo-process.ts), the browser host with
// child_process.fork (forkDemoNode below); core speaks to either through electron/core/demo.
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SandboxConfig } from './index';

/** The demo service's data folder inside the app's. */
export const demoDataDir = (appDataDir: string): string => join(appDataDir, 'demo-service');

/** The entry's command-line arguments (process-entry.ts reads them). */
export const demoProcessArgs = (opts: { dataDir: string; port: number }): string[] => ['--data', opts.dataDir, '--port', String(opts.port)];

/**
 * The entry file, fixed at build time: electron.vite.config.ts writes the path of the emitted
 * `demo-service.js`, relative to whichever chunk holds this module, over this marker. From source (tsx,
 * vitest) the marker stays and the entry is `process-entry.ts` next to this file.
 */
const BUILT_ENTRY = '__DEMO_SERVICE_FILE__' as string;

/** The entry: the built bundle, or the TypeScript source under tsx/vitest. */
export function demoEntry(): { file: string; typescript: boolean } {
  if (BUILT_ENTRY.endsWith('.js')) return { file: fileURLToPath(new URL(BUILT_ENTRY, import.meta.url)), typescript: false };
  return { file: fileURLToPath(new URL('./process-entry.ts', import.meta.url)), typescript: true };
}

/** Forks the demo service as a Node child process (the browser host, tests, benchmarks). The
 * returned object has the shape core's DemoChild expects. `config` (tests) e.g. a smaller corpus. */
export function forkDemoNode(log?: (line: string) => void, config?: SandboxConfig) {
  const entry = demoEntry();
  if (!existsSync(entry.file)) throw new Error(`the demo service entry is missing: ${entry.file}`);
  return (opts: { dataDir: string; port: number }) => {
    const child = fork(entry.file, [...demoProcessArgs(opts), ...(config ? ['--config', JSON.stringify(config)] : [])], {
      // from source the entry needs the tsx loader (imports are extension-less TypeScript)
      execArgv: entry.typescript ? ['--import', 'tsx'] : [],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const forward = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim() !== '') log?.(line);
    };
    child.stdout?.on('data', forward);
    child.stderr?.on('data', forward);
    return {
      pid: child.pid,
      onMessage: (listener: (message: unknown) => void) => void child.on('message', listener),
      onExit: (listener: (code: number | null) => void) => {
        // a process that could not be spawned emits 'error' and no 'exit'
        let told = false;
        const tell = (code: number | null) => {
          if (told) return;
          told = true;
          listener(code);
        };
        child.once('exit', tell);
        child.once('error', () => tell(null));
      },
      kill: () => void child.kill('SIGTERM'),
    };
  };
}
