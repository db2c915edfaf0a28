// Auto-update with electron-updater: the feed is the `publish` entry of the build config (written into
// app-update.yml by electron-builder). Checks 10 s after start and every 6 h, downloads in the
// background, and offers "Restart to Update" once downloaded; the restart waits while an upload is
// being sent or the outbox drains. update-policy.ts decides whether any of this runs; in the release
// workflow's update rehearsal (update-rehearsal.ts) the feed is a local one, checked at once, and a
// downloaded update is applied without waiting for a click.
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { app } from 'electron';
import electronUpdater from 'electron-updater';
import type { UpdateStatusEvent } from '../common/contract';
import type { Logger } from '../core/ports';
import { updatesEnabled } from '../core/update-settings';
import { installMode, nextCheckDelay, policyFilePath, restartBlocker, updatePolicy, type BusyState } from '../common/update-policy';
import { UPDATE_REHEARSAL_LOG, rehearsalLogLine, updateRehearsal } from '../common/update-rehearsal';

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

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
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
  const rehearsal = updateRehearsal({
    isPackaged: app.isPackaged,
    packageJson: readJson(join(app.getAppPath(), 'package.json')),
    env: process.env,
  });
  const note = (event: string, detail = '') => {
    if (!rehearsal.log) return;
    try {
      appendFileSync(join(opts.dataDir, UPDATE_REHEARSAL_LOG), rehearsalLogLine(new Date(), app.getVersion(), process.pid, event, detail));
    } catch (err) {
      opts.logger.log('warn', 'update rehearsal log not written', { error: err instanceof Error ? err.message : String(err) });
    }
  };
  if (rehearsal.ignored) opts.logger.log('warn', rehearsal.ignored);
  note('started', rehearsal.feedUrl ?? '');
  let status: UpdateStatusEvent = policy.enabled
    ? { state: 'idle', message: '', version: null }
    : { state: 'disabled', message: policy.reason, version: null };
  const set = (s: UpdateStatusEvent) => {
    status = s;
    opts.onStatus(s);
  };
  if (!policy.enabled) {
    opts.logger.log('info', 'updates off', { off: policy.off });
    note('off', policy.reason);
    return { status: () => status, check: () => opts.onStatus(status), restart: () => undefined };
  }

  const { autoUpdater } = electronUpdater;
  if (rehearsal.feedUrl) autoUpdater.setFeedURL({ provider: 'generic', url: rehearsal.feedUrl });
  autoUpdater.autoDownload = true;
  autoUpdater.autoInstallOnAppQuit = true;
  autoUpdater.logger = {
    info: (m: unknown) => opts.logger.log('info', `updater: ${String(m)}`),
    warn: (m: unknown) => opts.logger.log('warn', `updater: ${String(m)}`),
    error: (m: unknown) => opts.logger.log('error', `updater: ${String(m)}`),
    debug: () => undefined,
  };
  autoUpdater.on('checking-for-update', () => {
    note('checking');
    set({ state: 'checking', message: 'Checking for updates…', version: null });
  });
  autoUpdater.on('update-not-available', () => {
    note('not-available');
    set({ state: 'idle', message: '', version: null });
  });
  autoUpdater.on('update-available', (info) => {
    note('available', info.version);
    set({ state: 'downloading', message: `Downloading version ${info.version}…`, version: info.version });
  });
  autoUpdater.on('update-downloaded', (info) => {
    note('downloaded', info.version);
    set({ state: 'ready', message: `Version ${info.version} is ready — restart to update.`, version: info.version });
    // The rehearsal applies it as an editor's click on "Restart to Update" would.
    if (rehearsal.feedUrl) restart();
  });
  autoUpdater.on('error', (err: Error) => {
    note('error', err.message);
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
      rehearsal.feedUrl && lastCheck === null ? 0 : nextCheckDelay(Date.now(), lastCheck),
    ).unref();
  };

  // The AppImage updater may give the new file another name (one with the new version in it).
  let appImage = process.env['APPIMAGE'];
  (autoUpdater as unknown as NodeJS.EventEmitter).on('appimage-filename-updated', (path: string) => {
    appImage = path;
  });
  const install = () => {
    note('installing');
    const mode = installMode(process.platform);
    autoUpdater.quitAndInstall(mode.silent, mode.runAfter);
    // quitAndInstall has replaced the file and quits on the next turn.
    if (mode.relaunchAfterExit && appImage) app.relaunch({ execPath: appImage, args: [] });
  };
  let waiting: NodeJS.Timeout | null = null;
  const restart = () => {
    if (status.state !== 'ready') return;
    const blocker = restartBlocker(opts.busy());
    if (!blocker) {
      install();
      return;
    }
    set({ ...status, message: blocker });
    waiting ??= setInterval(() => {
      if (restartBlocker(opts.busy())) return;
      clearInterval(waiting!);
      install();
    }, 2_000);
  };
  schedule();
  return { status: () => status, check, restart };
}
