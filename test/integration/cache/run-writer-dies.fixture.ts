// A run writer that dies mid-run (run-writer.test.ts): the real worker, ended 40 ms after it is given a
// run to link — the middle of linking 2,000 candidates in 4 ms slices.
import { parentPort } from 'node:worker_threads';
import '../../../electron/core/cache/run-writer-worker';

parentPort!.on('message', (m: { type: string }) => {
  if (m.type === 'link') setTimeout(() => process.exit(3), 40);
});
