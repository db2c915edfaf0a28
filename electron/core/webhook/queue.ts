// Admission control for deliveries: at most `concurrency` run at once, at most `maxWaiting` wait
// for a turn, and anything beyond that is turned away at once, so a burst costs a bounded amount
// of memory whatever its size.

export class BoundedQueue {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError('concurrency must be a positive integer');
    if (!Number.isInteger(maxWaiting) || maxWaiting < 0) throw new RangeError('maxWaiting must be a non-negative integer');
  }

  /** Deliveries running or waiting. */
  get size(): number {
    return this.active + this.waiting.length;
  }

  /**
   * Runs `task` when a slot is free and resolves with its result; returns null, without running
   * it, when the queue is full.
   */
  tryRun<T>(task: () => Promise<T>): Promise<T> | null {
    if (this.active >= this.concurrency && this.waiting.length >= this.maxWaiting) return null;
    const turn =
      this.active < this.concurrency
        ? (this.active++, Promise.resolve())
        : new Promise<void>((resolve) => this.waiting.push(() => (this.active++, resolve())));
    return turn.then(task).finally(() => {
      this.active--;
      this.waiting.shift()?.();
    });
  }
}
