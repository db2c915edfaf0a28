import { describe, expect, it } from 'vitest';
import { BoundedQueue } from '../../../electron/core/webhook/queue';

/** A task the test finishes by hand. */
function gate(): { task: () => Promise<string>; open: (v: string) => void; started: () => boolean } {
  let release!: (v: string) => void;
  let started = false;
  const done = new Promise<string>((r) => (release = r));
  return {
    task: () => {
      started = true;
      return done;
    },
    open: (v) => release(v),
    started: () => started,
  };
}

describe('BoundedQueue', () => {
  it('runs one at a time, in arrival order, and refuses once maxWaiting are waiting', async () => {
    const q = new BoundedQueue(1, 2);
    const [a, b, c, d] = [gate(), gate(), gate(), gate()];
    const ra = q.tryRun(a.task)!;
    const rb = q.tryRun(b.task)!;
    const rc = q.tryRun(c.task)!;
    expect(q.tryRun(d.task)).toBeNull();
    expect(d.started()).toBe(false);
    expect(q.size).toBe(3);
    await Promise.resolve();
    expect([a.started(), b.started(), c.started()]).toEqual([true, false, false]);
    a.open('a');
    expect(await ra).toBe('a');
    await Promise.resolve();
    expect([b.started(), c.started()]).toEqual([true, false]);
    // A slot freed: one more may wait again.
    const e = gate();
    const re = q.tryRun(e.task)!;
    expect(re).not.toBeNull();
    b.open('b');
    c.open('c');
    e.open('e');
    expect(await Promise.all([rb, rc, re])).toEqual(['b', 'c', 'e']);
    expect(q.size).toBe(0);
  });

  it('frees the slot when a task fails', async () => {
    const q = new BoundedQueue(1, 0);
    await expect(q.tryRun(() => Promise.reject(new Error('boom')))!).rejects.toThrow('boom');
    expect(await q.tryRun(async () => 'next')!).toBe('next');
  });

  it('allows `concurrency` tasks at once', async () => {
    const q = new BoundedQueue(2, 0);
    const [a, b] = [gate(), gate()];
    const ra = q.tryRun(a.task)!;
    const rb = q.tryRun(b.task)!;
    await Promise.resolve();
    expect([a.started(), b.started()]).toEqual([true, true]);
    expect(q.tryRun(async () => 'x')).toBeNull();
    a.open('a');
    b.open('b');
    expect(await Promise.all([ra, rb])).toEqual(['a', 'b']);
  });

  it('rejects nonsensical limits', () => {
    expect(() => new BoundedQueue(0, 1)).toThrow(RangeError);
    expect(() => new BoundedQueue(1, -1)).toThrow(RangeError);
  });
});
