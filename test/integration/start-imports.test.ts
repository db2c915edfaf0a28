// What the built browser host loads before its first answer (issue 14 item 2, docs/process-model.md):
// the window's first paint waits for app.info, so modules only later work needs (undici for the service,
// yauzl for Word documents, Node's bundled undici that an ESM import of node:http drags in) must not load
// before it. Runs the build as `npm run web` does, with a module hook recording every package resolved.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { askAppInfo, hostBuilt as built, printedAddress, spawnBuiltHost, stopHost } from '../support/built-host';

/** Preloaded into the host: records the bare specifiers it resolves; on SIGUSR2 writes them, with the
 * built-ins Node has loaded (process.moduleLoadList), to the file named by DESK_IMPORTS_OUT. */
const HOOK = `
import { registerHooks } from 'node:module';
import { writeFileSync } from 'node:fs';
const seen = new Set();
registerHooks({
  resolve(specifier, context, next) {
    if (!specifier.startsWith('.') && !specifier.startsWith('/') && !specifier.startsWith('file:')) seen.add(specifier);
    return next(specifier, context);
  },
});
process.on('SIGUSR2', () => {
  writeFileSync(process.env.DESK_IMPORTS_OUT, JSON.stringify({ packages: [...seen], builtins: process.moduleLoadList }));
});
`;

describe.skipIf(!built)('the built browser host before its first answer', () => {
  it(
    'has not loaded undici, yauzl or Node’s own undici when app.info answers, and loads them after the paint',
    { timeout: 60_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'desk-start-imports-'));
      const hook = join(dir, 'hook.mjs');
      const out = join(dir, 'imports.json');
      writeFileSync(hook, HOOK);
      const child = spawnBuiltHost(join(dir, 'data'), { preload: hook, env: { DESK_IMPORTS_OUT: out } });
      try {
        const { ok, ws } = await askAppInfo(await printedAddress(child));
        expect(ok).toBe(true);
        // core.start() (and with it the service client's first request) waits 300 ms after this answer
        child.kill('SIGUSR2');
        await expect.poll(() => existsSync(out), { timeout: 10_000 }).toBe(true);
        ws.close();
        const loaded = JSON.parse(readFileSync(out, 'utf8')) as { packages: string[]; builtins: string[] };
        // the hook sees what the first answer needs (the test fails if it records nothing); zod and ws are
        // bundled into the host's chunks (electron.vite.config.ts), so Node resolves neither package
        expect(loaded.packages).toContain('better-sqlite3');
        expect(loaded.packages).not.toContain('zod');
        expect(loaded.packages).not.toContain('ws');
        expect(loaded.packages).not.toContain('undici');
        expect(loaded.packages).not.toContain('yauzl');
        expect(loaded.builtins.filter((m) => m.includes('deps/undici'))).toEqual([]);

        // after the first paint core.start() loads them, so a first request or Word document does not wait
        const later = async () => {
          child.kill('SIGUSR2');
          await new Promise((r) => setTimeout(r, 200));
          return (JSON.parse(readFileSync(out, 'utf8')) as { packages: string[] }).packages;
        };
        await expect.poll(later, { timeout: 20_000, interval: 300 }).toEqual(expect.arrayContaining(['undici', 'yauzl']));
      } finally {
        await stopHost(child);
      }
    },
  );
});

if (!built) console.warn('start-imports.test.ts skipped: out/ is missing (npx electron-vite build)');
