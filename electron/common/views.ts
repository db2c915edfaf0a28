// What the renderer sees: view types carried by the contract. Rows read from the cache are
// defined here (pure data), so the renderer, core and the cache share one definition.
import type { ChangeTopic } from './channels';
import type { PlanFeatures } from './plan';
import type { AuthorFromGroupPatch, AuthorFromGroupPut, AuthorsGroupCreate } from './service';

export type { PlanFeatures };
// Service types that views carry as they are, re-exported beside the views.
export type {
  AuthorsGroupsSettings,
  CandidateGroupRef,
  ConflictKey,
  DebugInfo,
  JournalsCorpus,
  UploadAuthor,
  UploadFormInput,
} from './service';
export type { CustomFieldKind, CustomFieldOption, CustomFieldScope, LinkedAuthor, RelevantArticle } from './service';

// --------------------------------------------------------------------------------------------
// Connection profiles and settings

export interface ProfileView {
  id: string;
  name: string;
  baseUrl: string;
  kind: 'remote' | 'demo';
  active: boolean;
  /** Whether a key is stored; the key itself never leaves the main process. */
  hasKey: boolean;
  lastCheckedAt: number | null;
  lastFeatures: PlanFeatures | null;
}

export interface ProfilesState {
  profiles: ProfileView[];
  activeId: string | null;
  /** 'keychain': keys survive a restart. 'session': no OS secret service, keys are kept in memory only. */
  keyStorage: 'keychain' | 'session';
  /** Plain-words warning when keyStorage is 'session'. */
  keyStorageWarning: string | null;
}

export interface ConnectionTest {
  ok: boolean;
  /** Per plan feature: true = answers, false = not in the plan (403), null = could not tell. */
  features: { authorsGroups: boolean | null; refereeFinder: boolean | null; recommendJournals: boolean | null };
  /** The failure that stopped the test, in editor's words. */
  error: { code: string; message: string } | null;
  latencyMs: number | null;
  checkedAt: number;
}

/** What Settings → Clear cache drops (or would drop, for a preview) and keeps, for the active profile. */
export interface CacheClearView {
  preview: boolean;
  removed: {
    /** Upload runs, with their candidates, groups settings and debug info. */
    runs: number;
    candidates: number;
    /** Journal recommendations (one list per manuscript and corpus). */
    journalLists: number;
    customFields: number;
    /** People seen as candidates who are left in no manuscript's kept runs. */
    authorsSeen: number;
    /** Authors from groups whose service answer (linked author) is forgotten; the authors stay. */
    groupAuthorDetails: number;
  };
  kept: {
    /** Writes waiting in the outbox (queued, being sent or needing attention): all kept. */
    pendingWrites: number;
    /** Manuscripts that keep their runs and candidates because an upload of theirs is waiting. */
    manuscripts: number;
  };
}

// --------------------------------------------------------------------------------------------
// Files and intake

/** A manuscript file copied into the app's data folder, ready for intake and upload. */
export interface StagedFile {
  id: string;
  name: string;
  size: number;
  format: 'pdf' | 'docx';
  sha256: string;
}

export interface IntakeAuthorView {
  name: string;
  affiliation: string | null;
  email: string | null;
  orcid: string | null;
}

/** How sure intake is of one author's fields, 0–1 (for an empty field: how sure it is that the file has none). */
export interface IntakeAuthorConfidence {
  name: number;
  affiliation: number;
  email: number;
  orcid: number;
}

/** How sure intake is of what it read, 0–1 per field, and the counts on the page the author list should agree with. */
export interface IntakeConfidenceView {
  title: number;
  abstract: number;
  /** The author list as a whole: that it has every author and nothing else. */
  authors: number;
  /** One entry per author, in the order of `authors`. */
  perAuthor: IntakeAuthorConfidence[];
  signals: {
    /** Distinct e-mail addresses in the front matter. */
    emails: number;
    /** Addresses that went to no author (an author may be missing). */
    unassignedEmails: number;
    /** Distinct affiliation markers (¹, a, *) that label an affiliation. */
    affiliationMarkers: number;
    /** Affiliation markers that no author carries (an author may be missing). */
    markersWithoutAuthor: number;
    /** The first page's text layer reads as an OCR scan's guesses (noise): the fields were left empty. */
    scanGuesses?: boolean;
  };
}

export interface IntakeView {
  fileId: string;
  format: 'pdf' | 'docx' | null;
  title: string | null;
  abstract: string | null;
  authors: IntakeAuthorView[];
  references: number | null;
  error: { code: string; message: string } | null;
  /** Absent when the file was refused. */
  confidence?: IntakeConfidenceView;
}

/** A staged file's bytes for the first-page preview beside the upload form (the window draws the page itself).
 * pdf: dataBase64 holds the PDF; docx: no preview; too-large: a PDF over PREVIEW_MAX_BYTES, not sent. */
export interface PreviewSource {
  fileId: string;
  kind: 'pdf' | 'docx' | 'too-large';
  dataBase64: string | null;
}

// --------------------------------------------------------------------------------------------
// Outbox and activity

export type OutboxKind = 'upload' | 'author_put' | 'author_patch' | 'author_delete' | 'group_create';
export type OutboxState = 'pending' | 'sending' | 'failed' | 'done';

/** What "Sync now" did, in one sentence, and the status bar after it. */
export interface SyncNowView {
  outcome: string;
  /** Core's sentence on why sending stopped (the window words it, the original under Details); null when it did not. */
  reason: string | null;
  /** Everything went: nothing refused, nothing left to try again. */
  ok: boolean;
  /** The service could not be reached: `outcome` says so, `reason` is only the technical detail. */
  offline: boolean;
}

export interface OutboxItemView {
  id: number;
  kind: OutboxKind;
  /** Plain words: "Upload “Deep learning for …” to folder JCHEM". */
  label: string;
  state: OutboxState;
  attempts: number;
  createdAt: number;
  nextAttemptAt: number | null;
  error: { code: string; message: string; field?: string } | null;
  /** The group (cache id) and author the write is about; null for an upload. */
  target: { groupId: number; clientId?: string } | null;
  /** What an editor can change and send again (outbox.edit) once the write failed; null: retry or discard only. */
  editable: OutboxEditable | null;
}

/** The values of a failed group or author write, as outbox.edit takes them back. */
export type OutboxEditable =
  | { kind: 'group_create'; input: AuthorsGroupCreate }
  | { kind: 'author_put'; body: AuthorFromGroupPut }
  | { kind: 'author_patch'; body: AuthorFromGroupPatch };

/** An upload being sent (its file streamed from the data folder). */
export interface UploadProgressEvent {
  /** The app's id of the manuscript. */
  manuscriptId: number;
  sentBytes: number;
  totalBytes: number;
}

/** Something in the cache changed: views showing that topic reload. */
export interface DataChangedEvent {
  topic: ChangeTopic;
  /** The local id of the manuscript / group concerned, when one is (for 'shortlist': the manuscript). */
  id?: number;
}

export interface WebhookStatusView {
  enabled: boolean;
  /** The address to give the service, with its secret path (and credentials when basic auth is on). */
  url: string | null;
  bindAddress: string;
  port: number | null;
  basicAuth: boolean;
  deliveries: number;
  lastDeliveryAt: number | null;
  lastOutcome: string | null;
  /**
   * The editorial office's receiver, when the profile is linked to an office whose headless receiver announced
   * its public address (without its secret path): the one the service should call. This computer's receiver
   * then serves single-editor use.
   */
  officeReceiver: { url: string; login: string; announcedAt: number } | null;
}

/** What became of one mark_as_proposal_referee delivery: its marks replaced (applied), ignored
 * because a newer order was already applied (stale), kept until the manuscript is uploaded from
 * this app (parked), a connectivity check (test), or refused (rejected: wrong key, bad body…). */
export type WebhookDeliveryOutcome = 'applied' | 'stale' | 'parked' | 'test' | 'rejected';

export interface WebhookDeliveryView {
  /** Unique in the list: deliveries that reached the marks and the others are numbered apart. */
  key: string;
  receivedAt: number;
  outcome: WebhookDeliveryOutcome;
  /** The HTTP status the receiver answered. */
  status: number;
  /** What happened, in plain words. */
  reason: string;
  /** The service's manuscript_id, when the body could be read. */
  serviceManuscriptId: number | null;
  originId: string | null;
  /** The app's manuscript, when it knows it. */
  manuscript: { id: number; title: string } | null;
  order: number | null;
  /** Candidates marked after the action, for deliveries that reached the marks. */
  marked: number | null;
  /** When a parked delivery was applied (once its manuscript's upload was recorded). */
  appliedAt: number | null;
}

// Rows read from the cache.
export type * from './rows';

/** Why "Test connection" to an editorial office did not succeed. */
export type OfficeCheckFailure =
  | 'unreachable'
  | 'tls_required'
  | 'invalid_address'
  | 'wrong_password'
  | 'no_database'
  | 'server_too_old'
  | 'schema_missing'
  | 'schema_too_new'
  | 'schema_too_old'
  | 'not_editor'
  | 'no_folders'
  | 'server_error';

/** The outcome of "Test connection" (and of linking), in the editor's words. */
export type OfficeCheck =
  | { ok: true; login: string; folders: string[]; serverVersion: number; schemaVersion: number }
  | { ok: false; reason: OfficeCheckFailure; message: string };

/** The active profile's editorial office and how in step with it the cache is. */
export interface OfficeStatusView {
  /** The office's address, with the editor's login and never a password. */
  url: string;
  login: string;
  state: 'connecting' | 'in_step' | 'syncing' | 'offline' | 'refused';
  /** The editor's changes not yet in the office. */
  waiting: number;
  /** Why offline or refused, in the editor's words. */
  reason: string | null;
  lastSyncAt: number | null;
  /** For the status bar, e.g. "Office: offline — 12 changes waiting". */
  message: string;
}
