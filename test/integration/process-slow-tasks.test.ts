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
});
