// The local demo service in an Electron utility process (a Chromium service with Node, like Actual
// Budget's backend), so its corpus generation and its HTTP answers never run on the main thread.
// Core's DemoSupervisor (electron/core/demo) drives it through this fork function.
import { join } from 'node:path';
import { utilityProcess } from 'electron';
import type { DemoChild, DemoForkOptions } from '../core/demo/supervisor';
import { demoProcessArgs } from '../localservice/app-demo';

/** Built next to the main bundle by electron.vite.config.ts (entry 'demo-service'). */
const ENTRY = join(import.meta.dirname, 'demo-service.js');

export function forkDemoUtility(log: (line: string) => void) {
  return (opts: DemoForkOptions): DemoChild => {
    const child = utilityProcess.fork(ENTRY, demoProcessArgs(opts), {
      serviceName: 'Referee Desk demo service',
      stdio: 'pipe',
    });
    const forward = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim() !== '') log(line);
    };
    child.stdout?.on('data', forward);
    child.stderr?.on('data', forward);
    return {
      onMessage: (listener) => void child.on('message', listener),
      onExit: (listener) => void child.once('exit', (code) => listener(code)),
      kill: () => void child.kill(),
    };
  };
}
