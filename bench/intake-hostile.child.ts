// Child process of bench/intake-hostile.bench.ts: runs only an IntakeService (its warm worker pool), so the
// memory figures are the intake's, not the bench runner's. Usage: node --import tsx intake-hostile.child.ts
// DIR HOSTILE GOOD. Prints one JSON line: idle RSS, peak RSS while the hostile file and the good file dropped
// right after it are read, and the time until each answered.
import { readFileSync, writeFileSync } from 'node:fs';
import { IntakeService } from '../electron/core/intake/index';

const [dir, hostile, good] = process.argv.slice(2) as [string, string, string];

/** A field of /proc/self/status, in bytes (VmRSS: now, VmHWM: peak since the last reset). */
function status(field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`^${field}:\\s*(\\d+) kB$`, 'm').exec(readFileSync('/proc/self/status', 'utf8'));
  if (!m) throw new Error(`no ${field} in /proc/self/status`);
  return Number(m[1]) * 1024;
}

const svc = new IntakeService({ defaults: { root: dir } });
svc.warm();
// one good file through every worker first: pdf.js and the readers are loaded, as in an app that has run a while
await Promise.all(Array.from({ length: svc.poolSize }, () => svc.inspect(good)));
await new Promise((r) => setTimeout(r, 500));
const idle = status('VmRSS');
// from here VmHWM is the peak of this run (Linux: writing 5 to clear_refs resets the high-water mark)
writeFileSync('/proc/self/clear_refs', '5');

const t0 = performance.now();
const hostileRun = svc.inspect(hostile).then((r) => ({ ms: performance.now() - t0, error: r.error?.message ?? null }));
const goodRun = svc.inspect(good).then((r) => ({ ms: performance.now() - t0, title: r.title ?? null, error: r.error?.message ?? null }));
const [h, g] = await Promise.all([hostileRun, goodRun]);
const peak = status('VmHWM');
await svc.close();
process.stdout.write(`${JSON.stringify({ idle, pool: svc.poolSize, peak, hostile: h, good: g })}\n`);
