// Child process of bench/host-flood.bench.ts: only core and the browser host, so the memory figures are the
// host's, not the bench runner's (which holds the clients). Prints one JSON line {origin, token, idle} when
// ready; on a line on stdin, prints {peak} (VmHWM since ready) and the host's event-loop delay (max, p99) and exits.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { createCore } from '../electron/core/composition';
import { startHost } from '../electron/host/server';
import { MemoryLogger, MemorySecrets } from '../test/support/fakes';

function status(field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`^${field}:\\s*(\\d+) kB$`, 'm').exec(readFileSync('/proc/self/status', 'utf8'));
  if (!m) throw new Error(`no ${field} in /proc/self/status`);
  return Number(m[1]) * 1024;
}

const www = mkdtempSync(join(tmpdir(), 'host-flood-'));
writeFileSync(join(www, 'index.html'), '<!doctype html><title>Referee Desk</title>');
const core = await createCore({
  appVersion: '0.0.0',
  dataDir: www,
  host: 'browser',
  secrets: new MemorySecrets(),
  logger: new MemoryLogger(),
});
const host = await startHost({ core, rendererDir: www });
await new Promise((r) => setTimeout(r, 500));
const idle = status('VmRSS');
writeFileSync('/proc/self/clear_refs', '5');
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
console.log(JSON.stringify({ origin: host.origin, token: host.token, idle }));
createInterface({ input: process.stdin }).once('line', () => {
  loop.disable();
  console.log(JSON.stringify({ peak: status('VmHWM'), loopMaxMs: loop.max / 1e6, loopP99Ms: loop.percentile(99) / 1e6 }));
  void host
    .close()
    .then(() => core.close())
    .then(() => {
      // the staged files (8 × 50 MB) go with the data folder
      rmSync(www, { recursive: true, force: true });
      process.exit(0);
    });
});
