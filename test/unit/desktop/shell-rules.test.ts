import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  APP_USER_MODEL_ID,
  isChildCrash,
  offerMoveToApplications,
  quitGate,
  quitsWithLastWindow,
  unsandboxedStartRefusal,
} from '../../../electron/main/shell-rules';

const root = join(import.meta.dirname, '..', '..', '..');

describe('desktop shell rules', () => {
  it('the App User Model ID set at start is the installer’s appId', () => {
    const config = JSON.parse(readFileSync(join(root, 'electron-builder.json'), 'utf8')) as { appId: string };
    expect(APP_USER_MODEL_ID).toBe(config.appId);
  });

  it('closing the last window quits on Windows and Linux, not on macOS', () => {
    expect(quitsWithLastWindow('win32')).toBe(true);
    expect(quitsWithLastWindow('linux')).toBe(true);
    expect(quitsWithLastWindow('darwin')).toBe(false);
  });

  it('a packaged app started with --no-sandbox is refused, with what to do instead', () => {
    const appImage = unsandboxedStartRefusal({ platform: 'linux', isPackaged: true, noSandboxSwitch: true, appImage: true });
    expect(appImage).toMatch(/does not run without its security sandbox/);
    expect(appImage).toMatch(/Install the \.deb or \.rpm package/);
    expect(unsandboxedStartRefusal({ platform: 'win32', isPackaged: true, noSandboxSwitch: true, appImage: false })).toMatch(
      /without the --no-sandbox option/,
    );
    expect(unsandboxedStartRefusal({ platform: 'linux', isPackaged: true, noSandboxSwitch: false, appImage: true })).toBeNull();
    // from source (tests in containers pass the switch to Chromium)
    expect(unsandboxedStartRefusal({ platform: 'linux', isPackaged: false, noSandboxSwitch: true, appImage: false })).toBeNull();
  });

  it('offers the move to Applications only to a packaged macOS app outside it', () => {
    expect(offerMoveToApplications({ platform: 'darwin', isPackaged: true, inApplicationsFolder: false })).toBe(true);
    expect(offerMoveToApplications({ platform: 'darwin', isPackaged: true, inApplicationsFolder: true })).toBe(false);
    expect(offerMoveToApplications({ platform: 'darwin', isPackaged: false, inApplicationsFolder: false })).toBe(false);
    expect(offerMoveToApplications({ platform: 'win32', isPackaged: true, inApplicationsFolder: false })).toBe(false);
  });

  it('the demo service stopped while quitting is not a crash; the same exit while running is', () => {
    const killed = { type: 'Utility', reason: 'killed' };
    expect(isChildCrash(killed, true)).toBe(false);
    expect(isChildCrash(killed, false)).toBe(true);
    expect(isChildCrash({ type: 'GPU', reason: 'crashed' }, true)).toBe(true);
    expect(isChildCrash({ type: 'Utility', reason: 'clean-exit' }, false)).toBe(false);
  });
});

describe('quit gate', () => {
  afterEach(() => vi.useRealTimers());
  const event = () => ({
    prevented: false,
    preventDefault() {
      this.prevented = true;
    },
  });

  it('saves the window state before waiting for the close, then quits once closed', async () => {
    const order: string[] = [];
    let finish!: () => void;
    const onQuit = quitGate({
      saveNow: () => order.push('save'),
      close: () => {
        order.push('close');
        return new Promise<void>((r) => (finish = r));
      },
      quit: () => order.push('quit'),
      timeoutMs: 5_000,
    });
    const first = event();
    onQuit(first);
    expect(first.prevented).toBe(true);
    // saved before anything waits: a forced end during the close keeps it
    expect(order).toEqual(['save', 'close']);
    const again = event();
    onQuit(again);
    expect(again.prevented).toBe(true);
    expect(order).toEqual(['save', 'close']);
    finish();
    await vi.waitFor(() => expect(order).toEqual(['save', 'close', 'quit']));
    const last = event();
    onQuit(last);
    expect(last.prevented).toBe(false);
  });

  it('quits after the timeout when the close hangs, and when saving throws', async () => {
    vi.useFakeTimers();
    const quit = vi.fn();
    const onQuit = quitGate({
      saveNow: () => {
        throw new Error('read-only');
      },
      close: () => new Promise<void>(() => undefined),
      quit,
      timeoutMs: 5_000,
    });
    onQuit(event());
    await vi.advanceTimersByTimeAsync(4_999);
    expect(quit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(quit).toHaveBeenCalledTimes(1);
  });
});
