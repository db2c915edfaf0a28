// The one place where core is wired (ARCHITECTURE.md §3 rule 9): constructor injection, no
// module-level singletons, so a test builds a whole core with fakes in one call.
import { mkdirSync } from 'node:fs';
import { platform } from 'node:os';
import { join } from 'node:path';
import type { AppInfo } from '../common/contract';
import { DeskError } from '../common/errors';
import { isCorruption, openCache, recoveryNotice, withCacheErrors, type Cache } from './cache';
import type { DemoEvents, DemoService } from './demo/supervisor';
import { acquireInstanceLock, type InstanceLock } from './instance-lock';
import type { OutboxEntry } from './outbox';
import { SlowTaskLog } from './perf/slow-tasks';
import { checkpointInWorker, type WalCheckpointer } from './cache/checkpointer';
import { startRunWriter, type RunWriter } from './cache/run-writer';
import { EventBus } from './events';
import type { CoreContext } from './handlers/context';
import { candidateHandlers } from './handlers/candidates';
import { groupHandlers } from './handlers/groups';
import { manuscriptHandlers } from './handlers/manuscripts';
import { outboxHandlers } from './handlers/outbox';
import { profileHandlers } from './handlers/profiles';
import { updateHandlers } from './handlers/updates';
import { decisionsHandlers } from './handlers/decisions';
import { shortlistHandlers } from './handlers/shortlist';
import { webhookHandlers } from './handlers/webhook';
import { officeHandlers } from './handlers/office';
import { OfficeService, officeAccount, splitOfficeUrl, type OfficeDriver } from './office/service';
import { postgresOffice } from './office/driver';
import { loadServiceTransport } from './api/client';
import { StagingArea } from './files/staging';
import { IntakeService } from './intake';
import { loadZipReader } from './intake/zip';
import type { Clock, Logger, SecretStore } from './ports';
import { systemClock } from './ports';
import { ProfilesService } from './profiles';
import { Router, type Handlers } from './router';
import { StatusService } from './status';
import { WebhookService } from './webhook/service';
import { systemTimers, type SyncStatus, type Timers } from './sync';
import { openWorkspace, type Workspace } from './workspace';

export interface CoreOptions {
  appName?: string;
  appVersion: string;
  dataDir: string;
  host: AppInfo['host'];
  secrets: SecretStore;
  logger: Logger;
  /** Told every secret core handles, so the logger can redact it (RedactingLogger.addSecret). */
  registerSecret?: (secret: string) => void;
  clock?: Clock;
  timers?: Timers;
  /** Starts the local demo service; used when there is no profile or the demo profile exists. The hosts
   * pass a DemoSupervisor over a forked process (electron/core/demo), which reports later deaths,
   * restarts and a final failure through `events`. Runs in start(), after the first paint. */
  startDemo?: (events: DemoEvents) => Promise<DemoService & { close?: () => Promise<void> }>;
  /** true: createCore only opens the cache (milliseconds) and the host calls core.start() once its
   * window has painted. Default false: createCore also runs start() (tests, tools). */
  deferStart?: boolean;
  /** The native "open files" dialog (Electron); the browser host has none. */
  pickFiles?: () => Promise<string[]>;
  /** Hands a mailto: URL to the system mail client (Electron: shell.openExternal); the browser host has none. */
  openExternal?: (url: string) => Promise<void>;
  /** Start the intake workers after the first paint (the hosts do; tests that never inspect a file don't). */
  warmIntake?: boolean;
  /** Quits and installs a downloaded update (Electron: the updater); core refuses while something is sent. */
  restartToUpdate?: () => void;
  /** `--office <postgres URL>`: links the active profile to this editorial office at start (scripted use). */
  office?: string;
  /** How the office is reached; default the PostgreSQL client (office/client.ts), loaded when first used. */
  officeDriver?: OfficeDriver;
}

export interface Core {
  readonly router: Router;
  readonly events: EventBus;
  readonly status: StatusService;
  readonly cache: Cache;
  readonly profiles: ProfilesService;
  /** Manuscript parsing in worker threads (whenWarm: the pool is ready, after start()). */
  readonly intake: IntakeService;
  /** Files the editor dropped or picked; the browser host writes the pieces of a file it receives here. */
  readonly staging: StagingArea;
  /** The active profile's workspace, or null when there is no profile. */
  workspace(): Workspace | null;
  /** Everything that may wait until the window has painted: webhook receiver, connectivity watch and
   * first sync, the demo service. Resolves when all of it has settled (never rejects; failures become
   * notices and the status bar says so). Idempotent. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function createCore(opts: CoreOptions): Promise<Core> {
  // One process per data folder (issue 17): taken first, released by close() or by the kernel when the process ends.
  const lock = await acquireInstanceLock(opts.dataDir, opts.host);
  try {
    try {
      return await assembleCore(opts, lock);
    } catch (err) {
      if (!(err instanceof StartDamage)) throw err;
      // The damage is marked: this second open moves the file aside and rebuilds it with what is readable.
      return await assembleCore(opts, lock);
    }
  } catch (err) {
    lock.release();
    throw err instanceof StartDamage ? err.cause : err;
  }
}

/** The cache turned out damaged during the start's first reads; it is closed and marked for a rebuild. */
class StartDamage extends Error {
  constructor(override readonly cause: unknown) {
    super('the cache was found damaged during the start', { cause });
  }
}

async function assembleCore(opts: CoreOptions, lock: InstanceLock): Promise<Core> {
  const clock = opts.clock ?? systemClock;
  const logger = opts.logger;
  mkdirSync(opts.dataDir, { recursive: true });
  const events = new EventBus();
  const slowTasks = new SlowTaskLog({ logger });
  // The steps of the start after the first paint, by name in the slow-task log (not "(no channel or job)"), each
  // in a task of its own (SlowTaskLog.step): a request from the window waits for one step at most.
  const step = <T>(name: string, fn: () => Promise<T> | T) => slowTasks.step(`start: ${name}`, fn);
  const status = new StatusService(events, clock);
  const cache = openCache({ file: join(opts.dataDir, 'cache.db'), clock, logger });
  // The start's first reads (the active profile, the outbox's recovery of writes left in flight) see pages the open
  // did not: damage they find marks the cache, and createCore opens it again, rebuilt (StartDamage).
  const firstReads = <T>(fn: () => T): T => {
    try {
      return fn();
    } catch (err) {
      cache.close();
      if (!isCorruption(err)) throw err;
      cache.markCorrupt(`the start failed: ${err instanceof Error ? err.message : String(err)}`);
      throw new StartDamage(err);
    }
  };
  // What the repositories and the outbox changed reaches the windows (ARCHITECTURE.md §6); nothing else emits it.
  cache.changes.on((change) => {
    if (change.topic !== 'office') events.emit('data.changed', { ...change, topic: change.topic });
  });
  const notices: string[] = [];
  // Another process took the data folder over (its lock file was deleted): the window says so.
  lock.onLost((err) => {
    logger.log('error', 'the data folder lock was lost', { error: err.message });
    notices.push(err.message);
    status.setActivity(err.message);
  });
  if (cache.recovery) notices.push(recoveryNotice(cache.recovery));
  const profiles = new ProfilesService({
    repo: cache.profiles,
    secrets: opts.secrets,
    logger,
    clock,
    ...(opts.registerSecret ? { registerSecret: opts.registerSecret } : {}),
  });
  let workspace: Workspace | null = null;
  // every 64 KiB chunk of an upload's file reports progress: the id alone, not the row with its form parsed
  // (the full row was 2.3 MB of core's allocations while 10 PDFs uploaded)
  const manuscriptIdOf = (entry: OutboxEntry) =>
    entry.kind === 'upload' ? cache.manuscripts.idOf(entry.profileId, entry.data.originId) : undefined;
  const showSync = (s: SyncStatus) => status.update({ connectivity: s.connectivity, pendingWrites: s.pending, failedWrites: s.parked });
  // Opens the active profile's workspace and shows its queue in the status bar straight away.
  const wire = (profileId: string | null): Workspace | null => {
    if (profileId === null) return null;
    const ws = openWorkspace(profileId, {
      cache,
      profiles,
      dataDir: opts.dataDir,
      clock,
      logger,
      ...(opts.timers ? { timers: opts.timers } : {}),
      track: (name, fn) => slowTasks.track(name, fn),
      onStatus: showSync,
      onUploadProgress: (entry, sentBytes, totalBytes) => {
        const manuscriptId = manuscriptIdOf(entry);
        if (manuscriptId !== undefined) events.emit('upload.progress', { manuscriptId, sentBytes, totalBytes });
      },
    });
    showSync(ws.sync.status());
    if (started) ws.start();
    return ws;
  };
  let started = false;
  workspace = firstReads(() => wire(profiles.activeId()));
  // A first start (no profile yet) whose demo service will make the first profile: what needs a workspace meanwhile
  // waits for it (ctx.whenWorkspace) instead of failing with "No connection profile is selected".
  let firstProfile: { ready: Promise<void>; settle: () => void } | null = null;
  if (opts.startDemo && workspace === null && profiles.wantsDemo()) {
    let settle!: () => void;
    const ready = new Promise<void>((resolve) => (settle = resolve));
    firstProfile = { ready, settle };
  }
  const settleFirstProfile = () => {
    firstProfile?.settle();
    firstProfile = null;
  };

  const webhook = new WebhookService({
    cache,
    secrets: opts.secrets,
    dataDir: opts.dataDir,
    logger,
    activeProfileId: () => profiles.activeId(),
  });

  const office = new OfficeService({
    cache,
    secrets: opts.secrets,
    driver: opts.officeDriver ?? postgresOffice,
    clock,
    timers: opts.timers ?? systemTimers,
    logger,
    ...(opts.registerSecret ? { registerSecret: opts.registerSecret } : {}),
    onStatus: (v) => status.setOffice(v),
  });

  const intake = new IntakeService();
  const ctx: CoreContext = {
    intake,
    cache,
    profiles,
    secrets: opts.secrets,
    staging: new StagingArea(join(opts.dataDir, 'staging')),
    events,
    status,
    webhook,
    logger,
    clock,
    workspace: () => {
      if (!workspace) throw new DeskError('not_found', 'No connection profile is selected. Add one in Settings.');
      return workspace;
    },
    whenWorkspace: async () => {
      if (!workspace && firstProfile) await firstProfile.ready;
      return ctx.workspace();
    },
    firstProfilePending: () => workspace === null && firstProfile !== null,
    activate: async (profileId) => {
      profiles.setActive(profileId);
      const old = workspace;
      workspace = wire(profileId);
      await old?.close();
      if (started) await office.attach(profileId);
    },
    stagesPaths: opts.host === 'electron',
    ...(opts.pickFiles ? { pickFiles: opts.pickFiles } : {}),
    ...(opts.openExternal ? { openExternal: opts.openExternal } : {}),
    ...(opts.restartToUpdate ? { restartToUpdate: opts.restartToUpdate } : {}),
  };

  const handlers: Handlers = {
    'app.info': () => ({
      name: opts.appName ?? 'Referee Desk',
      version: opts.appVersion,
      dataDir: opts.dataDir,
      host: opts.host,
      platform: platform(),
      connectivity: status.get().connectivity,
      notices,
    }),
    ...outboxHandlers(ctx),
    ...profileHandlers(ctx),
    ...manuscriptHandlers(ctx),
    ...candidateHandlers(ctx),
    ...groupHandlers(ctx),
    ...webhookHandlers(ctx),
    ...shortlistHandlers(ctx),
    ...decisionsHandlers(ctx),
    ...officeHandlers(ctx, office),
    ...updateHandlers({ ...ctx, dataDir: opts.dataDir, desktop: opts.host === 'electron' }),
    'demo.restart': async () => {
      if (!opts.startDemo) throw new DeskError('unsupported', 'This app runs no local demo service.');
      if (status.get().demo?.state !== 'failed')
        throw new DeskError('conflict', 'The local demo service is not stopped; there is nothing to restart.');
      await startDemo();
      return status.get();
    },
  };

  const router = new Router(withCacheErrors(handlers, cache), logger, slowTasks);

  let demo: { close?: () => Promise<void> } | null = null;
  // the supervisor gave up: said in the status bar, as a notice, and as a `failed` demo state the window
  // offers a restart for (demo.restart); a restart that works takes the notice back
  let demoNotices: string[] = [];
  const demoNotice = (message: string) => {
    logger.log('error', 'the local demo service is not available', { error: message });
    notices.push(message);
    demoNotices.push(message);
    status.setActivity(message);
    status.setDemo({ state: 'failed', message });
    settleFirstProfile();
  };
  const demoRunning = () => {
    for (const n of demoNotices) notices.splice(notices.indexOf(n), 1);
    demoNotices = [];
    status.setDemo({ state: 'running', message: null });
    status.setActivity(null);
    settleFirstProfile();
  };
  // Points the demo profile at the service (a new port after a restart) and shows its data.
  const useDemo = async (service: DemoService) => {
    const before = profiles.activeId();
    const record = await profiles.ensureDemoProfile(async () => service);
    if (
      record &&
      record.id === profiles.activeId() &&
      (before !== record.id || workspace?.profileId !== record.id || service.baseUrl !== workspace.api.baseUrl)
    ) {
      await ctx.activate(record.id);
    }
  };
  const startDemo = async () => {
    if (!opts.startDemo || !profiles.wantsDemo()) return settleFirstProfile();
    status.setActivity('Starting the local demo service…');
    status.setDemo({ state: 'starting', message: null });
    try {
      const service = await opts.startDemo({
        restarting: () => {
          status.setActivity('The local demo service stopped; restarting it…');
          status.setDemo({ state: 'restarting', message: null });
        },
        restarted: async (again) => {
          await step('demo service', () => useDemo(again));
          demoRunning();
        },
        failed: demoNotice,
      });
      demo = service;
      if (closed) {
        await service.close?.();
        return;
      }
      await step('demo service', () => useDemo(service));
      demoRunning();
    } catch (err) {
      demoNotice(`The local demo service could not start: ${err instanceof Error ? err.message : String(err)}`);
    }
  };

  // The office of the active profile: linked from `--office` first when given, then its loop started.
  const linkOffice = async () => {
    const id = profiles.activeId();
    if (id === null) return;
    if (opts.office !== undefined) {
      try {
        const given = splitOfficeUrl(opts.office);
        const password = given.password ?? (await opts.secrets.get(officeAccount(id)));
        if (password === null)
          throw new DeskError('unauthorized', 'The office address given with --office has no password, and none is in the keychain.');
        const check = await office.link(id, { url: given.url, login: given.login, password });
        if (!check.ok) throw new DeskError('unauthorized', check.message);
      } catch (err) {
        const message = `The editorial office could not be linked: ${err instanceof Error ? err.message : String(err)}`;
        notices.push(message);
        logger.log('warn', 'office link from --office failed', { error: message });
      }
    }
    await office.attach(id);
  };

  // After the first paint: nothing here may hold up the window.
  let starting: Promise<void> | null = null;
  let checkpointer: WalCheckpointer | null = null;
  let runWriter: RunWriter | null = null;
  let restoring: Promise<void> = Promise.resolve();
  let closed = false;
  const afterFirstPaint = () =>
    (starting ??= (async () => {
      if (closed) return;
      started = true;
      slowTasks.start();
      // WAL checkpoints in a worker thread, not inside one of this thread's commits (cache/checkpointer.ts)
      checkpointer = await step('WAL checkpoint worker', () => checkpointInWorker(cache.db, { logger }));
      // upload answers' candidate rows, author links and ledger suggestions in a worker thread (cache/run-writer.ts);
      // until it is ready, or if it cannot run, they are written in slices on this thread
      const writer = (runWriter = await step('run writer', () => startRunWriter(cache.db, { logger, gate: cache.changes.writerGate })));
      void writer.ready.then(
        () => {
          if (closed) return;
          cache.runs.useRunWriter(writer);
          logger.log('info', 'upload answers are written by the run writer thread');
        },
        () => undefined,
      );
      // Intake workers kept warm, so a dropped file costs what its parsing costs (issue 14 item 4).
      if (opts.warmIntake) await step('intake pool', () => intake.warm());
      // what the first answer did not need, loaded now rather than in the middle of a first request or drop
      await step('loading the HTTP client', loadServiceTransport);
      await step('loading the ZIP reader', loadZipReader);
      if (closed) return;
      workspace?.start();
      // The office's loop starts beside the rest, never ahead of the demo service (it may wait on the keychain).
      const officeStarted = step('editorial office', () => linkOffice()).catch((err: unknown) =>
        logger.log('warn', 'the editorial office could not be started', { error: err instanceof Error ? err.message : String(err) }),
      );
      await step('staging sweep', () => ctx.staging.sweep(7 * 24 * 3600_000, clock.now()));
      // author records of runs whose slices a stop interrupted (RunRecorder.linkRun)
      void cache.runs
        .linkPendingRuns()
        .catch((err: unknown) =>
          logger.log('warn', 'linking interrupted runs failed', { error: err instanceof Error ? err.message : String(err) }),
        );
      restoring = step('webhook receiver', () => webhook.restore());
      await restoring;
      await startDemo();
      await officeStarted;
    })());

  const core: Core = {
    router,
    events,
    status,
    cache,
    profiles,
    intake,
    staging: ctx.staging,
    workspace: () => workspace,
    start: afterFirstPaint,
    close: async () => {
      // The demo service may still be starting: it is stopped by its own close (or, when it
      // answers only now, right after) — the app does not wait for it to finish starting.
      closed = true;
      settleFirstProfile();
      slowTasks.stop();
      await restoring.catch(() => undefined);
      await office.detach();
      await workspace?.close();
      await webhook.close();
      await intake.close();
      await profiles.close();
      await demo?.close?.();
      cache.runs.useRunWriter(null);
      await runWriter?.close();
      await checkpointer?.close();
      cache.close();
      lock.release();
    },
  };
  if (!opts.deferStart) await core.start();
  return core;
}
