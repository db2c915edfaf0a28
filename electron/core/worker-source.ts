// Worker threads started from source (tsx, vitest): a `.ts` entry is bundled once per process with esbuild
// (a dev dependency, there through tsx) into plain JavaScript, dependencies left external, as the app's
// build does (electron.vite.config.ts emits each worker as an entry of its own). Under the tsx loader every
// worker would compile its whole import graph itself (for the intake worker, pdf.js: 6–7 s and ~170 MB of
// heap per start).
import { mkdirSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as Esbuild from 'esbuild';

const sourceBundles = new Map<string, URL>();

/** `url` itself when it is JavaScript; for a `.ts` entry, the URL of its bundle (built on first use). */
export function runnableWorker(url: URL): URL {
  if (!url.pathname.endsWith('.ts')) return url;
  let out = sourceBundles.get(url.href);
  if (!out) {
    const req = createRequire(import.meta.url);
    const esbuild = req('esbuild') as typeof Esbuild;
    // inside node_modules, so the bundle's external imports (pdfjs-dist, yauzl) resolve as from the source
    const cache = join(req.resolve('esbuild').split(`${sep}node_modules${sep}`)[0]!, 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    const name = basename(fileURLToPath(url), '.ts');
    const file = join(mkdtempSync(join(cache, `${name}-`)), `${name}.mjs`);
    esbuild.buildSync({
      entryPoints: [fileURLToPath(url)],
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      outfile: file,
      logLevel: 'silent',
    });
    out = pathToFileURL(file);
    sourceBundles.set(url.href, out);
  }
  return out;
}
