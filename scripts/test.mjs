// `npm test`: formatting (prettier --check), lint (layer zones, raw IPC ban), per-layer type checks, the build the end-to-end
// tests load, then the whole vitest pyramid. The last line printed is the plain summary
// "Tests: N passed, N failed, N skipped" (skipped includes the Electron suite where it cannot run).
import { ensureNode22 } from './node22.mjs';
import { spawnSync } from 'node:child_process';

ensureNode22();

const node = process.execPath;
const steps = [
  ['format', ['node_modules/prettier/bin/prettier.cjs', '--check', '--log-level', 'warn', '.']],
  ['lint', ['node_modules/eslint/bin/eslint.js', '.', '--max-warnings', '0']],
  ['typecheck', ['scripts/typecheck.mjs']],
  ['build', ['node_modules/electron-vite/bin/electron-vite.js', 'build', '--logLevel', 'warn']],
];
for (const [name, args] of steps) {
  process.stderr.write(`\n== ${name}\n`);
  const r = spawnSync(node, args, { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`npm test: ${name} failed`);
    console.log('Tests: 0 passed, 1 failed, 0 skipped');
    process.exit(1);
  }
}
process.stderr.write('\n== vitest\n');
const r = spawnSync(node, ['node_modules/vitest/vitest.mjs', 'run', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
