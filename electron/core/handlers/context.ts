import { DeskError } from '../../common/errors';
import type { ManuscriptRow } from '../../common/shapes';
import type { Cache } from '../cache';
import type { EventBus } from '../events';
import type { StagingArea } from '../files/staging';
import type { IntakeService } from '../intake';
import type { Clock, Logger, SecretStore } from '../ports';
import type { ProfilesService } from '../profiles';
import type { StatusService } from '../status';
import type { WebhookService } from '../webhook/service';
import type { Workspace } from '../workspace';

/** What every feature's handlers may use; built once in composition.ts. */
export interface CoreContext {
  cache: Cache;
  profiles: ProfilesService;
  secrets: SecretStore;
  staging: StagingArea;
  /** Reads title, abstract and authors from a manuscript file, off the main thread. */
  intake: IntakeService;
  events: EventBus;
  status: StatusService;
  webhook: WebhookService;
  logger: Logger;
  clock: Clock;
  /** The workspace of the active profile; throws a clear error when no profile is active. */
  workspace(): Workspace;
  /** The same, but on a first start whose demo service will make the first profile, it waits for that service to
   *  answer (or fail) instead of throwing: a write asked for meanwhile is queued the moment a profile exists. */
  whenWorkspace(): Promise<Workspace>;
  /** No profile yet, and the first start's demo service is about to make one: reads answer "nothing yet", not an error. */
  firstProfilePending(): boolean;
  /** Switches the active profile and rebuilds its workspace. */
  activate(profileId: string): Promise<void>;
  /** Files may be staged by their path (files.stagePath): the Electron shell, whose preload sends only the
   * paths of files the editor dropped or picked. The browser host sends bytes (files.stage). */
  stagesPaths: boolean;
  /** The native "open files" dialog, where the host has one (Electron). */
  pickFiles?: () => Promise<string[]>;
  /** Hands a mailto: URL to the system (Electron: shell.openExternal); the browser host has none. */
  openExternal?: (url: string) => Promise<void>;
  /** Quits and installs a downloaded update (Electron's updater); the browser host has none. */
  restartToUpdate?: () => void;
}

/**
 * The manuscript `id` when it belongs to the active profile; otherwise a not_found error naming `field`
 * (the input field that carried the id; none where the id is the request's subject).
 */
export function ownManuscript(ctx: CoreContext, id: number, field?: string): ManuscriptRow {
  const m = ctx.cache.manuscripts.getById(id);
  if (!m || m.profileId !== ctx.workspace().profileId)
    throw new DeskError('not_found', 'This manuscript is not in the cache of the active profile.', field === undefined ? {} : { field });
  return m;
}

/** The run of candidates `runId` when its manuscript belongs to the active profile; otherwise not_found on `runId`. */
export function ownRun(ctx: CoreContext, runId: number) {
  const run = ctx.cache.manuscripts.run(runId);
  const m = run ? ctx.cache.manuscripts.getById(run.manuscriptId) : undefined;
  if (!run || !m || m.profileId !== ctx.workspace().profileId)
    throw new DeskError('not_found', 'This run of candidates is not in the cache of the active profile.', { field: 'runId' });
  return run;
}
