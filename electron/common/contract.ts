// The whole IPC contract in one file (GitHub Desktop's ipc-shared.ts, VS Code's typed channels):
// request channels with their input schema and output type, events from core to the renderer.
// Preload, the WebSocket bridge, the router and the renderer are all derived from these maps, so a
// wrong channel name or argument is a compile error and a missing handler is a test failure.
import { z } from 'zod';
import type { DeskErrorShape } from './errors';
import { MAX_MANUSCRIPT_BYTES, MAX_STAGE_BASE64 } from './limits';
import { CONFLICT_KEYS, JOURNALS_CORPORA, authorFromGroupPatchSchema, authorFromGroupPutSchema, authorsGroupCreateSchema, clientIdSchema, uploadFormSchema } from './service';
import type {
  AuthorHistory,
  AuthorsGroupRow,
  CacheClearView,
  CandidatePage,
  ConnectionTest,
  CustomFieldRow,
  DataChangedEvent,
  FolderRow,
  GroupAuthorRow,
  IntakeView,
  JournalRecommendation,
  ManuscriptRow,
  OutboxItemView,
  ProfilesState,
  RunComparison,
  RunRow,
  SearchHit,
  StagedFile,
  UploadProgressEvent,
  WebhookDeliveryView,
  WebhookStatusView,
} from './views';

/** A request channel: its input is validated at runtime with `input`; `output` only carries a type. */
export interface RequestSpec<I extends z.ZodType, O> {
  readonly input: I;
  readonly output: O;
}
const request =
  <O>() =>
  <I extends z.ZodType>(input: I): RequestSpec<I, O> => ({ input, output: undefined as unknown as O });

/** An event channel: `payload` only carries a type (events flow from trusted core to the renderer). */
export interface EventSpec<P> {
  readonly payload: P;
}
const event = <P>(): EventSpec<P> => ({ payload: undefined as unknown as P });

// ---------------------------------------------------------------------------------------------
// Payload types

export type Connectivity = 'online' | 'offline' | 'unknown';

export interface AppInfo {
  name: string;
  version: string;
  /** Where the cache, the outbox copies of uploads and the logs live. */
  dataDir: string;
  /** 'electron' in the desktop app, 'browser' through the WebSocket host. */
  host: 'electron' | 'browser';
  platform: string;
  connectivity: Connectivity;
  /** Things the editor must know from start-up (a rebuilt cache, a demo service that did not start). */
  notices: string[];
}

export interface StatusEvent {
  connectivity: Connectivity;
  /** Writes waiting in the outbox. */
  pendingWrites: number;
  /** Writes parked on a permanent error, waiting for the editor. */
  failedWrites: number;
  /** Human sentence for the status bar, e.g. "Offline — 3 changes queued". */
  message: string;
  at: number;
}

// ---------------------------------------------------------------------------------------------
// Channels

const empty = z.object({}).strict();
const id = z.number().int().positive();
const profileId = z.string().min(1).max(64);
const clientId = clientIdSchema;
const text = (max: number) => z.string().max(max);
/** A port out of range is refused with this, never replaced by another. */
export const WEBHOOK_PORT_MESSAGE = 'The webhook port must be a whole number from 1 to 65535, or 0 to let the computer pick a free one';

const candidateQuery = z
  .object({
    minHIndex: z.number().int().min(0).optional(),
    maxHIndex: z.number().int().min(0).optional(),
    minArticles: z.number().int().min(0).optional(),
    maxArticles: z.number().int().min(0).optional(),
    minCitations: z.number().int().min(0).optional(),
    maxCitations: z.number().int().min(0).optional(),
    minScore: z.number().optional(),
    conflicts: z.enum(['none', 'some']).optional(),
    withoutConflicts: z.array(z.enum(CONFLICT_KEYS)).optional(),
    hasEmail: z.boolean().optional(),
    marked: z.boolean().optional(),
    inGroup: z.boolean().optional(),
    groupId: id.optional(),
    text: text(200).optional(),
    sort: z
      .array(z.object({ by: z.enum(['rank', 'score', 'hIndex', 'citations', 'articles', 'name', 'conflicts', 'affiliation', 'email', 'orcid', 'groups', 'marked']), dir: z.enum(['asc', 'desc']).optional() }).strict())
      .max(4)
      .optional(),
    limit: z.number().int().min(1).max(20_000).optional(),
    offset: z.number().int().min(0).optional(),
  })
  .strict()
  .superRefine((q, ctx) => {
    for (const [lo, hi, what] of [
      ['minHIndex', 'maxHIndex', 'h-index'],
      ['minArticles', 'maxArticles', 'articles'],
      ['minCitations', 'maxCitations', 'citations'],
    ] as const) {
      const a = q[lo];
      const b = q[hi];
      if (a !== undefined && b !== undefined && a > b) ctx.addIssue({ code: 'custom', path: [lo], message: `The ${what} range is empty: the minimum (${a}) is above the maximum (${b}).` });
    }
  });

export const requests = {
  'app.info': request<AppInfo>()(empty),
  'app.status': request<StatusEvent>()(empty),

  // Connection profiles (the key goes in, never comes out)
  'profiles.list': request<ProfilesState>()(empty),
  'profiles.save': request<ProfilesState>()(
    z.object({ id: profileId.optional(), name: z.string().trim().min(1).max(80), baseUrl: z.url({ protocol: /^https?$/ }) }).strict(),
  ),
  'profiles.remove': request<ProfilesState>()(z.object({ id: profileId }).strict()),
  'profiles.activate': request<ProfilesState>()(z.object({ id: profileId }).strict()),
  'profiles.setKey': request<ProfilesState>()(z.object({ id: profileId, apiKey: z.string().trim().min(4).max(512) }).strict()),
  'profiles.clearKey': request<ProfilesState>()(z.object({ id: profileId }).strict()),
  'profiles.test': request<ConnectionTest>()(z.object({ id: profileId }).strict()),
  /** Drops the active profile's cached reads (runs, candidates, journals, custom fields, group authors' details);
   * queued writes and what they need are kept. With preview: true, only says what would go and what stays. */
  'cache.clear': request<CacheClearView>()(z.object({ preview: z.boolean() }).strict()),

  // Files: staged into the data folder first, so the original may move
  'files.stage': request<StagedFile>()(z.object({ name: z.string().min(1).max(255), dataBase64: z.string().max(MAX_STAGE_BASE64, `The file is larger than ${MAX_MANUSCRIPT_BYTES / 2 ** 20} MB.`) }).strict()),
  /** The system file dialog (Electron only). Files that could not be copied are listed in refused; the others are staged. */
  'files.pick': request<{ files: StagedFile[]; refused: Array<{ name: string; message: string }> }>()(empty),
  'intake.inspect': request<IntakeView>()(z.object({ fileId: z.string().min(1).max(80) }).strict()),

  // Manuscripts
  'manuscripts.list': request<ManuscriptRow[]>()(z.object({ folder: text(200).optional() }).strict()),
  'manuscripts.search': request<SearchHit[]>()(z.object({ text: z.string().trim().min(1).max(200) }).strict()),
  'manuscripts.folders': request<FolderRow[]>()(empty),
  'manuscripts.get': request<{ manuscript: ManuscriptRow; runs: RunRow[] }>()(z.object({ id }).strict()),
  'manuscripts.upload': request<ManuscriptRow>()(z.object({ form: uploadFormSchema, fileId: z.string().min(1).max(80).optional() }).strict()),
  /** The manuscript's upload still in the outbox (queued, being sent or failed), or null once sent. Cancel or retry it through outbox.discard / outbox.retry. */
  'manuscripts.uploadStatus': request<OutboxItemView | null>()(z.object({ id }).strict()),

  // Candidates of a run
  'candidates.query': request<CandidatePage>()(z.object({ runId: id, query: candidateQuery }).strict()),
  'candidates.compare': request<RunComparison>()(z.object({ fromRunId: id, toRunId: id }).strict()),
  'candidates.author': request<AuthorHistory | null>()(z.object({ authorId: z.number().int() }).strict()),

  // Journals
  'journals.get': request<JournalRecommendation | null>()(
    z.object({ manuscriptId: id, corpus: z.enum(JOURNALS_CORPORA), refresh: z.boolean().optional() }).strict(),
  ),

  // Authors groups and their authors
  'groups.list': request<AuthorsGroupRow[]>()(empty),
  'groups.create': request<AuthorsGroupRow>()(authorsGroupCreateSchema),
  'groups.add': request<AuthorsGroupRow>()(z.object({ serviceId: id, name: text(200).optional() }).strict()),
  'groups.authors': request<GroupAuthorRow[]>()(z.object({ groupId: id }).strict()),
  'authors.fetch': request<GroupAuthorRow>()(z.object({ groupId: id, clientId }).strict()),
  'authors.put': request<GroupAuthorRow>()(z.object({ groupId: id, clientId, body: authorFromGroupPutSchema.strict() }).strict()),
  'authors.patch': request<GroupAuthorRow>()(z.object({ groupId: id, clientId, body: authorFromGroupPatchSchema.strict() }).strict()),
  'authors.delete': request<{ ok: true }>()(z.object({ groupId: id, clientId }).strict()),
  'customFields.list': request<CustomFieldRow[]>()(z.object({ refresh: z.boolean().optional() }).strict()),

  // Outbox, sync, webhook
  'outbox.list': request<OutboxItemView[]>()(empty),
  'outbox.retry': request<OutboxItemView[]>()(z.object({ id }).strict()),
  /** Drops a queued or failed write and undoes its local effect; an upload being sent is aborted first. */
  'outbox.discard': request<OutboxItemView[]>()(z.object({ id }).strict()),
  'sync.now': request<StatusEvent>()(empty),
  'webhook.status': request<WebhookStatusView>()(empty),
  /** Deliveries the receiver answered for the active profile, newest first: applied, stale, parked, checks and refusals. */
  'webhook.deliveries': request<WebhookDeliveryView[]>()(z.object({ limit: z.number().int().min(1).max(500).optional() }).strict()),
  'webhook.configure': request<WebhookStatusView>()(
    z
      .object({
        enabled: z.boolean(),
        bindAddress: z.union([z.literal('127.0.0.1'), z.literal('0.0.0.0'), z.literal('::1'), z.literal('::')]).optional(),
        port: z
          .number({ message: WEBHOOK_PORT_MESSAGE })
          .int(WEBHOOK_PORT_MESSAGE)
          .min(0, WEBHOOK_PORT_MESSAGE)
          .max(65535, WEBHOOK_PORT_MESSAGE)
          .optional(),
        basicAuth: z.boolean().optional(),
      })
      .strict(),
  ),
} as const;

export const events = {
  'app.status': event<StatusEvent>(),
  'data.changed': event<DataChangedEvent>(),
  'upload.progress': event<UploadProgressEvent>(),
} as const;

// ---------------------------------------------------------------------------------------------
// Derived types

export type Requests = typeof requests;
export type RequestChannel = keyof Requests;
export type RequestInput<C extends RequestChannel> = z.input<Requests[C]['input']>;
export type ParsedInput<C extends RequestChannel> = z.output<Requests[C]['input']>;
export type RequestOutput<C extends RequestChannel> = Requests[C]['output'];

export type Events = typeof events;
export type EventChannel = keyof Events;
export type EventPayload<E extends EventChannel> = Events[E]['payload'];

export const requestChannels = Object.keys(requests) as RequestChannel[];
export const eventChannels = Object.keys(events) as EventChannel[];

export const isRequestChannel = (c: unknown): c is RequestChannel =>
  typeof c === 'string' && Object.prototype.hasOwnProperty.call(requests, c);
export const isEventChannel = (c: unknown): c is EventChannel =>
  typeof c === 'string' && Object.prototype.hasOwnProperty.call(events, c);

/** What crosses a transport for every request: never a thrown error, never a stack trace. */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: DeskErrorShape };

/** The object preload exposes as `window.desk` and the WebSocket bridge implements. */
export interface DeskBridge {
  readonly host: 'electron' | 'browser';
  readonly request: { [C in RequestChannel]: (input: RequestInput<C>) => Promise<Envelope<RequestOutput<C>>> };
  readonly subscribe: { [E in EventChannel]: (listener: (payload: EventPayload<E>) => void) => () => void };
}

/** IPC channel names: requests and events live in separate namespaces on the wire. */
export const ipcRequestChannel = (c: RequestChannel): string => `desk:req:${c}`;
export const ipcEventChannel = (e: EventChannel): string => `desk:evt:${e}`;
