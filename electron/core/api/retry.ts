// Backoff arithmetic and the default sleep, kept apart so unit tests drive them with fakes.
import type { RetryPolicy, Timeouts } from './types';

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 4, baseDelayMs: 300, maxDelayMs: 8_000, totalBudgetMs: 30_000 };
export const DEFAULT_UPLOAD_RETRY: RetryPolicy = { maxAttempts: 4, baseDelayMs: 1_000, maxDelayMs: 15_000, totalBudgetMs: 120_000 };
export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 10_000, headersMs: 30_000, bodyMs: 30_000, uploadHeadersMs: 180_000 };

/** How long to wait between tries: the first wait, doubling up to the longest. */
export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
}

/**
 * The app's one backoff rule, for the client's retries and the outbox's alike: before retry n
 * (n = 1, 2, …) wait min(max, base · 2^(n-1)) with "equal jitter", uniform in [½, 1] of that. The
 * jitter spreads clients out; its floor of one half means a struggling service never sees a retry
 * straight after a failure (full jitter can draw 0 ms).
 */
export function backoffDelay(retryNumber: number, policy: BackoffPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, retryNumber - 1));
  return Math.floor(ceiling * (0.5 + random() / 2));
}

/** Resolves after ms; rejects with the signal's reason when it aborts first. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
