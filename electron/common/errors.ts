// Error codes shared by every layer. A failure crosses IPC, the WebSocket bridge and the outbox as
// `{ code, message, field?, retryAfterMs? }`: never a stack trace, never a secret.

export const ERROR_CODES = [
  // transport / contract
  'forbidden_sender', // IPC message from a frame that is not the app's own main frame
  'unknown_channel',
  'invalid_input', // the message did not match the channel's schema
  // service client (issue: service client)
  'offline', // no route to the service: DNS, refused, reset before any response
  'timeout',
  'unauthorized', // 401: wrong or missing API key
  'feature_not_in_plan', // 403
  'not_found', // 404
  'invalid_request', // 400, with the service's message and field
  'rate_limited', // 429, with retryAfterMs
  'server_error', // 5xx
  'bad_response', // not JSON, an HTML login page, a body that violates the schema
  'cancelled', // the caller aborted
  // local
  'no_api_key', // the active profile has no key stored
  'keychain_unavailable', // no OS secret service: key kept for this session only
  'invalid_file', // intake: not a PDF/DOCX, empty, too big, encrypted, zip bomb, path escape
  'unsupported', // the host cannot do this (e.g. the native file dialog in the browser host)
  'conflict', // a local precondition failed (e.g. a profile name already used)
  'database_too_new', // the cache was written by a newer Referee Desk
  'cache_unavailable', // the cache folder or file cannot be opened for writing (read-only folder, permissions)
  'cache_damaged', // a query found the cache damaged: it is rebuilt at the next start, queued writes kept
  'disk_full', // the disk holding the data folder is full
  'data_folder_in_use', // another Referee Desk process holds this data folder
  'internal', // anything else; details go to the log, not to the renderer
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface DeskErrorShape {
  code: ErrorCode;
  message: string;
  /** The input field the error is about, when there is one (e.g. the service's 400 `field`). */
  field?: string;
  /** For rate_limited: when to try again. */
  retryAfterMs?: number;
}

/** The one error type core throws for expected failures. Anything else is reported as `internal`. */
export class DeskError extends Error implements DeskErrorShape {
  readonly code: ErrorCode;
  readonly field?: string;
  readonly retryAfterMs?: number;
  constructor(code: ErrorCode, message: string, extra: { field?: string; retryAfterMs?: number; cause?: unknown } = {}) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'DeskError';
    this.code = code;
    if (extra.field !== undefined) this.field = extra.field;
    if (extra.retryAfterMs !== undefined) this.retryAfterMs = extra.retryAfterMs;
  }
  toShape(): DeskErrorShape {
    const shape: DeskErrorShape = { code: this.code, message: this.message };
    if (this.field !== undefined) shape.field = this.field;
    if (this.retryAfterMs !== undefined) shape.retryAfterMs = this.retryAfterMs;
    return shape;
  }
}

export function isDeskError(e: unknown): e is DeskError {
  return e instanceof DeskError;
}

/** Transient failures worth retrying when the operation is safe to repeat. */
export function isTransient(code: ErrorCode): boolean {
  return code === 'offline' || code === 'timeout' || code === 'server_error' || code === 'rate_limited' || code === 'bad_response';
}
