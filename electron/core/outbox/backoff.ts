import type { BackoffPolicy } from './types';

/** Delay before attempt n+1 after n failed attempts: exponential, capped, with jitter in [½, 1]. */
export function backoffDelay(failedAttempts: number, policy: BackoffPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, failedAttempts - 1));
  return Math.round(ceiling * (0.5 + random() / 2));
}
