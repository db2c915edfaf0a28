// Waits until the machine is quiet before a measured step. A Chromium just launched keeps both of this
// machine's cores busy for another 400-600 ms (its GPU process and the first page's set-up, measured with
// /proc after `goto('about:blank')`), so a step timed right after a launch measured Chromium's start as much
// as the app's. The rows that say "the editor's browser is already running" wait here first.
import { readFileSync } from 'node:fs';

/** Busy and total jiffies of all cores since boot, from /proc/stat's first line; null off Linux. */
function cpuTimes(): { busy: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
    const [, ...fields] = line.trim().split(/\s+/);
    // user nice system idle iowait irq softirq steal; guest time is counted in user and nice already
    const n = fields.slice(0, 8).map(Number);
    const total = n.reduce((a, b) => a + b, 0);
    // idle and iowait are the 4th and 5th fields
    return { busy: total - n[3]! - (n[4] ?? 0), total };
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
