// The whole IPC contract in one file (GitHub Desktop's ipc-shared.ts, VS Code's typed channels):
// request channels with their input schema and output type, events from core to the renderer.
// Preload, the WebSocket bridge, the router and the renderer are all derived from these maps, so a
// wrong channel name or argument is a compile error and a missing handler is a test failure.
import { z } from 'zod';
import { EVENT_CHANNELS, REQUEST_CHANNELS, type EventChannelName, type READS, type RequestChannelName } from './channels';
import { MAX_REQUEST_TEXT, pasteProblem } from './domain/authorRequests';
import type { ConflictEvidence } from './domain/conflicts';
import { COUNTRY_CODES, REGION_NAMES } from './domain/countries';
import type { ShortlistSpread } from './domain/spread';
import type { View } from './domain/views';
import type { DeskErrorShape } from './errors';
import { MAX_MANUSCRIPT_BYTES, MAX_STAGE_BASE64 } from './limits';
import { baseUrlProblem } from './base-url';
import { CANDIDATE_SORT_KEYS } from './shapes';
import { DECLINE_REASONS, MAX_INVITE_NOW } from './domain/rounds';
import { MAX_OPEN_AT_ONCE } from './domain/quickInvite';
import {
  CONFLICT_KEYS,
  JOURNALS_CORPORA,
  authorFromGroupPatchSchema,
  authorFromGroupPutSchema,
  authorsGroupCreateSchema,
  clientIdSchema,
  uploadFormSchema,
} from './service';
import type {
  AuthorHistory,
  AuthorRequestRow,
  DoNotInviteRow,
  PersonDecisions,
  PersonFlagRow,
  AuthorsGroupRow,
  CacheClearView,
  CandidatePage,
  ConnectionTest,
  CustomFieldRow,
  DataChangedEvent,
  FolderRow,
  GroupAuthorRow,
  CandidateLoadRow,
  IntakeView,
  PreviewSource,
  InvitationDraft,
  InvitationSettings,
  LedgerPage,
  LedgerPersonHistory,
  ReminderRow,
  ShortlistEntryRow,
  SyncNowView,
  ShortlistRound,
  DeclineReport,
  LedgerPersonRow,
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
  OfficeCheck,
  OfficeStatusView,
} from './shapes';

/** A request channel: its input is validated at runtime with `input`; `output` only carries a type. */
export interface RequestSpec<I extends z.ZodType, O> {
  readonly input: I;
  readonly output: O;
}
/** A channel's input schema is built on its first request, not when the contract is imported: the ~60
 * schemas cost tens of milliseconds of every start before the window's first answer (docs/process-model.md). */
const request =
  <O>() =>
  <I extends z.ZodType>(make: () => I): RequestSpec<I, O> => {
    let input: I | undefined;
    return {
      get input() {
        return (input ??= make());
      },
      output: undefined as unknown as O,
    };
  };

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
  /** The local demo service, when the app runs one: `failed` once its supervisor gave up (the window offers
   * `demo.restart`), with the reason in the editor's words. */
  demo?: DemoStatus;
  /** The active profile's editorial office, when it is linked to one. */
  office?: OfficeStatusView;
}

export interface DemoStatus {
  state: 'starting' | 'running' | 'restarting' | 'failed';
  /** Why it stopped or could not start; null unless `failed`. */
  message: string | null;
}

/** Desktop shell → window: open what a link, a file opened with the app or a notification asked for. */
export type OpenRequest =
  | {
      kind: 'manuscript';
      originId: string;
      /** Local id, or null when this profile's cache has no such manuscript. */ manuscriptId: number | null;
    }
  | { kind: 'file'; file: StagedFile }
  | { kind: 'refused'; message: string };

/** Desktop shell → window: an application-menu item the window carries out. */
export type MenuCommandEvent =
  | { command: 'upload' }
  | { command: 'export' }
  | {
      command: 'view';
      view: View;
    };

/** Desktop shell → window: where the updater stands, for the status bar. */
/** Settings → Automatic updates. In the browser host `available` is false and `note` says why. */
export interface UpdateSettingsView {
  available: boolean;
  enabled: boolean;
  note: string | null;
}

export interface UpdateStatusEvent {
  state: 'disabled' | 'idle' | 'checking' | 'downloading' | 'ready' | 'error';
  /** Plain words, e.g. "Version 0.2.0 is ready — restart to update (Help menu)". */
  message: string;
  version: string | null;
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

/** The candidates table's filters and sort (CandidateQuery is its z.infer). */
/** A bounded list of known countries or regions for the candidate filters. */
const places = (known: [string, ...string[]], what: string) =>
  z
    .array(z.enum(known, { error: `This ${what} is not in the list of known ${what === 'country' ? 'countries' : 'regions'}.` }))
    .max(known.length, `Pick at most ${known.length} of them.`)
    .optional();

export const candidateQuerySchema = z
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
    hideBusy: z.boolean().optional(),
    workedWith: z.boolean().optional(),
    /** Show the people the authors opposed (left out by default). */
    showOpposed: z.boolean().optional(),
    /** Where people are, read from their affiliations (ISO codes; M49 regions and sub-regions by name): only from these, or not from these. */
    includeCountries: places(COUNTRY_CODES, 'country'),
    excludeCountries: places(COUNTRY_CODES, 'country'),
    includeRegions: places(REGION_NAMES, 'region'),
    excludeRegions: places(REGION_NAMES, 'region'),
    sort: z
      .array(
        z
          .object({
            by: z.enum(CANDIDATE_SORT_KEYS),
            dir: z.enum(['asc', 'desc']).optional(),
          })
          .strict(),
      )
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
      if (a !== undefined && b !== undefined && a > b)
        ctx.addIssue({
          code: 'custom',
          path: [lo],
          message: `The ${what} range is empty: the minimum (${a}) is above the maximum (${b}).`,
        });
    }
  });

export type CandidateQuery = z.infer<typeof candidateQuerySchema>;

const authorId = z.number().int();
const onShortlist = { manuscriptId: id, authorId };
const shortlistStatus = z.enum(['shortlisted', 'invited', 'accepted', 'declined', 'no_answer', 'closed']);
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Give the date as YYYY-MM-DD.')
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    'This date does not exist.',
  );
const invitationSettings = z
  .object({
    editorName: text(200),
    subject: text(1000),
    body: text(20_000),
    reminderDays: z.number().int().min(1).max(365),
    fatigueK: z.number().int().min(1).max(1000),
    fatigueD: z.number().int().min(1).max(3650),
    fatigueR: z.number().int().min(1).max(1000),
  })
  .partial()
  .strict();

const officeLogin = z
  .object({
    url: z.string().trim().min(1, 'The office address is required.').max(1000),
    login: z.string().trim().min(1, 'The office user name is required.').max(63),
    password: z.string().min(1, 'The office password is required.').max(1000),
  })
  .strict();

export const requests = {
  'app.info': request<AppInfo>()(() => empty),
  'app.status': request<StatusEvent>()(() => empty),

  // Connection profiles (the key goes in, never comes out)
  'profiles.list': request<ProfilesState>()(() => empty),
  'profiles.save': request<ProfilesState>()(() =>
    z
      .object({
        id: profileId.optional(),
        name: z.string().trim().min(1).max(80),
        baseUrl: z
          .string()
          .max(2048)
          .superRefine((u, ctx) => {
            const problem = baseUrlProblem(u);
            if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
          }),
      })
      .strict(),
  ),
  'profiles.remove': request<ProfilesState>()(() => z.object({ id: profileId }).strict()),
  'profiles.activate': request<ProfilesState>()(() => z.object({ id: profileId }).strict()),
  'profiles.setKey': request<ProfilesState>()(() => z.object({ id: profileId, apiKey: z.string().trim().min(4).max(512) }).strict()),
  'profiles.clearKey': request<ProfilesState>()(() => z.object({ id: profileId }).strict()),
  'profiles.test': request<ConnectionTest>()(() => z.object({ id: profileId }).strict()),
  /** Drops the active profile's cached reads (runs, candidates, journals, custom fields, group authors' details);
   * queued writes and what they need are kept. With preview: true, only says what would go and what stays. */
  'cache.clear': request<CacheClearView>()(() => z.object({ preview: z.boolean() }).strict()),

  // Files: staged into the data folder first, so the original may move
  'files.stage': request<StagedFile>()(() =>
    z
      .object({
        name: z.string().min(1).max(255),
        dataBase64: z.string().max(MAX_STAGE_BASE64, `The file is larger than ${MAX_MANUSCRIPT_BYTES / 2 ** 20} MB.`),
      })
      .strict(),
  ),
  /** A dropped file by its path, so its bytes never cross IPC (Electron only: the preload takes the path of
   * a File the editor dropped or picked with webUtils.getPathForFile; the page never sees it, nor can it
   * call this channel itself, see electron/common/stage-file.ts). Same bounds as files.stage. */
  'files.stagePath': request<StagedFile>()(() => z.object({ path: z.string().min(1).max(4096) }).strict()),
  /** The system file dialog (Electron only). Files that could not be copied are listed in refused; the others are staged. */
  'files.pick': request<{ files: StagedFile[]; refused: Array<{ name: string; message: string }> }>()(() => empty),
  'intake.inspect': request<IntakeView>()(() => z.object({ fileId: z.string().min(1).max(80) }).strict()),
  /** A staged file's bytes for the window to draw its first page beside the form (a PDF up to PREVIEW_MAX_BYTES). */
  'intake.preview': request<PreviewSource>()(() => z.object({ fileId: z.string().min(1).max(80) }).strict()),

  // Manuscripts
  'manuscripts.list': request<ManuscriptRow[]>()(() => z.object({ folder: text(200).optional() }).strict()),
  'manuscripts.search': request<SearchHit[]>()(() => z.object({ text: z.string().trim().min(1).max(200) }).strict()),
  'manuscripts.folders': request<FolderRow[]>()(() => empty),
  'manuscripts.get': request<{ manuscript: ManuscriptRow; runs: RunRow[] }>()(() => z.object({ id }).strict()),
  /** `replace`: the editor answered yes to "This replaces <colleague>'s upload …" (refused with `conflict`, field `replace`, until then). */
  'manuscripts.upload': request<ManuscriptRow>()(() =>
    z.object({ form: uploadFormSchema, fileId: z.string().min(1).max(80).optional(), replace: z.boolean().optional() }).strict(),
  ),
  /** The manuscript's upload still in the outbox (queued, being sent or failed), or null once sent. Cancel or retry it
   * through outbox.discard / outbox.retry. */
  'manuscripts.uploadStatus': request<OutboxItemView | null>()(() => z.object({ id }).strict()),

  // Candidates of a run
  'candidates.query': request<CandidatePage>()(() => z.object({ runId: id, query: candidateQuerySchema }).strict()),
  'candidates.compare': request<RunComparison>()(() => z.object({ fromRunId: id, toRunId: id }).strict()),
  'candidates.author': request<AuthorHistory | null>()(() => z.object({ authorId: z.number().int() }).strict()),
  /** Each set conflict flag's detail (co-authors, affiliations, articles, reasons) where the service sent any. */
  'candidates.evidence': request<ConflictEvidence>()(() => z.object({ candidateId: id }).strict()),

  // Shortlist, invitations and the reviewer ledger: local only, never sent to the service
  'shortlist.list': request<ShortlistEntryRow[]>()(() => z.object({ manuscriptId: id }).strict()),
  /** Adds candidates of the manuscript's runs at the end of its shortlist, in the order given. */
  'shortlist.add': request<ShortlistEntryRow[]>()(() =>
    z.object({ manuscriptId: id, authorIds: z.array(authorId).min(1).max(200) }).strict(),
  ),
  'shortlist.remove': request<ShortlistEntryRow[]>()(() => z.object(onShortlist).strict()),
  /** The whole new order: exactly the people on the list. */
  'shortlist.reorder': request<ShortlistEntryRow[]>()(() => z.object({ manuscriptId: id, authorIds: z.array(authorId).max(200) }).strict()),
  'shortlist.note': request<ShortlistEntryRow>()(() => z.object({ ...onShortlist, note: text(4000) }).strict()),
  /** shortlisted → invited → accepted / declined / no answer (→ closed when the review arrives); other moves are refused. */
  'shortlist.setStatus': request<ShortlistEntryRow>()(() => z.object({ ...onShortlist, status: shortlistStatus }).strict()),
  /** Several moves of the list at once (everyone opened in the mail app becomes invited; Undo puts each back): all or none. */
  'shortlist.setStatuses': request<ShortlistEntryRow[]>()(() =>
    z
      .object({
        manuscriptId: id,
        changes: z
          .array(z.object({ authorId, status: shortlistStatus }).strict())
          .min(1)
          .max(200)
          .refine((c) => new Set(c.map((x) => x.authorId)).size === c.length, 'Each person can change status once at a time.'),
      })
      .strict(),
  ),
  'shortlist.setDue': request<ShortlistEntryRow>()(() => z.object({ ...onShortlist, dueDate: isoDay.nullable() }).strict()),
  /** Invitations of the active profile with no answer after the reminder days set in Settings. */
  'shortlist.reminders': request<ReminderRow[]>()(() => empty),
  /** The person declined, with a reason from the menu ("other" with a few words); "too busy" may say until when they are
   * unavailable, which the person keeps across manuscripts. */
  'shortlist.decline': request<ShortlistEntryRow>()(() =>
    z
      .object({
        ...onShortlist,
        reason: z.enum(DECLINE_REASONS),
        text: z.string().trim().max(200, 'Say it in 200 characters or fewer.').optional(),
        unavailableUntil: isoDay.nullable().optional(),
      })
      .strict()
      .superRefine((v, ctx) => {
        if (v.reason === 'other' && !v.text)
          ctx.addIssue({ code: 'custom', path: ['text'], message: 'Say why in a few words, or pick one of the reasons.' });
      }),
  ),
  /** Where the manuscript's shortlist comes from, its career stages, and what it shares with the authors (docs/shortlist.md). */
  'shortlist.spread': request<ShortlistSpread>()(() => z.object({ manuscriptId: id }).strict()),
  /** How many of the manuscript's shortlist are invited at once (the rest are alternates, in order). */
  'shortlist.round': request<ShortlistRound>()(() => z.object({ manuscriptId: id }).strict()),
  'shortlist.setInviteNow': request<ShortlistRound>()(() =>
    z
      .object({
        manuscriptId: id,
        inviteNow: z
          .number()
          .int('Give a whole number of people.')
          .min(1, 'Invite at least one person at once.')
          .max(MAX_INVITE_NOW, `Invite at most ${MAX_INVITE_NOW} people at once.`),
      })
      .strict(),
  ),
  'invitation.getSettings': request<InvitationSettings>()(() => empty),
  /** Template (subject, body with {{placeholders}}), editor's name, reminder days, fatigue K/D/R; only the fields given change. */
  'invitation.setSettings': request<InvitationSettings>()(() => invitationSettings),
  /** The filled invitation for one shortlisted person and its mailto: URL. */
  'invitation.draft': request<InvitationDraft>()(() => z.object({ ...onShortlist, confirmOpposed: z.boolean().optional() }).strict()),
  /** Opens the draft in the system mail client where the host can (Electron); opened: false means use the mailto link. */
  'invitation.open': request<{ opened: boolean; draft: InvitationDraft }>()(() =>
    z.object({ ...onShortlist, confirmOpposed: z.boolean().optional() }).strict(),
  ),
  /**
   * Opens the drafts of these people in the system mail client, one message each, where the host can (Electron), and marks
   * everyone whose message opened as invited, in one write. Checked first, all of them: a person who may not be invited
   * (do not invite, opposed without confirmation, a status that cannot become invited) refuses the whole request before
   * anything opens. opened: false (the browser host) opens and marks nothing: the window opens the links, then
   * shortlist.setStatuses. `notOpened`: the people whose message did not open after the mail client failed.
   */
  'invitation.openAll': request<{
    opened: boolean;
    invited: ShortlistEntryRow[];
    notOpened: number[];
    drafts: InvitationDraft[];
  }>()(() =>
    z
      .object({
        manuscriptId: id,
        people: z
          .array(z.object({ authorId, confirmOpposed: z.boolean().optional() }).strict())
          .min(1)
          .max(MAX_OPEN_AT_ONCE, `The mail app gets at most ${MAX_OPEN_AT_ONCE} messages at once.`),
      })
      .strict(),
  ),
  /** Confirms the invitation was sent: the person becomes invited, dated today. */
  'invitation.markInvited': request<ShortlistEntryRow>()(() => z.object(onShortlist).strict()),
  /** The Reviewers view: full-text search, sortable, paged. */
  'ledger.query': request<LedgerPage>()(() =>
    z
      .object({
        text: text(200).optional(),
        mine: z.boolean().optional(),
        sort: z
          .object({
            by: z.enum([
              'name',
              'suggested',
              'shortlisted',
              'invited',
              'accepted',
              'declined',
              'noAnswer',
              'reviewing',
              'lastInvited',
              'acceptanceRate',
            ]),
            dir: z.enum(['asc', 'desc']).optional(),
          })
          .strict()
          .optional(),
        limit: z.number().int().min(1).max(5000).optional(),
        offset: z.number().int().min(0).optional(),
      })
      .strict(),
  ),
  /** A person with their merged author_ids (and the rule of each) and their history by manuscript. */
  'ledger.person': request<LedgerPersonHistory | null>()(() => z.object({ personId: id }).strict()),
  /** Splits a wrong merge: the author_id becomes a person of its own, for good. */
  'ledger.split': request<{ from: LedgerPersonHistory | null; to: LedgerPersonHistory | null }>()(() => z.object({ authorId }).strict()),
  /** Load badges and "author of another manuscript in this folder" warnings of a run's candidates: only those with
   * something to say (a count, busy, an authorship); a candidate left out has no load. */
  'ledger.loads': request<CandidateLoadRow[]>()(() => z.object({ runId: id }).strict()),
  /** "Unavailable until" a day on a person (null clears it): Hide busy reviewers leaves them out until then. */
  'ledger.setAvailability': request<LedgerPersonRow>()(() => z.object({ personId: id, until: isoDay.nullable() }).strict()),
  /** Declines by reason over every reviewer (counts, acceptance rate of the people who gave each) and per person. */
  'ledger.declines': request<DeclineReport>()(() => empty),

  // The authors' opposed and suggested reviewers per manuscript, the do-not-invite list, bounced e-mails: local only
  'requests.list': request<AuthorRequestRow[]>()(() => z.object({ manuscriptId: id }).strict()),
  /** Reads the pasted cover-letter lines (one person a line, or prose) and adds each, matched to a known person. */
  'requests.paste': request<AuthorRequestRow[]>()(() =>
    z
      .object({
        manuscriptId: id,
        kind: z.enum(['opposed', 'suggested']),
        text: z
          .string()
          .max(
            MAX_REQUEST_TEXT * 2,
            `Paste at most ${MAX_REQUEST_TEXT.toLocaleString('en')} characters (the list of names, not the whole letter).`,
          )
          .superRefine((t, ctx) => {
            const problem = pasteProblem(t);
            if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
          }),
      })
      .strict(),
  ),
  /** The editor's fix of a match: the entry is this person (a candidate or a ledger person), or nobody (null). */
  'requests.setMatch': request<AuthorRequestRow[]>()(() => z.object({ manuscriptId: id, id, authorId: authorId.nullable() }).strict()),
  'requests.remove': request<AuthorRequestRow[]>()(() => z.object({ manuscriptId: id, id }).strict()),
  /** The manuscript's people (latest run and shortlist) that are opposed, suggested, not to be invited or bounced. */
  'people.flags': request<PersonFlagRow[]>()(() => z.object({ manuscriptId: id }).strict()),
  /** A ledger person's do-not-invite entry and e-mail addresses with their bounced mark. */
  'people.decisions': request<PersonDecisions>()(() => z.object({ personId: id }).strict()),
  'doNotInvite.list': request<DoNotInviteRow[]>()(() => empty),
  'doNotInvite.set': request<DoNotInviteRow>()(() =>
    z
      .object({
        personId: id,
        reason: z
          .string()
          .trim()
          .min(1, 'Give a reason: it is shown wherever the person appears.')
          .max(500, 'Keep the reason under 500 characters.'),
        until: isoDay.nullable(),
      })
      .strict(),
  ),
  'doNotInvite.remove': request<{ ok: true }>()(() => z.object({ personId: id }).strict()),
  'email.setBounced': request<{ ok: true }>()(() => z.object({ email: text(254), bounced: z.boolean() }).strict()),

  // Journals
  'journals.get': request<JournalRecommendation | null>()(() =>
    z.object({ manuscriptId: id, corpus: z.enum(JOURNALS_CORPORA), refresh: z.boolean().optional() }).strict(),
  ),

  // Authors groups and their authors
  'groups.list': request<AuthorsGroupRow[]>()(() => empty),
  'groups.create': request<AuthorsGroupRow>()(() => authorsGroupCreateSchema),
  'groups.add': request<AuthorsGroupRow>()(() => z.object({ serviceId: id, name: text(200).optional() }).strict()),
  'groups.authors': request<GroupAuthorRow[]>()(() => z.object({ groupId: id }).strict()),
  'authors.fetch': request<GroupAuthorRow>()(() => z.object({ groupId: id, clientId }).strict()),
  'authors.put': request<GroupAuthorRow>()(() => z.object({ groupId: id, clientId, body: authorFromGroupPutSchema.strict() }).strict()),
  'authors.patch': request<GroupAuthorRow>()(() => z.object({ groupId: id, clientId, body: authorFromGroupPatchSchema.strict() }).strict()),
  'authors.delete': request<{ ok: true }>()(() => z.object({ groupId: id, clientId }).strict()),
  'customFields.list': request<CustomFieldRow[]>()(() => z.object({ refresh: z.boolean().optional() }).strict()),

  // Outbox, sync, webhook
  'outbox.list': request<OutboxItemView[]>()(() => empty),
  'outbox.retry': request<OutboxItemView[]>()(() => z.object({ id }).strict()),
  /**
   * A failed group creation or author write, edited and sent again: the new values are checked like the
   * original write, applied locally and queued again in one transaction (nothing half-applied).
   */
  'outbox.edit': request<OutboxItemView[]>()(() =>
    z.discriminatedUnion('kind', [
      z.object({ id, kind: z.literal('group_create'), input: authorsGroupCreateSchema.strict() }).strict(),
      z.object({ id, kind: z.literal('author_put'), body: authorFromGroupPutSchema.strict() }).strict(),
      z.object({ id, kind: z.literal('author_patch'), body: authorFromGroupPatchSchema.strict() }).strict(),
    ]),
  ),
  /** Drops a queued or failed write and undoes its local effect; an upload being sent is aborted first. */
  'outbox.discard': request<OutboxItemView[]>()(() => z.object({ id }).strict()),
  /** Sends what is queued now and says what came of it (offline included). */
  'sync.now': request<SyncNowView & { status: StatusEvent }>()(() => empty),
  'webhook.status': request<WebhookStatusView>()(() => empty),
  /** Deliveries the receiver answered for the active profile, newest first: applied, stale, parked, checks and refusals. */
  'webhook.deliveries': request<WebhookDeliveryView[]>()(() => z.object({ limit: z.number().int().min(1).max(500).optional() }).strict()),
  'webhook.configure': request<WebhookStatusView>()(() =>
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
  // Desktop updates: the editor's choice (settings.json in the data folder) and "Restart to update".
  'updates.getSettings': request<UpdateSettingsView>()(() => empty),
  'updates.setSettings': request<UpdateSettingsView>()(() => z.object({ enabled: z.boolean() }).strict()),
  /** Installs a downloaded update; refused while an upload is being sent or the outbox drains. */
  'updates.restart': request<{ ok: true }>()(() => empty),
  /** Starts the local demo service again after its supervisor gave up; answers once it runs or failed again. */
  'demo.restart': request<StatusEvent>()(() => empty),
  // The editorial office (docs/office.md): the active profile's link, "Test connection", the sync loop.
  'office.status': request<OfficeStatusView | null>()(() => empty),
  /** Checks an office address, login and password without linking anything. */
  'office.test': request<OfficeCheck>()(() => officeLogin),
  /** Checks, then links the active profile to the office (the password to the keychain); a failed check links nothing. */
  'office.link': request<OfficeCheck>()(() => officeLogin),
  /** Unlinks the active profile: the office's events and the changes not yet sent to it are dropped here. */
  'office.unlink': request<{ ok: true }>()(() => empty),
  'office.syncNow': request<OfficeStatusView | null>()(() => empty),
  /** Whether the active profile shares the manuscript files themselves with the office (off by default; false when not linked). */
  'office.fileSharing': request<{ shareFiles: boolean }>()(() => empty),
  'office.setFileSharing': request<{ shareFiles: boolean }>()(() => z.object({ shareFiles: z.boolean() }).strict()),
} as const satisfies Record<RequestChannelName, RequestSpec<z.ZodType, unknown>>;

export const events = {
  'app.status': event<StatusEvent>(),
  'data.changed': event<DataChangedEvent>(),
  'upload.progress': event<UploadProgressEvent>(),
  // Pushed by the desktop shell only (never by the browser host).
  'shell.open': event<OpenRequest>(),
  'shell.menu': event<MenuCommandEvent>(),
  'shell.update': event<UpdateStatusEvent>(),
} as const satisfies Record<EventChannelName, EventSpec<unknown>>;

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

/** Every channel, from channels.ts (the `satisfies` above keep those lists and these maps the same). */
export const requestChannels: readonly RequestChannel[] = REQUEST_CHANNELS;
export const eventChannels: readonly EventChannel[] = EVENT_CHANNELS;

export const isRequestChannel = (c: unknown): c is RequestChannel =>
  typeof c === 'string' && Object.prototype.hasOwnProperty.call(requests, c);
export const isEventChannel = (c: unknown): c is EventChannel => typeof c === 'string' && Object.prototype.hasOwnProperty.call(events, c);

/** What crosses a transport for every request: never a thrown error, never a stack trace. */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: DeskErrorShape };

/** The object preload exposes as `window.desk` and the WebSocket bridge implements. */
export interface DeskBridge {
  readonly host: 'electron' | 'browser';
  /** Stages a File the editor dropped or picked. Electron: by its path (files.stagePath), null when the File has
   * no path on disk (the caller sends its bytes with files.stage). The browser host: its bytes as binary pieces
   * over the socket (stage-file.ts). */
  readonly stageFile?: (file: object) => Promise<Envelope<StagedFile>> | null;
  readonly request: { [C in RequestChannel]: (input: RequestInput<C>) => Promise<Envelope<RequestOutput<C>>> };
  readonly subscribe: { [E in EventChannel]: (listener: (payload: EventPayload<E>) => void) => () => void };
}

/** IPC channel names: requests and events live in separate namespaces on the wire. */
export const ipcRequestChannel = (c: RequestChannel): string => `desk:req:${c}`;
export const ipcEventChannel = (e: EventChannel): string => `desk:evt:${e}`;

/** Compile-time check of channels.ts's READS: a `topic:field` dependency names a field of the channel's input. */
type ScopedFields<D> = D extends `${string}:${infer F}` ? F : never;
type ReadsNameInputFields = {
  [C in keyof typeof READS]: Exclude<ScopedFields<(typeof READS)[C][number]>, keyof RequestInput<C>> extends never ? true : C;
}[keyof typeof READS];
const readsNameInputFields: ReadsNameInputFields = true;
void readsNameInputFields;
