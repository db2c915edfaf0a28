// background.ts: which ids a background thread or process lowers on each platform, that it only ever lowers,
// and that a failure leaves things as they were.
import { describe, expect, it } from 'vitest';
import { BACKGROUND_PRIORITY, lowerThisProcess, lowerThisThread, type PriorityOs } from '../../../electron/core/background';

function fakeOs(platform: NodeJS.Platform, start: Record<number, number>, opts: { tid?: number | null; failSet?: boolean } = {}) {
  const nice = new Map(Object.entries(start).map(([k, v]) => [Number(k), v]));
  const os: PriorityOs = {
    platform,
    threadId: () => (opts.tid === undefined ? 12 : opts.tid),
    threadIds: () => [...nice.keys()].filter((id) => id !== 0),
    getPriority: (id) => nice.get(id) ?? 0,
    setPriority: (id, p) => {
      if (opts.failSet) throw new Error('EACCES');
      nice.set(id, p);
    },
  };
  return { os, nice };
}

describe('background priority', () => {
  it('is nice 10 (below normal on Windows)', () => {
    expect(BACKGROUND_PRIORITY).toBe(10);
  });

  it('lowers only the calling thread on Linux, by its own id', () => {
    const { os, nice } = fakeOs('linux', { 11: 0, 12: 0, 13: 0 });
    expect(lowerThisThread(os)).toBe(true);
    expect(Object.fromEntries(nice)).toEqual({ 11: 0, 12: 10, 13: 0 });
  });

  it('leaves a worker thread alone where priority is per process (it would lower core with it)', () => {
    for (const platform of ['win32', 'darwin'] as const) {
      const { os, nice } = fakeOs(platform, { 0: 0, 12: 0 });
      expect(lowerThisThread(os)).toBe(false);
      expect(Object.fromEntries(nice)).toEqual({ 0: 0, 12: 0 });
    }
  });

  it('lowers every thread of a process of its own on Linux, the process elsewhere', () => {
    const linux = fakeOs('linux', { 21: 0, 22: 0, 23: 0 });
    expect(lowerThisProcess(linux.os)).toBe(true);
    expect(Object.fromEntries(linux.nice)).toEqual({ 21: 10, 22: 10, 23: 10 });
    const win = fakeOs('win32', { 0: 0 });
    expect(lowerThisProcess(win.os)).toBe(true);
    expect(win.nice.get(0)).toBe(10);
  });

  it('never raises a thread that is already lower', () => {
    const { os, nice } = fakeOs('linux', { 12: 15, 13: 5 });
    lowerThisThread(os);
    lowerThisProcess(os);
    expect(Object.fromEntries(nice)).toEqual({ 12: 15, 13: 10 });
  });

  it('reports a failure and changes nothing', () => {
    const denied = fakeOs('linux', { 12: 0 }, { failSet: true });
    expect(lowerThisThread(denied.os)).toBe(false);
    expect(lowerThisProcess(denied.os)).toBe(false);
    expect(denied.nice.get(12)).toBe(0);
    const unknown = fakeOs('linux', { 12: 0 }, { tid: null });
    expect(lowerThisThread(unknown.os)).toBe(false);
    expect(unknown.nice.get(12)).toBe(0);
  });
});
