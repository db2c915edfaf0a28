// The window's first paint waits for the shell bundle: the entry script of out/renderer/index.html and
// every chunk it imports statically. It must not carry zod (the renderer only needs the contract's
// channel names, electron/common/channels.ts; the schemas are checked in core) and must stay within a
// size budget. Views load their own chunks (and zod, where a view imports a schema) when shown.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rendererDir } from '../../support/web-app';

/** Bytes of minified JavaScript the shell may load before its first paint: 282 KB with the window's one read path
 * (data/queries.ts and the READS declarations, about 2 KB more than the per-store loaders it replaced). */
const SHELL_BUDGET = 285_000;
/** zod v4's error class names itself so in its minified build. */
const ZOD_MARKER = '$ZodError';

const built = existsSync(join(rendererDir, 'index.html'));

/** The chunk and, transitively, every chunk it imports statically (dynamic import() is left out). */
function staticGraph(chunk: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join(rendererDir, file), 'utf8');
    // Static imports only: `import{…}from"./x.js"` or `import"./x.js"` (minified), never `import("./x.js")`.
    for (const m of code.matchAll(/(?:\bfrom|\bimport) ?["']\.\/([^"']+\.js)["']/g)) visit(join('assets', m[1]!));
  };
  visit(chunk);
  return [...seen];
}

/** The module entry script of out/renderer/index.html and its static imports. */
function shellChunks(): string[] {
  const html = readFileSync(join(rendererDir, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="\.\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('no module entry script in out/renderer/index.html');
  return staticGraph(entry);
}

const withZod = (chunks: string[]) => chunks.filter((f) => readFileSync(join(rendererDir, f), 'utf8').includes(ZOD_MARKER));

describe.skipIf(!built)('the shell bundle (needs `npx electron-vite build`)', () => {
  it('does not carry zod, which the build still ships for the views that import a schema', () => {
    const shell = shellChunks();
    expect(shell.length).toBeGreaterThan(0);
    expect(withZod(shell)).toEqual([]);
    // The marker is what zod's build contains: some lazily loaded chunk has it (else this test could not fail).
    const assets = readdirSync(join(rendererDir, 'assets')).filter((f) => f.endsWith('.js'));
    expect(assets.some((f) => readFileSync(join(rendererDir, 'assets', f), 'utf8').includes(ZOD_MARKER))).toBe(true);
  });

  it('the Candidates view (preloaded while the window is idle) does not load zod either', () => {
    const view = readdirSync(join(rendererDir, 'assets')).find((f) => /^CandidatesView-.*\.js$/.test(f));
    expect(view).toBeDefined();
    const chunks = staticGraph(join('assets', view!));
    expect(chunks.length).toBeGreaterThan(1);
    expect(withZod(chunks)).toEqual([]);
  });

  it(`stays within ${SHELL_BUDGET.toLocaleString('en')} bytes`, () => {
    const sizes = shellChunks().map((f) => [f, statSync(join(rendererDir, f)).size] as const);
    const total = sizes.reduce((sum, [, size]) => sum + size, 0);
    expect({ total, within: total <= SHELL_BUDGET }).toEqual({ total, within: true });
  });
});
