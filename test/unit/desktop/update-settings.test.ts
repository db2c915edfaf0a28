// settings.json is read as untrusted input (a regular file only, at most SETTINGS_MAX_BYTES, never
// waiting on a FIFO) and written without following a link planted in the data folder.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { lstatSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Counts every byte the module under test pulls out of a file, whichever fs call it uses.
const pulled = vi.hoisted(() => ({ bytes: 0 }));
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof fs>();
  const readFileSync = ((...args: Parameters<typeof real.readFileSync>) => {
    const out = real.readFileSync(...args);
    pulled.bytes += out.length;
    return out;
  }) as typeof real.readFileSync;
  const readSync = ((...args: Parameters<typeof real.readSync>) => {
    const got = real.readSync(...args);
    pulled.bytes += got;
    return got;
  }) as typeof real.readSync;
  return { ...real, default: { ...real, readFileSync, readSync }, readFileSync, readSync };
});

const { SETTINGS_MAX_BYTES, setUpdatesEnabled, updatesEnabled } = await import('../../../electron/core/update-settings');

const ROOT = resolve(import.meta.dirname, '../../..');
const posix = process.platform !== 'win32';
let dir: string;
let outside: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rd-settings-'));
  outside = mkdtempSync(join(tmpdir(), 'rd-settings-outside-'));
  pulled.bytes = 0;
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('settings.json read', () => {
  it('a 100 MB settings.json reads as damaged (on) without its content being read', () => {
    const file = join(dir, 'settings.json');
    writeFileSync(file, '{"updates":false,"pad":"');
    truncateSync(file, 100 * 1024 * 1024); // sparse: costs no disk
    expect(updatesEnabled(dir)).toBe(true);
    expect(pulled.bytes).toBeLessThanOrEqual(SETTINGS_MAX_BYTES + 1);
  });

  it('a file at the limit is still read', () => {
    const head = '{"updates":false,"pad":"';
    writeFileSync(join(dir, 'settings.json'), `${head}${'x'.repeat(SETTINGS_MAX_BYTES - head.length - 2)}"}`);
    expect(readFileSync(join(dir, 'settings.json')).length).toBe(SETTINGS_MAX_BYTES);
    expect(updatesEnabled(dir)).toBe(false);
  });

  it('a settings.json that is a folder reads as on', () => {
    fs.mkdirSync(join(dir, 'settings.json'));
    expect(updatesEnabled(dir)).toBe(true);
  });

  it.runIf(posix)('a FIFO named settings.json reads as on at once instead of waiting for a writer', () => {
    const made = spawnSync('mkfifo', [join(dir, 'settings.json')]);
    expect(made.status).toBe(0);
    // In a child: a read that blocks would block this test's thread too, and nothing could end it.
    const script = `import { updatesEnabled } from ${JSON.stringify(join(ROOT, 'electron/core/update-settings.ts'))};
      process.stdout.write(String(updatesEnabled(${JSON.stringify(dir)})));`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      timeout: 15_000,
      encoding: 'utf8',
    });
    expect(child.signal).toBeNull();
    expect(child.stdout).toBe('true');
  });
});

describe.runIf(posix)('settings.json write', () => {
  it('a link planted at the old temporary name is not written through', () => {
    const victim = join(outside, 'precious.txt');
    writeFileSync(victim, 'precious');
    symlinkSync(victim, join(dir, 'settings.json.tmp'));
    setUpdatesEnabled(dir, false);
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(lstatSync(join(dir, 'settings.json')).isFile()).toBe(true);
    expect(updatesEnabled(dir)).toBe(false);
  });

  it('settings.json itself a link: the link is replaced by a file, its target left alone', () => {
    const victim = join(outside, 'precious.json');
    writeFileSync(victim, '{"keep":1}');
    symlinkSync(victim, join(dir, 'settings.json'));
    setUpdatesEnabled(dir, false);
    expect(readFileSync(victim, 'utf8')).toBe('{"keep":1}');
    expect(lstatSync(join(dir, 'settings.json')).isFile()).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toEqual({ keep: 1, updates: false });
  });

  it('leaves no temporary file behind, and a failed rename removes its own', () => {
    setUpdatesEnabled(dir, true);
    expect(readdirSync(dir)).toEqual(['settings.json']);
    rmSync(join(dir, 'settings.json'));
    fs.mkdirSync(join(dir, 'settings.json', 'inside'), { recursive: true }); // rename over a non-empty folder fails
    expect(() => setUpdatesEnabled(dir, false)).toThrow(/cannot write to its data folder/);
    expect(readdirSync(dir)).toEqual(['settings.json']);
  });
});
