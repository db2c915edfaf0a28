// Proves the layer rules are enforced by tools (ARCHITECTURE.md §3 rule 1): a forbidden import fails
// lint, and Node APIs in electron/common fail the type check of that layer's tsconfig.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function lintRules(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('SQL in core binds by name', () => {
  it('a positional insert fails lint; one bound by column name passes; migrations are history and exempt', async () => {
    const positional = "export const sql = 'INSERT INTO t (a, b) VALUES (?, ?)';\n";
    expect(await lintRules('electron/core/cache/probe.ts', positional)).toContain('no-restricted-syntax');
    expect(await lintRules('electron/core/cache/probe.ts', "export const sql = 'INSERT INTO t (a, b) VALUES (@a, @b)';\n")).toEqual([]);
    expect(await lintRules('electron/core/cache/migrations/099-probe.ts', positional)).toEqual([]);
  });
});

describe('lint import zones', () => {
  const forbidden: Array<[string, string, string]> = [
    ['core importing electron', 'electron/core/probe.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    ['sandbox importing electron', 'electron/localservice/probe.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    ['common importing node:fs', 'electron/common/probe.ts', "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n"],
    ['common importing core', 'electron/common/probe.ts', "import { Router } from '../core/router';\nexport const a = Router;\n"],
    ['renderer importing node:fs', 'renderer/src/probe.ts', "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n"],
    ['renderer importing electron', 'renderer/src/probe.ts', "import { shell } from 'electron';\nexport const a = shell;\n"],
    [
      'renderer importing core',
      'renderer/src/probe.ts',
      "import { Router } from '../../electron/core/router';\nexport const a = Router;\n",
    ],
    ['preload importing core', 'electron/preload/probe.ts', "import { Router } from '../core/router';\nexport const a = Router;\n"],
    ['host importing electron', 'electron/host/probe.ts', "import { app } from 'electron';\nexport const a = app;\n"],
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

  const allowed: Array<[string, string, string]> = [
    ['main importing electron app', 'electron/main/probe.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    ['core importing common', 'electron/core/probe.ts', "import { DeskError } from '../common/errors';\nexport const a = DeskError;\n"],
    [
      'renderer importing the contract',
      'renderer/src/probe.ts',
      "import { requests } from '../../electron/common/contract';\nexport const a = requests;\n",
    ],
  ];
  it.each(allowed)('%s passes lint', async (_name, file, code) => {
    expect(await lintRules(file, code)).toEqual([]);
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
