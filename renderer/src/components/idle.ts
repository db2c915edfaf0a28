// Work the window can put off until it is idle: requestIdleCallback (at most `timeoutMs` later when given), or a
// delay where a browser has no idle callbacks. Returns a function that cancels it (an effect's cleanup).
export function whenIdle(work: () => void, timeoutMs?: number): () => void {
  if (!window.requestIdleCallback) {
    const t = window.setTimeout(work, timeoutMs ?? 200);
    return () => window.clearTimeout(t);
  }
  const id = window.requestIdleCallback(work, timeoutMs === undefined ? undefined : { timeout: timeoutMs });
  return () => window.cancelIdleCallback(id);
}
