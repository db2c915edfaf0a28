// The slow-task log: a main-thread stretch over 50 ms is logged with the channel that was running,
// and nothing of the request's input reaches the log.
import { afterEach, describe, expect, it } from 'vitest';
import { SlowTaskLog } from '../../electron/core/perf/slow-tasks';
import { MemoryLogger } from '../support/fakes';

const block = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // a synchronous task, as a big JSON.parse or a long SQLite write would be
  }
};
const lines = (logger: MemoryLogger) => logger.lines.filter((e) => e.message === 'slow main-thread task');

describe('slow-task log', () => {
  let log: SlowTaskLog | null = null;
  afterEach(() => log?.stop());

  it('names the channel whose synchronous part blocked, and the sampler names what was running', async () => {
    const logger = new MemoryLogger();
    log = new SlowTaskLog({ logger });
    log.start();
    await log.track('candidates.query', () => {
      block(80);
      return Promise.resolve('secret-input-not-logged');
    });
    expect(lines(logger)[0]!.fields).toMatchObject({ during: ['candidates.query'] });
    expect((lines(logger)[0]!.fields as { ms: number }).ms).toBeGreaterThanOrEqual(80);

    // a later slice of an async job: caught by the lag sampler
    await log.track('sync', async () => {
      await new Promise((r) => setTimeout(r, 30));
      block(90);
      await new Promise((r) => setTimeout(r, 40));
    });
    expect(lines(logger).some((l) => JSON.stringify(l.fields!.during) === '["sync"]')).toBe(true);
    expect(logger.text()).not.toContain('secret-input-not-logged');
  });

  it('runs each step of a sequence in a task of its own, so what the window asked for runs between two steps', async () => {
    log = new SlowTaskLog({ logger: new MemoryLogger() });
    const order: string[] = [];
    const sequence = (async () => {
      // a first step that settles at once (a worker already up), having received a request meanwhile
      await log!.step('start: one', () => {
        order.push('one');
        setImmediate(() => order.push('request from the window'));
      });
      await log!.step('start: two', () => order.push('two'));
    })();
    // not even begun within the current task (its microtasks included)
    await Promise.resolve();
    expect(order).toEqual([]);
    await sequence;
    expect(order).toEqual(['one', 'request from the window', 'two']);
  });

  it('names a job whose last stretch was also its end (a module load at start), though it is gone when the sampler looks', async () => {
    const logger = new MemoryLogger();
    log = new SlowTaskLog({ logger });
    log.start();
    await log.track('start: loading the HTTP client', async () => {
      await new Promise((r) => setTimeout(r, 30));
      block(90); // the module's evaluation, then the import resolves at once
    });
    await new Promise((r) => setTimeout(r, 60)); // the sampler's next tick
    expect(lines(logger).map((l) => l.fields!.during)).toContainEqual(['start: loading the HTTP client']);

    // and a stretch after that is not pinned on it
    block(90);
    await new Promise((r) => setTimeout(r, 60));
    expect(lines(logger).at(-1)!.fields!.during).toEqual(['(no channel or job)']);
  });
});
