// Waits until the machine is quiet before a measured step. A Chromium just launched keeps both of this
// machine's cores busy for another 400-600 ms (its GPU process and the first page's set-up, measured with
// /proc after `goto('about:blank')`), so a step timed right after a launch measured Chromium's start as much
// as the app's. The rows that say "the editor's browser is already running" wait here first.
import { readFileSync } from 'node:fs';

/** Busy, stolen and total jiffies of all cores since boot, from /proc/stat's first line; null off Linux. */
function cpuTimes(): { busy: number; steal: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
    const [, ...fields] = line.trim().split(/\s+/);
    // user nice system idle iowait irq softirq steal; guest time is counted in user and nice already
    const n = fields.slice(0, 8).map(Number);
    const total = n.reduce((a, b) => a + b, 0);
    // idle and iowait are the 4th and 5th fields
    // steal (8th): time this virtual machine's cores were ready to run and the hypervisor ran another's
    return { busy: total - n[3]! - (n[4] ?? 0), steal: n[7] ?? 0, total };
  } catch {
    return null;
  }
}

export interface Quiet {
  /** How long the wait took. */
  waitedMs: number;
  /** Whether the machine was quiet within the limit. */
  settled: boolean;
  /** False where the load cannot be read (no /proc/stat): nothing was waited for. */
  measured: boolean;
}

/**
 * Resolves once the machine's cores have been at most `busyShare` busy over one `windowMs` window
 * (0.15 of all cores: e.g. a third of one core on 2), or after `limitMs` whatever the load.
 */
export async function quiet({ busyShare = 0.15, windowMs = 200, limitMs = 5000 } = {}): Promise<Quiet> {
  const t0 = performance.now();
  let last = cpuTimes();
  if (!last) return { waitedMs: 0, settled: false, measured: false };
  while (performance.now() - t0 < limitMs) {
    await new Promise((r) => setTimeout(r, windowMs));
    const now = cpuTimes()!;
    const total = now.total - last.total;
    const share = total > 0 ? (now.busy - last.busy) / total : 0;
    last = now;
    if (share <= busyShare) return { waitedMs: performance.now() - t0, settled: true, measured: true };
  }
  return { waitedMs: performance.now() - t0, settled: false, measured: true };
}

/** How a row says it waited, for its note. */
export const quietNote = (q: Quiet) =>
  !q.measured
    ? 'machine load not read (no /proc/stat), not waited for'
    : q.settled
      ? `machine quiet after ${Math.round(q.waitedMs)} ms`
      : `machine still busy after ${Math.round(q.waitedMs)} ms`;

/**
 * Runs `fn` and says how much of the cores' time the hypervisor took while it ran (steal, in /proc/stat): on a
 * shared virtual machine a frame can stall with its thread ready and not running (traced: a 32 ms layout with
 * 0.1 ms of CPU in it), which is the host's and no part of the page's work. For a row's note; null off Linux.
 */
export async function withSteal<T>(fn: () => Promise<T>): Promise<{ value: T; steal: string | null }> {
  const before = cpuTimes();
  const value = await fn();
  const after = cpuTimes();
  if (!before || !after) return { value, steal: null };
  const total = after.total - before.total;
  const steal = after.steal - before.steal;
  // USER_HZ is 100 on Linux: a jiffy is 10 ms
  const share = total > 0 ? (100 * steal) / total : 0;
  return { value, steal: `${(steal * 10).toLocaleString('en')} ms stolen by the host (${share.toFixed(1)} % of the cores' time)` };
}
