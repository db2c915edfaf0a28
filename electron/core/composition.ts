// The one place where core is wired (ARCHITECTURE.md §3 rule 9): constructor injection, no
// module-level singletons, so a test builds a whole core with fakes in one call.
import { mkdirSync } from 'node:fs';
import { platform } from 'node:os';
import { join } from 'node:path';
import type { AppInfo } from '../common/contract';
import { DeskError } from '../common/errors';
import { openCache, type Cache } from './cache';
import type { OutboxEntry } from './outbox';
import { EventBus } from './events';
import type { CoreContext } from './features/context';
import { candidateHandlers } from './features/candidates';
import { groupHandlers } from './features/groups';
import { manuscriptHandlers } from './features/manuscripts';
import { outboxHandlers } from './features/outbox';
import { profileHandlers } from './features/profiles';
import { webhookHandlers } from './features/webhook';
import { StagingArea } from './files/staging';
import { IntakeService } from './intake';
import type { Clock, Logger, SecretStore } from './ports';
import { systemClock } from './ports';
import { ProfilesService, type DemoService } from './profiles';
import { Router, type Handlers } from './router';
import { StatusService } from './services/status';
import { WebhookService } from './services/webhook';
import type { SyncStatus, Timers } from './sync';
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
  /** Starts the local demo service (the host passes electron/sandbox); used on a first start with no profile. */
  startDemo?: () => Promise<DemoService & { close?: () => Promise<void> }>;
  /** The native "open files" dialog (Electron); the browser host has none. */
  pickFiles?: () => Promise<string[]>;
}

export interface Core {
  readonly router: Router;
  readonly events: EventBus;
  readonly status: StatusService;
  readonly cache: Cache;
  readonly profiles: ProfilesService;
  /** The active profile's workspace, or null when there is no profile. */
  workspace(): Workspace | null;
  close(): Promise<void>;
}

export async function createCore(opts: CoreOptions): Promise<Core> {
  const clock = opts.clock ?? systemClock;
  const logger = opts.logger;
  mkdirSync(opts.dataDir, { recursive: true });
  const events = new EventBus();
  const status = new StatusService(events, clock);
  const cache = openCache({ file: join(opts.dataDir, 'cache.db'), clock, logger });
  const notices: string[] = [];
  if (cache.recovery) {
    notices.push(
      `The local cache was damaged and has been rebuilt (${cache.recovery.reason}). ` +
        (cache.recovery.outboxKept ? 'Every queued change was kept.' : `Some queued changes could not be kept: ${cache.recovery.lost.map((l) => l.table).join(', ')}.`) +
        ` The damaged file is at ${cache.recovery.movedTo}.`,
    );
  }
  const profiles = new ProfilesService({ repo: cache.profiles, secrets: opts.secrets, logger, clock, ...(opts.registerSecret ? { registerSecret: opts.registerSecret } : {}) });
  let demo: { close?: () => Promise<void> } | null = null;
  if (opts.startDemo) {
    try {
      await profiles.ensureDemoProfile(async () => (demo = await opts.startDemo!()));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      logger.log('error', 'the local demo service could not start', { error: message });
      notices.push(`The local demo service could not start: ${message}`);
    }
  }

  let workspace: Workspace | null = null;
  const manuscriptOf = (entry: OutboxEntry) => (entry.kind === 'upload' ? cache.manuscripts.get(entry.profileId, entry.data.form.origin_id) : undefined);
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
      onStatus: showSync,
      onOutboxChanged: () => events.emit('data.changed', { topic: 'outbox' }),
      onUploadProgress: (entry, sentBytes, totalBytes) => {
        const m = manuscriptOf(entry);
        if (m) events.emit('upload.progress', { manuscriptId: m.id, sentBytes, totalBytes });
      },
      onEntrySettled: (entry) => {
        if (entry.kind === 'upload') {
          const m = manuscriptOf(entry);
          events.emit('data.changed', m ? { topic: 'manuscripts', id: m.id } : { topic: 'manuscripts' });
          events.emit('data.changed', m ? { topic: 'candidates', id: m.id } : { topic: 'candidates' });
        } else if (entry.kind === 'group_create') events.emit('data.changed', { topic: 'groups', id: entry.data.groupLocalId });
        else events.emit('data.changed', { topic: 'authors', id: entry.data.groupLocalId });
      },
    });
    showSync(ws.sync.status());
    return ws;
  };
  workspace = wire(profiles.activeId());

  const webhook = new WebhookService({
    cache,
    secrets: opts.secrets,
    dataDir: opts.dataDir,
    logger,
    activeProfileId: () => profiles.activeId(),
    onMarksChanged: (change) => events.emit('data.changed', change.manuscriptLocalId === undefined ? { topic: 'marks' } : { topic: 'marks', id: change.manuscriptLocalId }),
    onDelivery: () => events.emit('data.changed', { topic: 'webhook' }),
  });
  await webhook.restore();

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
    activate: async (profileId) => {
      profiles.setActive(profileId);
      const old = workspace;
      workspace = wire(profileId);
      await old?.close();
      events.emit('data.changed', { topic: 'manuscripts' });
      events.emit('data.changed', { topic: 'groups' });
    },
    ...(opts.pickFiles ? { pickFiles: opts.pickFiles } : {}),
  };
  ctx.staging.sweep(7 * 24 * 3600_000, clock.now());

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
  };

  const router = new Router(handlers, logger);
  return {
    router,
    events,
    status,
    cache,
    profiles,
    workspace: () => workspace,
    close: async () => {
      await workspace?.close();
      await webhook.close();
      await intake.close();
      await profiles.close();
      await demo?.close?.();
      cache.close();
    },
  };
}
