// The app's background threads and the demo service's process run below core's thread on Linux (background.ts):
// each intake worker, the run writer and the WAL checkpointer lowers its own thread to nice 10 — one thread
// each, never the thread that runs core — and the demo service process lowers all of its threads.
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_PRIORITY } from '../../electron/core/background';
import { openCache } from '../../electron/core/cache';
import { checkpointInWorker } from '../../electron/core/cache/checkpointer';
import { startRunWriter } from '../../electron/core/cache/run-writer';
import { IntakeService } from '../../electron/core/intake/index';
import { forkDemoNode } from '../../electron/localservice/app-demo';
import { ManualClock, MemoryLogger, tempDir } from './cache/fixtures';
import { SMALL_CORPUS } from '../support/web-app';

const linux = process.platform === 'linux' && existsSync('/proc/thread-self');

/** nice of each thread of a process (/proc/<pid>/task/<tid>/stat, field 19). */
function niceByThread(pid: number | 'self'): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      // fields after "(comm)": state is field 3, nice field 19
      out.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
    } catch {
      // the thread ended meanwhile
    }
  }
  return out;
}
const lowered = () => [...niceByThread('self').values()].filter((n) => n >= BACKGROUND_PRIORITY).length;
const ownThread = () => Number(readlinkSync('/proc/thread-self').split('/').pop());
const until = async (what: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe.skipIf(!linux)('background threads give way to core (Linux: nice per thread)', () => {
  it('each intake worker, the run writer and the checkpointer lower one thread; core’s stays', async () => {
    const core = ownThread();
    const niceBefore = niceByThread('self').get(core);
    const base = lowered();
    const intake = new IntakeService({ poolSize: 2 });
    const { dir, cleanup } = tempDir();
    const cache = openCache({ file: join(dir, 'cache.db'), clock: new ManualClock(), logger: new MemoryLogger() });
    try {
      intake.warm();
      await intake.whenWarm();
      expect(lowered()).toBe(base + 2);
      const writer = startRunWriter(cache.db, { logger: new MemoryLogger(), gate: cache.changes.writerGate });
      await writer.ready;
      await until(() => lowered() === base + 3);
      const checkpointer = checkpointInWorker(cache.db, { logger: new MemoryLogger() });
      await checkpointer.ready;
      await until(() => lowered() === base + 4);
      expect(niceByThread('self').get(core)).toBe(niceBefore);
      await writer.close();
      await checkpointer.close();
    } finally {
      await intake.close();
      cache.close();
      cleanup();
    }
  }, 60_000);

  it('the demo service’s process runs below the app, all its threads', async () => {
    const { dir, cleanup } = tempDir();
    const child = forkDemoNode(undefined, SMALL_CORPUS)({ dataDir: dir, port: 0 });
    try {
      await new Promise<void>((resolve, reject) => {
        child.onMessage((m) => {
          const type = (m as { type?: string }).type;
          if (type === 'ready') resolve();
          else if (type === 'failed') reject(new Error(JSON.stringify(m)));
        });
      });
      const threads = niceByThread(child.pid!);
      expect(threads.size).toBeGreaterThan(1);
      expect([...threads.values()].every((n) => n >= BACKGROUND_PRIORITY)).toBe(true);
      expect(niceByThread('self').get(ownThread())).toBeLessThan(BACKGROUND_PRIORITY);
    } finally {
      const exited = new Promise<void>((resolve) => child.onExit(() => resolve()));
      child.kill();
      await exited;
      cleanup();
    }
  }, 60_000);
});
