import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

// One build for the desktop app and the browser host: out/main, out/preload, out/renderer.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        // intake-worker: manuscript parsing runs in a worker thread (electron/core/intake/index.ts
        // looks for it next to the main bundle); pdfjs-dist stays external as a dependency.
        // demo-service: the local demo service in its own utility process (electron/main/demo-process.ts).
        input: {
          index: resolve(import.meta.dirname, 'electron/main/index.ts'),
          'intake-worker': resolve(import.meta.dirname, 'electron/core/intake/worker.ts'),
          'demo-service': resolve(import.meta.dirname, 'electron/sandbox/process-entry.ts'),
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
      rollupOptions: { input: resolve(import.meta.dirname, 'renderer/index.html') },
    },
  },
});
