// Backoff arithmetic and the default sleep, kept apart so unit tests drive them with fakes.
import type { RetryPolicy, Timeouts } from './types';

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 4, baseDelayMs: 300, maxDelayMs: 8_000, totalBudgetMs: 30_000 };
export const DEFAULT_UPLOAD_RETRY: RetryPolicy = { maxAttempts: 4, baseDelayMs: 1_000, maxDelayMs: 15_000, totalBudgetMs: 120_000 };
export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 10_000, headersMs: 30_000, bodyMs: 30_000, uploadHeadersMs: 180_000 };

/** Exponential backoff with full jitter: uniform in [0, min(max, base · 2^(n-1))) before retry n. */
export function backoffDelay(retryNumber: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retryNumber - 1));
  return Math.floor(random() * ceiling);
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
