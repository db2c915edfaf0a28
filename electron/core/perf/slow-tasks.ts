// The slow-task log: any stretch over 50 ms during which the process that runs core could not turn
// its event loop (so the window could not be answered) is logged with the channels and jobs that were
// running then — names only, never inputs, so no secret reaches the log. A regression shows in the
// field's logs. (Signal logs SQLite queries over 40 ms the same way.)
import type { Logger } from '../ports';

export interface SlowTaskLogOptions {
  logger: Logger;
  /** Log a blocked stretch longer than this. Default 50 ms. */
  thresholdMs?: number;
  /** How often the sampler looks. Default 20 ms. */
  intervalMs?: number;
}

export class SlowTaskLog {
  private readonly running = new Map<string, number>();
  /** What ended since the sampler last looked: a job whose last synchronous stretch was also its end (a
   * module load, a final write) is gone from `running` by the time the sampler runs, and is still named. */
  private readonly ended = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private readonly threshold: number;
  private readonly interval: number;

  constructor(private readonly opts: SlowTaskLogOptions) {
    this.threshold = opts.thresholdMs ?? 50;
    this.interval = opts.intervalMs ?? 20;
  }

  /**
   * A step of a sequence (the start after the first paint): `track`, begun in a task of its own. A step whose
   * promise is already settled (a worker that came up at once) would otherwise let the next step run in the
   * same turn of the loop, and a request from the window would wait for all of them together.
   */
  async step<T>(name: string, fn: () => Promise<T> | T): Promise<T> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    return this.track(name, fn);
  }

  /** Runs fn with `name` on the list of what is running; its synchronous part is timed too. */
  async track<T>(name: string, fn: () => Promise<T> | T): Promise<T> {
    this.running.set(name, (this.running.get(name) ?? 0) + 1);
    const t0 = performance.now();
    try {
      const pending = fn();
      const sync = performance.now() - t0;
      if (sync > this.threshold) this.report(sync, [name]);
      return await pending;
    } finally {
      const n = (this.running.get(name) ?? 1) - 1;
      if (n <= 0) this.running.delete(name);
      else this.running.set(name, n);
      if (this.timer) this.ended.add(name);
    }
  }

  /** Starts the event-loop lag sampler (unref'd: it never keeps the process alive). */
  start(): void {
    if (this.timer) return;
    let last = performance.now();
    this.timer = setInterval(() => {
      const now = performance.now();
      const lag = now - last - this.interval;
      last = now;
      if (lag > this.threshold) this.report(lag, [...new Set([...this.running.keys(), ...this.ended])]);
      this.ended.clear();
    }, this.interval);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.ended.clear();
  }

  private report(ms: number, during: string[]): void {
    this.opts.logger.log('warn', 'slow main-thread task', {
      ms: Math.round(ms),
      during: during.length > 0 ? during : ['(no channel or job)'],
    });
  }
}
