// Which turn of the event loop each router call starts in: a setImmediate chain moves a counter once per
// turn, and the router's handle() is wrapped to note the counter. Tests of "one request per turn" (the
// browser host's WebSocket server, the Electron IPC handlers) read `turns` after a burst.
import type { Router } from '../../electron/core/router';

/** Counts the loop's turns: one setImmediate queued from the last one runs once per turn. */
export function turnCounter(): { now(): number; stop(): void } {
  let turns = 0;
  let on = true;
  const step = () => {
    turns++;
    if (on) setImmediate(step);
  };
  setImmediate(step);
  return { now: () => turns, stop: () => (on = false) };
}

export function routerTurns(router: Router): { turns: number[]; stop(): void } {
  const counter = turnCounter();
  const turns: number[] = [];
  const handle = router.handle.bind(router);
  router.handle = (channel, input, ctx) => {
    turns.push(counter.now());
    return handle(channel, input, ctx);
  };
  return {
    turns,
    stop: () => {
      counter.stop();
      router.handle = handle;
    },
  };
}
