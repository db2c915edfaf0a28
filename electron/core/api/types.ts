// The service client's public surface. The outbox, the profiles service and the router code
// against this interface; ServiceClient (client.ts) is the one implementation over undici.
import type {
  AuthorFromGroup,
  AuthorFromGroupPatch,
  AuthorFromGroupPut,
  AuthorsGroupCreate,
  AuthorsGroupCreated,
  CustomFieldsResponse,
  DeleteAuthorResult,
  JournalsCorpus,
  OkResponse,
  RecommendJournalsResponse,
  UploadForm,
  UploadResponse,
} from '../../common/service';
import type { Clock, Logger } from '../ports';
import type { Decoded } from './answer';

/** Every successful call returns the parsed value beside exactly what the service sent. */
export interface ApiResult<T> {
  value: T;
  /** The response body parsed as JSON, unknown fields included (null for an empty body). */
  raw: unknown;
  /** The response body as received, for storing beside the parsed row. */
  rawText: string;
  status: number;
  /** How many HTTP attempts the call took (1 = no retry). */
  attempts: number;
}

/**
 * Takes a 2xx answer's bytes instead of the client's own JSON + zod parse, e.g. to parse an upload's
 * answer off core's thread (the run writer). It redacts `keys` (every form of them) from what it keeps,
 * and says what is wrong in the editor's words (api/answer.ts decodeAnswer).
 */
export interface AnswerReader<T> {
  read(bytes: Uint8Array, contentType: string | undefined, keys: readonly string[]): Promise<Decoded<T>>;
  /** Whether the answer shows the plan has the operation's feature (an upload: candidates came). */
  showsFeature(value: T): boolean;
}

export interface CallOptions {
  /** Aborts the call, its retries and any wait between them; the call rejects with `cancelled`. */
  signal?: AbortSignal;
}

export interface UploadProgress {
  /** Request body bytes handed to the socket so far (this attempt). */
  sentBytes: number;
  totalBytes: number;
  /** 1 for the first attempt; a retry restarts the count from 0. */
  attempt: number;
}

export interface UploadOptions extends CallOptions {
  onProgress?: (p: UploadProgress) => void;
}

export interface SourceFile {
  /** Absolute path of the PDF or DOCX; read as a stream, never loaded whole. */
  path: string;
  /** File name sent to the service (default: the path's base name). */
  filename?: string;
  /** Default: from the extension (application/pdf, the DOCX type), else application/octet-stream. */
  contentType?: string;
}

export interface UploadRequest {
  /** The §4.6 text fields, as uploadFormSchema gave them at the boundary (the router): not parsed again. */
  fields: UploadForm;
  file?: SourceFile;
}

export interface ServiceApi {
  readonly baseUrl: string;
  /** §4.1. 404 → not_found. */
  getAuthor(groupId: number, clientId: string, opts?: CallOptions): Promise<ApiResult<AuthorFromGroup>>;
  /** §4.2 create or fully replace (fields left out become null). Retried on transient failures. */
  putAuthor(groupId: number, clientId: string, body: AuthorFromGroupPut, opts?: CallOptions): Promise<ApiResult<OkResponse>>;
  /** §4.3 partial update: only the fields given. Retried on transient failures. */
  patchAuthor(groupId: number, clientId: string, body: AuthorFromGroupPatch, opts?: CallOptions): Promise<ApiResult<OkResponse>>;
  /** §4.4. A 404 is success with existed = false (gone is gone). */
  deleteAuthor(groupId: number, clientId: string, opts?: CallOptions): Promise<ApiResult<DeleteAuthorResult>>;
  /** §4.5. Not idempotent: retried only when the request provably never reached the service
   * (connection refused, DNS, connect timeout) or was refused with 429. When a response is lost
   * after sending, rejects with OutcomeUnknownError (see errors.ts and docs/client.md). */
  createAuthorsGroup(input: AuthorsGroupCreate, opts?: CallOptions): Promise<ApiResult<AuthorsGroupCreated>>;
  /** §4.6 multipart upload, file streamed from disk. Deduplicated by origin_id, hence retried. */
  uploadManuscript(req: UploadRequest, opts?: UploadOptions): Promise<ApiResult<UploadResponse>>;
  /**
   * The same upload, its answer's bytes handed to `read` (ApiResult's raw and rawText stay empty: the reader
   * keeps what it needs). Optional: a client without it is called with uploadManuscript.
   */
  uploadManuscriptRead?<T>(req: UploadRequest, read: AnswerReader<T>, opts?: UploadOptions): Promise<ApiResult<T>>;
  /** §4.7. corpus defaults to the service's default (all_journals) when omitted. */
  recommendJournals(originId: string, corpus?: JournalsCorpus, opts?: CallOptions): Promise<ApiResult<RecommendJournalsResponse>>;
  /** §4.8. */
  listCustomFields(opts?: CallOptions): Promise<ApiResult<CustomFieldsResponse>>;
  /** Closes the connection pool; later calls reject. */
  close(): Promise<void>;
}

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Backoff before retry n (n = 1, 2, …): min(maxDelayMs, baseDelayMs · 2^(n-1)), jittered to [½, 1] of it (backoffDelay in retry.ts). */
  baseDelayMs: number;
  maxDelayMs: number;
  /** No retry starts (and no Retry-After is waited out) past this much time since the call began. */
  totalBudgetMs: number;
}

export interface Timeouts {
  /** TCP + TLS handshake. */
  connectMs: number;
  /** From the request being sent to the response headers. */
  headersMs: number;
  /** Longest silence while reading the response body. */
  bodyMs: number;
  /** Headers timeout of an upload: the service parses the file and finds candidates first. */
  uploadHeadersMs: number;
}

export interface ServiceClientOptions {
  /** e.g. https://referee.example.org or http://127.0.0.1:4123/prefix (no trailing slash needed). */
  baseUrl: string;
  /** Read for every call (so a key changed in Settings applies at once); null → no_api_key. */
  apiKey: () => Promise<string | null>;
  /** Used in editor-facing messages, e.g. "Production". */
  profileName?: string;
  logger?: Logger;
  clock?: Clock;
  /** Injectable for tests: resolves after ms, rejects when the signal aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Injectable for tests: uniform in [0, 1). */
  random?: () => number;
  retry?: Partial<RetryPolicy>;
  /** Uploads get their own (longer) total budget. */
  uploadRetry?: Partial<RetryPolicy>;
  timeouts?: Partial<Timeouts>;
  /** Largest response body read, in bytes (default 32 MiB); larger → bad_response. */
  maxResponseBytes?: number;
  /** Parallel connections to the service (default 8). */
  connections?: number;
  /** Told what each call learned about a plan feature (spec §5.4): true when an operation that
   * needs it was answered (an upload only when it brought candidates), false on a 403. */
  onFeature?: (feature: PlanFeature, available: boolean) => void;
}

/** The plan-gated APIs (spec §1), named as in the profile's PlanFeatures. */
export type PlanFeature = 'authorsGroups' | 'refereeFinder' | 'recommendJournals';
