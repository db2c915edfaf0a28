// Loaded with `node --import` into the browser host by bench/host-drop.bench.ts: the host's event-loop delay,
// written to $DESK_ELD_OUT as JSON (max, p99 in ms) and started afresh on each SIGUSR2.
// Where Linux says how (/proc/PID/task/PID/schedstat: the main thread's time on a core and waiting for one),
// each stretch over STRETCH_MS between two ticks is split into the time the thread ran (the host's code),
// waited for a core (another process had it: the machine) and neither (blocked in a system call or asleep).
// With DESK_FSYNCS_OUT (Linux, strace installed) strace follows the main thread's fsync and fdatasync calls
// into that file, and each report lists those made since the last one (ms each): a commit that waits for the
// disk on the host's thread.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setInterval } from 'node:timers';

const out = process.env.DESK_ELD_OUT;
const STRETCH_MS = 16;
const TICK_MS = 2;

/** The main thread's [on a core, waiting for a core] in ms, or null where /proc has no schedstat. */
function sched() {
  try {
    const [run, wait] = readFileSync(`/proc/${process.pid}/task/${process.pid}/schedstat`, 'latin1').split(' ');
    return [Number(run) / 1e6, Number(wait) / 1e6];
  } catch {
    return null;
  }
}

/** The main thread's fsyncs since `sinceMs` (Date.now() clock), from strace's log: [ms each]; null without one. */
function fsyncs(sinceMs) {
  const log = process.env.DESK_FSYNCS_OUT;
  if (!log || !existsSync(log)) return null;
  return readFileSync(log, 'latin1')
    .split('\n')
    .map((line) => /^(\d+\.\d+) f(?:data)?sync\(.*<([\d.]+)>$/.exec(line))
    .filter((m) => m && Number(m[1]) * 1000 >= sinceMs)
    .map((m) => Number((Number(m[2]) * 1000).toFixed(1)));
}

if (out && process.env.DESK_FSYNCS_OUT) {
  // the main thread only (its task id is the pid): the pool's and workers' threads are other tasks
  spawn('strace', ['-p', String(process.pid), '-e', 'trace=fsync,fdatasync', '-ttt', '-T', '-o', process.env.DESK_FSYNCS_OUT], {
    stdio: 'ignore',
    detached: true,
  }).unref();
}

if (out) {
  let reportedAt = Date.now();
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  /** Stretches over STRETCH_MS since the last report: { ms, runMs, waitMs } */
  let stretches = [];
  let last = { at: performance.now(), s: sched() };
  if (last.s) {
    setInterval(() => {
      const now = { at: performance.now(), s: sched() };
      const ms = now.at - last.at - TICK_MS;
      if (ms > STRETCH_MS && now.s)
        stretches.push({ ms, runMs: now.s[0] - last.s[0], waitMs: now.s[1] - last.s[1], endUs: Number(process.hrtime.bigint() / 1000n) });
      last = now;
    }, TICK_MS).unref();
  }
  process.on('SIGUSR2', () => {
    const longest = (key) => stretches.reduce((m, s) => Math.max(m, s[key]), 0);
    // written whole, then renamed: the bench reads the file as soon as it exists
    writeFileSync(
      `${out}.part`,
      JSON.stringify({
        maxMs: loop.max / 1e6,
        p99Ms: loop.percentile(99) / 1e6,
        samples: loop.count,
        // the monotonic clock a --cpu-prof profile's timestamps use (µs), to find this moment in it
        atUs: Number(process.hrtime.bigint() / 1000n),
        // ms since the process started, the clock of --trace-gc's lines
        atMs: Math.round(performance.now()),
        // null where schedstat is missing; else the most the thread ran, and waited for a core, in one stretch
        sched: last.s ? { runMaxMs: longest('runMs'), waitMaxMs: longest('waitMs'), stretches } : null,
        // with DESK_FSYNCS_OUT: the main thread's fsyncs since the last report, ms each
        fsyncs: fsyncs(reportedAt),
      }),
    );
    renameSync(`${out}.part`, out);
    reportedAt = Date.now();
    loop.reset();
    stretches = [];
  });
}
