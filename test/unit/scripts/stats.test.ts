// The counting functions of scripts/stats.ts on a small tree this test writes, then the real tree
// (every station of the drop and open paths must still exist, or the script says which to update).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bridgeCalls,
  collectStats,
  duplicatePairs,
  DUPLICATES_EXEMPT,
  EMIT_DATA_CHANGED,
  NOTE_CHANGE,
  formatTable,
  importGraph,
  longLines,
  occurrences,
  pathModules,
  readTree,
  shapeDeclarations,
  type SourceTree,
} from '../../../scripts/stats';

const FILES: Record<string, string> = {
  'src/entry.ts': "import { c } from './barrel';\nimport type { T } from './types';\nexport const e: T = c;\n",
  'src/barrel.ts': "export { c } from './lib';\n",
  'src/lib/index.ts': 'export const c = 1;\n',
  'src/types.ts': 'export type T = number;\n',
  'src/end.ts': "import { type T } from './types';\nexport const end: T = 2;\n",
  'src/store.ts': [
    "import { create } from 'zustand';",
    'export const useThing = create((set, get) => {',
    "  const helper = async () => desk().invoke('thing.helper', {});",
    '  return {',
    '    async select(id: number) {',
    "      set({ detail: await desk().invoke('thing.get', { id }) });",
    '      await get().more();',
    '    },',
    '    async more() {',
    "      await Promise.all([desk().invoke('thing.list', {}), desk().invoke('thing.folders', {})]);",
    '      await helper();',
    '    },',
    "    other: async () => desk().invoke('thing.other', {}),",
    '  };',
    '});',
  ].join('\n'),
  'src/shapes.ts': [
    "import { z } from 'zod';",
    'export interface Row { authorId: number; hIndex: number; score: number; email: string; orcid: string; affiliation: string }',
    'export const rowShape = { author_id: z.number(), h_index: z.number(), score: z.number(), email: z.string(), orcid: z.string(), affiliation: z.string() };',
    'export const rowSchema = z.looseObject({ ...rowShape, extra: z.string() });',
    'export type RowIn = z.infer<typeof rowSchema>;',
    'export const dbRow = z.object({ author_id: z.number(), h_index: z.number(), score: z.number(), email: z.string(), ' +
      'orcid: z.string(), affiliation: z.string() }).strict();',
    'export interface Person { authorId: number; hIndex: number; email: string; orcid: string; affiliation: string; articlesCount: number }',
    "export const SORT = { score: ['score'], email: ['email'], orcid: ['orcid'], hIndex: ['h'], authorId: ['a'], affiliation: ['f'] };",
    "export const columns = { authorId: 'author_id', hIndex: 'h_index', score: 'score', email: 'email', orcid: 'orcid', affiliation: 'aff' };",
    "const checked = { authorId: 'author_id', hIndex: 'h_index', score: 'score', email: 'email', orcid: 'orcid', affiliation: 'aff' } " +
      'satisfies Record<keyof Row, string>;',
    "const typed: Record<keyof Row, string> = { authorId: 'a', hIndex: 'h', score: 's', email: 'e', orcid: 'o', affiliation: 'f' };",
    'type Camel<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;',
    'export type Derived = { [K in keyof RowIn as Camel<K & string>]: RowIn[K] } & { id: number; rank: number };',
  ].join('\n'),
  'src/emit.ts': [
    "bus.emit('data.changed', { topic: 'a' });",
    'bus.emit<"data.changed">("data.changed", { topic: \'b\' });',
    "bus.on('data.changed', () => undefined);",
    "this.changes.note('outbox'); feed.notes('x');",
    `// ${'x'.repeat(170)}`,
  ].join('\n'),
  'src/node_modules/pkg/index.ts': `bus.emit('data.changed', {}); export const skipped = '${'y'.repeat(200)}';\n`,
};

let root: string;
let tree: SourceTree;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'desk-stats-'));
  for (const [p, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), text);
  }
  tree = readTree(root, ['src', 'absent']);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('stats counting functions', () => {
  it('counts the duplicates pairs that are not boilerplate, without their run counts', () => {
    const report = [
      '4 pairs of places (12 files read), each sharing runs of 6 or more identical or same-shape lines',
      'D1 core/a.ts:1-9 ~ core/b.ts:3-11 (+2 more runs)',
      'D2 core/a.ts:20-27 ~ core/a.ts:40-47 shape',
      'D3 core/c.ts:1-6 ~ core/d.ts:1-6 shape boilerplate',
      'D4 core/e.ts:1-6 ~ core/f.ts:1-6 (+1 more run)',
      '(+3 more pairs)',
    ].join('\n');
    expect(duplicatePairs(report)).toEqual([
      'core/a.ts:1-9 ~ core/b.ts:3-11',
      'core/a.ts:20-27 ~ core/a.ts:40-47 shape',
      'core/e.ts:1-6 ~ core/f.ts:1-6',
    ]);
    expect(duplicatePairs('no duplicates (12 files read)')).toEqual([]);
    // Two migrations alike are history; a migration alike with live code is not exempt.
    expect(DUPLICATES_EXEMPT.test('electron/core/cache/migrations/001-a.ts:1-6 ~ electron/core/cache/migrations/006-b.ts:3-8 shape')).toBe(
      true,
    );
    expect(DUPLICATES_EXEMPT.test('electron/core/cache/migrations/001-a.ts:1-6 ~ electron/core/cache/groups.ts:3-8')).toBe(false);
    // The office's migrations too, but not a cache migration alike with an office one.
    expect(DUPLICATES_EXEMPT.test('electron/core/office/migrations/002-a.ts:1-6 ~ electron/core/office/migrations/003-b.ts:3-8')).toBe(
      true,
    );
    expect(DUPLICATES_EXEMPT.test('electron/core/office/migrations/002-a.ts:1-6 ~ electron/core/cache/migrations/003-b.ts:3-8')).toBe(
      false,
    );
  });

  it('reads source files and skips node_modules', () => {
    expect([...tree.keys()].sort()).toEqual(
      Object.keys(FILES)
        .filter((f) => !f.includes('node_modules'))
        .sort(),
    );
  });

  it('resolves extension-less and folder imports, marking type-only ones', () => {
    const g = importGraph(tree);
    expect(g.get('src/entry.ts')).toEqual([
      { to: 'src/barrel.ts', typeOnly: false },
      { to: 'src/types.ts', typeOnly: true },
    ]);
    expect(g.get('src/barrel.ts')).toEqual([{ to: 'src/lib/index.ts', typeOnly: false }]);
    expect(g.get('src/end.ts')).toEqual([{ to: 'src/types.ts', typeOnly: true }]);
  });

  it('counts the stations and the modules on run-time import chains between them, not type-only ones', () => {
    const r = pathModules(tree, ['src/entry.ts', 'src/lib/index.ts', 'src/end.ts', 'src/entry.ts']);
    expect(r.missing).toEqual([]);
    expect(r.modules).toEqual(['src/barrel.ts', 'src/end.ts', 'src/entry.ts', 'src/lib/index.ts']);
    // end.ts reaches types.ts only through a type import: no chain, two ends only.
    expect(pathModules(tree, ['src/end.ts', 'src/types.ts']).modules).toEqual(['src/end.ts', 'src/types.ts']);
    expect(pathModules(tree, ['src/entry.ts', 'src/gone.ts']).missing).toEqual(['src/gone.ts']);
  });

  it('follows a store action through the actions and helpers it calls; Promise.all is one round trip', () => {
    const r = bridgeCalls(tree, [{ file: 'src/store.ts', action: 'select' }]);
    expect(r.channels).toEqual(['thing.get', 'thing.list', 'thing.folders', 'thing.helper']);
    expect(r.roundTrips).toBe(3);
    expect(bridgeCalls(tree, [{ file: 'src/store.ts', action: 'other' }]).channels).toEqual(['thing.other']);
    expect(bridgeCalls(tree, [{ file: 'src/store.ts', action: 'missing' }]).missing).toEqual(['src/store.ts#missing']);
  });

  it('finds declarations of a shape and unchecked name maps, not spreads, derived types, checked maps, look-alikes or plain objects', () => {
    const found = shapeDeclarations(tree, {
      fields: ['author_id', 'h_index', 'score', 'email', 'orcid', 'affiliation'],
      min: 5,
      required: ['score'],
    });
    expect(found.map((d) => `${d.name}:${d.line}`)).toEqual(['Row:2', 'rowShape:3', 'dbRow:6', 'columns:9']);
    expect(
      shapeDeclarations(tree, { fields: ['author_id', 'h_index', 'email', 'orcid', 'affiliation'], min: 5 }).map((d) => d.name),
    ).toEqual(['Row', 'rowShape', 'dbRow', 'Person', 'columns']);
  });

  it('counts emit calls of data.changed (listeners excluded) and long lines', () => {
    expect(occurrences(tree, EMIT_DATA_CHANGED)).toEqual([{ file: 'src/emit.ts', count: 2 }]);
    expect(occurrences(tree, NOTE_CHANGE)).toEqual([{ file: 'src/emit.ts', count: 1 }]);
    expect(longLines(tree, 172)).toEqual([{ file: 'src/emit.ts', count: 1 }]);
    expect(longLines(tree, 173)).toEqual([]);
  });

  it('prints one line per measure', () => {
    const text = formatTable([{ measure: 'm', value: 3, target: '≤ 2', detail: 'a, b' }]);
    expect(text.split('\n')).toEqual(['measure  value  target', '-------  -----  ------', 'm            3  ≤ 2   ', '    a, b']);
  });
});

describe('stats on this repository', () => {
  it('finds every station of its paths and gives each measure a figure', { timeout: 60_000 }, () => {
    const rows = collectStats(resolve(import.meta.dirname, '../../..'));
    expect(rows.map((r) => r.measure)).toHaveLength(5);
    for (const r of rows.slice(0, 3)) expect(r.value).toBeGreaterThan(0);
    // Issue 18: the candidate shape is declared once, the service's; the cache's and the window's rows derive from it.
    const shape = rows.find((r) => r.measure === 'definitions of the candidate shape');
    expect(shape?.value).toBe(1);
    expect(shape?.detail).toMatch(/^candidateBaseShape \(electron\/common\/service\/upload\.ts:\d+\)$/);
  });
});
