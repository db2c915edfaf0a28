// Walks Electron's security checklist item by item against the very objects main builds
// (electron/main/security.ts), the protocol file server, the preload and the packaging config.
import { readFileSync } from 'node:fs';
import { mkdtempSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import {
  APP_ENTRY_URL,
  APP_ORIGIN,
  APP_SCHEME_PRIVILEGES,
  REQUIRED_FUSES,
  SECURITY_CHECKLIST,
  contentSecurityPolicy,
  hardenSession,
  hardenWebContents,
  isSafeExternalUrl,
  isTrustedFrame,
  securityHeaders,
  webPreferences,
  windowOptions,
} from '../../electron/main/security';
import { resolveStaticFile, serveStatic } from '../../electron/core/static-files';

const root = resolve(import.meta.dirname, '../..');
const prefs = webPreferences('/app/out/preload/index.cjs');
const csp = contentSecurityPolicy();
const directives = new Map(
  csp
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .map(([k, ...v]) => [k!, v]),
);

class FakeContents extends EventEmitter {
  openHandler: ((d: { url: string }) => { action: string }) | null = null;
  setWindowOpenHandler(h: (d: { url: string }) => { action: string }) {
    this.openHandler = h;
  }
}
function fire(contents: FakeContents, event: string): boolean {
  let prevented = false;
  contents.emit(event, { preventDefault: () => (prevented = true) }, 'https://evil.example/');
  return prevented;
}

describe('Electron security checklist', () => {
  it('lists all 20 items of the checklist', () => {
    expect(SECURITY_CHECKLIST.map((c) => c.item)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('1. only secure content: the window loads app://, the CSP allows only self', () => {
    expect(APP_ENTRY_URL.startsWith(`${APP_ORIGIN}/`)).toBe(true);
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
  });

  it('2. no Node.js integration anywhere', () => {
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInWorker).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
  });

  it('3. context isolation on', () => expect(prefs.contextIsolation).toBe(true));

  it('4. process sandbox on, and main enables it app-wide', () => {
    expect(prefs.sandbox).toBe(true);
    expect(readFileSync(join(root, 'electron/main/index.ts'), 'utf8')).toMatch(/app\.enableSandbox\(\)/);
  });

  it('5. every permission request and check is denied, except clipboard writes from the app itself', () => {
    const calls: Record<string, (...a: unknown[]) => unknown> = {};
    hardenSession({
      setPermissionRequestHandler: (h: never) => void (calls.request = h),
      setPermissionCheckHandler: (h: never) => void (calls.check = h),
      setDevicePermissionHandler: (h: never) => void (calls.device = h),
    } as never);
    const app = { requestingUrl: 'app://desk/index.html', isMainFrame: true };
    const answers: boolean[] = [];
    for (const p of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal'])
      calls.request!({}, p, (ok: boolean) => answers.push(ok), app);
    expect(answers).toEqual([false, false, false, false, false]);
    const write = (details: { requestingUrl: string; isMainFrame: boolean }) => {
      let answer: boolean | undefined;
      calls.request!({}, 'clipboard-sanitized-write', (ok: boolean) => (answer = ok), details);
      return answer;
    };
    expect(write(app)).toBe(true);
    expect(write({ requestingUrl: 'https://evil.example/', isMainFrame: true })).toBe(false);
    expect(write({ requestingUrl: 'app://desk/index.html', isMainFrame: false })).toBe(false);
    expect(calls.check!({}, 'media', 'app://desk', app)).toBe(false);
    expect(calls.check!({}, 'clipboard-sanitized-write', 'app://desk', app)).toBe(true);
    expect(calls.check!({}, 'clipboard-sanitized-write', 'https://evil.example', { isMainFrame: true })).toBe(false);
    expect(calls.device!({})).toBe(false);
  });

  it('6. webSecurity stays on', () => expect(prefs.webSecurity).toBe(true));

  it('7. a strict CSP: nothing inline, no network from the renderer in Electron', () => {
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(directives.get('connect-src')).toEqual(["'none'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(securityHeaders()['Content-Security-Policy']).toBe(csp);
  });

  it('8. allowRunningInsecureContent off', () => expect(prefs.allowRunningInsecureContent).toBe(false));
  it('9. experimental features off', () => expect(prefs.experimentalFeatures).toBe(false));
  it('10. no enableBlinkFeatures', () => expect(prefs).not.toHaveProperty('enableBlinkFeatures'));

  it('11/12. no <webview>: the tag is disabled and attaching one is blocked', () => {
    expect(prefs.webviewTag).toBe(false);
    const c = new FakeContents();
    hardenWebContents(c as never, () => {});
    expect(fire(c, 'will-attach-webview')).toBe(true);
  });

  it('13. navigation and redirects are blocked', () => {
    const c = new FakeContents();
    hardenWebContents(c as never, () => {});
    expect(fire(c, 'will-navigate')).toBe(true);
    expect(fire(c, 'will-frame-navigate')).toBe(true);
    expect(fire(c, 'will-redirect')).toBe(true);
  });

  it('14/15. new windows are denied; only https links go to the system browser', () => {
    const opened: string[] = [];
    const c = new FakeContents();
    hardenWebContents(c as never, (url) => opened.push(url));
    for (const url of [
      'https://orcid.org/0000-0002-1825-0097',
      'http://example.org',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'https://user:pw@evil.example/',
    ]) {
      expect(c.openHandler!({ url })).toEqual({ action: 'deny' });
    }
    expect(opened).toEqual(['https://orcid.org/0000-0002-1825-0097']);
    expect(isSafeExternalUrl('smb://share')).toBe(false);
    expect(isSafeExternalUrl('not a url')).toBe(false);
  });

  it('15. mailto: links (invitations) go to the mail client; an over-long one does not', () => {
    const opened: string[] = [];
    const c = new FakeContents();
    hardenWebContents(c as never, (url) => opened.push(url));
    const invite = 'mailto:zo%C3%AB@uni.no?subject=Invitation%20to%20review&body=Dear%20Zo%C3%AB%2C%0D%0A';
    expect(c.openHandler!({ url: invite })).toEqual({ action: 'deny' });
    expect(c.openHandler!({ url: `mailto:a@x.org?body=${'x'.repeat(2100)}` })).toEqual({ action: 'deny' });
    expect(opened).toEqual([invite]);
    expect(isSafeExternalUrl('MAILTO:a@x.org')).toBe(true);
    expect(isSafeExternalUrl('mailto2:a@x.org')).toBe(false);
  });

  it('16. Electron is pinned to a current major release', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    const major = Number.parseInt(pkg.devDependencies.electron!.replace(/^\D*/, ''), 10);
    expect(major).toBeGreaterThanOrEqual(45);
  });

  it('17. only our main frame on app://desk is a trusted IPC sender', () => {
    expect(isTrustedFrame({ url: `${APP_ORIGIN}/index.html`, parent: null })).toBe(true);
    expect(isTrustedFrame({ url: `${APP_ORIGIN}/index.html`, parent: {} })).toBe(false);
    expect(isTrustedFrame({ url: 'https://evil.example/', parent: null })).toBe(false);
    expect(isTrustedFrame({ url: 'file:///app/index.html', parent: null })).toBe(false);
    expect(isTrustedFrame({ url: 'app://desk.evil/index.html', parent: null })).toBe(false);
    expect(isTrustedFrame(null)).toBe(false);
  });

  it('18. app:// is a standard secure scheme and its file server refuses to leave the renderer folder', async () => {
    expect(APP_SCHEME_PRIVILEGES.privileges).toMatchObject({ standard: true, secure: true, bypassCSP: false });
    expect(readFileSync(join(root, 'electron/main/index.ts'), 'utf8')).not.toMatch(/file:\/\/|loadFile\(/);
    const dir = mkdtempSync(join(tmpdir(), 'desk-static-'));
    mkdirSync(join(dir, 'www'));
    writeFileSync(join(dir, 'www', 'index.html'), '<p>ok</p>');
    writeFileSync(join(dir, 'secret.txt'), 'nope');
    symlinkSync(join(dir, 'secret.txt'), join(dir, 'www', 'link.txt'));
    const www = join(dir, 'www');
    expect(await resolveStaticFile(www, '/')).toBe(join(www, 'index.html'));
    for (const bad of ['/../secret.txt', '/%2e%2e/secret.txt', '/link.txt', '/%00', '/%E0%A4%A']) {
      expect(await resolveStaticFile(www, bad)).toBeNull();
    }
    const served = await serveStatic(www, '/index.html', securityHeaders());
    expect(served.status).toBe(200);
    expect(served.headers['Content-Security-Policy']).toBe(csp);
    expect(served.headers['X-Content-Type-Options']).toBe('nosniff');
  });

  it('19. fuses are flipped at packaging', () => {
    const cfg = JSON.parse(readFileSync(join(root, 'electron-builder.json'), 'utf8')) as { electronFuses: Record<string, boolean> };
    for (const [fuse, value] of Object.entries(REQUIRED_FUSES)) expect(cfg.electronFuses[fuse], fuse).toBe(value);
  });

  it('20. preload exposes only the contract bridge (no ipcRenderer, no require)', () => {
    const preload = readFileSync(join(root, 'electron/preload/index.ts'), 'utf8');
    const exposures = [...preload.matchAll(/exposeInMainWorld\(\s*'([^']+)'\s*,\s*(\w+)/g)].map((m) => [m[1], m[2]]);
    expect(exposures).toEqual([['desk', 'desk']]);
    expect(preload).toMatch(/createBridge\(/);
  });

  it('the main window uses these webPreferences and starts hidden until ready', () => {
    const opts = windowOptions('/p.cjs');
    expect(opts.webPreferences).toEqual(webPreferences('/p.cjs'));
    expect(opts.show).toBe(false);
  });
});
