// Turning what the network and the service do into DeskErrors an editor can read. Every message
// built here passes through `redact` before it leaves the client.
import { DeskError, type ErrorCode } from '../../common/errors';
import { redact } from './redact';
import type { PlanFeature } from './types';

export { redact } from './redact';

/** The eight operations, for messages and logs. */
export type Operation =
  | 'getAuthor'
  | 'putAuthor'
  | 'patchAuthor'
  | 'deleteAuthor'
  | 'createAuthorsGroup'
  | 'uploadManuscript'
  | 'recommendJournals'
  | 'listCustomFields';

export const OPERATION_LABEL: Record<Operation, string> = {
  getAuthor: 'reading the author',
  putAuthor: 'saving the author',
  patchAuthor: 'updating the author',
  deleteAuthor: 'deleting the author',
  createAuthorsGroup: 'creating the authors group',
  uploadManuscript: 'uploading the manuscript',
  recommendJournals: 'recommending journals',
  listCustomFields: 'listing the custom fields',
};

/** The plan feature each operation needs (spec §1, §5.4). Custom fields need none named. */
export const OPERATION_FEATURE: Record<Operation, string | null> = {
  getAuthor: 'Authors groups',
  putAuthor: 'Authors groups',
  patchAuthor: 'Authors groups',
  deleteAuthor: 'Authors groups',
  createAuthorsGroup: 'Authors groups',
  uploadManuscript: 'Referee finder',
  recommendJournals: 'Recommend journals',
  listCustomFields: null,
};

/** The same, as the profile's PlanFeatures key. */
export const OPERATION_PLAN_FEATURE: Record<Operation, PlanFeature | null> = {
  getAuthor: 'authorsGroups',
  putAuthor: 'authorsGroups',
  patchAuthor: 'authorsGroups',
  deleteAuthor: 'authorsGroups',
  createAuthorsGroup: 'authorsGroups',
  uploadManuscript: 'refereeFinder',
  recommendJournals: 'recommendJournals',
  listCustomFields: null,
};

/**
 * Thrown by createAuthorsGroup when the request may have reached the service but its answer was
 * lost (connection dropped after sending, headers or body timeout, 502/504 from a gateway, or a
 * 2xx whose body could not be read). The group may or may not exist; nothing was retried.
 * `code` keeps the underlying class (offline, timeout, server_error, bad_response).
 */
export class OutcomeUnknownError extends DeskError {
  readonly outcomeUnknown = true as const;
  /** true when the service answered 2xx (the group exists) but its id could not be read. */
  readonly appliedButUnreadable: boolean;
  constructor(code: ErrorCode, message: string, appliedButUnreadable: boolean, cause?: unknown) {
    super(code, message, { cause });
    this.name = 'OutcomeUnknownError';
    this.appliedButUnreadable = appliedButUnreadable;
  }
}

export function isOutcomeUnknown(e: unknown): e is OutcomeUnknownError {
  return e instanceof OutcomeUnknownError;
}

/** How a failed attempt may be repeated. */
export type Repeatability =
  /** The request provably never reached the service: safe even for a non-idempotent call. */
  | 'not_sent'
  /** Transient, but the service may have acted: safe only for idempotent calls. */
  | 'transient'
  /** Retrying would get the same answer. */
  | 'final';

/** One failed attempt: the error to surface, whether a retry may help, and how long to wait. */
export interface AttemptFailure {
  error: DeskError;
  repeat: Repeatability;
  retryAfterMs?: number;
  /** 2xx answered (the service acted) but the body was unusable. */
  answered2xx?: boolean;
}

const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'ETIMEDOUT',
]);
const LOST_CONNECTION_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ECONNABORTED', 'UND_ERR_CLOSED']);

/** The first error code found on an error, its AggregateError members or its causes. */
export function errorCodeOf(err: unknown, depth = 0): string | undefined {
  if (depth > 4 || typeof err !== 'object' || err === null) return undefined;
  const e = err as { code?: unknown; errors?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && e.code !== 'GenericFailure') return e.code;
  if (Array.isArray(e.errors))
    for (const inner of e.errors) {
      const c = errorCodeOf(inner, depth + 1);
      if (c) return c;
    }
  return errorCodeOf(e.cause, depth + 1);
}

/** A plain, secret-free summary of a low-level error, kept as the DeskError's cause for the log. */
function causeSummary(err: unknown): { name: string; code?: string } {
  const name = err instanceof Error ? err.name : typeof err;
  const code = errorCodeOf(err);
  return code ? { name, code } : { name };
}

/** Maps an error thrown by undici (before a status arrived, or while reading the body). */
export function transportFailure(err: unknown, host: string, op: Operation, phase: 'request' | 'body'): AttemptFailure {
  const code = errorCodeOf(err) ?? '';
  const cause = causeSummary(err);
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') {
    return {
      repeat: 'not_sent',
      error: new DeskError(
        'timeout',
        `The service at ${host} did not accept a connection in time. Check the network and the profile's address.`,
        { cause },
      ),
    };
  }
  if (NOT_SENT_CODES.has(code)) {
    const why =
      code === 'ECONNREFUSED'
        ? 'connection refused'
        : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
          ? 'host name not found'
          : 'network unreachable';
    return {
      repeat: 'not_sent',
      error: new DeskError(
        'offline',
        `Cannot reach the service at ${host} (${why}). Check the network connection and the profile's address.`,
        { cause },
      ),
    };
  }
  if (code === 'UND_ERR_HEADERS_TIMEOUT') {
    return {
      repeat: 'transient',
      error: new DeskError('timeout', `The service at ${host} did not answer in time while ${OPERATION_LABEL[op]}.`, { cause }),
    };
  }
  if (code === 'UND_ERR_BODY_TIMEOUT') {
    return {
      repeat: 'transient',
      error: new DeskError('timeout', `The service at ${host} stopped sending its answer while ${OPERATION_LABEL[op]}.`, { cause }),
    };
  }
  if (code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH' || (phase === 'body' && LOST_CONNECTION_CODES.has(code))) {
    return {
      repeat: 'transient',
      error: new DeskError('bad_response', `The service's answer was cut off while ${OPERATION_LABEL[op]}.`, { cause }),
    };
  }
  if (LOST_CONNECTION_CODES.has(code)) {
    return {
      repeat: 'transient',
      error: new DeskError('offline', `The connection to the service at ${host} was lost while ${OPERATION_LABEL[op]}.`, { cause }),
    };
  }
  return {
    repeat: 'transient',
    error: new DeskError('offline', `Cannot talk to the service at ${host} (${code || cause.name}).`, { cause }),
  };
}

/** Parses Retry-After: delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/** The server's message and field from an error body, tolerant of the shapes services use:
 * {"error":{"code","message","field"}}, {"error":"…"}, {"detail":"…"}, {"message":"…"},
 * {"errors":[…]}, and Django-style {"field":["message"]}. */
export function serverMessage(body: unknown): { message?: string; field?: string } {
  if (typeof body === 'string') return body.trim() && body.length < 300 && !/^\s*</.test(body) ? { message: body.trim() } : {};
  if (typeof body !== 'object' || body === null) return {};
  const o = body as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  if (typeof o.error === 'object' && o.error !== null) {
    const e = o.error as Record<string, unknown>;
    const message = str(e.message) ?? str(e.detail) ?? str(e.code);
    const field = str(e.field);
    return { ...(message && { message }), ...(field && { field }) };
  }
  const direct = str(o.error) ?? str(o.detail) ?? str(o.message);
  if (direct) {
    const field = str(o.field);
    return { message: direct, ...(field && { field }) };
  }
  if (Array.isArray(o.errors) && o.errors.length > 0)
    return serverMessage(o.errors[0] !== null && typeof o.errors[0] === 'object' ? { error: o.errors[0] } : o.errors[0]);
  for (const [k, v] of Object.entries(o)) {
    if (Array.isArray(v) && typeof v[0] === 'string') return { message: v[0], field: k === 'non_field_errors' ? undefined : k };
    if (typeof v === 'string' && k !== 'code' && k !== 'status') return { message: v, field: k };
  }
  return {};
}

export interface NotFoundContext {
  groupId?: number;
  clientId?: string;
  originId?: string;
}

function notFoundMessage(op: Operation, ctx: NotFoundContext, field: string | undefined): string {
  switch (op) {
    case 'getAuthor':
    case 'putAuthor':
    case 'patchAuthor':
    case 'deleteAuthor':
      if (field === 'group_id') return `The service has no authors group ${ctx.groupId}.`;
      if (field === 'client_id') return `The service has no author "${ctx.clientId}" in authors group ${ctx.groupId}.`;
      return `The service has no author "${ctx.clientId}" in authors group ${ctx.groupId} (or no such group).`;
    case 'recommendJournals':
      return `The service has no manuscript "${ctx.originId}". Upload it before asking for journals.`;
    default:
      return `The service could not find what ${OPERATION_LABEL[op]} needs (404). Check the profile's address.`;
  }
}

/** Maps an HTTP status that is not a success. `body` is the parsed JSON or the raw text. */
export function statusFailure(
  status: number,
  body: unknown,
  retryAfter: string | undefined,
  now: number,
  op: Operation,
  profile: string,
  ctx: NotFoundContext,
): AttemptFailure {
  const srv = serverMessage(body);
  const retryAfterMs = parseRetryAfter(retryAfter, now);
  const suffix = srv.message ? ` The service said: ${srv.message}` : '';
  if (status === 401) {
    return {
      repeat: 'final',
      error: new DeskError(
        'unauthorized',
        `The service did not accept the API key of profile "${profile}". Check the key in Settings → Connection.`,
      ),
    };
  }
  if (status === 403) {
    const feature = OPERATION_FEATURE[op];
    const msg = feature
      ? `Your organization's plan does not include ${feature}, which ${OPERATION_LABEL[op]} needs (the service refused with 403).${suffix}`
      : `The service refused ${OPERATION_LABEL[op]} for this API key (403): it is not in your organization's plan or rights.${suffix}`;
    return { repeat: 'final', error: new DeskError('feature_not_in_plan', msg) };
  }
  if (status === 404)
    return {
      repeat: 'final',
      error: new DeskError('not_found', notFoundMessage(op, ctx, srv.field), srv.field ? { field: srv.field } : {}),
    };
  if (status === 408) {
    return {
      repeat: 'transient',
      error: new DeskError('timeout', `The service timed out waiting for the request while ${OPERATION_LABEL[op]}.`),
    };
  }
  if (status === 429) {
    const when = retryAfterMs === undefined ? 'in a moment' : `in ${Math.max(1, Math.ceil(retryAfterMs / 1000))} s`;
    return {
      repeat: 'not_sent',
      ...(retryAfterMs !== undefined && { retryAfterMs }),
      error: new DeskError(
        'rate_limited',
        `The service is receiving too many requests. Try again ${when}.`,
        retryAfterMs === undefined ? {} : { retryAfterMs },
      ),
    };
  }
  if (status >= 400 && status < 500) {
    const what = status === 413 ? 'the file is too large for the service' : (srv.message ?? `HTTP ${status}`);
    return {
      repeat: 'final',
      error: new DeskError(
        'invalid_request',
        `The service rejected ${OPERATION_LABEL[op]}: ${what}${srv.field ? ` (field ${srv.field})` : ''}.`,
        srv.field ? { field: srv.field } : {},
      ),
    };
  }
  if (status >= 500) {
    const transient = status === 502 || status === 503 || status === 504;
    return {
      repeat: transient ? 'transient' : 'final',
      ...(transient && retryAfterMs !== undefined && { retryAfterMs }),
      error: new DeskError(
        'server_error',
        `The service had a problem (HTTP ${status}) while ${OPERATION_LABEL[op]}. Try again later.${suffix}`,
      ),
    };
  }
  return {
    repeat: 'final',
    error: new DeskError(
      'bad_response',
      `The service answered ${OPERATION_LABEL[op]} with an unexpected HTTP ${status}. Check the profile's address.`,
    ),
  };
}

/** The same DeskError with its message (and the stack, which repeats it) redacted. */
export function redactError<E extends DeskError>(err: E, secrets: Iterable<string>): E {
  const list = [...secrets];
  const clean = redact(err.message, list);
  if (clean !== err.message) Object.defineProperty(err, 'message', { value: clean, enumerable: false, writable: true, configurable: true });
  if (err.field !== undefined) {
    const field = redact(err.field, list);
    if (field !== err.field) Object.defineProperty(err, 'field', { value: field, enumerable: true, writable: false, configurable: true });
  }
  if (err.stack !== undefined) {
    const stack = redact(err.stack, list);
    if (stack !== err.stack) Object.defineProperty(err, 'stack', { value: stack, enumerable: false, writable: true, configurable: true });
  }
  return err;
}
