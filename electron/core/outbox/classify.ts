import { isDeskError, isTransient, type ErrorCode } from '../../common/errors';
import { isOutcomeUnknown } from '../api/errors';
import { cacheFailureOf } from '../cache/failures';

/**
 * What to do with a write whose send failed:
 * - retry: transient (offline, timeout, 5xx, 429, unreadable answer) — the kinds retried are idempotent;
 * - hold: the profile cannot send anything now (no key, key refused); stays queued, sending stops;
 * - park: refused for good (400, 403, 404, bad file) or a creation whose outcome is unknown.
 * A failure of the local cache is never the write's fault, so it never parks: a busy database or a
 * full disk is retried with backoff; a damaged or unwritable cache holds the queue (the damaged one
 * is rebuilt at the next start with every queued write).
 */
export type FailureAction =
  | { action: 'retry'; code: ErrorCode; message: string; retryAfterMs?: number }
  | { action: 'hold'; code: ErrorCode; message: string }
  | { action: 'park'; code: ErrorCode; message: string; reason: 'rejected' | 'outcome_unknown' | 'failed' };

const HOLD: ReadonlySet<ErrorCode> = new Set(['unauthorized', 'no_api_key', 'keychain_unavailable', 'cancelled']);
const REJECTED: ReadonlySet<ErrorCode> = new Set([
  'invalid_request',
  'feature_not_in_plan',
  'not_found',
  'invalid_file',
  'invalid_input',
  'conflict',
]);

const LOCAL: ReadonlySet<ErrorCode> = new Set(['disk_full', 'cache_unavailable', 'cache_damaged']);

export function classifyFailure(err: unknown): FailureAction {
  if (isOutcomeUnknown(err)) return { action: 'park', code: err.code, message: err.message, reason: 'outcome_unknown' };
  switch (cacheFailureOf(err)) {
    case 'busy':
      return { action: 'retry', code: 'cache_unavailable', message: 'The local cache was busy; the write will be sent again.' };
    case 'full':
      return { action: 'retry', code: 'disk_full', message: 'The disk is full; the write will be sent again once there is space.' };
    case 'corrupt':
      return {
        action: 'hold',
        code: 'cache_damaged',
        message: 'The local cache is damaged; restart Referee Desk to repair it. Queued writes are kept.',
      };
    case 'access':
      return { action: 'hold', code: 'cache_unavailable', message: 'The local cache cannot be written; queued writes wait.' };
    case null:
      break;
  }
  if (isDeskError(err) && LOCAL.has(err.code)) {
    return err.code === 'cache_damaged'
      ? { action: 'hold', code: err.code, message: err.message }
      : { action: 'retry', code: err.code, message: err.message };
  }
  if (!isDeskError(err)) {
    return {
      action: 'park',
      code: 'internal',
      message: `The write could not be sent (${err instanceof Error ? err.name : typeof err}).`,
      reason: 'failed',
    };
  }
  if (isTransient(err.code)) {
    return err.retryAfterMs === undefined
      ? { action: 'retry', code: err.code, message: err.message }
      : { action: 'retry', code: err.code, message: err.message, retryAfterMs: err.retryAfterMs };
  }
  if (HOLD.has(err.code)) return { action: 'hold', code: err.code, message: err.message };
  return { action: 'park', code: err.code, message: err.message, reason: REJECTED.has(err.code) ? 'rejected' : 'failed' };
}
