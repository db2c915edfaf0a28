// Checklist item 7, shared by the app:// protocol (Electron) and the browser host.

/** The renderer makes no network request of its own in Electron: everything goes
 * through the bridge, so connect-src is 'none'. The browser host passes its WebSocket address. */
export function contentSecurityPolicy(opts: { connectSrc?: string } = {}): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${opts.connectSrc ?? "'none'"}`,
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers served with every renderer file (app:// in Electron, http on loopback in the host). */
export function securityHeaders(csp = contentSecurityPolicy()): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}
