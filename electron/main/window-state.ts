// Remembers where the window was (window-state.json in the data folder) and reopens it there, unless
// that place is off every screen now (window-state-rules.ts decides).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, type BrowserWindow, type BrowserWindowConstructorOptions } from 'electron';
import { MIN_HEIGHT, MIN_WIDTH, parseWindowState, restoreWindowState, type WindowState } from './window-state-rules';

const fileIn = (dataDir: string) => join(dataDir, 'window-state.json');

export function restoredWindowOptions(
  dataDir: string,
  base: BrowserWindowConstructorOptions,
): { options: BrowserWindowConstructorOptions; state: WindowState } {
  let text: string | null = null;
  try {
    text = readFileSync(fileIn(dataDir), 'utf8');
  } catch {
    // first start
  }
  const primary = screen.getPrimaryDisplay().workArea;
  const state = restoreWindowState(
    parseWindowState(text),
    screen.getAllDisplays().map((d) => d.workArea),
    primary,
  );
  return { options: { ...base, ...state.bounds, minWidth: MIN_WIDTH, minHeight: MIN_HEIGHT }, state };
}

/** Writes the window's place, size and maximized/full-screen state (quit saves it before closing core). */
export function saveWindowState(win: BrowserWindow, dataDir: string): void {
  if (win.isDestroyed()) return;
  const saved: WindowState = { bounds: win.getNormalBounds(), maximized: win.isMaximized(), fullScreen: win.isFullScreen() };
  try {
    writeFileSync(fileIn(dataDir), JSON.stringify(saved));
  } catch {
    // a read-only profile folder: the window opens at the default place next time
  }
}

/** Applies the maximized/full-screen state once shown, and saves the state whenever the window closes. */
export function trackWindowState(win: BrowserWindow, dataDir: string, state: WindowState): void {
  win.once('ready-to-show', () => {
    if (state.maximized) win.maximize();
    if (state.fullScreen) win.setFullScreen(true);
  });
  win.on('close', () => saveWindowState(win, dataDir));
}
