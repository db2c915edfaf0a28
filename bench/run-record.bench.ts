// Issue 14, item 3: recording one large upload answer (10,000 candidates) without a main-thread
// slice over 16 ms. The candidates are staged in chunks that yield to the event loop; the run
// becomes visible in one small commit; its author records, manuscript links and ledger first
// suggestions follow in slices (ManuscriptsRepository.linkRun).
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { openCache } from '../electron/core/cache';
import { form, ManualClock, MemoryLogger, range, response, tempDir } from '../test/integration/cache/fixtures';
import type { BenchRow } from './types';

const N = 10_000;

export default async (): Promise<BenchRow[]> => {
  const t = tempDir('desk-bench-run-');
  const cache = openCache({ file: join(t.dir, 'cache.db'), clock: new ManualClock(), logger: new MemoryLogger() });
  const P = 'bench';
  cache.profiles.upsert({
    id: P,
    name: 'Bench',
    baseUrl: 'https://rf.example',
    kind: 'remote',
    createdAt: 1,
    lastCheckedAt: null,
    lastFeatures: null,
  });
  try {
    // Warm the statements once on a small run.
    cache.manuscripts.commitUploadRun(await cache.manuscripts.stageUploadRun(P, { form: form('warm') }, response(1, 'warm', range(1, 50))));

    const big = response(2, 'big', range(100_000, N));
    // The longest stretch without an event-loop turn while fn runs, seen by a setImmediate ticker.
    // Also the CPU time this process spent in each stretch: on a loaded machine the wall-clock gap also
    // counts the time the OS gave other processes; the CPU time is the slice's own work.
    const longestSlice = async <T>(
      fn: () => Promise<T>,
    ): Promise<{ value: T; maxGap: number; maxCpu: number; ms: number; gaps: string }> => {
      let maxGap = 0;
      const gaps: number[] = [];
      let maxCpu = 0;
      const t0 = performance.now();
      let last = t0;
      let lastCpu = process.cpuUsage();
      let ticking = true;
      const tick = (): void => {
        const now = performance.now();
        const cpu = process.cpuUsage(lastCpu);
        maxGap = Math.max(maxGap, now - last);
        gaps.push(now - last);
        maxCpu = Math.max(maxCpu, (cpu.user + cpu.system) / 1000);
        last = now;
        lastCpu = process.cpuUsage();
        if (ticking) setImmediate(tick);
      };
      setImmediate(tick);
      const value = await fn();
      ticking = false;
      // the median and p90 slice: what a slice usually costs, less swayed by the OS's scheduling than the longest
      gaps.sort((a, b) => a - b);
      const at = (q: number) => (gaps[Math.min(gaps.length - 1, Math.floor(q * gaps.length))] ?? 0).toFixed(1);
      const summary = `${gaps.length} turns, p50 ${at(0.5)} ms, p90 ${at(0.9)} ms`;
      return { value, maxGap: Math.max(maxGap, performance.now() - last), maxCpu, ms: performance.now() - t0, gaps: summary };
    };
    const staging = await longestSlice(() => cache.manuscripts.stageUploadRun(P, { form: form('big') }, big));

    // Commit as the outbox runs it: the run made visible in one small transaction, its author records
    // and ledger suggestions after it, in slices.
    const c0 = performance.now();
    const rec = cache.db.transaction(() => cache.manuscripts.commitUploadRun(staging.value, { linkLater: true }))();
    const commitMs = performance.now() - c0;
    const linking = await longestSlice(() => cache.manuscripts.linkRun(rec.runId));
    const maxGap = staging.maxGap;

    // The same answer recorded in one call (the path before this change), new people again.
    const one = response(3, 'one', range(200_000, N));
    const o0 = performance.now();
    cache.manuscripts.recordUploadRun(P, { form: form('one') }, one);
    const oneCallMs = performance.now() - o0;

    const load = loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ');
    const note = `${N.toLocaleString('en')} new candidates, load avg ${load}`;
    return [
      {
        suite: 'process',
        metric: 'record a 10,000-candidate run: longest main-thread slice while staging (chunks)',
        value: Math.round(maxGap * 10) / 10,
        unit: 'ms',
        target: '≤ 16 ms',
        ok: maxGap <= 16,
        note: `${note}; longest slice in CPU time ${staging.maxCpu.toFixed(1)} ms; ${staging.gaps}; staging took ${Math.round(staging.ms)} ms in all`,
      },
      {
        suite: 'process',
        metric: 'record a 10,000-candidate run: commit transaction (run visible)',
        value: Math.round(commitMs * 10) / 10,
        unit: 'ms',
        target: '≤ 16 ms',
        ok: commitMs <= 16,
        note,
      },
      {
        suite: 'process',
        metric: 'record a 10,000-candidate run: longest main-thread slice while linking (authors, ledger)',
        value: Math.round(linking.maxGap * 10) / 10,
        unit: 'ms',
        target: '≤ 16 ms',
        ok: linking.maxGap <= 16,
        note: `${note}; longest slice in CPU time ${linking.maxCpu.toFixed(1)} ms; ${linking.gaps}; linking took ${Math.round(linking.ms)} ms in all`,
      },
      { suite: 'process', metric: 'record a 10,000-candidate run in one call (before)', value: Math.round(oneCallMs), unit: 'ms', note },
    ];
  } finally {
    cache.close();
    t.cleanup();
  }
};
