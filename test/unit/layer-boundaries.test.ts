// Proves the layer rules are enforced by tools (ARCHITECTURE.md §3 rule 1): in each layer a forbidden import
// fails lint (`local/layers`, .eslint-plugin-local/layers.ts, zones in eslint.config.js) and an allowed one
// passes, and Node APIs in electron/common fail the type check of that layer's tsconfig.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { globToRegExp, resolveTarget } from '../../.eslint-plugin-local/layers';

const root = resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function lintRules(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('views never call the bridge', () => {
  it('a .tsx file importing desk fails lint; a store or actions module may; errorText stays allowed in views', async () => {
    const code = "import { desk } from '../../platform/instance';\nexport const a = desk;\n";
    expect(await lintRules('renderer/src/features/groups/Probe.tsx', code)).toContain('no-restricted-imports');
    expect(
      await lintRules('renderer/src/components/Probe.tsx', "import { desk } from '../platform/instance';\nexport const a = desk;\n"),
    ).toContain('no-restricted-imports');
    expect(await lintRules('renderer/src/features/groups/actions.ts', code)).toEqual([]);
    expect(
      await lintRules(
        'renderer/src/features/groups/Probe.tsx',
        "import { errorText } from '../../platform/instance';\nexport const a = errorText;\n",
      ),
    ).toEqual([]);
  });
});

describe('SQL in core binds by name', () => {
  it('a positional insert fails lint; one bound by column name passes; migrations are history and exempt', async () => {
    const positional = "export const sql = 'INSERT INTO t (a, b) VALUES (?, ?)';\n";
    expect(await lintRules('electron/core/cache/probe.ts', positional)).toContain('no-restricted-syntax');
    expect(await lintRules('electron/core/cache/probe.ts', "export const sql = 'INSERT INTO t (a, b) VALUES (@a, @b)';\n")).toEqual([]);
    expect(await lintRules('electron/core/cache/migrations/099-probe.ts', positional)).toEqual([]);
  });
});

// One import per case: a probe file at `file` (repo-relative) importing a name from `specifier` (a named
// import: `import * as` from 'electron' would trip the raw IPC ban instead).
type Case = [label: string, file: string, specifier: string];
const probe = (specifier: string) => `import { probe } from '${specifier}';\nexport const a = probe;\n`;

describe('layers: each zone refuses what its allow-list does not name (local/layers, on resolved paths)', () => {
  const forbidden: Case[] = [
    ['common → core, spelled from a subfolder', 'electron/common/domain/probe.ts', '../../core/router'],
    ['common → core, spelled the long way', 'electron/common/probe.ts', './domain/../../core/router'],
    ['common → node:fs', 'electron/common/probe.ts', 'node:fs'],
    ['common → fs (a builtin without node:)', 'electron/common/probe.ts', 'fs/promises'],
    ['common → electron', 'electron/common/probe.ts', 'electron'],
    ['common → react', 'electron/common/probe.ts', 'react'],
    ['core → electron', 'electron/core/probe.ts', 'electron'],
    ['core → main', 'electron/core/cache/probe.ts', '../../main/ipc'],
    ['core → host', 'electron/core/probe.ts', '../host/server'],
    ['core → the local service', 'electron/core/probe.ts', '../localservice/index'],
    ['core → renderer', 'electron/core/probe.ts', '../../renderer/src/stores/app'],
    ['localservice → electron', 'electron/localservice/probe.ts', 'electron'],
    ['localservice → core beyond the intake guards', 'electron/localservice/probe.ts', '../core/router'],
    ['main → renderer', 'electron/main/probe.ts', '../../renderer/src/main'],
    ['main → preload', 'electron/main/probe.ts', '../preload/index'],
    ['main → core outside its host surface', 'electron/main/probe.ts', '../core/cache/open'],
    ['preload → core', 'electron/preload/probe.ts', '../core/router'],
    ['preload → node:fs', 'electron/preload/probe.ts', 'node:fs'],
    ['host → electron', 'electron/host/probe.ts', 'electron'],
    ['host → main', 'electron/host/probe.ts', '../main/ipc'],
    ['host → core outside its host surface', 'electron/host/probe.ts', '../core/router'],
    ['renderer → node:fs', 'renderer/src/probe.ts', 'node:fs'],
    ['renderer → electron', 'renderer/src/probe.ts', 'electron'],
    ['renderer → core', 'renderer/src/probe.ts', '../../electron/core/router'],
    ['renderer → preload', 'renderer/src/stores/probe.ts', '../../../electron/preload/index'],
    ['renderer feature → another feature', 'renderer/src/features/groups/probe.tsx', '../candidates/CandidatesView'],
    ['renderer feature → core', 'renderer/src/features/groups/probe.tsx', '../../../../electron/core/router'],
    ['renderer platform → a store', 'renderer/src/platform/probe.ts', '../stores/app'],
    ['renderer store → a feature', 'renderer/src/stores/probe.ts', '../features/groups/GroupsView'],
    ['the data shapes → the contract', 'electron/common/shapes.ts', './contract'],
    ['the data shapes → a domain module', 'electron/common/shapes.ts', './domain/rounds'],
    ['a folder under electron/ with no zone', 'electron/newlayer/probe.ts', 'node:fs'],
    ["an exception is one file's, not its folder's", 'renderer/src/features/activity/probe.tsx', '../groups/groupState'],
  ];
  it.each(forbidden)('%s fails lint', async (_label, file, specifier) => {
    expect(await lintRules(file, probe(specifier))).toContain('local/layers');
  });

  const allowed: Case[] = [
    ['common → zod', 'electron/common/probe.ts', 'zod'],
    ['common → common', 'electron/common/domain/probe.ts', '../errors'],
    ['a domain module → the data shapes', 'electron/common/domain/probe.ts', '../shapes'],
    ['the data shapes → the service shapes', 'electron/common/shapes.ts', './service'],
    ['core → common', 'electron/core/probe.ts', '../common/errors'],
    ['core → node:fs', 'electron/core/probe.ts', 'node:fs'],
    ['core → better-sqlite3', 'electron/core/cache/probe.ts', 'better-sqlite3'],
    ['localservice → the intake guards', 'electron/localservice/probe.ts', '../core/intake/bounds'],
    ['localservice → node:http', 'electron/localservice/probe.ts', 'node:http'],
    ['main → electron', 'electron/main/probe.ts', 'electron'],
    ['main → host-core', 'electron/main/probe.ts', '../core/host-core'],
    ['preload → electron', 'electron/preload/probe.ts', 'electron'],
    ['preload → the contract', 'electron/preload/probe.ts', '../common/contract'],
    ['host → host-core', 'electron/host/probe.ts', '../core/host-core'],
    ['host → ws', 'electron/host/probe.ts', 'ws'],
    ['renderer → the contract', 'renderer/src/probe.ts', '../../electron/common/contract'],
    ['renderer store → platform', 'renderer/src/stores/probe.ts', '../platform/desk'],
    ['renderer feature → its own folder', 'renderer/src/features/groups/probe.tsx', './GroupsView'],
    ['renderer feature → components', 'renderer/src/features/groups/probe.tsx', '../../components/Modal'],
    ['renderer feature → a scoped package', 'renderer/src/features/groups/probe.tsx', '@dnd-kit/core'],
    ['renderer platform → common', 'renderer/src/platform/probe.ts', '../../../electron/common/bridge'],
    ['a named exception', 'renderer/src/features/activity/ActivityView.tsx', '../groups/groupState'],
    ['a file in no zone (tests)', 'test/unit/probe.ts', 'electron'],
  ];
  it.each(allowed)('%s passes lint', async (_label, file, specifier) => {
    expect(await lintRules(file, probe(specifier))).toEqual([]);
  });

  it('type-only imports, re-exports, import() and require() are checked too', async () => {
    const file = 'electron/common/probe.ts';
    const code = [
      "import type { Router } from '../core/router';",
      "export { Db } from '../core/cache/db';",
      "export type L = Router | typeof import('../main/ipc');",
      "export const lazy = () => import('node:os');",
      "declare const require: (s: string) => unknown;\nexport const r = require('electron');",
    ].join('\n');
    const rules = await lintRules(file, `${code}\n`);
    expect(rules.filter((r) => r === 'local/layers')).toHaveLength(5);
  });
});

describe('layers: how a specifier resolves', () => {
  const root = '/repo';
  const from = '/repo/electron/common/domain/x.ts';
  it.each([
    ['../../core/router', { kind: 'path', path: 'electron/core/router' }],
    ['./shortlist.ts', { kind: 'path', path: 'electron/common/domain/shortlist' }],
    ['node:fs/promises', { kind: 'package', name: 'node:fs' }],
    ['fs/promises', { kind: 'package', name: 'node:fs' }],
    ['lucide-react/icons/star', { kind: 'package', name: 'lucide-react' }],
    ['@dnd-kit/core/dist/x', { kind: 'package', name: '@dnd-kit/core' }],
  ])('%s', (specifier, expected) => {
    expect(resolveTarget(specifier, from, root)).toEqual(expected);
  });

  it("globs: '*' is one segment, a trailing '/**' the folder and all in it", () => {
    expect(globToRegExp('renderer/src/features/*/**').exec('renderer/src/features/groups/a/b.tsx')?.[1]).toBe('groups');
    expect(globToRegExp('electron/core/**').test('electron/core')).toBe(true);
    expect(globToRegExp('electron/core/**').test('electron/core-x/y')).toBe(false);
    expect(globToRegExp('@dnd-kit/*').test('@dnd-kit/core')).toBe(true);
    expect(globToRegExp('node:*').test('node:fs')).toBe(true);
  });
});

describe('raw IPC', () => {
  const forbidden: Array<[string, string, string]> = [
    ['raw ipcMain outside the transport', 'electron/main/probe.ts', "import { ipcMain } from 'electron';\nexport const a = ipcMain;\n"],
    [
      'webContents.send outside the transport',
      'electron/main/probe.ts',
      "declare const win: { webContents: { send(c: string): void } };\nwin.webContents.send('x');\n",
    ],
  ];
  it.each(forbidden)('%s fails lint', async (_name, file, code) => {
    expect(await lintRules(file, code)).toEqual(expect.arrayContaining([expect.stringMatching(/no-restricted-(imports|syntax)/)]));
  });
});

describe('per-layer type checks', () => {
  const tmp = mkdtempSync(join(root, 'electron', 'common', '.probe-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  function diagnosticsFor(tsconfig: string, code: string): string[] {
    const file = join(tmp, 'probe.ts');
    writeFileSync(file, code);
    const cfg = ts.getParsedCommandLineOfConfigFile(join(root, tsconfig), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
    if (!cfg) throw new Error(`cannot read ${tsconfig}`);
    const program = ts.createProgram({ rootNames: [file], options: cfg.options });
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  }

  it('electron/common has no Node types: process and node:fs do not compile', () => {
    const diags = diagnosticsFor(
      'electron/common/tsconfig.json',
      "import { readFileSync } from 'node:fs';\nexport const a = [readFileSync, process.env];\n",
    );
    expect(diags.join('\n')).toMatch(/node:fs|process/);
  });

  it('electron/common has no DOM: window does not compile', () => {
    const diags = diagnosticsFor('electron/common/tsconfig.json', 'export const w = window.location.href;\n');
    expect(diags.join('\n')).toMatch(/window/);
  });

  it('pure TypeScript compiles under the common tsconfig', () => {
    expect(diagnosticsFor('electron/common/tsconfig.json', 'export const n: number = [1, 2].length;\n')).toEqual([]);
  });
});
