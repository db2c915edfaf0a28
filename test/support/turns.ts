// Which turn of the event loop each router call starts in: a setImmediate chain moves a counter once per
// turn, and the router's handle() is wrapped to note the counter. Tests of "one request per turn" (the
// browser host's WebSocket server, the Electron IPC handlers) read `turns` after a burst.
import type { Router } from '../../electron/core/router';

export function routerTurns(router: Router): { turns: number[]; stop(): void } {
  let turn = 0;
  let ticking = true;
  const tick = () => {
    turn++;
    if (ticking) setImmediate(tick);
  };
  setImmediate(tick);
  const turns: number[] = [];
  const handle = router.handle.bind(router);
  router.handle = (channel, input, ctx) => {
    turns.push(turn);
    return handle(channel, input, ctx);
  };
  return {
    turns,
    stop: () => {
      ticking = false;
      router.handle = handle;
    },
  };
}
