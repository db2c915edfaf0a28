// Opens the browser host's page in the system's browser (`npm start` where Electron cannot run):
// xdg-open on Linux and the BSDs, open on macOS, start on Windows. Never in CI or tests, and not on a
// Linux without a display (nothing could show the page); the reason is printed instead, with the
// address to open by hand.

/** The command that opens `url` in the default browser on `platform`. */
export function browserCommand(url, platform = process.platform) {
  if (platform === 'darwin') return { command: 'open', args: [url], options: {} };
  if (platform === 'win32') {
    // `start` is built into cmd; its first quoted argument is the window title, so an empty one goes first.
    return { command: 'cmd.exe', args: ['/d', '/s', '/c', `start "" "${url}"`], options: { windowsVerbatimArguments: true } };
  }
  return { command: 'xdg-open', args: [url], options: {} };
}

/** Why no browser should be opened here, or null when one can be. */
export function noBrowserReason(env = process.env, platform = process.platform) {
  if (/^(1|true|yes)$/i.test(env.CI ?? '')) return 'CI is set';
  if (env.VITEST) return 'running under the tests';
  if (/^(1|true|yes)$/i.test(env.REFEREE_DESK_NO_BROWSER ?? '')) return 'REFEREE_DESK_NO_BROWSER is set';
  if (platform !== 'darwin' && platform !== 'win32' && !env.DISPLAY && !env.WAYLAND_DISPLAY)
    return 'there is no display (DISPLAY is not set)';
  return null;
}

/**
 * Opens `url` with the system's opener unless there is a reason not to. `spawn` is node:child_process's
 * (a test passes its own). Resolves to `{ opened, reason }`; `say` gets the line to print.
 */
export function openInBrowser(url, { spawn, env = process.env, platform = process.platform, say = (line) => console.error(line) }) {
  const reason = noBrowserReason(env, platform);
  if (reason) {
    say(`Not opening a browser: ${reason}. Open the address above by hand.`);
    return Promise.resolve({ opened: false, reason });
  }
  const { command, args, options } = browserCommand(url, platform);
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: 'ignore', detached: true });
    child.once('error', (err) => {
      const why = `${command} could not run (${err.code ?? err.message})`;
      say(`Could not open a browser: ${why}. Open the address above by hand.`);
      resolve({ opened: false, reason: why });
    });
    child.once('spawn', () => {
      child.unref();
      say('Opened Referee Desk in your browser.');
      resolve({ opened: true, reason: null });
    });
  });
}

/**
 * Reads the host's standard output line by line, passing it on to `out`, and calls `onUrl` once with
 * the address from its first JSON line (`{"url": …}`).
 */
export function watchForUrl(stream, out, onUrl) {
  let buffered = '';
  let found = false;
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    out.write(chunk);
    if (found) return;
    buffered += chunk;
    let nl;
    while (!found && (nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      try {
        const { url } = JSON.parse(line);
        if (typeof url === 'string') {
          found = true;
          buffered = '';
          onUrl(url);
        }
      } catch {
        // not the address line
      }
    }
  });
}
