// `npm start` where Electron cannot run opens the browser host's page with the system's opener; in CI,
// under the tests and without a display it says why not instead. The spawn is injected, so no browser
// is ever started here.
import type { SpawnOptions } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { browserCommand, noBrowserReason, openInBrowser, watchForUrl } from '../../../scripts/open-browser.mjs';

const URL_ = 'http://127.0.0.1:43111/?token=abcdefghijklmnopqrstuvwxyzABCDEF';

/** A spawn that records its calls; the opener it returns emits `spawn` (or the given error). */
function fakeSpawn(error?: NodeJS.ErrnoException) {
  const calls: Array<{ command: string; args: string[]; options: SpawnOptions }> = [];
  let unrefs = 0;
  const spawn = (command: string, args: string[], options: SpawnOptions) => {
    calls.push({ command, args, options });
    const child = Object.assign(new EventEmitter(), { unref: () => void unrefs++ });
    setImmediate(() => (error ? child.emit('error', error) : child.emit('spawn')));
    return child;
  };
  return { spawn, calls, unrefs: () => unrefs };
}

const desktop = { DISPLAY: ':0' };

describe('npm start opens the page in the system browser', () => {
  it('calls xdg-open with the page address on Linux, detached, and lets it go', async () => {
    const f = fakeSpawn();
    const lines: string[] = [];
    const result = await openInBrowser(URL_, { spawn: f.spawn, env: desktop, platform: 'linux', say: (l) => lines.push(l) });
    expect(result).toEqual({ opened: true, reason: null });
    expect(f.calls).toEqual([{ command: 'xdg-open', args: [URL_], options: { stdio: 'ignore', detached: true } }]);
    expect(f.unrefs()).toBe(1);
    expect(lines).toEqual(['Opened Referee Desk in your browser.']);
  });

  it('uses open on macOS and start (through cmd) on Windows', async () => {
    const mac = fakeSpawn();
    await openInBrowser(URL_, { spawn: mac.spawn, env: {}, platform: 'darwin', say: () => {} });
    expect(mac.calls.map((c) => [c.command, c.args])).toEqual([['open', [URL_]]]);
    const win = fakeSpawn();
    await openInBrowser(URL_, { spawn: win.spawn, env: {}, platform: 'win32', say: () => {} });
    expect(win.calls[0]!.command).toBe('cmd.exe');
    expect(win.calls[0]!.args.at(-1)).toBe(`start "" "${URL_}"`);
    expect(win.calls[0]!.options.windowsVerbatimArguments).toBe(true);
  });

  it('never opens a browser in CI, under the tests or without a display, and says why', async () => {
    for (const [env, why] of [
      [{ ...desktop, CI: 'true' }, 'CI is set'],
      [{ ...desktop, VITEST: 'true' }, 'running under the tests'],
      [{}, 'there is no display (DISPLAY is not set)'],
    ] as const) {
      const f = fakeSpawn();
      const lines: string[] = [];
      const result = await openInBrowser(URL_, { spawn: f.spawn, env, platform: 'linux', say: (l) => lines.push(l) });
      expect(result).toEqual({ opened: false, reason: why });
      expect(f.calls).toEqual([]);
      expect(lines).toEqual([`Not opening a browser: ${why}. Open the address above by hand.`]);
    }
    expect(noBrowserReason({ WAYLAND_DISPLAY: 'wayland-0' }, 'linux')).toBeNull();
    // This very run: vitest sets VITEST, so the default environment never opens one.
    expect(noBrowserReason()).not.toBeNull();
  });

  it('a missing opener is said in a line, not thrown', async () => {
    const f = fakeSpawn(Object.assign(new Error('spawn xdg-open ENOENT'), { code: 'ENOENT' }));
    const lines: string[] = [];
    const result = await openInBrowser(URL_, { spawn: f.spawn, env: desktop, platform: 'linux', say: (l) => lines.push(l) });
    expect(result).toEqual({ opened: false, reason: 'xdg-open could not run (ENOENT)' });
    expect(lines).toEqual(['Could not open a browser: xdg-open could not run (ENOENT). Open the address above by hand.']);
  });

  it('browserCommand quotes nothing on Linux (the address is one argument)', () => {
    expect(browserCommand(URL_, 'linux')).toEqual({ command: 'xdg-open', args: [URL_], options: {} });
  });

  it("finds the address in the host's first JSON line, even split across chunks, and passes every byte on", () => {
    const stream = new PassThrough();
    let out = '';
    const urls: string[] = [];
    watchForUrl(stream, { write: (c: string) => (out += c) }, (u) => urls.push(u));
    stream.write('warming up\n{"url":"http://127.0.0.1:4');
    stream.write('3111/?token=x","data_dir":"/d"}\n{"url":"http://other"}\n');
    expect(urls).toEqual(['http://127.0.0.1:43111/?token=x']);
    expect(out).toBe('warming up\n{"url":"http://127.0.0.1:43111/?token=x","data_dir":"/d"}\n{"url":"http://other"}\n');
  });
});
