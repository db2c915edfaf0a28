// The desktop shell's decisions as pure functions, so a unit test covers them where Electron cannot
// run: whether closing the last window quits, whether the app may run without Chromium's sandbox,
// whether to offer the move to /Applications, and which child process exits are crashes.

/** The Application User Model ID Windows groups the taskbar button, pins and notifications by: the
 * installer gives the shortcuts electron-builder.json's appId, and the app sets the same at start. */
export const APP_USER_MODEL_ID = 'org.refereedesk.app';

/** Windows and Linux quit with their last window; a macOS app stays in the Dock until Quit. */
export function quitsWithLastWindow(platform: string): boolean {
  return platform !== 'darwin';
}

/**
 * Why a start must be refused, or null. A packaged Linux app is never run without Chromium's
 * sandbox: electron-builder's AppImage launcher adds `--no-sandbox` where user namespaces are
 * restricted (Ubuntu 24.04), and the page then runs unconfined. The editor is told what to do instead.
 */
export function unsandboxedStartRefusal(o: {
  platform: string;
  isPackaged: boolean;
  noSandboxSwitch: boolean;
  appImage: boolean;
}): string | null {
  if (!o.isPackaged || !o.noSandboxSwitch) return null;
  const how =
    o.platform === 'linux' && o.appImage
      ? 'This system does not let the AppImage use user namespaces. Install the .deb or .rpm package instead, ' +
        'which set the sandbox up (see "Linux sandbox" in the README).'
      : 'Start Referee Desk without the --no-sandbox option.';
  return `Referee Desk does not run without its security sandbox. ${how}`;
}

/** macOS: updates cannot replace a copy run from the disk image or Downloads, so offer the move once per start. */
export function offerMoveToApplications(o: { platform: string; isPackaged: boolean; inApplicationsFolder: boolean }): boolean {
  return o.platform === 'darwin' && o.isPackaged && !o.inApplicationsFolder;
}

/** A child process that stopped: a crash to record for diagnostics, unless it exited cleanly or is
 * the demo service (a utility process) stopped by the app while it quits. */
export function isChildCrash(details: { type: string; reason: string }, quitting: boolean): boolean {
  if (details.reason === 'clean-exit') return false;
  return !(quitting && details.type === 'Utility');
}

/**
 * The quit sequence as a handler for Electron's before-quit: the first quit saves what must survive
 * a forced end at once (`saveNow`: the window state — an installer or the system may end the
 * process before the close finishes), cancels the quit, closes (bounded by `timeoutMs`) and quits
 * again; the quit that follows passes.
 */
export function quitGate(o: { saveNow(): void; close(): Promise<void>; quit(): void; timeoutMs: number }) {
  let state: 'running' | 'closing' | 'closed' = 'running';
  return (event: { preventDefault(): void }): void => {
    if (state === 'closed') return;
    event.preventDefault();
    if (state === 'closing') return;
    state = 'closing';
    try {
      o.saveNow();
    } catch {
      // nothing to save is no reason to keep running
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, o.timeoutMs)));
    void Promise.race([o.close().catch(() => undefined), timeout]).finally(() => {
      clearTimeout(timer);
      state = 'closed';
      o.quit();
    });
  };
}
