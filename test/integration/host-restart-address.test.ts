// `npm start` in a browser: the built host, stopped and started again on the same data folder, prints
// the same address (token and port), so a tab left open on the page reconnects; when the port has been
// taken meanwhile, the token is kept and another port is used.
import { mkdtempSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { askAppInfo, hostBuilt as built, printedAddress, spawnBuiltHost, stopHost } from '../support/built-host';

/** Starts the built host on `data`, returns its printed address once it serves, and stops it. */
async function runOnce(data: string, check?: (url: URL) => Promise<void>): Promise<URL> {
  const child = spawnBuiltHost(data);
  try {
    const url = await printedAddress(child);
    await check?.(url);
    return url;
  } finally {
    await stopHost(child);
  }
}

async function answersAppInfo(url: URL): Promise<void> {
  const { ok, ws } = await askAppInfo(url);
  expect(ok).toBe(true);
  ws.close();
}

describe.skipIf(!built)('the built browser host keeps its address across restarts', () => {
  it('same token and port after a restart; the token kept (0600) when the port is taken', { timeout: 60_000 }, async () => {
    const data = join(mkdtempSync(join(tmpdir(), 'desk-host-address-')), 'data');
    const first = await runOnce(data);
    if (process.platform !== 'win32') expect(statSync(join(data, 'host.json')).mode & 0o777).toBe(0o600);
    // the address printed the first time opens the app the second time
    const second = await runOnce(data, answersAppInfo);
    expect(second.href).toBe(first.href);

    const squatter = createServer();
    await new Promise<void>((r) => squatter.listen(Number(first.port), '127.0.0.1', () => r()));
    try {
      const third = await runOnce(data, answersAppInfo);
      expect(third.port).not.toBe(first.port);
      expect(third.searchParams.get('token')).toBe(first.searchParams.get('token'));
    } finally {
      await new Promise((r) => squatter.close(r));
    }
  });
});

if (!built) console.warn('host-restart-address.test.ts skipped: out/ is missing (npx electron-vite build)');
