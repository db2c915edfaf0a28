// A second Referee Desk process for instance.test.ts: opens core (browser host) on the data folder
// given as argument, prints one JSON line, then waits to be killed.
import { createCore } from '../../../electron/core/composition';
import { MemoryLogger, MemorySecrets } from '../../support/fakes';

const core = await createCore({
  appVersion: '0.0.0',
  dataDir: process.argv[2]!,
  host: 'browser',
  secrets: new MemorySecrets(),
  logger: new MemoryLogger(),
});
process.stdout.write(
  `${JSON.stringify({ ready: true, pid: process.pid, outbox: core.cache.db.prepare('SELECT count(*) AS n FROM outbox').get() })}\n`,
);
setInterval(() => undefined, 60_000);
