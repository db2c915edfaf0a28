// Where the window reopens: the size, position and maximized state it had, unless that place is no
// longer on any screen (a monitor unplugged, a resolution changed, a laptop undocked). Pure; the shell
// passes screen.getAllDisplays() work areas and saves what it reads from the window.

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  bounds: Rect;
  maximized: boolean;
  fullScreen: boolean;
}

export const MIN_WIDTH = 800;
export const MIN_HEIGHT = 560;
export const DEFAULT_SIZE = { width: 1280, height: 820 };
/** How much of the title bar must be on a display for the window to count as reachable. */
const VISIBLE_W = 120;
const VISIBLE_H = 40;

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && Math.abs(v) < 100_000;

/** The saved JSON, checked field by field; anything malformed gives null (then the default place). */
export function parseWindowState(text: string | null): WindowState | null {
  if (!text || text.length > 4096) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const b = r['bounds'] as Record<string, unknown> | undefined;
  if (!b || !isInt(b['x']) || !isInt(b['y']) || !isInt(b['width']) || !isInt(b['height'])) return null;
  if (b['width'] <= 0 || b['height'] <= 0) return null;
  return {
    bounds: { x: b['x'], y: b['y'], width: b['width'], height: b['height'] },
    maximized: r['maximized'] === true,
    fullScreen: r['fullScreen'] === true,
  };
}

function overlap(a: Rect, b: Rect): Rect | null {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const w = Math.min(a.x + a.width, b.x + b.width) - x;
  const h = Math.min(a.y + a.height, b.y + b.height) - y;
  return w > 0 && h > 0 ? { x, y, width: w, height: h } : null;
}

/** A window is reachable when a strip of its title bar lies on some display's work area. */
export function isReachable(bounds: Rect, workAreas: readonly Rect[]): boolean {
  const titleBar = { x: bounds.x, y: bounds.y, width: bounds.width, height: Math.min(VISIBLE_H, bounds.height) };
  return workAreas.some((area) => {
    const o = overlap(titleBar, area);
    return o !== null && o.width >= Math.min(VISIBLE_W, bounds.width) && o.height >= Math.min(VISIBLE_H, bounds.height) / 2;
  });
}

/** Centred on `primary`, no larger than it. */
function centred(size: { width: number; height: number }, primary: Rect): Rect {
  const width = Math.min(size.width, primary.width);
  const height = Math.min(size.height, primary.height);
  return {
    x: primary.x + Math.round((primary.width - width) / 2),
    y: primary.y + Math.round((primary.height - height) / 2),
    width,
    height,
  };
}

/**
 * The bounds and state to open with. Saved bounds are kept when reachable (clamped to the display
 * they are mostly on, so a window larger than a now-smaller screen fits it); otherwise the saved size
 * is centred on the primary display. Maximized is kept either way (it maximizes on that display).
 */
export function restoreWindowState(saved: WindowState | null, workAreas: readonly Rect[], primary: Rect): WindowState {
  if (!saved) return { bounds: centred(DEFAULT_SIZE, primary), maximized: false, fullScreen: false };
  const size = { width: Math.max(MIN_WIDTH, saved.bounds.width), height: Math.max(MIN_HEIGHT, saved.bounds.height) };
  const wanted = { ...saved.bounds, ...size };
  if (!isReachable(wanted, workAreas)) return { bounds: centred(size, primary), maximized: saved.maximized, fullScreen: saved.fullScreen };
  const home = workAreas
    .map((area) => ({ area, o: overlap(wanted, area) }))
    .filter((c): c is { area: Rect; o: Rect } => c.o !== null)
    .sort((a, b) => b.o.width * b.o.height - a.o.width * a.o.height)[0]!.area;
  const width = Math.min(wanted.width, home.width);
  const height = Math.min(wanted.height, home.height);
  const x = Math.min(Math.max(wanted.x, home.x), home.x + home.width - width);
  const y = Math.min(Math.max(wanted.y, home.y), home.y + home.height - height);
  return { bounds: { x, y, width, height }, maximized: saved.maximized, fullScreen: saved.fullScreen };
}
