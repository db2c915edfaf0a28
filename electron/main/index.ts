// Electron shell: lifecycle, the one window, app:// protocol, security. Everything that matters
// runs in core (plain Node); this file only wires Electron's pieces to it.
// Start order (docs/process-model.md): the window first, core's cache beside it (milliseconds),
// then — once the window is shown — core.start(): keychain probe, webhook receiver, sync, and the
// local demo service in its own utility process.
import { join } from 'node:path';
import { app, BrowserWindow, dialog, protocol, session, shell } from 'electron';
import type { Core } from '../core/composition';
import { openHostCore } from '../core/host-core';
import { officeFromArgv } from '../core/office/service';
import { fileLogger } from '../core/logging';
import { RotatingLogFile } from '../core/log-rotation';
import { serveStatic } from '../core/static-files';
import { demoDataDir } from '../localservice/app-demo';
import { forkDemoUtility } from './demo-process';
import { registerIpc, type IpcTransport } from './ipc';
import {
  APP_ENTRY_URL,
  APP_SCHEME,
  APP_SCHEME_PRIVILEGES,
  hardenSession,
  hardenWebContents,
  isSafeExternalUrl,
  securityHeaders,
  windowOptions,
} from './security';
// Desktop conventions (menu, window state, launch targets, notifications, updates, crashes, quit).
import { startLocalCrashReporter } from './crash';
import { desktopWindowOptions, saveWindowState, startDesktop, trackWindowState, type DesktopShell } from './desktop';
import { quitAfter } from './quit';
import { APP_USER_MODEL_ID, offerMoveToApplications, quitsWithLastWindow, unsandboxedStartRefusal } from './shell-rules';

protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
app.enableSandbox();

const openExternal = (url: string) => void shell.openExternal(url);
let mainWindow: BrowserWindow | null = null;
let core: Core | null = null;
let ipc: IpcTransport | null = null;
let desktop: DesktopShell | null = null;
let logFile: RotatingLogFile | null = null;
let stopDemo: (() => Promise<void>) | null = null;
let dataDir = '';

// Notifications and the taskbar button belong to the installed shortcuts' ID (Windows).
if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);

const refusal = unsandboxedStartRefusal({
  platform: process.platform,
  isPackaged: app.isPackaged,
  noSandboxSwitch: app.commandLine.hasSwitch('no-sandbox'),
  appImage: Boolean(process.env['APPIMAGE']),
});
if (refusal) {
  console.error(refusal);
  void app.whenReady().then(() => {
    dialog.showErrorBox('Referee Desk cannot start', refusal);
    app.exit(1);
  });
} else if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  startLocalCrashReporter();
  app.on('second-instance', (_event, argv, cwd) => desktop?.secondInstance(argv, cwd));
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, openExternal));
  app.on('window-all-closed', () => {
    if (quitsWithLastWindow(process.platform)) app.quit();
  });
  // macOS: clicking the Dock icon with no window open opens one again.
  app.on('activate', () => {
    if (core && !mainWindow) ipc?.addWindow(createWindow(dataDir).webContents);
  });
  quitAfter(
    async () => {
      ipc?.dispose();
      await Promise.all([stopDemo?.(), core?.close()]);
      await logFile?.flush();
    },
    () => {
      if (mainWindow) saveWindowState(mainWindow, dataDir);
    },
  );
  void app.whenReady().then(start);
}

async function start(): Promise<void> {
  hardenSession(session.defaultSession);
  const rendererDir = join(import.meta.dirname, '../renderer');
  protocol.handle(APP_SCHEME, async (request) => {
    const r = await serveStatic(rendererDir, new URL(request.url).pathname, securityHeaders());
    return new Response(new Uint8Array(r.body), { status: r.status, headers: r.headers });
  });

  // 1. The window, before anything slow.
  dataDir = app.getPath('userData');
  const win = createWindow(dataDir);
  const shown = new Promise<void>((resolve) => win.once('show', () => resolve()));

  // 2. Core's fast part: the cache and its migrations. IPC handlers wait for it.
  logFile = new RotatingLogFile(join(dataDir, 'logs', 'desk.log'));
  const logger = fileLogger(logFile.file, false, logFile);
  const officeArg = officeFromArgv(process.argv);
  const host = openHostCore({
    appVersion: app.getVersion(),
    dataDir,
    host: 'electron',
    logger,
    fork: forkDemoUtility((line) => logger.log('debug', line)),
    demoDataDir: demoDataDir(dataDir),
    ...(officeArg !== undefined ? { office: officeArg } : {}),
    restartToUpdate: () => desktop?.restartToUpdate(),
    openExternal: (url) =>
      isSafeExternalUrl(url) ? shell.openExternal(url) : Promise.reject(new Error('Only https and mailto links open outside the app.')),
    pickFiles: async () => {
      const r = await dialog.showOpenDialog(mainWindow ?? BrowserWindow.getAllWindows()[0]!, {
        title: 'Upload manuscripts',
        properties: ['openFile', 'multiSelections'],
        filters: [{ name: 'Manuscripts', extensions: ['pdf', 'docx'] }],
      });
      return r.canceled ? [] : r.filePaths;
    },
  });
  stopDemo = host.stopDemo;
  const opening = host.opening;
  ipc = registerIpc(opening);
  ipc.addWindow(win.webContents);
  try {
    core = await opening;
  } catch (err) {
    // e.g. a cache written by a newer Referee Desk: say so and leave the file untouched.
    dialog.showErrorBox('Referee Desk cannot start', err instanceof Error ? err.message : String(err));
    app.exit(1);
    return;
  }
  desktop = startDesktop({ core, dataDir, logger, logFile, window: () => mainWindow });

  // 3. After the first paint: the keychain probe (a locked keyring prompts over the window), then
  //    core's background parts.
  await shown;
  await host.secrets.ready();
  await core.start();
  void offerMove();
}

/** macOS: an app run from its disk image or Downloads cannot be updated in place; offer the move. */
async function offerMove(): Promise<void> {
  if (
    !offerMoveToApplications({
      platform: process.platform,
      isPackaged: app.isPackaged,
      inApplicationsFolder: process.platform === 'darwin' && app.isInApplicationsFolder(),
    })
  )
    return;
  const parent = mainWindow ?? undefined;
  const options = {
    type: 'question' as const,
    buttons: ['Move to Applications', 'Not Now'],
    defaultId: 0,
    cancelId: 1,
    message: 'Move Referee Desk to the Applications folder?',
    detail: 'Run from here, Referee Desk cannot install its updates. Moving it quits and reopens it from Applications.',
  };
  const { response } = parent ? await dialog.showMessageBox(parent, options) : await dialog.showMessageBox(options);
  if (response !== 0) return;
  try {
    app.moveToApplicationsFolder();
  } catch (err) {
    dialog.showErrorBox('Referee Desk was not moved', err instanceof Error ? err.message : String(err));
  }
}

function createWindow(dataDir: string): BrowserWindow {
  const { options, state } = desktopWindowOptions(dataDir, windowOptions(join(import.meta.dirname, '../preload/index.cjs')));
  const win = new BrowserWindow(options);
  mainWindow = win;
  trackWindowState(win, dataDir, state);
  win.once('ready-to-show', () => win.show());
  win.on('closed', () => {
    mainWindow = null;
  });
  void win.loadURL(APP_ENTRY_URL);
  return win;
}
