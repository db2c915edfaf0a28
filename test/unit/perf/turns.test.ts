import { describe, expect, it } from 'vitest';
import { nextTurn } from '../../../electron/core/perf/turns';
import { turnCounter } from '../../support/turns';

/** A sliced job: `slices` times, waits for its turn and notes the loop turn its slice ran in. */
async function job(name: string, slices: number, turn: () => number, log: Array<[string, number]>): Promise<void> {
  for (let i = 0; i < slices; i++) {
    await nextTurn();
    log.push([name, turn()]);
  }
}

describe('nextTurn', () => {
  it('lets one waiting job run per turn of the loop, taking turns in the order they asked', async () => {
    const counter = turnCounter();
    const log: Array<[string, number]> = [];
    await Promise.all([job('a', 5, counter.now, log), job('b', 5, counter.now, log), job('c', 5, counter.now, log)]);
    counter.stop();
    expect(log).toHaveLength(15);
    // never two slices in the same turn (with a setImmediate per job, a, b and c all ran in each turn)
    const turns = log.map(([, t]) => t);
    expect(new Set(turns).size).toBe(turns.length);
    // round robin: a b c a b c …
    expect(log.map(([n]) => n).join('')).toBe('abcabcabcabcabc');
  });

  it('a job alone still yields a turn between slices, and the queue keeps working after it drained', async () => {
    const counter = turnCounter();
    const log: Array<[string, number]> = [];
    await job('a', 3, counter.now, log);
    await job('b', 2, counter.now, log);
    counter.stop();
    const turns = log.map(([, t]) => t);
    for (let i = 1; i < turns.length; i++) expect(turns[i]!).toBeGreaterThan(turns[i - 1]!);
  });
});
