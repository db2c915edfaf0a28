// Crash handling: Electron's crash reporter writes minidumps to the local crashDumps folder and never
// uploads them; a renderer that dies is reloaded with a message (at most 3 times a minute, then the
// editor is told to restart); the last crash is kept for Help → Copy diagnostics. The demo service the
// app stops while quitting is not a crash (shell-rules.ts isChildCrash).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { app, crashReporter, dialog, type BrowserWindow, type RenderProcessGoneDetails } from 'electron';
import type { Logger } from '../core/ports';
import { isChildCrash } from './shell-rules';

/** Call before app 'ready' so every process is watched. Dumps stay in app.getPath('crashDumps'). */
export function startLocalCrashReporter(): void {
  crashReporter.start({ uploadToServer: false, compress: true });
}

const lastCrashFile = () => join(app.getPath('userData'), 'logs', 'last-crash.json');

export function lastCrash(): string | null {
  let recorded: string | null = null;
  try {
    const r = JSON.parse(readFileSync(lastCrashFile(), 'utf8')) as { at?: string; what?: string };
    if (typeof r.at === 'string' && typeof r.what === 'string') recorded = `${r.what} at ${r.at}`;
  } catch {
    // none recorded
  }
  let dump: string | null = null;
  try {
    const dir = app.getPath('crashDumps');
    const newest = walk(dir).sort((a, b) => b.mtime - a.mtime)[0];
    if (newest) dump = `minidump ${newest.mtime ? new Date(newest.mtime).toISOString() : ''} in ${dir}`;
  } catch {
    // no dumps folder
  }
  return [recorded, dump].filter(Boolean).join('; ') || null;
}

function walk(dir: string, depth = 0): Array<{ path: string; mtime: number }> {
  if (depth > 3) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return walk(p, depth + 1);
    return e.name.endsWith('.dmp') ? [{ path: p, mtime: statSync(p).mtimeMs }] : [];
  });
}

function record(what: string): void {
  try {
    writeFileSync(lastCrashFile(), JSON.stringify({ at: new Date().toISOString(), what }));
  } catch {
    // logs folder not writable
  }
}

export function watchRenderer(win: BrowserWindow, logger: Logger): void {
  const recent: number[] = [];
  win.webContents.on('render-process-gone', (_event, details: RenderProcessGoneDetails) => {
    if (details.reason === 'clean-exit') return;
    const what = `window stopped (${details.reason}, exit code ${details.exitCode})`;
    logger.log('error', 'renderer gone', { reason: details.reason, exitCode: details.exitCode });
    record(what);
    const now = Date.now();
    recent.push(now);
    while (recent.length > 0 && recent[0]! < now - 60_000) recent.shift();
    if (win.isDestroyed()) return;
    if (recent.length > 3) {
      dialog.showErrorBox(
        'Referee Desk stopped working',
        'The window stopped several times in a minute. Quit and start Referee Desk again; your queued ' +
          'changes are kept. Help → Copy diagnostics tells support what happened.',
      );
      return;
    }
    win.webContents.reload();
    void dialog.showMessageBox(win, {
      type: 'warning',
      message: 'The window stopped unexpectedly and has been reloaded.',
      detail:
        'Queued changes and uploads are kept by the app and continue. If this happens again, Help → Copy diagnostics tells support what happened.',
    });
  });
  let quitting = false;
  app.once('before-quit', () => (quitting = true));
  app.on('child-process-gone', (_event, details) => {
    if (isChildCrash(details, quitting)) {
      logger.log('error', 'child process gone', { type: details.type, reason: details.reason, exitCode: details.exitCode });
      record(`${details.type} process stopped (${details.reason})`);
    }
  });
}
