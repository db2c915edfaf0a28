// Electron shell: lifecycle, the one window, app:// protocol, security. Everything that matters
// runs in core (plain Node); this file only wires Electron's pieces to it.
// Start order (docs/process-model.md): the window first, core's cache beside it (milliseconds),
// then — once the window is shown — core.start(): keychain probe, webhook receiver, sync, and the
// local demo service in its own utility process.
import { join } from 'node:path';
import { app, BrowserWindow, dialog, protocol, session, shell } from 'electron';
import { createCore, type Core } from '../core/composition';
import { demoProcess } from '../core/demo/supervisor';
import { fileLogger } from '../core/logging';
import { serveStatic } from '../core/static-files';
import { createSecretStore } from '../core/secrets';
import { DeferredSecretStore } from '../core/secrets/deferred';
import { demoDataDir } from '../sandbox/app-demo';
import { forkDemoUtility } from './demo-process';
import { registerIpc, type IpcTransport } from './ipc';
import {
  APP_ENTRY_URL,
  APP_SCHEME,
  APP_SCHEME_PRIVILEGES,
  hardenSession,
  hardenWebContents,
  securityHeaders,
  windowOptions,
} from './security';

protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
app.enableSandbox();

const openExternal = (url: string) => void shell.openExternal(url);
let mainWindow: BrowserWindow | null = null;
let core: Core | null = null;
let ipc: IpcTransport | null = null;
let stopDemo: (() => Promise<void>) | null = null;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, openExternal));
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', () => {
    ipc?.dispose();
    void stopDemo?.();
    void core?.close();
  });
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
  const win = createWindow();
  const shown = new Promise<void>((resolve) => win.once('show', () => resolve()));

  // 2. Core's fast part: the cache and its migrations. IPC handlers wait for it.
  const dataDir = app.getPath('userData');
  const logger = fileLogger(join(dataDir, 'logs', 'desk.log'));
  const secrets = new DeferredSecretStore(() => createSecretStore({ logger }));
  const demo = demoProcess({ fork: forkDemoUtility((line) => logger.log('debug', line)), dataDir: demoDataDir(dataDir), logger });
  stopDemo = () => demo.supervisor.close();
  const opening = createCore({
    appVersion: app.getVersion(),
    dataDir,
    host: 'electron',
    secrets,
    logger,
    registerSecret: (s) => logger.addSecret(s),
    startDemo: demo.startDemo,
    deferStart: true,
    pickFiles: async () => {
      const r = await dialog.showOpenDialog(mainWindow ?? BrowserWindow.getAllWindows()[0]!, {
        title: 'Upload manuscripts',
        properties: ['openFile', 'multiSelections'],
        filters: [{ name: 'Manuscripts', extensions: ['pdf', 'docx'] }],
      });
      return r.canceled ? [] : r.filePaths;
    },
  });
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

  // 3. After the first paint: the keychain probe (a locked keyring prompts over the window), then
  //    core's background parts.
  await shown;
  await secrets.ready();
  await core.start();
}

function createWindow(): BrowserWindow {
  const win = new BrowserWindow(windowOptions(join(import.meta.dirname, '../preload/index.cjs')));
  mainWindow = win;
  win.once('ready-to-show', () => win.show());
  win.on('closed', () => {
    mainWindow = null;
  });
  void win.loadURL(APP_ENTRY_URL);
  return win;
}
