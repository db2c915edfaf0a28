// Type-checks each layer with its own tsconfig (common: no DOM, no Node; renderer: DOM; others: Node).
import { spawnSync } from 'node:child_process';

const projects = [
  'electron/common/tsconfig.json',
  'electron/core/tsconfig.json',
  'electron/localservice/tsconfig.json',
  'electron/host/tsconfig.json',
  'electron/main/tsconfig.json',
  'electron/preload/tsconfig.json',
  'renderer/tsconfig.json',
  'test/tsconfig.json',
  'tsconfig.json',
];
let failed = 0;
for (const p of projects) {
  const r = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', p], { stdio: 'inherit' });
  if (r.status !== 0) {
    failed++;
    console.error(`typecheck: ${p} failed`);
  }
}
process.exit(failed ? 1 : 0);
