// Quit waits for core to close (outbox, webhook receiver, demo service, cache) before Electron exits,
// bounded so a stuck close never keeps the app alive. Electron's before-quit can be cancelled with
// preventDefault(); we call app.quit() again once closing is done.
import { app } from 'electron';

export const QUIT_CLOSE_TIMEOUT_MS = 5_000;

export function quitAfter(close: () => Promise<void>, timeoutMs = QUIT_CLOSE_TIMEOUT_MS): void {
  let state: 'running' | 'closing' | 'closed' = 'running';
  app.on('before-quit', (event) => {
    if (state === 'closed') return;
    event.preventDefault();
    if (state === 'closing') return;
    state = 'closing';
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    void Promise.race([close().catch(() => undefined), timeout]).finally(() => {
      clearTimeout(timer);
      state = 'closed';
      app.quit();
    });
  });
}
