import { posix, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';

/** Markers in the source → the file emitted for them, relative to out/main (see `builtEntryPaths`). */
const BUILT_ENTRIES: Record<string, string> = {
  __INTAKE_WORKER_FILE__: 'intake-worker.js', // electron/core/intake/index.ts
  __DEMO_SERVICE_FILE__: 'demo-service.js', // electron/localservice/app-demo.ts
  __SANDBOX_READER_FILE__: 'sandbox-reader.js', // electron/localservice/parse.ts
  __RUN_WRITER_FILE__: 'run-writer.js', // electron/core/cache/run-writer.ts
  __RENDERER_DIR__: '../renderer', // electron/host/cli.ts
};

/**
 * Writes where an entry was emitted, relative to the chunk that refers to it, over its marker, so the
 * intake worker, the demo service and the renderer are found wherever the bundler puts the code using them.
 */
function builtEntryPaths(): Plugin {
  return {
    name: 'referee-desk:built-entry-paths',
    renderChunk(code: string, chunk: { fileName: string }) {
      let out = code;
      for (const [marker, file] of Object.entries(BUILT_ENTRIES)) {
        if (!out.includes(marker)) continue;
        const rel = posix.relative(posix.dirname(chunk.fileName), file);
        out = out.replaceAll(marker, rel.startsWith('.') ? rel : `./${rel}`);
      }
      return out === code ? null : { code: out, map: null };
    },
  };
}

// One build for the desktop app and the browser host: out/main, out/preload, out/renderer.
export default defineConfig({
  main: {
    plugins: [builtEntryPaths()],
    build: {
      outDir: 'out/main',
      // Bundled, not loaded from node_modules: zod (~100 ES modules) and ws (CommonJS) are on the path to the
      // window's first answer, and Node resolving, reading and linking each of their files cost ~100 ms of
      // the start (docs/process-model.md, "A window in under a second"). undici and yauzl stay external:
      // they load after the first paint. better-sqlite3 is native and stays external.
      externalizeDeps: { exclude: ['zod', 'ws'] },
      rollupOptions: {
        // intake-worker: manuscript parsing runs in worker threads, emitted as its own entry file; the
        // plugin above tells IntakeService where it is. pdfjs-dist stays external as a dependency.
        // demo-service: the local demo service in its own utility process (electron/main/demo-process.ts).
        // run-writer: the cache's run writer worker (electron/core/cache/run-writer.ts).
        // host: the browser host (`npm run web`, electron/host/entry.ts) run by plain Node from the build, so
        // its start pays no TypeScript compile; not packaged (electron-builder.json leaves out host.js and host/).
        input: {
          index: resolve(import.meta.dirname, 'electron/main/index.ts'),
          'intake-worker': resolve(import.meta.dirname, 'electron/core/intake/worker.ts'),
          'demo-service': resolve(import.meta.dirname, 'electron/localservice/process-entry.ts'),
          // sandbox-reader: the demo service's PDF/DOCX reader, a bounded worker thread (electron/localservice/parse.ts)
          'sandbox-reader': resolve(import.meta.dirname, 'electron/localservice/reader-worker.ts'),
          // run-writer: upload answers' run writes in a worker thread with its own SQLite connection
          'run-writer': resolve(import.meta.dirname, 'electron/core/cache/run-writer-worker.ts'),
          host: resolve(import.meta.dirname, 'electron/host/entry.ts'),
        },
        output: {
          entryFileNames: '[name].js',
          // the browser host's own code apart (out/main/host/), so the package can leave it out
          chunkFileNames: (chunk) =>
            chunk.facadeModuleId?.includes('/electron/host/') ? 'host/[name]-[hash].js' : 'chunks/[name]-[hash].js',
        },
      },
    },
  },
  preload: {
    // A sandboxed preload can only require 'electron': bundle everything else into one CJS file.
    build: {
      outDir: 'out/preload',
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'electron/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'renderer'),
    base: './',
    plugins: [react()],
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      emptyOutDir: true,
      // the window's first paint waits for this bundle to be parsed and run: minified it is a third of the size
      minify: true,
      rollupOptions: { input: resolve(import.meta.dirname, 'renderer/index.html') },
    },
  },
});
