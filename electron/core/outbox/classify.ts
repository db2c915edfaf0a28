import { isDeskError, isTransient, type ErrorCode } from '../../common/errors';
import { isOutcomeUnknown } from '../api/errors';

/**
 * What to do with a write whose send failed:
 * - retry: transient (offline, timeout, 5xx, 429, unreadable answer) — the kinds retried are idempotent;
 * - hold: the profile cannot send anything now (no key, key refused); stays queued, sending stops;
 * - park: refused for good (400, 403, 404, bad file) or a creation whose outcome is unknown.
 */
export type FailureAction =
  | { action: 'retry'; code: ErrorCode; message: string; retryAfterMs?: number }
  | { action: 'hold'; code: ErrorCode; message: string }
  | { action: 'park'; code: ErrorCode; message: string; reason: 'rejected' | 'outcome_unknown' | 'failed' };

const HOLD: ReadonlySet<ErrorCode> = new Set(['unauthorized', 'no_api_key', 'keychain_unavailable', 'cancelled']);
const REJECTED: ReadonlySet<ErrorCode> = new Set(['invalid_request', 'feature_not_in_plan', 'not_found', 'invalid_file', 'invalid_input', 'conflict']);

export function classifyFailure(err: unknown): FailureAction {
  if (isOutcomeUnknown(err)) return { action: 'park', code: err.code, message: err.message, reason: 'outcome_unknown' };
  if (!isDeskError(err)) {
    return { action: 'park', code: 'internal', message: `The write could not be sent (${err instanceof Error ? err.name : typeof err}).`, reason: 'failed' };
  }
  if (isTransient(err.code)) {
    return err.retryAfterMs === undefined
      ? { action: 'retry', code: err.code, message: err.message }
      : { action: 'retry', code: err.code, message: err.message, retryAfterMs: err.retryAfterMs };
  }
  if (HOLD.has(err.code)) return { action: 'hold', code: err.code, message: err.message };
  return { action: 'park', code: err.code, message: err.message, reason: REJECTED.has(err.code) ? 'rejected' : 'failed' };
}
