// One sliced job per turn of the event loop. Long writes (a large run's candidates, its author links) are
// cut into slices that each yield before the next one; but when every job yielded with its own
// setImmediate, all the jobs waiting then ran their slices in the same check phase, one after the other,
// so two uploads answered at once gave the loop 2 × 6 ms (plus commits) without a turn in between.
// nextTurn() queues the caller: each turn of the loop lets one waiter run, in the order they asked, and
// the next waiter's turn is queued from inside the check phase, so it runs only after the loop has turned
// (timers, I/O and the window's requests in between).

const waiting: Array<() => void> = [];
let scheduled = false;

function tick(): void {
  scheduled = false;
  const next = waiting.shift();
  if (waiting.length > 0) schedule();
  next?.();
}

function schedule(): void {
  scheduled = true;
  setImmediate(tick);
}

/** Resolves on a turn of the event loop of its own: at most one caller's slice runs per turn. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!scheduled) schedule();
  });
}
