import { describe, expect, it } from 'vitest';
import { DEFAULT_SIZE, MIN_WIDTH, isReachable, parseWindowState, restoreWindowState } from '../../../electron/main/window-state-rules';

const primary = { x: 0, y: 0, width: 1920, height: 1040 };
const right = { x: 1920, y: 0, width: 2560, height: 1400 };

describe('window state', () => {
  it('opens centred at the default size the first time', () => {
    expect(restoreWindowState(null, [primary], primary)).toEqual({
      bounds: { x: 320, y: 110, ...DEFAULT_SIZE },
      maximized: false,
      fullScreen: false,
    });
  });
  it('restores size, position and maximized state when the window is on a display', () => {
    const saved = { bounds: { x: 2100, y: 50, width: 1400, height: 900 }, maximized: true, fullScreen: false };
    expect(restoreWindowState(saved, [primary, right], primary)).toEqual(saved);
  });
  it('recentres on the primary display when the saved display is gone (monitor unplugged)', () => {
    const saved = { bounds: { x: 2100, y: 50, width: 1400, height: 900 }, maximized: false, fullScreen: false };
    expect(restoreWindowState(saved, [primary], primary).bounds).toEqual({ x: 260, y: 70, width: 1400, height: 900 });
  });
  it('a window whose title bar is off-screen (above or left of every display) is moved back', () => {
    expect(isReachable({ x: 100, y: -500, width: 1000, height: 400 }, [primary])).toBe(false);
    expect(isReachable({ x: -990, y: 100, width: 1000, height: 700 }, [primary])).toBe(false);
    expect(isReachable({ x: -800, y: 100, width: 1000, height: 700 }, [primary])).toBe(true);
    const r = restoreWindowState(
      { bounds: { x: 100, y: -500, width: 1000, height: 600 }, maximized: false, fullScreen: false },
      [primary],
      primary,
    );
    expect(isReachable(r.bounds, [primary])).toBe(true);
  });
  it('fits a window larger than a now-smaller display, and keeps the minimum size', () => {
    const small = { x: 0, y: 0, width: 1366, height: 728 };
    const r = restoreWindowState(
      { bounds: { x: 50, y: 20, width: 1900, height: 1000 }, maximized: false, fullScreen: false },
      [small],
      small,
    );
    expect(r.bounds).toEqual({ x: 0, y: 0, width: 1366, height: 728 });
    const tiny = restoreWindowState(
      { bounds: { x: 10, y: 10, width: 200, height: 100 }, maximized: false, fullScreen: false },
      [primary],
      primary,
    );
    expect(tiny.bounds.width).toBe(MIN_WIDTH);
  });
  it('straddling two displays stays on the one holding most of it', () => {
    const r = restoreWindowState(
      { bounds: { x: 1700, y: 100, width: 1200, height: 800 }, maximized: false, fullScreen: false },
      [primary, right],
      primary,
    );
    expect(r.bounds.x).toBeGreaterThanOrEqual(right.x);
  });
  it('reads only well-formed saved state', () => {
    expect(parseWindowState('{"bounds":{"x":1,"y":2,"width":900,"height":700},"maximized":true}')).toEqual({
      bounds: { x: 1, y: 2, width: 900, height: 700 },
      maximized: true,
      fullScreen: false,
    });
    for (const bad of [
      null,
      '',
      'nope',
      '{}',
      '{"bounds":{"x":"1","y":2,"width":900,"height":700}}',
      '{"bounds":{"x":1,"y":2,"width":0,"height":700}}',
      '{"bounds":{"x":1e9,"y":2,"width":9,"height":7}}',
    ]) {
      expect(parseWindowState(bad)).toBeNull();
    }
  });
});
