// Runs a bench's measuring part in a child process that runs core's code as the app runs it: the child's
// entry (bench/*.child.ts) bundled by esbuild (dependencies external, as electron-vite bundles out/main),
// with the built workers' paths (out/main) written over their markers, run by plain Node. In the bench
// runner's own process the measured thread also carried the tsx loader's compiled sources and everything
// earlier benches loaded (playwright-core alone is ~7 MB of source), and its garbage collections were the
// runner's more than core's.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type * as Esbuild from 'esbuild';
import type { BenchRow } from './types';

const repoRoot = resolve(import.meta.dirname, '..');
const builtMain = join(repoRoot, 'out', 'main');

/** The workers as the build emits them, by the marker electron.vite.config.ts writes their path over. */
const BUILT_WORKERS = {
  __INTAKE_WORKER_FILE__: 'intake-worker.js',
  __RUN_WRITER_FILE__: 'run-writer.js',
  __DEMO_SERVICE_FILE__: 'demo-service.js',
} as const;

export type WorkerMarker = keyof typeof BUILT_WORKERS;

/** The built worker files the markers need that out/main lacks (run `npx electron-vite build`). */
export function missingBuiltWorkers(markers: readonly WorkerMarker[]): string[] {
  return markers.map((m) => BUILT_WORKERS[m]).filter((f) => !existsSync(join(builtMain, f)));
}

/**
 * Bundles `entry`, writes the built worker of each marker over it (each must be in the bundle: a renamed
 * marker fails here rather than running the workers from source), and runs `node [flags] <bundle> ...args
 * <rows.json>`; the child writes its rows (BenchRow[]) as JSON to the last argument. `flags`: V8 or Node
 * flags for the child (e.g. "--trace-gc-nvp"), whose output is then passed on to stderr.
 */
export async function runBundledChild(
  entry: string,
  markers: readonly WorkerMarker[],
  args: string[],
  flags: string[] = [],
): Promise<BenchRow[]> {
  const req = createRequire(import.meta.url);
  const esbuild = req('esbuild') as typeof Esbuild;
  // inside the checkout, so the bundle's external imports (better-sqlite3, undici, pdfjs-dist) resolve from
  // its node_modules, and outside node_modules, so a profile shows the bundle's frames as the project's
  const results = join(repoRoot, 'bench-results');
  mkdirSync(results, { recursive: true });
  const name = basename(entry, '.child.ts');
  const dir = mkdtempSync(join(results, `${name}-`));
  try {
    const bundle = join(dir, `${name}.mjs`);
    const built = await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      write: false,
      outfile: bundle,
      logLevel: 'silent',
    });
    let code = built.outputFiles[0]!.text;
    for (const marker of markers) {
      if (!code.includes(marker)) throw new Error(`the bundle of ${name} has no ${marker}: the worker markers changed`);
      code = code.replaceAll(marker, pathToFileURL(join(builtMain, BUILT_WORKERS[marker])).href);
    }
    writeFileSync(bundle, code);
    const result = join(dir, 'rows.json');
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [...flags, bundle, ...args, result], {
      cwd: repoRoot,
      env: process.env,
      maxBuffer: 16 * 2 ** 20,
      timeout: 300_000,
    });
    if (flags.length) process.stderr.write(stdout + stderr);
    return JSON.parse(readFileSync(result, 'utf8')) as BenchRow[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
