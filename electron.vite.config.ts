import { posix, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';

const INTAKE_WORKER = 'intake-worker.js';

/**
 * Writes where the intake worker was emitted, relative to the chunk that holds IntakeService, over the
 * marker in electron/core/intake/index.ts, so the worker is found wherever the bundler puts that code.
 */
function intakeWorkerPath(): Plugin {
  return {
    name: 'referee-desk:intake-worker-path',
    renderChunk(code: string, chunk: { fileName: string }) {
      if (!code.includes('__INTAKE_WORKER_FILE__')) return null;
      const rel = posix.relative(posix.dirname(chunk.fileName), INTAKE_WORKER);
      return { code: code.replaceAll('__INTAKE_WORKER_FILE__', rel.startsWith('.') ? rel : `./${rel}`), map: null };
    },
  };
}

// One build for the desktop app and the browser host: out/main, out/preload, out/renderer.
export default defineConfig({
  main: {
    plugins: [intakeWorkerPath()],
    build: {
      outDir: 'out/main',
      rollupOptions: {
        // intake-worker: manuscript parsing runs in worker threads, emitted as its own entry file; the
        // plugin above tells IntakeService where it is. pdfjs-dist stays external as a dependency.
        // demo-service: the local demo service in its own utility process (electron/main/demo-process.ts).
        input: {
          index: resolve(import.meta.dirname, 'electron/main/index.ts'),
          'intake-worker': resolve(import.meta.dirname, 'electron/core/intake/worker.ts'),
          'demo-service': resolve(import.meta.dirname, 'electron/sandbox/process-entry.ts'),
        },
        output: { entryFileNames: '[name].js' },
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
      rollupOptions: { input: resolve(import.meta.dirname, 'renderer/index.html') },
    },
  },
});
