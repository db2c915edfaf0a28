// One real sandbox per test file (its own data folder), its admin surface, and clients wired to
// it with instant (recorded) backoff sleeps so retry paths run without waiting.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ServiceClient, type ServiceClientOptions } from '../../../electron/core/api';
import { startSandbox, type RunningSandbox } from '../../../electron/localservice/index';
import { sandboxAdmin } from '../../support/admin';
import { MemoryLogger } from '../../unit/api/fixture';

export interface TestSandbox {
  sb: RunningSandbox;
  dir: string;
  orgId: number;
  admin<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T>;
  client(opts?: Partial<ServiceClientOptions>): { client: ServiceClient; sleeps: number[]; logger: MemoryLogger };
  /** Every logger line of every client made here. */
  logLines(): string[];
  close(): Promise<void>;
}

export async function startTestSandbox(): Promise<TestSandbox> {
  const dir = await mkdtemp(join(tmpdir(), 'desk-client-sb-'));
  const sb = await startSandbox({ dataDir: dir, config: { seed: 7, corpus: { authors: 400, articles: 2000 } } });
  const clients: ServiceClient[] = [];
  const loggers: MemoryLogger[] = [];
  const admin = sandboxAdmin(sb);

  const orgs = await admin<{ orgs: Array<{ id: number }> }>('GET', 'orgs/');
  return {
    sb,
    dir,
    orgId: orgs.orgs[0]!.id,
    admin,
    client(opts = {}) {
      const sleeps: number[] = [];
      const logger = new MemoryLogger();
      const client = new ServiceClient({
        baseUrl: sb.baseUrl,
        apiKey: async () => sb.apiKey,
        profileName: 'Local demo',
        logger,
        sleep: async (ms, signal) => {
          if (signal?.aborted) throw signal.reason;
          sleeps.push(ms);
        },
        ...opts,
      });
      clients.push(client);
      loggers.push(logger);
      return { client, sleeps, logger };
    },
    logLines: () => loggers.flatMap((l) => l.lines.map((line) => JSON.stringify(line))),
    async close() {
      await Promise.all(clients.map((c) => c.close()));
      await sb.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
