// Every item of Electron's security checklist (https://www.electronjs.org/docs/latest/tutorial/security)
// lives in this one reviewed file. Main builds its window, session and protocol from these functions,
// and test/unit/security.test.ts builds the very same objects and asserts each item.
// Only types are imported from 'electron', so the functions run under plain Node in tests.
import type { BrowserWindowConstructorOptions, Session, WebContents, WebPreferences } from 'electron';
import { contentSecurityPolicy, securityHeaders } from '../common/csp';

export { contentSecurityPolicy, securityHeaders };

export const APP_SCHEME = 'app';
export const APP_HOST = 'desk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** Checklist 2, 3, 4, 6, 8, 9, 10, 11/12 (no webview at all), 20 (only the preload's bridge). */
export function webPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
    devTools: true,
  };
}

export function windowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1360,
    height: 860,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Referee Desk',
    backgroundColor: '#1d1f23',
    webPreferences: webPreferences(preloadPath),
  };
}

/** Checklist 15: only https links (to the OS browser) and mailto: links (to the mail client, for
 * invitations) leave the app. */
export function isSafeExternalUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    if (url.protocol === 'mailto:') return raw.length <= 2048;
    return url.protocol === 'https:' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** Checklist 17: the main frame of one of our windows, showing our own origin. */
export interface FrameLike {
  url: string;
  parent: unknown | null;
}
export function isTrustedFrame(frame: FrameLike | null | undefined): boolean {
  if (!frame || frame.parent !== null) return false;
  try {
    const url = new URL(frame.url);
    return `${url.protocol}//${url.host}` === APP_ORIGIN;
  } catch {
    return false;
  }
}

/** The one permission the app uses: writing text to the clipboard (Copy e-mails, copy an address). */
const CLIPBOARD_WRITE = 'clipboard-sanitized-write';

/**
 * Whether a permission is granted: only clipboard writes, only to the app's own main frame. Reading
 * the clipboard, camera, notifications, geolocation and everything else stay denied.
 */
export function permissionAllowed(permission: string, requestingUrl: string | undefined, isMainFrame: boolean): boolean {
  return permission === CLIPBOARD_WRITE && isMainFrame && isTrustedFrame(requestingUrl ? { url: requestingUrl, parent: null } : null);
}

/** Checklist 5: permission requests and checks go through permissionAllowed; device permissions are denied. */
export function hardenSession(
  session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'>,
): void {
  session.setPermissionRequestHandler((_wc, permission, callback, details) =>
    callback(permissionAllowed(permission, details.requestingUrl, details.isMainFrame)),
  );
  session.setPermissionCheckHandler((_wc, permission, requestingOrigin, details) =>
    permissionAllowed(permission, details.requestingUrl ?? requestingOrigin, details.isMainFrame),
  );
  session.setDevicePermissionHandler(() => false);
}

type ContentsLike = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

/** Checklist 13, 14, 15 and 12: no navigation, no new windows (https links go to the system
 * browser), no webviews. Applied to every WebContents the app creates. */
export function hardenWebContents(contents: ContentsLike, openExternal: (url: string) => void): void {
  const block = (event: { preventDefault(): void }) => event.preventDefault();
  contents.on('will-navigate', block);
  contents.on('will-frame-navigate', block);
  contents.on('will-redirect', block);
  contents.on('will-attach-webview', block);
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) openExternal(url);
    return { action: 'deny' };
  });
}

/** Checklist 19: fuses flipped at packaging (electron-builder.json `electronFuses`). */
export const REQUIRED_FUSES = {
  runAsNode: false,
  enableCookieEncryption: true,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  grantFileProtocolExtraPrivileges: false,
} as const;

/** Checklist 18: app:// is registered as a standard, secure scheme; file:// is never used. */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: false, corsEnabled: false, stream: false, bypassCSP: false },
} as const;

/** The checklist, item by item, with where it is enforced. The security test walks this list. */
export const SECURITY_CHECKLIST = [
  { item: 1, title: 'Only load secure content', where: 'renderer served from app:// only; CSP default-src none' },
  { item: 2, title: 'Do not enable Node.js integration for remote content', where: 'webPreferences' },
  { item: 3, title: 'Enable context isolation', where: 'webPreferences' },
  { item: 4, title: 'Enable process sandboxing', where: 'webPreferences + app.enableSandbox()' },
  { item: 5, title: 'Handle session permission requests from remote content', where: 'hardenSession' },
  { item: 6, title: 'Do not disable webSecurity', where: 'webPreferences' },
  { item: 7, title: 'Define a Content Security Policy', where: 'contentSecurityPolicy/securityHeaders' },
  { item: 8, title: 'Do not enable allowRunningInsecureContent', where: 'webPreferences' },
  { item: 9, title: 'Do not enable experimental features', where: 'webPreferences' },
  { item: 10, title: 'Do not use enableBlinkFeatures', where: 'webPreferences' },
  { item: 11, title: '<webview>: Do not use allowpopups', where: 'webviewTag false; will-attach-webview blocked' },
  { item: 12, title: '<webview>: Verify options and params', where: 'will-attach-webview blocked' },
  { item: 13, title: 'Disable or limit navigation', where: 'hardenWebContents' },
  { item: 14, title: 'Disable or limit creation of new windows', where: 'hardenWebContents' },
  { item: 15, title: 'Do not use shell.openExternal with untrusted content', where: 'isSafeExternalUrl' },
  { item: 16, title: 'Use a current version of Electron', where: 'package.json devDependencies.electron' },
  { item: 17, title: 'Validate the sender of all IPC messages', where: 'isTrustedFrame in ipc.ts' },
  {
    item: 18,
    title: 'Avoid usage of the file:// protocol and prefer usage of custom protocols',
    where: 'APP_SCHEME_PRIVILEGES + app-protocol.ts',
  },
  { item: 19, title: 'Check which fuses you can change', where: 'REQUIRED_FUSES in electron-builder.json' },
  { item: 20, title: 'Do not expose Electron APIs to untrusted web content', where: 'preload exposes only the contract bridge' },
] as const;
