// The desktop conventions in one place, so index.ts wires them with a few calls: application menu,
// remembered window, launch targets (second instance, open-with, referee-desk:// links), notifications
// and taskbar progress, crash handling, auto-update, diagnostics and a quit that waits for core.
import { arch, release, type as osType } from 'node:os';
import { dirname } from 'node:path';
import { app, type BrowserWindow } from 'electron';
import type { MenuCommandEvent, OpenRequest, UpdateStatusEvent } from '../common/contract';
import type { Core } from '../core/composition';
import { cacheFigures, formatDiagnostics } from '../core/diagnostics';
import type { RotatingLogFile } from '../core/log-rotation';
import type { RedactingLogger } from '../core/logging';
import { lastCrash, watchRenderer } from './crash';
import { listenForLaunchTargets, toOpenRequest, argvTargets } from './launch';
import { installMenu } from './menu';
import { watchUploadsAndMarks } from './notifications';
import { busyState } from './outbox-watch';
import { startUpdater, type Updater } from './updater';
import { restoredWindowOptions, saveWindowState, trackWindowState } from './window-state';
import type { BrowserWindowConstructorOptions } from 'electron';

const launches = listenForLaunchTargets();

/** Window options with the remembered size and place; call `desktopWindow` on the created window. */
export function desktopWindowOptions(dataDir: string, base: BrowserWindowConstructorOptions) {
  return restoredWindowOptions(dataDir, base);
}

export interface DesktopShell {
  /** For the second-instance event: focus the window and open what the command line asked for. */
  secondInstance(argv: string[], cwd: string): void;
  /** Status bar / menu "Restart to update" (core checks nothing is being sent first). */
  restartToUpdate(): void;
}

export function startDesktop(opts: {
  core: Core;
  dataDir: string;
  logger: RedactingLogger;
  logFile: RotatingLogFile;
  window: () => BrowserWindow | null;
}): DesktopShell {
  const { core, dataDir, logger } = opts;
  const push = {
    open: (r: OpenRequest) => core.events.emit('shell.open', r),
    menu: (m: MenuCommandEvent) => core.events.emit('shell.menu', m),
    update: (u: UpdateStatusEvent) => core.events.emit('shell.update', u),
  };
  const focus = () => {
    const w = opts.window();
    if (!w) return;
    if (w.isMinimized()) w.restore();
    w.show();
    w.focus();
  };

  let updater: Updater | null = null;
  const diagnostics = () =>
    formatDiagnostics(
      {
        appName: app.getName(),
        appVersion: app.getVersion(),
        electron: process.versions.electron ?? null,
        chrome: process.versions.chrome ?? null,
        node: process.versions.node,
        os: `${osType()} ${release()}`,
        arch: arch(),
        dataDir,
        logsDir: dirname(opts.logFile.file),
        ...cacheFigures(core.cache),
        connectivity: core.status.get().connectivity,
        keyStorage: core.profiles.keyStorage.persistence,
        updates: updater ? `${updater.status().state}${updater.status().message ? ` — ${updater.status().message}` : ''}` : 'not started',
        recentProblems: opts.logFile.recentProblems(),
        lastCrash: lastCrash(),
      },
      (s) => logger.redact(s),
    );
  const menu = (u: UpdateStatusEvent) =>
    installMenu(
      {
        toWindow: push.menu,
        logsDir: dirname(opts.logFile.file),
        diagnostics,
        checkUpdates: () => updater?.check(),
        restartToUpdate: () => updater?.restart(),
      },
      u,
    );
  menu({ state: 'idle', message: '', version: null });
  updater = startUpdater({
    dataDir,
    logger,
    busy: () => busyState(core),
    onStatus: (u) => {
      push.update(u);
      menu(u);
    },
  });
  menu(updater.status());

  watchUploadsAndMarks(core, opts.window, push.open);
  const deliver = (t: Parameters<typeof toOpenRequest>[2]) => {
    focus();
    void toOpenRequest(core, dataDir, t).then(push.open);
  };
  // Targets from the first start wait until the page has loaded and can listen.
  const w = opts.window();
  if (w) {
    watchRenderer(w, logger);
    w.webContents.once('did-finish-load', () => launches.setDeliver(deliver));
  } else launches.setDeliver(deliver);

  return {
    restartToUpdate: () => updater?.restart(),
    secondInstance(argv, cwd) {
      focus();
      launches.push(argvTargets(argv, cwd));
    },
  };
}

export { saveWindowState, trackWindowState };
