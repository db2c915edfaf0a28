// Issue 14, item 3: recording one large upload answer without a main-thread slice over 16 ms, measured in
// a process of its own that runs core's code as the app does (bundled-child.ts; the measuring is
// run-record.child.ts). Needs the build (the run writer is out/main/run-writer.js).
import { join } from 'node:path';
import { missingBuiltWorkers, runBundledChild } from './bundled-child';
import type { Bench } from './types';

const WORKERS = ['__RUN_WRITER_FILE__'] as const;

const bench: Bench = async () => {
  const missing = missingBuiltWorkers(WORKERS);
  if (missing.length)
    return [
      {
        suite: 'process',
        metric: 'record a 10,000-candidate run',
        value: 0,
        unit: 'ms',
        note: `skipped: out/main lacks ${missing.join(', ')} (npx electron-vite build)`,
      },
    ];
  return runBundledChild(join(import.meta.dirname, 'run-record.child.ts'), WORKERS, []);
};

export default bench;
