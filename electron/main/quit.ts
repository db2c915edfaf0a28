// Quit waits for core to close (outbox, webhook receiver, demo service, cache) before Electron exits,
// bounded so a stuck close never keeps the app alive; the window state is saved first, before the
// wait (shell-rules.ts quitGate). Electron's before-quit can be cancelled with preventDefault(); the
// gate calls app.quit() again once closing is done.
import { app } from 'electron';
import { quitGate } from './shell-rules';

export const QUIT_CLOSE_TIMEOUT_MS = 5_000;

export function quitAfter(close: () => Promise<void>, saveNow: () => void, timeoutMs = QUIT_CLOSE_TIMEOUT_MS): void {
  app.on('before-quit', quitGate({ saveNow, close, quit: () => app.quit(), timeoutMs }));
}
