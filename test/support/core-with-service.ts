// Core wired to the local service as its demo profile, with its own data folder: the set-up of the
// integration tests that go through core.router (the same channels the renderer uses).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Envelope } from '../../electron/common/contract';
import { createCore, type Core } from '../../electron/core/composition';
import { startSandbox, type RunningSandbox, type SandboxConfig } from '../../electron/localservice';
import { MemoryLogger, MemorySecrets } from './fakes';
import { SMALL_CORPUS } from './web-app';

export interface CoreWithService {
  core: Core;
  service: RunningSandbox;
  dataDir: string;
  /** A channel through the router, as the renderer calls it: the envelope, ok or not. */
  handle(channel: string, input: unknown): Promise<Envelope<unknown>>;
  /** The value of a channel; a refusal throws an Error carrying its code and message. */
  call<T>(channel: string, input: unknown): Promise<T>;
  close(): Promise<void>;
}

/** `call` over a `handle`: the value of a channel, or an Error carrying the refusal's code and message. */
export const callerOf =
  (handle: (channel: string, input: unknown) => Promise<Envelope<unknown>>) =>
  async <T>(channel: string, input: unknown): Promise<T> => {
    const env = await handle(channel, input);
    if (!env.ok) throw Object.assign(new Error(`${channel}: ${env.error.code}: ${env.error.message}`), { code: env.error.code });
    return env.value as T;
  };

export async function startCoreWithService(opts: { prefix: string; config?: SandboxConfig; admin?: boolean }): Promise<CoreWithService> {
  const dataDir = mkdtempSync(join(tmpdir(), `desk-${opts.prefix}-`));
  const service = await startSandbox({
    dataDir: join(dataDir, 'service'),
    port: 0,
    config: opts.config ?? SMALL_CORPUS,
    ...(opts.admin ? { admin: true } : {}),
  });
  const core = await createCore({
    appVersion: 'test',
    dataDir,
    host: 'browser',
    secrets: new MemorySecrets(),
    logger: new MemoryLogger(),
    startDemo: async () => ({ baseUrl: service.baseUrl, apiKey: service.apiKey }),
  });
  const handle = (channel: string, input: unknown) => core.router.handle(channel, input, { transport: 'test' });
  return {
    core,
    service,
    dataDir,
    handle,
    call: callerOf(handle),
    async close() {
      await core.close();
      await service.close();
    },
  };
}
