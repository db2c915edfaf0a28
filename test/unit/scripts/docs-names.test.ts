// The docs name only paths and code that exist (scripts/docs-names.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { staleNames, staleNamesIn } from '../../../scripts/docs-names';

const root = resolve(import.meta.dirname, '../../..');

describe('names in the docs', () => {
  it('finds a moved path and a renamed function, and leaves placeholders, prose and other projects’ names alone', () => {
    const text = [
      'Handlers live in `electron/core/handlers/` and `electron/main/ipc/handlers.ts`.',
      'Record a run with `recordUploadRun()`; the store is `useRunStore`; `npm test` runs them.',
      'Add `electron/core/cache/migrations/NNN-what.ts` and `bench/NAME.bench.ts`; Electron keeps it in `safeStorage`.',
    ].join('\n');
    const exists = (p: string) => p === 'electron/core/handlers';
    const inSource = (n: string) => n === 'useRunStore';
    expect(staleNames('docs/X.md', text, exists, inSource)).toEqual([
      { doc: 'docs/X.md', kind: 'path', text: 'electron/main/ipc/handlers.ts' },
      { doc: 'docs/X.md', kind: 'name', text: 'recordUploadRun()' },
    ]);
  });

  it('takes what .gitignore names as made by a build or an install, not as missing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'docs-names-'));
    try {
      mkdirSync(join(dir, 'docs'));
      mkdirSync(join(dir, 'electron'));
      writeFileSync(join(dir, '.gitignore'), 'out/\n.ci/node/\n*.log\n');
      writeFileSync(join(dir, 'README.md'), 'Node lands in `.ci/node/`.\n');
      writeFileSync(join(dir, 'docs', 'A.md'), 'See `.ci/node/bin` and `electron/missing.ts`.\n');
      expect(staleNamesIn(dir)).toEqual([{ doc: 'docs/A.md', kind: 'path', text: 'electron/missing.ts' }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('README.md and every file in docs/ name only paths and code that exist (or that a build or an install makes)', () => {
    expect(staleNamesIn(root)).toEqual([]);
  });
});
