// The real OS keychain: gnome-keyring under dbus-run-session with a fresh HOME (ARCHITECTURE.md
// §4), and the session fallback when no Secret Service answers.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const SCRIPT = join(import.meta.dirname, 'keychain-script.ts');
const onPath = (bin: string) => (process.env.PATH ?? '').split(':').some((d) => existsSync(join(d, bin)));
const HAVE_KEYRING = process.platform === 'linux' && onPath('dbus-run-session') && onPath('gnome-keyring-daemon');
if (!HAVE_KEYRING) console.log('keychain tests skipped: dbus-run-session and gnome-keyring-daemon are needed (Debian: dbus gnome-keyring)');

interface Outcome {
  persistence: 'keychain' | 'session';
  warning: string | null;
  read: string | null;
}

let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'desk-keychain-home-'));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

/** Environment of a fresh user: no session bus from the developer's desktop, no display. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home, XDG_RUNTIME_DIR: home, LANG: 'C.UTF-8', ...extra };
  return env;
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<Outcome> {
  return new Promise((resolvePromise, reject) => {
    execFile(cmd, args, { cwd: ROOT, env, timeout: 60_000 }, (err, stdout, stderr) => {
      const line = stdout.trim().split('\n').at(-1) ?? '';
      if (err || !line.startsWith('{')) reject(new Error(`${cmd} failed: ${err?.message ?? ''}\n${stderr}`));
      else resolvePromise(JSON.parse(line) as Outcome);
    });
  });
}

const node = (args: string[]) => [process.execPath, '--import', 'tsx', SCRIPT, ...args].map((a) => `'${a}'`).join(' ');

/** The script inside a D-Bus session whose gnome-keyring is unlocked with a fixed password. */
const inKeyring = (args: string[]) =>
  run(
    'dbus-run-session',
    ['--', 'sh', '-c', `echo -n desk-test-pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec ${node(args)}`],
    cleanEnv(),
  );

describe('OS keychain', () => {
  it.skipIf(!HAVE_KEYRING)('stores a key in the Secret Service, encrypted at rest, and reads it back after a restart', async () => {
    const secret = 'sk-keychain-test-4a7e19c2';
    const first = await inKeyring(['set', 'profile:p1', secret]);
    expect(first).toEqual({ persistence: 'keychain', warning: null, read: secret });

    // a new D-Bus session and a new keyring daemon: the key survived on disk …
    const second = await inKeyring(['get', 'profile:p1']);
    expect(second.read).toBe(secret);

    // … and not in clear text
    const dir = join(home, '.local/share/keyrings');
    const files = await readdir(dir);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect((await readFile(join(dir, f))).includes(secret)).toBe(false);

    const removed = await inKeyring(['delete', 'profile:p1']);
    expect(removed.read).toBeNull();
  });

  it.skipIf(!HAVE_KEYRING)('a session bus without an unlocked keyring: session storage with a warning', async () => {
    const r = await run('dbus-run-session', ['--', 'sh', '-c', `exec ${node(['set', 'profile:p1', 'sk-session-1234'])}`], cleanEnv());
    expect(r.persistence).toBe('session');
    expect(r.warning).toMatch(/kept only until Referee Desk closes/);
    expect(r.read).toBe('sk-session-1234');
  });

  it.skipIf(process.platform !== 'linux')('no Secret Service at all (no session bus): session storage with a warning', async () => {
    const r = await run(
      process.execPath,
      ['--import', 'tsx', SCRIPT, 'set', 'profile:p1', 'sk-session-5678'],
      cleanEnv({ DBUS_SESSION_BUS_ADDRESS: `unix:path=${home}/no-bus` }),
    );
    expect(r.persistence).toBe('session');
    expect(r.warning).toMatch(/No system keychain/);
    expect(r.read).toBe('sk-session-5678');
  });
});
