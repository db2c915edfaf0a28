// The one place where core is wired (ARCHITECTURE.md §3 rule 9): constructor injection, no
// module-level singletons, so a test builds a whole core with fakes in one call.
import { platform } from 'node:os';
import type { AppInfo } from '../common/contract';
import { EventBus } from './events';
import type { Clock, Logger, SecretStore } from './ports';
import { systemClock } from './ports';
import { Router, type Handlers } from './router';
import { StatusService } from './services/status';

export interface CoreOptions {
  appName?: string;
  appVersion: string;
  dataDir: string;
  host: AppInfo['host'];
  secrets: SecretStore;
  logger: Logger;
  clock?: Clock;
}

export interface Core {
  readonly router: Router;
  readonly events: EventBus;
  readonly status: StatusService;
  close(): Promise<void>;
}

export async function createCore(opts: CoreOptions): Promise<Core> {
  const clock = opts.clock ?? systemClock;
  const events = new EventBus();
  const status = new StatusService(events, clock);

  const handlers: Handlers = {
    'app.info': () => ({
      name: opts.appName ?? 'Referee Desk',
      version: opts.appVersion,
      dataDir: opts.dataDir,
      host: opts.host,
      platform: platform(),
      connectivity: status.get().connectivity,
    }),
    'app.status': () => status.get(),
  };

  const router = new Router(handlers, opts.logger);
  return {
    router,
    events,
    status,
    close: async () => {},
  };
}
