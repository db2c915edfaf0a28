// Auto-update with electron-updater: the feed is the `publish` entry of the build config (written into
// app-update.yml by electron-builder). Checks 10 s after start and every 6 h, downloads in the
// background, and offers "Restart to Update" once downloaded; the restart waits while an upload is
// being sent or the outbox drains. update-policy.ts decides whether any of this runs.
import { readFileSync } from 'node:fs';
import { app } from 'electron';
import electronUpdater from 'electron-updater';
import type { UpdateStatusEvent } from '../common/contract';
import type { Logger } from '../core/ports';
import { updatesEnabled } from '../core/update-settings';
import { nextCheckDelay, policyFilePath, restartBlocker, updatePolicy, type BusyState } from '../common/update-policy';

export interface Updater {
  status(): UpdateStatusEvent;
  check(): void;
  restart(): void;
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

export function startUpdater(opts: {
  dataDir: string;
  logger: Logger;
  busy: () => BusyState;
  onStatus: (s: UpdateStatusEvent) => void;
}): Updater {
  const policy = updatePolicy({
    isPackaged: app.isPackaged,
    settingEnabled: updatesEnabled(opts.dataDir),
    env: process.env,
    policyFileText: readText(policyFilePath(process.platform, process.env)),
    selfUpdating: process.platform !== 'linux' || Boolean(process.env['APPIMAGE']),
  });
  let status: UpdateStatusEvent = policy.enabled
    ? { state: 'idle', message: '', version: null }
    : { state: 'disabled', message: policy.reason, version: null };
  const set = (s: UpdateStatusEvent) => {
    status = s;
    opts.onStatus(s);
  };
  if (!policy.enabled) {
    opts.logger.log('info', 'updates off', { off: policy.off });
    return { status: () => status, check: () => opts.onStatus(status), restart: () => undefined };
  }

  const { autoUpdater } = electronUpdater;
  autoUpdater.autoDownload = true;
  autoUpdater.autoInstallOnAppQuit = true;
  autoUpdater.logger = {
    info: (m: unknown) => opts.logger.log('info', `updater: ${String(m)}`),
    warn: (m: unknown) => opts.logger.log('warn', `updater: ${String(m)}`),
    error: (m: unknown) => opts.logger.log('error', `updater: ${String(m)}`),
    debug: () => undefined,
  };
  autoUpdater.on('checking-for-update', () => set({ state: 'checking', message: 'Checking for updates…', version: null }));
  autoUpdater.on('update-not-available', () => set({ state: 'idle', message: '', version: null }));
  autoUpdater.on('update-available', (info) =>
    set({ state: 'downloading', message: `Downloading version ${info.version}…`, version: info.version }),
  );
  autoUpdater.on('update-downloaded', (info) =>
    set({ state: 'ready', message: `Version ${info.version} is ready — restart to update.`, version: info.version }),
  );
  autoUpdater.on('error', (err: Error) => {
    opts.logger.log('warn', 'update check failed', { error: err.message });
    set({ state: 'idle', message: '', version: null });
  });

  let lastCheck: number | null = null;
  const check = () => {
    if (status.state === 'checking' || status.state === 'downloading' || status.state === 'ready') return;
    lastCheck = Date.now();
    autoUpdater.checkForUpdates().catch(() => undefined);
  };
  const schedule = () => {
    setTimeout(
      () => {
        check();
        schedule();
      },
      nextCheckDelay(Date.now(), lastCheck),
    ).unref();
  };
  schedule();

  let waiting: NodeJS.Timeout | null = null;
  const restart = () => {
    if (status.state !== 'ready') return;
    const blocker = restartBlocker(opts.busy());
    if (!blocker) {
      autoUpdater.quitAndInstall();
      return;
    }
    set({ ...status, message: blocker });
    waiting ??= setInterval(() => {
      if (restartBlocker(opts.busy())) return;
      clearInterval(waiting!);
      autoUpdater.quitAndInstall();
    }, 2_000);
  };
  return { status: () => status, check, restart };
}
