// A core with no service behind it, in a new temp data folder: in-memory secrets and logger, and the host's
// ports a test gives (openExternal, pickFiles…). A profile pointing at a closed port takes a run recorded
// straight into the cache, so the channels about a manuscript work without the network.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProfilesState } from '../../electron/common/shapes';
import { createCore, type Core, type CoreOptions } from '../../electron/core/composition';
import { form, response } from '../integration/cache/fixtures';
import { MemoryLogger, MemorySecrets } from './fakes';

export interface OfflineCore {
  core: Core;
  dataDir: string;
  /** The value of a channel through the router; a refusal throws an Error with the refusal's message and its `code`. */
  call<T>(channel: string, input: unknown): Promise<T>;
  /** Closes the core and removes its data folder. */
  close(): Promise<void>;
}

/** A core of the Electron host (unless `opts` says otherwise) on a new data folder named from `prefix`. */
export async function offlineCore(prefix: string, opts: Partial<CoreOptions> = {}): Promise<OfflineCore> {
  const dataDir = mkdtempSync(join(tmpdir(), `desk-${prefix}-`));
  const core = await createCore({
    appVersion: 'test',
    dataDir,
    host: 'electron',
    secrets: new MemorySecrets(),
    logger: new MemoryLogger(),
    ...opts,
  });
  const call = async <T>(channel: string, input: unknown): Promise<T> => {
    const env = await core.router.handle(channel, input, { transport: 'test' });
    if (!env.ok) throw Object.assign(new Error(env.error.message), { code: env.error.code });
    return env.value as T;
  };
  const close = async () => {
    await core.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { core, dataDir, call, close };
}

/**
 * Saves and activates a profile at a closed port, and records in the cache a run of manuscript o1 titled `title`
 * (service id 77) suggesting authors 1, 2 and 4. Returns the manuscript's local id.
 */
export async function offlineRun(c: OfflineCore, title: string): Promise<number> {
  const state = await c.call<ProfilesState>('profiles.save', { name: 'Journal', baseUrl: 'http://127.0.0.1:9' });
  const profileId = state.profiles[0]!.id;
  await c.call('profiles.activate', { id: profileId });
  return c.core.cache.runs.recordUploadRun(profileId, { form: form('o1', { title }) }, response(77, 'o1', [1, 2, 4])).manuscriptId;
}
