// The referee-finder service client (spec ../shared/seed §4, §5) on undici: one connection pool
// per base URL, X-ApiKey on every request, timeouts on connect/headers/body, an AbortSignal on
// every call, retries with exponential backoff and equal jitter (retry.ts) where repeating is safe, tolerant
// parsing with zod, typed errors with editor-readable messages and the key redacted everywhere.
import { Readable } from 'node:stream';
import type { Pool } from 'undici';
import type { z } from 'zod';
import { DeskError } from '../../common/errors';
import {
  authorFromGroupPatchSchema,
  authorFromGroupPutSchema,
  authorFromGroupSchema,
  authorsGroupCreateSchema,
  authorsGroupCreatedSchema,
  authorWriteBody,
  clientIdSchema,
  customFieldsResponseSchema,
  JOURNALS_CORPORA,
  okResponseSchema,
  recommendJournalsResponseSchema,
  uploadFormEntries,
  uploadResponseSchema,
  type AuthorFromGroup,
  type AuthorFromGroupPatch,
  type AuthorFromGroupPut,
  type AuthorsGroupCreate,
  type AuthorsGroupCreated,
  type CustomFieldsResponse,
  type DeleteAuthorResult,
  type JournalsCorpus,
  type OkResponse,
  type RecommendJournalsResponse,
  type UploadResponse,
} from '../../common/service';
import { systemClock, type Clock } from '../ports';
import {
  OPERATION_LABEL,
  OPERATION_PLAN_FEATURE,
  OutcomeUnknownError,
  redact,
  redactError,
  serverMessage,
  statusFailure,
  transportFailure,
  type AttemptFailure,
  type NotFoundContext,
  type Operation,
} from './errors';
import { decodeAnswer, firstIssue, tryJsonRedacted } from './answer';
import { multipartBody, type MultipartBody } from './multipart';
import { abortableSleep, backoffDelay, DEFAULT_RETRY, DEFAULT_TIMEOUTS, DEFAULT_UPLOAD_RETRY } from './retry';
import type {
  AnswerReader,
  ApiResult,
  CallOptions,
  RetryPolicy,
  ServiceApi,
  ServiceClientOptions,
  Timeouts,
  UploadOptions,
  UploadRequest,
} from './types';
import { trimEndWhere } from '../../common/linear';
import { normalizeBaseUrl } from '../../common/base-url';

const USER_AGENT = 'RefereeDesk/0.1 (+service client)';

/** One failed attempt travelling from attempt() to the retry loop. */
class AttemptError extends Error {
  constructor(readonly failure: AttemptFailure) {
    super(failure.error.message);
  }
}

interface CallSpecBase<T> {
  op: Operation;
  method: 'GET' | 'POST' | 'DELETE';
  /** Relative to the base URL, starting with /api/. */
  path: string;
  json?: unknown;
  multipart?: MultipartBody;
  onProgress?: UploadOptions['onProgress'];
  /** Safe to repeat after a transient failure (the service may already have acted). */
  idempotent: boolean;
  ctx: NotFoundContext;
  /** A 404 that means success (delete): its value, when `body` says so. */
  on404?: { value: T; when: (body: unknown, contentType: string | undefined) => boolean };
  /** A 2xx whose value fails this check is a failure (e.g. `ok: false`). */
  confirm?: (value: T) => boolean;
  /** Whether this answer shows the plan has the operation's feature (default: every success does). */
  showsFeature?: (value: T) => boolean;
}

/** A 2xx answer is parsed here with `schema`, or its bytes are handed to `read` (which may parse elsewhere). */
type CallSpec<T> = CallSpecBase<T> & ({ schema: z.ZodType<T>; read?: undefined } | { read: AnswerReader<T>; schema?: undefined });

function cancelled(): DeskError {
  return new DeskError('cancelled', 'Cancelled.');
}

function checkGroupId(groupId: number): void {
  if (!Number.isSafeInteger(groupId) || groupId < 0) {
    throw new DeskError('invalid_input', 'The authors group id must be a whole number.', { field: 'group_id' });
  }
}

function checkClientId(clientId: string): void {
  const r = clientIdSchema.safeParse(clientId);
  if (!r.success)
    throw new DeskError('invalid_input', r.error.issues[0]?.message ?? 'The author id (client_id) is not valid.', { field: 'client_id' });
}

/** A 404 to a delete means "already gone" only when it is about the author: one that names the
 * group (field group_id, or a message about the group alone) or a web page (a wrong address) is not. */
export function deletedOn404(body: unknown, contentType: string | undefined): boolean {
  if (/text\/html|application\/xhtml/i.test(contentType ?? '') || (typeof body === 'string' && /^\s*</.test(body))) return false;
  const srv = serverMessage(body);
  if (srv.field === 'group_id') return false;
  if (srv.field === 'client_id') return true;
  return !(srv.message && /\bgroup\b/i.test(srv.message) && !/\bauthor\b|client_id/i.test(srv.message));
}

function parseInput<T>(schema: z.ZodType<T>, input: unknown, what: string): T {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const { field, message } = firstIssue(r.error);
  throw new DeskError('invalid_input', `The ${what} is not valid: ${field ? `${field}: ` : ''}${message}.`, field ? { field } : {});
}

/** Loads the HTTP library the client runs on. core.start() calls it after the first paint, so that neither
 * the window's first answer nor a first request during the editor's work pays for loading it. */
export async function loadServiceTransport(): Promise<void> {
  await import('undici');
}

export class ServiceClient implements ServiceApi {
  readonly baseUrl: string;
  private readonly origin: string;
  private readonly basePath: string;
  private readonly host: string;
  /** Created on the first request: undici costs 100–600 ms to load on this machine, and a start (or a
   * profile that is never used) should not pay for it before the window's first answer. */
  private pool: Promise<Pool> | null = null;
  private closed = false;
  private readonly knownKeys = new Set<string>();
  private readonly clock: Clock;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly random: () => number;
  private readonly retry: RetryPolicy;
  private readonly uploadRetry: RetryPolicy;
  private readonly timeouts: Timeouts;
  private readonly maxResponseBytes: number;
  private readonly profileName: string;

  constructor(private readonly opts: ServiceClientOptions) {
    const url = new URL(normalizeBaseUrl(opts.baseUrl));
    this.origin = url.origin;
    this.basePath = trimEndWhere(url.pathname, (c) => c === '/');
    this.baseUrl = this.origin + this.basePath;
    this.host = url.host;
    this.clock = opts.clock ?? systemClock;
    this.sleep = opts.sleep ?? abortableSleep;
    this.random = opts.random ?? Math.random;
    this.retry = { ...DEFAULT_RETRY, ...opts.retry };
    this.uploadRetry = { ...DEFAULT_UPLOAD_RETRY, ...opts.uploadRetry };
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...opts.timeouts };
    this.maxResponseBytes = opts.maxResponseBytes ?? 32 * 1024 * 1024;
    this.profileName = opts.profileName ?? this.host;
  }

  private connectionPool(): Promise<Pool> {
    this.pool ??= import('undici').then(({ Pool }) => {
      const pool = new Pool(this.origin, {
        connections: this.opts.connections ?? 8,
        connect: { timeout: this.timeouts.connectMs },
        headersTimeout: this.timeouts.headersMs,
        bodyTimeout: this.timeouts.bodyMs,
        keepAliveTimeout: 10_000,
      });
      // a request after close() fails as undici fails it on a closed pool
      if (this.closed) void pool.close();
      return pool;
    });
    return this.pool;
  }

  // ── the eight operations ───────────────────────────────────────────────────────────────

  async getAuthor(groupId: number, clientId: string, opts: CallOptions = {}): Promise<ApiResult<AuthorFromGroup>> {
    checkGroupId(groupId);
    checkClientId(clientId);
    return this.call(
      {
        op: 'getAuthor',
        method: 'GET',
        path: this.authorPath(groupId, clientId),
        schema: authorFromGroupSchema,
        idempotent: true,
        ctx: { groupId, clientId },
      },
      opts.signal,
    );
  }

  async putAuthor(groupId: number, clientId: string, body: AuthorFromGroupPut, opts: CallOptions = {}): Promise<ApiResult<OkResponse>> {
    checkGroupId(groupId);
    checkClientId(clientId);
    const input = parseInput(authorFromGroupPutSchema, body, 'author');
    return this.writeAuthor('putAuthor', groupId, clientId, '', authorWriteBody(input), opts.signal);
  }

  async patchAuthor(groupId: number, clientId: string, body: AuthorFromGroupPatch, opts: CallOptions = {}): Promise<ApiResult<OkResponse>> {
    checkGroupId(groupId);
    checkClientId(clientId);
    const input = parseInput(authorFromGroupPatchSchema, body, 'author update');
    return this.writeAuthor('patchAuthor', groupId, clientId, 'partial/', authorWriteBody(input), opts.signal);
  }

  /** The full and the partial author write: the same call but for the path's tail and the operation's name. */
  private writeAuthor(
    op: 'putAuthor' | 'patchAuthor',
    groupId: number,
    clientId: string,
    tail: string,
    json: unknown,
    signal: AbortSignal | undefined,
  ): Promise<ApiResult<OkResponse>> {
    return this.call(
      {
        op,
        method: 'POST',
        path: `${this.authorPath(groupId, clientId)}${tail}`,
        json,
        schema: okResponseSchema,
        confirm: (v) => v.ok === true,
        idempotent: true,
        ctx: { groupId, clientId },
      },
      signal,
    );
  }

  async deleteAuthor(groupId: number, clientId: string, opts: CallOptions = {}): Promise<ApiResult<DeleteAuthorResult>> {
    checkGroupId(groupId);
    checkClientId(clientId);
    const r = await this.call(
      {
        op: 'deleteAuthor',
        method: 'DELETE',
        path: this.authorPath(groupId, clientId),
        schema: okResponseSchema,
        confirm: (v) => v.ok === true,
        on404: { value: { ok: true }, when: deletedOn404 },
        idempotent: true,
        ctx: { groupId, clientId },
      },
      opts.signal,
    );
    return { ...r, value: { ok: true, existed: r.status !== 404 } };
  }

  async createAuthorsGroup(input: AuthorsGroupCreate, opts: CallOptions = {}): Promise<ApiResult<AuthorsGroupCreated>> {
    const body = parseInput(authorsGroupCreateSchema, input, 'authors group');
    return this.call(
      {
        op: 'createAuthorsGroup',
        method: 'POST',
        path: '/api/external/authors-group/create/',
        json: body,
        schema: authorsGroupCreatedSchema,
        idempotent: false,
        ctx: {},
      },
      opts.signal,
      body.group_name,
    );
  }

  async uploadManuscript(req: UploadRequest, opts: UploadOptions = {}): Promise<ApiResult<UploadResponse>> {
    return this.upload(req, opts, { schema: uploadResponseSchema, showsFeature: (v) => v.candidates !== null });
  }

  async uploadManuscriptRead<T>(req: UploadRequest, read: AnswerReader<T>, opts: UploadOptions = {}): Promise<ApiResult<T>> {
    return this.upload(req, opts, { read, showsFeature: (v) => read.showsFeature(v) });
  }

  private async upload<T>(
    req: UploadRequest,
    opts: UploadOptions,
    parse: Pick<CallSpec<T>, 'schema' | 'read' | 'showsFeature'>,
  ): Promise<ApiResult<T>> {
    // Validated once, at the boundary (the router, with uploadFormSchema): the fields are its output
    // and are turned into the wire form without parsing them again (ARCHITECTURE.md §3 rule 3).
    const form = req.fields;
    const key = await this.key();
    const body = await multipartBody([['api_key', key], ...uploadFormEntries(form)], req.file);
    return this.call(
      {
        op: 'uploadManuscript',
        method: 'POST',
        path: '/api/external/proposal/',
        multipart: body,
        ...(opts.onProgress && { onProgress: opts.onProgress }),
        ...parse,
        idempotent: true,
        ctx: { originId: form.origin_id },
      } as CallSpec<T>,
      opts.signal,
      undefined,
      key,
    );
  }

  async recommendJournals(
    originId: string,
    corpus?: JournalsCorpus,
    opts: CallOptions = {},
  ): Promise<ApiResult<RecommendJournalsResponse>> {
    if (typeof originId !== 'string' || originId.trim() === '') {
      throw new DeskError('invalid_input', 'The manuscript id (origin_id) is empty.', { field: 'origin_id' });
    }
    if (corpus !== undefined && !(JOURNALS_CORPORA as readonly string[]).includes(corpus)) {
      throw new DeskError('invalid_input', `Unknown journals corpus "${String(corpus)}".`, { field: 'journals_corpus' });
    }
    const query = corpus ? `?journals_corpus=${encodeURIComponent(corpus)}` : '';
    return this.call(
      {
        op: 'recommendJournals',
        method: 'GET',
        path: `/api/external/recommend-journals/${encodeURIComponent(originId)}/${query}`,
        schema: recommendJournalsResponseSchema,
        idempotent: true,
        ctx: { originId },
      },
      opts.signal,
    );
  }

  async listCustomFields(opts: CallOptions = {}): Promise<ApiResult<CustomFieldsResponse>> {
    return this.call(
      {
        op: 'listCustomFields',
        method: 'GET',
        path: '/api/external/custom-fields/all/',
        schema: customFieldsResponseSchema,
        idempotent: true,
        ctx: {},
      },
      opts.signal,
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    const pool = await this.pool;
    if (pool && !pool.closed) await pool.close();
  }

  // ── machinery ──────────────────────────────────────────────────────────────────────────

  private authorPath(groupId: number, clientId: string): string {
    return `/api/external/author-from-group/${groupId}/${encodeURIComponent(clientId)}/`;
  }

  private async key(): Promise<string> {
    const key = (await this.opts.apiKey())?.trim();
    if (!key) {
      throw new DeskError('no_api_key', `Profile "${this.profileName}" has no API key yet. Add it in Settings → Connection.`);
    }
    this.knownKeys.add(key);
    return key;
  }

  private log(level: 'debug' | 'info' | 'warn', message: string, fields: Record<string, unknown>): void {
    if (!this.opts.logger) return;
    const clean: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(fields)) clean[k] = typeof v === 'string' ? redact(v, this.knownKeys) : v;
    this.opts.logger.log(level, redact(message, this.knownKeys), clean);
  }

  /** Runs a call with the retry policy. `groupName` marks the non-idempotent group creation. */
  private async call<T>(spec: CallSpec<T>, signal: AbortSignal | undefined, groupName?: string, knownKey?: string): Promise<ApiResult<T>> {
    if (signal?.aborted) throw cancelled();
    const key = knownKey ?? (await this.key());
    const policy = spec.multipart ? this.uploadRetry : this.retry;
    const started = this.clock.now();
    for (let attempt = 1; ; attempt++) {
      let failure: AttemptFailure;
      try {
        const result = await this.attempt(spec, key, attempt, signal);
        if (attempt > 1) this.log('info', 'api call succeeded after retry', { op: spec.op, attempts: attempt });
        // Referee finder answers only where candidates came (exclude_candidates needs no feature).
        if (spec.showsFeature?.(result.value) ?? true) this.learned(spec.op, true);
        return result;
      } catch (err) {
        if (signal?.aborted) {
          if (!spec.idempotent) throw this.outcomeUnknown(spec.op, groupName, new DeskError('cancelled', 'Cancelled.'), false);
          throw cancelled();
        }
        if (!(err instanceof AttemptError)) throw redactError(err instanceof DeskError ? err : this.internal(err), this.knownKeys);
        failure = err.failure;
      }
      const mayRepeat = spec.idempotent ? failure.repeat !== 'final' : failure.repeat === 'not_sent';
      const elapsed = this.clock.now() - started;
      const delay = failure.retryAfterMs ?? backoffDelay(attempt, { baseMs: policy.baseDelayMs, maxMs: policy.maxDelayMs }, this.random);
      const stop = !mayRepeat || attempt >= policy.maxAttempts || elapsed + delay > policy.totalBudgetMs;
      this.log(stop ? 'warn' : 'info', stop ? 'api call failed' : 'api call retrying', {
        op: spec.op,
        attempt,
        code: failure.error.code,
        error: failure.error.message,
        ...(stop ? {} : { delayMs: delay }),
      });
      if (stop) {
        if (failure.error.code === 'feature_not_in_plan') this.learned(spec.op, false);
        if (!spec.idempotent && (failure.repeat === 'transient' || failure.answered2xx)) {
          throw this.outcomeUnknown(spec.op, groupName, failure.error, failure.answered2xx === true);
        }
        throw redactError(failure.error, this.knownKeys);
      }
      try {
        await this.sleep(delay, signal);
      } catch {
        throw cancelled();
      }
    }
  }

  private learned(op: Operation, available: boolean): void {
    const feature = OPERATION_PLAN_FEATURE[op];
    if (feature === null || !this.opts.onFeature) return;
    try {
      this.opts.onFeature(feature, available);
    } catch (err) {
      this.log('warn', 'recording a plan feature failed', { feature, error: err instanceof Error ? err.message : String(err) });
    }
  }

  private outcomeUnknown(op: Operation, groupName: string | undefined, cause: DeskError, applied: boolean): OutcomeUnknownError {
    const what = groupName === undefined ? OPERATION_LABEL[op] : `creating the authors group "${groupName}"`;
    const message = applied
      ? `The service created the authors group "${groupName}" but its answer could not be read, so its ` +
        `number is unknown. Look it up on the service before adding authors.`
      : `The answer to ${what} was lost (${cause.message.replace(/\.$/, '')}). The service may or may ` +
        `not have created it. Check the service's authors groups before trying again, or it may be ` +
        `created twice.`;
    return new OutcomeUnknownError(cause.code, redact(message, this.knownKeys), applied, { code: cause.code });
  }

  private internal(err: unknown): DeskError {
    return new DeskError('internal', `Unexpected failure in the service client (${err instanceof Error ? err.name : typeof err}).`);
  }

  /** One HTTP exchange. Resolves with the parsed result or throws an AttemptError. */
  private async attempt<T>(spec: CallSpec<T>, key: string, attempt: number, signal: AbortSignal | undefined): Promise<ApiResult<T>> {
    const t0 = this.clock.now();
    const headers: Record<string, string> = { 'X-ApiKey': key, accept: 'application/json', 'user-agent': USER_AGENT };
    let body: string | Readable | undefined;
    if (spec.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(spec.json);
    } else if (spec.multipart) {
      const mp = spec.multipart;
      headers['content-type'] = mp.contentType;
      headers['content-length'] = String(mp.length);
      let sent = 0;
      const onProgress = spec.onProgress;
      body = Readable.from(
        mp.open((n) => {
          sent += n;
          onProgress?.({ sentBytes: sent, totalBytes: mp.length, attempt });
        }),
        { objectMode: false },
      );
    }

    let res: Awaited<ReturnType<Pool['request']>>;
    try {
      const pool = await this.connectionPool();
      res = await pool.request({
        path: this.basePath + spec.path,
        method: spec.method,
        headers,
        body: body ?? null,
        signal: signal ?? null,
        headersTimeout: spec.multipart ? this.timeouts.uploadHeadersMs : this.timeouts.headersMs,
        bodyTimeout: this.timeouts.bodyMs,
      });
    } catch (err) {
      if (err instanceof DeskError) throw err;
      throw new AttemptError(transportFailure(err, this.host, spec.op, 'request'));
    }

    const bytes = await this.readBytes(res.body, spec.op);
    const status = res.statusCode;
    const header = (name: string): string | undefined => {
      const v = res.headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    this.log('debug', 'api call', { op: spec.op, method: spec.method, path: spec.path, status, attempt, ms: this.clock.now() - t0 });
    const answered = status >= 200 && status < 300;
    if (answered && spec.read) return this.readSuccess(spec.read, status, bytes, header('content-type'), attempt);

    // A service (or a proxy) may echo the key, in any encoding: nothing read from the wire keeps it,
    // neither an error's text nor a raw answer stored in the cache (a reader redacts the same way).
    const text = redact(bytes.toString('utf8'), this.knownKeys);
    if (answered && spec.schema) return this.parseSuccess(spec.schema, spec, status, text, header('content-type'), attempt);
    if (status === 404 && spec.on404 !== undefined) {
      const body = tryJsonRedacted(text, this.knownKeys) ?? text;
      if (spec.on404.when(body, header('content-type')))
        return { value: spec.on404.value, raw: body, rawText: text, status, attempts: attempt };
    }
    if (status >= 300 && status < 400) {
      const to = header('location');
      throw new AttemptError({
        repeat: 'final',
        error: new DeskError(
          'bad_response',
          `The service redirected ` +
            `${OPERATION_LABEL[spec.op]}${to ? ` to ${this.describeLocation(to)}` : ''} (HTTP ${status}) — ` +
            `often a login page or a wrong address. Check the profile's address.`,
        ),
      });
    }
    throw new AttemptError(
      statusFailure(
        status,
        tryJsonRedacted(text, this.knownKeys) ?? text,
        header('retry-after'),
        this.clock.now(),
        spec.op,
        this.profileName,
        spec.ctx,
      ),
    );
  }

  private describeLocation(location: string): string {
    try {
      const u = new URL(location, this.origin);
      return u.origin + u.pathname;
    } catch {
      return 'another page';
    }
  }

  private async readBytes(body: AsyncIterable<Buffer> & { destroy?: (e?: Error) => void }, op: Operation): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of body) {
        size += chunk.length;
        if (size > this.maxResponseBytes) {
          body.destroy?.();
          throw new AttemptError({
            repeat: 'final',
            error: new DeskError(
              'bad_response',
              `The service's answer to ${OPERATION_LABEL[op]} is larger than ${Math.round(this.maxResponseBytes / 2 ** 20)} MiB; it was not read.`,
            ),
          });
        }
        chunks.push(chunk);
      }
    } catch (err) {
      if (err instanceof AttemptError) throw err;
      throw new AttemptError(transportFailure(err, this.host, op, 'body'));
    }
    return Buffer.concat(chunks);
  }

  /** A 2xx answer whose bytes a reader takes (it redacts the known keys and reports problems in the same words). */
  private async readSuccess<T>(
    read: AnswerReader<T>,
    status: number,
    bytes: Buffer,
    contentType: string | undefined,
    attempt: number,
  ): Promise<ApiResult<T>> {
    const d = await read.read(bytes, contentType, [...this.knownKeys]);
    if (!d.ok)
      throw new AttemptError({
        repeat: 'final',
        answered2xx: true,
        error: new DeskError('bad_response', redact(d.message, this.knownKeys)),
      });
    return { value: d.value, raw: null, rawText: '', status, attempts: attempt };
  }

  private parseSuccess<T>(
    schema: z.ZodType<T>,
    spec: CallSpec<T>,
    status: number,
    text: string,
    contentType: string | undefined,
    attempt: number,
  ): ApiResult<T> {
    const label = OPERATION_LABEL[spec.op];
    const d = decodeAnswer(schema, text, contentType, label, this.knownKeys);
    if (!d.ok) throw new AttemptError({ repeat: 'final', answered2xx: true, error: new DeskError('bad_response', d.message) });
    const { value, raw } = d;
    if (spec.confirm && !spec.confirm(value)) {
      throw new AttemptError({
        repeat: 'final',
        answered2xx: true,
        error: new DeskError('server_error', `The service did not confirm ${label} (ok is not true).`),
      });
    }
    return { value, raw, rawText: text, status, attempts: attempt };
  }
}
