// What runs for the active connection profile: its service client, outbox, connectivity watch and
// sync loop. Switching profiles closes one workspace and opens another; the cache is shared.
import { join } from 'node:path';
import { isDeskError, type DeskError } from '../common/errors';
import type { ServiceApi } from './api/types';
import type { Cache } from './cache';
import { Outbox, type OutboxEntry } from './outbox';
import type { Clock, Logger } from './ports';
import type { ProfilesService } from './profiles';
import { Connectivity, serviceProbe, SyncLoop, systemTimers, UNREACHABLE, type SyncStatus, type Timers } from './sync';

export interface Workspace {
  readonly profileId: string;
  readonly api: ServiceApi;
  readonly outbox: Outbox;
  readonly connectivity: Connectivity;
  readonly sync: SyncLoop;
  /**
   * Every read a handler makes from the service goes through here: the outcome is reported to
   * connectivity (an answer: online; the service out of reach: offline), and when the service
   * cannot be reached `fallback` (what the cache has) is returned instead, if it gives anything.
   */
  call<T>(request: (api: ServiceApi) => Promise<T>, fallback?: () => T | undefined): Promise<T>;
  /** Starts the connectivity watch and the sync loop (core does it after the first paint). */
  start(): void;
  close(): Promise<void>;
}

export interface WorkspaceDeps {
  cache: Cache;
  profiles: ProfilesService;
  dataDir: string;
  clock: Clock;
  logger: Logger;
  timers?: Timers;
  /** Names long work in the slow-task log. */
  track?: <T>(name: string, fn: () => Promise<T>) => Promise<T>;
  onStatus: (s: SyncStatus) => void;
  /** An upload is being sent: bytes so far of its request body. */
  onUploadProgress: (entry: OutboxEntry, sentBytes: number, totalBytes: number) => void;
}

/** The service could not be reached (offline, timed out), as opposed to answering with an error. */
export const isUnreachable = (err: unknown): err is DeskError => isDeskError(err) && UNREACHABLE.has(err.code);

/** See Workspace.call. */
export async function callService<T>(
  api: ServiceApi,
  connectivity: Pick<Connectivity, 'reportSuccess' | 'reportFailure'>,
  request: (api: ServiceApi) => Promise<T>,
  fallback?: () => T | undefined,
): Promise<T> {
  let value: T;
  try {
    value = await request(api);
  } catch (err) {
    if (!isUnreachable(err)) throw err;
    connectivity.reportFailure(err.code);
    const cached = fallback?.();
    if (cached === undefined) throw err;
    return cached;
  }
  connectivity.reportSuccess();
  return value;
}

export function openWorkspace(profileId: string, deps: WorkspaceDeps): Workspace {
  const api = deps.profiles.client(profileId);
  const timers = deps.timers ?? systemTimers;
  const outbox = new Outbox({
    cache: deps.cache,
    profileId,
    api,
    clock: deps.clock,
    logger: deps.logger,
    uploadsDir: join(deps.dataDir, 'uploads'),
  });
  // Colleagues' manuscript files shared through the office are kept beside the editor's own uploads (and swept like them).
  deps.cache.officeRuns.useFilesDir(join(deps.dataDir, 'uploads'));
  const recovered = outbox.recover();
  if (recovered.requeued.length + recovered.uncertain.length > 0) deps.logger.log('info', 'outbox recovered after restart', recovered);
  const connectivity = new Connectivity({ probe: serviceProbe(api), timers, clock: deps.clock, logger: deps.logger });
  const sync = new SyncLoop({
    outbox,
    connectivity,
    timers,
    clock: deps.clock,
    logger: deps.logger,
    ...(deps.track ? { track: deps.track } : {}),
  });
  const offStatus = sync.events.on('status', deps.onStatus);
  const offProgress = outbox.events.on('progress', (p) => deps.onUploadProgress(p.entry, p.sentBytes, p.totalBytes));
  let started = false;
  return {
    profileId,
    api,
    outbox,
    connectivity,
    sync,
    call: (request, fallback) => callService(api, connectivity, request, fallback),
    start: () => {
      if (started) return;
      started = true;
      connectivity.start();
      sync.start();
    },
    close: async () => {
      offStatus();
      offProgress();
      connectivity.stop();
      await sync.stop();
    },
  };
}
