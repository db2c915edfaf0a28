// The local demo service as a process of its own: the Electron shell starts this file with
// utilityProcess.fork (built as out/main/demo-service.js), the browser host with child_process.fork.
// It starts the service and posts {type:'ready', base_url, api_key} to its parent, or
// {type:'failed', message}; it stops on SIGTERM and when its parent goes away.
import { parseArgs } from 'node:util';
import { lowerThisProcess } from '../core/background';
import { startSandbox, type RunningSandbox, type SandboxConfig } from './index';

interface ParentPortLike {
  postMessage(message: unknown): void;
}

// The demo service stands in for a remote service: it gives way to the app when both want a core
// (background.ts); its file reader worker (parse.ts), started later, inherits that.
lowerThisProcess();

const parentPort = (process as unknown as { parentPort?: ParentPortLike }).parentPort;
const post = (message: unknown): void => {
  if (parentPort) parentPort.postMessage(message);
  else process.send?.(message);
};

// --config: a sandbox config as JSON (tests and benchmarks use a smaller corpus); the app passes none.
const { values } = parseArgs({ options: { data: { type: 'string' }, port: { type: 'string', default: '0' }, config: { type: 'string' } } });
let service: RunningSandbox | null = null;

const stop = async (code: number) => {
  await service?.close().catch(() => undefined);
  process.exit(code);
};
process.once('SIGTERM', () => void stop(0));
process.once('SIGINT', () => void stop(0));
// child_process: the IPC channel closes when the app ends, even if it crashed.
process.once('disconnect', () => void stop(0));

async function listen(port: number): Promise<RunningSandbox> {
  try {
    return await startSandbox({
      dataDir: values.data!,
      port,
      admin: false,
      ...(values.config ? { config: JSON.parse(values.config) as SandboxConfig } : {}),
      log: (line) => process.stdout.write(`${line}\n`),
    });
  } catch (err) {
    // The port it had before a restart may have been taken meanwhile: any free one will do.
    if (port !== 0 && (err as NodeJS.ErrnoException).code === 'EADDRINUSE') return listen(0);
    throw err;
  }
}

try {
  if (!values.data) throw new Error('no data folder was given (--data)');
  service = await listen(Number(values.port) || 0);
  post({ type: 'ready', base_url: service.baseUrl, api_key: service.apiKey });
} catch (err) {
  post({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
  setImmediate(() => process.exit(1));
}
