// The docs name only paths and code that exist (scripts/docs-names.ts).
import { resolve } from 'node:path';
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

  it('README.md and every file in docs/ name only paths and code that exist', () => {
    expect(staleNamesIn(root)).toEqual([]);
  });
});
