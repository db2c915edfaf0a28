// Serves the built renderer: used by the app:// protocol in Electron and by the browser host.
// Pure Node (Request/Response are globals in Node 22), so tests exercise it without Electron.
import { readFile, realpath } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/** Resolves a URL path inside `root`; null when it escapes (traversal, links) or does not exist. */
export async function resolveStaticFile(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const rel = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  try {
    const realRoot = await realpath(root);
    const real = await realpath(join(realRoot, rel));
    if (real !== realRoot && !real.startsWith(realRoot + sep)) return null;
    return real;
  } catch {
    return null;
  }
}

export async function serveStatic(
  root: string,
  urlPath: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: Buffer; headers: Record<string, string> }> {
  const file = await resolveStaticFile(root, urlPath);
  if (!file) return { status: 404, body: Buffer.from('Not found'), headers: { ...headers, 'Content-Type': 'text/plain' } };
  try {
    const body = await readFile(file);
    return {
      status: 200,
      body,
      headers: { ...headers, 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' },
    };
  } catch {
    return { status: 404, body: Buffer.from('Not found'), headers: { ...headers, 'Content-Type': 'text/plain' } };
  }
}
