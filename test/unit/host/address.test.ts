// The browser host's stable address: the token and port kept in the data folder (host.json, 0600), the
// port reused when free and given up for another when taken.
import { chmodSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADDRESS_FILE, listenOnKeptPort, readHostAddress, writeHostAddress } from '../../../electron/host/address';

const folder = () => mkdtempSync(join(tmpdir(), 'desk-address-'));
const posix = process.platform !== 'win32';

function listen(port: number): Promise<Server> {
  const s = createServer();
  return new Promise((resolve, reject) => {
    s.once('error', reject);
    s.listen(port, '127.0.0.1', () => resolve(s));
  });
}
const portOf = (s: Server) => (s.address() as { port: number }).port;
const close = (s: Server) => new Promise<void>((r) => s.close(() => r()));

describe('browser host address kept across restarts', () => {
  it('a new folder gets a fresh token and no port; written, the same token and port are read back', () => {
    const dir = folder();
    const first = readHostAddress(dir);
    expect(first.port).toBeNull();
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(readHostAddress(dir).token).not.toBe(first.token);
    writeHostAddress(dir, { token: first.token, port: 43123 });
    expect(readHostAddress(dir)).toEqual({ token: first.token, port: 43123 });
  });

  it.skipIf(!posix)('the file is readable by its owner only, and a file others could read is narrowed to 0600', () => {
    const dir = folder();
    writeHostAddress(dir, { token: 'a'.repeat(32), port: 40000 });
    const file = join(dir, ADDRESS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    chmodSync(file, 0o644);
    expect(readHostAddress(dir).token).toBe('a'.repeat(32));
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('a damaged file, a bad token or port, or a link instead of a file gives a new token', () => {
    const dir = folder();
    const file = join(dir, ADDRESS_FILE);
    writeFileSync(file, '{not json', { mode: 0o600 });
    expect(readHostAddress(dir).port).toBeNull();
    writeFileSync(file, JSON.stringify({ token: 'short', port: 70000 }), { mode: 0o600 });
    const bad = readHostAddress(dir);
    expect(bad.token).not.toBe('short');
    expect(bad.port).toBeNull();
    if (posix) {
      const other = folder();
      writeHostAddress(other, { token: 'b'.repeat(32), port: 40001 });
      const linked = folder();
      symlinkSync(join(other, ADDRESS_FILE), join(linked, ADDRESS_FILE));
      expect(readHostAddress(linked)).not.toEqual({ token: 'b'.repeat(32), port: 40001 });
      expect(readFileSync(join(other, ADDRESS_FILE), 'utf8')).toContain('b'.repeat(32));
    }
  });

  it('listens on the kept port when it is free', async () => {
    const probe = await listen(0);
    const port = portOf(probe);
    await close(probe);
    const server = await listenOnKeptPort(port, listen);
    expect(portOf(server)).toBe(port);
    await close(server);
  });

  it('takes another port when the kept one is taken, and lets other errors through', async () => {
    const taken = await listen(0);
    const server = await listenOnKeptPort(portOf(taken), listen);
    expect(portOf(server)).not.toBe(portOf(taken));
    await Promise.all([close(server), close(taken)]);
    await expect(listenOnKeptPort(5, () => Promise.reject(new Error('cache locked')))).rejects.toThrow('cache locked');
    const asked: number[] = [];
    await listenOnKeptPort(null, (p) => Promise.resolve(asked.push(p)));
    expect(asked).toEqual([0]);
  });
});
