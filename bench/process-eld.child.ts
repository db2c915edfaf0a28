// Child of bench/process.bench.ts: the event-loop row, measured in a process that runs core as the app
// runs it. The bench bundles this file into plain JavaScript with the built workers (out/main's
// intake-worker.js, run-writer.js, demo-service.js) and runs it with plain Node, as the browser host runs
// out/main/host.js: no TypeScript loader and no bench runner on the heap whose collections it measures.
// Usage: node <bundle> PDF_DIR RESULT_FILE. Writes the rows (BenchRow[]) as JSON to RESULT_FILE.
import { closeSync, existsSync, openSync, readSync, writeFileSync } from 'node:fs';
import { constants, monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import { appCore, call, dropAndInspect, load, pdfs } from './process-app';
import { quiet, quietNote } from './quiet';
import type { BenchRow } from './types';

const SUITE = 'process';
const [pdfDir, resultFile] = process.argv.slice(2) as [string, string];

/**
 * The loop's delay without the scheduler's share: for each tick of a 1 ms timer, the wall-clock gap since the
 * last tick minus the time this thread sat runnable waiting for a core (/proc/thread-self/schedstat, field 2),
 * and minus the 1 ms period. What is left is the thread's own work plus the disk waits it made (fsync, writes
 * throttled by the kernel); apart, the thread's CPU time between ticks (its work alone). On a shared, loaded
 * machine the plain delay mostly measures the other processes; these two do not. Linux only (null elsewhere).
 */
interface Gap {
  /** ms after the window's start */
  at: number;
  ms: number;
  /** of which waiting runnable for a core, and running on one */
  wait: number;
  cpu: number;
}

function delayWithoutRunQueue(): { stop(): { own: number[]; cpu: number[]; worst: Gap[] } } | null {
  const file = '/proc/thread-self/schedstat';
  if (!existsSync(file)) return null;
  // Read a thousand times a second, so the measuring must add no garbage of its own to the heap it measures:
  // one descriptor, one buffer, and the two figures per tick in preallocated arrays. schedstat's first field
  // is the thread's time on a CPU, its second the time it waited runnable for one (both in ns).
  const fd = openSync(file, 'r');
  const buf = Buffer.alloc(128);
  const stat = new Float64Array(2);
  const read = () => {
    const n = readSync(fd, buf, 0, buf.length, 0);
    let field = 0;
    stat[0] = 0;
    stat[1] = 0;
    for (let i = 0; i < n && field < 2; i++) {
      const b = buf[i]!;
      if (b >= 48 && b <= 57) stat[field] = stat[field]! * 10 + b - 48;
      else field++;
    }
  };
  const MAX_TICKS = 600_000; // ten minutes of 1 ms ticks
  const own = new Float64Array(MAX_TICKS);
  const cpu = new Float64Array(MAX_TICKS);
  let n = 0;
  // the three longest gaps between ticks, preallocated (at, ms, wait, cpu) × 3
  const worst = new Float64Array(12);
  const start = performance.now();
  let lastT = start;
  read();
  let lastC = stat[0]! / 1e6;
  let lastW = stat[1]! / 1e6;
  const timer = setInterval(() => {
    const t = performance.now();
    read();
    const c = stat[0]! / 1e6;
    const w = stat[1]! / 1e6;
    if (n < MAX_TICKS) {
      own[n] = Math.max(0, t - lastT - (w - lastW) - 1);
      cpu[n] = c - lastC;
      n++;
    }
    const gap = t - lastT - 1;
    if (gap > worst[9]!) {
      let k = 2; // the slot it takes, the longer ones kept before it
      while (k > 0 && gap > worst[(k - 1) * 4 + 1]!) {
        worst.copyWithin(k * 4, (k - 1) * 4, k * 4);
        k--;
      }
      worst.set([lastT - start, gap, w - lastW, c - lastC], k * 4);
    }
    lastT = t;
    lastW = w;
    lastC = c;
  }, 1);
  const sorted = (a: Float64Array) => [...a.subarray(0, n).sort()];
  return {
    stop: () => {
      clearInterval(timer);
      closeSync(fd);
      const gaps = [0, 1, 2].map((k) => ({ at: worst[k * 4]!, ms: worst[k * 4 + 1]!, wait: worst[k * 4 + 2]!, cpu: worst[k * 4 + 3]! }));
      return { own: sorted(own), cpu: sorted(cpu), worst: gaps.filter((g) => g.ms > 0) };
    },
  };
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** PROCESS_PROFILE=<file>: a CPU profile of the measured window (inspector Profiler in this process, sampled
 * every 250 µs), to attribute the loop's long slices (docs/process-model.md "Measuring it"). */
async function startProfile(): Promise<{ stop(): Promise<void> } | null> {
  const file = process.env.PROCESS_PROFILE;
  if (!file) return null;
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 250 });
  await session.post('Profiler.start');
  return {
    stop: async () => {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

/** PROCESS_HEAP=<file>: a sampling heap profile of the measured window (inspector HeapProfiler, every
 * 16 KiB allocated, objects a GC collected included), to see what core's thread allocates while it works. */
async function startHeapSampling(): Promise<{ stop(): Promise<void> } | null> {
  const file = process.env.PROCESS_HEAP;
  if (!file) return null;
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 16384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  return {
    stop: async () => {
      const { profile } = await session.post('HeapProfiler.stopSampling');
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

/** Garbage collections of this thread's heap in the window: how many full (Mark-Compact) ones and their
 * pauses, which are main-thread time whatever the load (perf_hooks 'gc' entries). */
function watchGc(): { stop(): { majors: number[]; minors: number } } {
  const majors: number[] = [];
  let minors = 0;
  const count = (entries: PerformanceEntry[]) => {
    for (const e of entries) {
      const kind = (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) majors.push(e.duration);
      else minors++;
    }
  };
  const obs = new PerformanceObserver((list) => count(list.getEntries()));
  obs.observe({ entryTypes: ['gc'] });
  return {
    stop: () => {
      count(obs.takeRecords()); // GCs of the window's last moments, not yet delivered
      obs.disconnect();
      return { majors, minors };
    },
  };
}

async function eventLoopRun(): Promise<BenchRow[]> {
  const files = pdfs(pdfDir, 10);
  const app = await appCore();
  try {
    // The drop comes a moment after the start: the machine's start-up work (this bundle's build, the demo
    // service's and the workers' own starts) is over before the window opens (quiet.ts).
    const settle = await quiet();
    const h = monitorEventLoopDelay({ resolution: 1 });
    const profiler = await startProfile();
    const heapSampler = await startHeapSampling();
    const gc = watchGc();
    const heapBefore = process.memoryUsage().heapUsed;
    const t0 = performance.now();
    const ticks = delayWithoutRunQueue();
    h.enable();
    const dropped = await dropAndInspect(app.core, files);
    const tInspected = performance.now();
    const ws = app.core.workspace()!;
    let i = 0;
    for (const { staged, form } of dropped) {
      await call(app.core, 'manuscripts.upload', {
        form: {
          folder: 'BENCH',
          origin_id: `bench-${Date.now()}-${i++}`,
          title: form.title || staged.name,
          abstract: form.abstract || 'No abstract.',
          // as the window's prefill does: the authors intake read, and their count
          authors: form.authors.map((a) => ({ name: a.name, aff: a.affiliation ?? '', orcid: a.orcid ?? '', email: a.email ?? '' })),
          authors_count: form.authors.length,
        },
        fileId: staged.id,
      });
    }
    // one drain sends what was queued when it began: drain until every upload has gone (or 2 min)
    const until = performance.now() + 120_000;
    while (performance.now() < until) {
      const r = await ws.sync.syncNow();
      const c = ws.outbox.counts();
      if (process.env.DEBUG_BENCH)
        console.error(JSON.stringify({ r, c, list: ws.outbox.list().map((e) => [e.state, e.error, e.nextAttemptAt, e.attempts]) }));
      if (c.pending + c.parked === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    h.disable();
    // the window ends here: its GCs and heap are read before the ticks are sorted (the sort's garbage is the bench's)
    const total = performance.now() - t0;
    const heapAfter = process.memoryUsage().heapUsed;
    const { majors, minors } = gc.stop();
    const { own, cpu, worst } = ticks?.stop() ?? { own: [], cpu: [], worst: [] };
    await profiler?.stop();
    await heapSampler?.stop();
    const counts = ws.outbox.counts();
    const pending = counts.pending + counts.parked;
    // What dominated: the slow-task log's lines (stretches over 50 ms, with the channel or job running).
    const slow = new Map<string, { n: number; max: number }>();
    for (const l of app.logger.lines) {
      if (l.message !== 'slow main-thread task') continue;
      const key = (l.fields!.during as string[]).join('+');
      const ms = l.fields!.ms as number;
      const s = slow.get(key) ?? { n: 0, max: 0 };
      slow.set(key, { n: s.n + 1, max: Math.max(s.max, ms) });
    }
    const runWriter = app.logger.lines.some((l) => l.message === 'upload answers are written by the run writer thread');
    const slowNote =
      slow.size === 0 ? 'no stretch over 50 ms' : `over 50 ms: ${[...slow].map(([k, v]) => `${k} ${v.n}× (max ${v.max} ms)`).join(', ')}`;
    const max = h.max / 1e6;
    const p99 = h.percentile(99) / 1e6;
    const note =
      `${files.length} PDFs from ../shared/material/pdf by path; core in plain Node from the built bundle ` +
      `(heap ${(heapBefore / 2 ** 20).toFixed(1)} MB at the start), demo service (default corpus) in its own ` +
      `process; ${quietNote(settle)} before the window; ${Math.round(tInspected - t0)} ms to stage+inspect, ${Math.round(total)} ms in ` +
      `all; ${pending} uploads not sent; run writes ${runWriter ? 'in the run writer thread' : 'on the main thread'}; load avg ${load()}`;
    return [
      {
        suite: SUITE,
        metric: 'event-loop delay in core’s process, stage+inspect+upload 10 PDFs (max)',
        value: Math.round(max * 10) / 10,
        unit: 'ms',
        target: '≤ 16 ms',
        ok: max <= 16,
        note,
      },
      {
        suite: SUITE,
        metric: 'event-loop delay in core’s process, stage+inspect+upload 10 PDFs (p99)',
        value: Math.round(p99 * 10) / 10,
        unit: 'ms',
        target: '≤ 5 ms',
        ok: p99 <= 5,
        note: `p50 ${(h.percentile(50) / 1e6).toFixed(1)} ms; ${slowNote}`,
      },
      {
        suite: SUITE,
        metric: 'full GC pauses of core’s thread in that window (max)',
        value: Math.round(Math.max(0, ...majors) * 10) / 10,
        unit: 'ms',
        note:
          `${majors.length} Mark-Compacts (${majors.map((d) => d.toFixed(1)).join(', ') || 'none'} ms), ${minors} minor GCs; ` +
          `heap used ${(heapBefore / 2 ** 20).toFixed(1)} → ${(heapAfter / 2 ** 20).toFixed(1)} MB; ` +
          `window ${Math.round(t0)}–${Math.round(t0 + total)} ms after start (--trace-gc's clock) (load avg ${load()})`,
      },
      ...(ticks
        ? [
            {
              suite: SUITE,
              metric: 'the same delay less run-queue wait (max)',
              value: Math.round(percentile(own, 100) * 10) / 10,
              unit: 'ms',
              note:
                `p99 ${percentile(own, 99).toFixed(1)} ms over ${own.length} ticks of 1 ms: the loop's own work and disk waits, ` +
                `without the time other processes had the core; its CPU alone between ticks max ${percentile(cpu, 100).toFixed(1)}, ` +
                `p99 ${percentile(cpu, 99).toFixed(1)} ms; the longest gaps between ticks: ` +
                worst
                  .map(
                    (g) =>
                      `${g.ms.toFixed(1)} ms at +${Math.round(g.at)} (${g.wait.toFixed(1)} waiting for a core, ${g.cpu.toFixed(1)} on one)`,
                  )
                  .join(', ') +
                ` (load avg ${load()})`,
            },
          ]
        : []),
    ];
  } finally {
    await app.close();
  }
}

writeFileSync(resultFile, JSON.stringify(await eventLoopRun()));
