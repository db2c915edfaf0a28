// Switching the active profile shows that profile's own queue in the status bar at once: the
// counts of the previous profile must not linger until the next sync event; after a restart the
// queue left behind shows at once.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/composition';
import { MemoryLogger, MemorySecrets } from '../support/fakes';

let core: Core;
const dataDir = mkdtempSync(join(tmpdir(), 'desk-switch-'));
const open = () => createCore({ appVersion: 'test', dataDir, host: 'browser', secrets: new MemorySecrets(), logger: new MemoryLogger() });

beforeAll(async () => {
  core = await open();
});
afterAll(async () => {
  await core?.close();
});

async function call<T>(channel: string, input: unknown): Promise<T> {
  const env = await core.router.handle(channel, input, { transport: 'test' });
  if (!env.ok) throw new Error(`${channel}: ${env.error.message}`);
  return env.value as T;
}

describe('switching profiles', () => {
  it('the status bar shows the newly active profile’s queue', async () => {
    // Nothing listens on these ports: writes stay queued.
    await call('profiles.save', { name: 'A', baseUrl: 'http://127.0.0.1:9' });
    const b = await call<{ profiles: Array<{ id: string; name: string }> }>('profiles.save', { name: 'B', baseUrl: 'http://127.0.0.1:7' });
    const [a, bId] = [b.profiles.find((p) => p.name === 'A')!.id, b.profiles.find((p) => p.name === 'B')!.id];
    await call('profiles.activate', { id: a });
    const form = (o: string) => ({ folder: 'F', origin_id: o, title: 't', abstract: 'a', authors_count: 0 });
    await call('manuscripts.upload', { form: form('a-1') });
    await call('manuscripts.upload', { form: form('a-2') });
    await expect.poll(() => core.status.get().pendingWrites).toBe(2);

    await call('profiles.activate', { id: bId });
    expect(core.status.get().pendingWrites).toBe(0);
    await call('profiles.activate', { id: a });
    expect(core.status.get().pendingWrites).toBe(2);
  });

  it('a restarted core shows the writes still queued from the start', async () => {
    await core.close();
    core = await open();
    expect(core.status.get().pendingWrites).toBe(2);
  });
});
