import { describe, expect, it } from 'vitest';
import { BatchProgress } from '../../../electron/main/batch-progress';

describe('batch progress', () => {
  it('shows no bar without uploads and never reports a finished batch that did not start', () => {
    expect(new BatchProgress().update([])).toEqual({ progress: -1, finished: null });
  });
  it('counts done uploads whole and open ones by bytes, then reports the batch once when the last leaves', () => {
    const b = new BatchProgress();
    expect(b.update([1, 2, 3, 4])).toEqual({ progress: 0, finished: null });
    expect(b.progressOf(1, 50, 100)).toBeCloseTo(0.125);
    expect(b.update([2, 3, 4]).progress).toBeCloseTo(0.25);
    expect(b.progressOf(9, 50, 100)).toBeCloseTo(0.25);
    expect(b.update([4]).progress).toBeCloseTo(0.75);
    expect(b.update([])).toEqual({ progress: -1, finished: { uploaded: 4 } });
    expect(b.update([])).toEqual({ progress: -1, finished: null });
  });
  it('a file added during the batch joins it', () => {
    const b = new BatchProgress();
    b.update([1]);
    expect(b.update([1, 2]).progress).toBe(0);
    expect(b.update([2]).progress).toBeCloseTo(0.5);
    expect(b.update([]).finished).toEqual({ uploaded: 2 });
  });
});
