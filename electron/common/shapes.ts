// The data shapes the window and core share: rows read from the cache, what views show, and the inputs they send.
// Pure types (and a few constant tables); imports only the service's own shapes, the change topics and the plan,
// never the contract or the domain modules (those import from here).
// The raw JSON the service sent is stored beside each row and read on demand, so lists stay cheap.
import type { ChangeTopic } from './channels';
import type { PlanFeatures } from './plan';
import type {
  AuthorFromGroupPatch,
  AuthorFromGroupPut,
  AuthorsGroupCreate,
  AuthorsGroupsSettings,
  CandidateBase,
  ConflictKey,
  CustomFieldKind,
  CustomFieldOption,
  CustomFieldScope,
  DebugInfo,
  JournalsCorpus,
  LinkedAuthor,
  RelevantArticle,
  UploadAuthor,
  UploadFormInput,
} from './service';

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

/** Why a person declined (the menu's words are domain/rounds' DECLINE_LABEL). */
export type DeclineReason = 'too_busy' | 'outside_expertise' | 'conflict_of_interest' | 'on_leave' | 'no_reason' | 'other';

export interface PersonCounts {
  shortlisted: number;
  invited: number;
  accepted: number;
  declined: number;
  noAnswer: number;
  /** Accepted and not closed. */
  reviewing: number;
  lastInvitedAt: number | null;
}

export interface DeclineReportRow {
  /** null: declines recorded before reasons were asked. */
  reason: DeclineReason | null;
  label: string;
  declines: number;
  /** Different people who gave this reason. */
  people: number;
  /**
   * Of those people, accepted among their answered invitations (accepted, declined, no answer), all
   * manuscripts together: whether people who gave this reason say yes another time. Null without answers.
   */
  acceptanceRate: number | null;
}

export type SyncState = 'pending' | 'synced' | 'failed';

export interface FolderRow {
  id: number;
  profileId: string;
  name: string;
  firstUsedAt: number;
  manuscriptsCount: number;
}

/** The local copy of the manuscript file, made before the upload is queued. */
export interface StoredFile {
  name: string;
  size: number;
  sha256: string;
  /** Absolute path inside the app's data folder. */
  path: string;
}

/** What the app sends for a manuscript: the §4.6 text fields and the local copy of the file. */
export interface ManuscriptInput {
  form: UploadFormInput;
  file?: StoredFile | null;
}

export interface ManuscriptRow {
  id: number;
  profileId: string;
  originId: string;
  /** The service's manuscript_id; null until an upload has come back. */
  serviceId: number | null;
  folder: string;
  title: string;
  abstract: string;
  authorsCount: number;
  authors: UploadAuthor[];
  /** The form fields last sent (or queued). */
  form: UploadFormInput;
  file: StoredFile | null;
  syncState: SyncState;
  lastRunId: number | null;
  /** The `order` of the last webhook applied to this manuscript's marks. */
  marksOrder: number | null;
  /** The office colleague whose upload the manuscript's newest run is; null when it is the editor's own. */
  uploadedBy: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface RunRow {
  id: number;
  manuscriptId: number;
  /** 1 for the first upload of the manuscript, then 2, 3… */
  seq: number;
  uploadedAt: number;
  responseVersion: number | null;
  folder: string;
  form: UploadFormInput;
  /** null when the upload excluded candidates. */
  candidatesCount: number | null;
  authorsGroupsSettings: AuthorsGroupsSettings | null;
  debugInfo: DebugInfo | null;
  /** Service ids of the authors groups any candidate of the run belongs to (for the group filter). */
  groupIds: number[];
  /** The office colleague who uploaded this run (shared through the office); null when the editor did. */
  uploadedBy: string | null;
}

/** Bit of each v6 conflict flag in CandidateRow.conflictMask. */
export const CONFLICT_BITS: Record<ConflictKey, number> = {
  coauth_conflicts: 1,
  aff_conflicts: 2,
  retracted_articles: 4,
  referenced_articles: 8,
  external_coi: 16,
};

/** `first_name` → `firstName`, as a type (keys already in camelCase, like `hIndex`, stay as they are). */
type Camel<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;

/** The fields the cache's table allows NULL in although the service always sends them (see CandidateRow). */
type NullInCache = 'firstName' | 'lastName' | 'articlesCount' | 'citationsCount' | 'hIndex' | 'score' | 'url';

/** The service's candidate fields (candidateBaseShape) with camelCase keys. */
type CandidateFields = { [K in keyof CandidateBase as Camel<K>]: CandidateBase[K] };

/**
 * A candidate as the cache keeps it and the window shows it. It is derived from the one definition of a
 * candidate, the service's `candidateBaseShape` (electron/common/service/upload.ts, §2.5): the same fields
 * with camelCase keys (`author_id` → `authorId`, `relevant_concepts` → `relevantConcepts`), null where the
 * cache's column allows NULL (NullInCache), plus what the cache adds: the row's id, its run and its rank in
 * the response (0 = first), and the five v6 conflict flags read into booleans (null when the response did
 * not carry them, pre-v6), a bit mask (CONFLICT_BITS) and a count. The table's columns are mapped from it in
 * electron/core/cache/candidates.ts. A new service field therefore appears here by itself.
 */
export type CandidateRow = Omit<CandidateFields, NullInCache> & { [K in NullInCache]: CandidateFields[K] | null } & CandidatePlace;

/** What the cache adds to the service's candidate (see CandidateRow). */
interface CandidatePlace {
  id: number;
  runId: number;
  rank: number;
  conflicts: Record<ConflictKey, boolean | null>;
  conflictMask: number;
  conflictCount: number;
  /** Who marked the person in the service (the mark's marked_by; a colleague's, through the office), when marked. */
  markedBy?: string | null;
}

/**
 * Every key the candidates table sorts by, with the direction it sorts in when first clicked (text and
 * rank A→Z, numbers largest first; conflicts fewest first). The one list of sort keys: the contract's
 * enum, the cache's SQL per key (SORT_COLUMN) and the renderer's default direction derive from it.
 */
export const CANDIDATE_SORT = {
  rank: 'asc',
  score: 'desc',
  hIndex: 'desc',
  citations: 'desc',
  articles: 'desc',
  name: 'asc',
  conflicts: 'asc',
  affiliation: 'asc',
  email: 'asc',
  orcid: 'asc',
  groups: 'desc',
  marked: 'desc',
} as const satisfies Record<string, 'asc' | 'desc'>;

export type CandidateSortKey = keyof typeof CANDIDATE_SORT;

export const CANDIDATE_SORT_KEYS = Object.keys(CANDIDATE_SORT) as [CandidateSortKey, ...CandidateSortKey[]];

export interface CandidatePage {
  rows: CandidateRow[];
  /** Matching rows before limit/offset. */
  total: number;
}

export interface RunComparison {
  fromRunId: number;
  toRunId: number;
  added: CandidateRow[];
  dropped: CandidateRow[];
  /** Candidates in both runs whose rank changed; delta > 0 means moved up. */
  moved: Array<{
    authorId: number;
    name: string;
    affiliation: string | null;
    fromRank: number;
    toRank: number;
    delta: number;
    fromScore: number | null;
    toScore: number | null;
  }>;
  unchanged: number;
}

export interface AuthorSeenRow {
  authorId: number;
  name: string;
  affiliation: string | null;
  email: string | null;
  orcid: string | null;
  url: string | null;
  hIndex: number | null;
  articlesCount: number | null;
  citationsCount: number | null;
  concepts: string;
  /** Distinct manuscripts where the author was suggested. */
  suggestionsCount: number;
  /** Manuscripts where the author is currently marked as referee. */
  marksCount: number;
  firstSeenAt: number;
  lastSeenAt: number;
}

export interface AuthorHistory extends AuthorSeenRow {
  manuscripts: Array<{ manuscriptId: number; originId: string; title: string; marked: boolean; firstRunId: number }>;
}

export interface AuthorsGroupRow {
  id: number;
  profileId: string;
  serviceId: number | null;
  name: string | null;
  ownerTeam: string | null;
  editorTeams: string[] | null;
  viewerTeams: string[] | null;
  origin: 'created' | 'added';
  syncState: SyncState;
  /** When the service first answered for this group (gave its number, or a read of one of its authors succeeded); null: not verified. */
  verifiedAt: number | null;
  createdAt: number;
}

export type GroupAuthorSyncState = 'pending' | 'synced' | 'deleting' | 'failed';

export interface GroupAuthorRow {
  id: number;
  groupId: number;
  clientId: string;
  name: string | null;
  emails: string[] | null;
  orcids: string[] | null;
  articles: string[] | null;
  affiliations: string[] | null;
  customFields: Record<string, unknown>;
  linkedAuthor: LinkedAuthor | null;
  syncState: GroupAuthorSyncState;
  fetchedAt: number | null;
  updatedAt: number;
}

export interface CustomFieldRow {
  scope: CustomFieldScope;
  apiId: string;
  position: number;
  dataKind: CustomFieldKind;
  name: string;
  description: string | null;
  options: CustomFieldOption[] | null;
  fetchedAt: number;
}

export interface JournalRow {
  rank: number;
  journalId: number;
  title: string;
  score: number | null;
  publisherName: string | null;
  folderId: number | null;
  folderName: string | null;
  relevantArticles: RelevantArticle[];
}

export interface JournalRecommendation {
  manuscriptId: number;
  corpus: JournalsCorpus;
  fetchedAt: number;
  journals: JournalRow[];
}

export type MarksOutcome = 'applied' | 'stale' | 'parked';

export interface SearchHit {
  id: number;
  title: string;
  /** The matching text with matches wrapped in [ ]. */
  snippet: string;
}

// --------------------------------------------------------------------------------------------
// Shortlist, invitations and the reviewer ledger (local only: never sent to the service)

export type ShortlistStatus = 'shortlisted' | 'invited' | 'accepted' | 'declined' | 'no_answer' | 'closed';

/** One person on a manuscript's shortlist, in the editor's order. */
export interface ShortlistEntryRow {
  manuscriptId: number;
  authorId: number;
  /** The ledger person this author_id belongs to. */
  personId: number;
  /** 1, 2, 3… in the editor's order. */
  position: number;
  /** Name, e-mail, ORCID and affiliation as the candidate row had them when shortlisted. */
  name: string;
  email: string | null;
  orcid: string | null;
  affiliation: string | null;
  note: string;
  status: ShortlistStatus;
  /** YYYY-MM-DD, or null. */
  dueDate: string | null;
  invitedAt: number | null;
  /** When accepted, declined or no answer was recorded. */
  answeredAt: number | null;
  closedAt: number | null;
  /** False when the manuscript's latest run no longer suggests this person. */
  inLatestRun: boolean;
  /** The webhook's mark from the service, shown beside the local status; never changes it. */
  serviceMark: { markedBy: string | null } | null;
  /** Colleagues of the editorial office who also invited this person for this manuscript (a warning). */
  invitedByColleagues: Array<{ editor: string; invitedAt: number }>;
  /** Why they declined (the last decline), or null: not declined, or declined before reasons were asked. */
  declineReason: DeclineReason | null;
  /** The words typed with the reason "other". */
  declineText: string | null;
  /** The person is unavailable until this day (YYYY-MM-DD), or null. */
  unavailableUntil: string | null;
  /**
   * Set when the person is no candidate of the manuscript's runs (a ledger person the authors suggested): the
   * service never checked their conflicts, and this is what the cache can see of them against the manuscript's
   * authors' affiliations (a shared institution; a shared country, by name). Null: a candidate, the service's flags hold.
   */
  localConflicts: LocalConflicts | null;
  createdAt: number;
  updatedAt: number;
}

/** What the cache sees of a person's conflicts with the manuscript's authors when the service did not check them. */
export interface LocalConflicts {
  /** An institution of theirs is one of the authors'. */
  sharesInstitution: boolean;
  /** The country (name) they share with one of the authors, or null. */
  sharesCountry: string | null;
}

/** How many of a manuscript's shortlist are invited at once; the rest are alternates. `custom`: set by the editor. */
export interface ShortlistRound {
  manuscriptId: number;
  inviteNow: number;
  custom: boolean;
}

/** The Reviewers view's decline report: by reason over everyone, and each person's reasons. */
export interface DeclineReport {
  overall: DeclineReportRow[];
  people: Array<{
    personId: number;
    name: string;
    email: string | null;
    reason: DeclineReason | null;
    text: string | null;
    declines: number;
  }>;
}

/** Invitation template and the shortlist's settings (one set per installation). */
export interface InvitationSettings {
  editorName: string;
  subject: string;
  body: string;
  /** Reminders are due for invitations with no answer after this many days. */
  reminderDays: number;
  /** Load badge: invited ≥ fatigueK times in the last fatigueD days, or reviewing ≥ fatigueR now. */
  fatigueK: number;
  fatigueD: number;
  fatigueR: number;
}

export interface InvitationDraft {
  manuscriptId: number;
  authorId: number;
  to: string | null;
  subject: string;
  body: string;
  /** mailto: URL with the filled subject and body (body shortened when `truncated`). */
  mailto: string;
  truncated: boolean;
  /** Placeholders in the template that do not exist (shown as typed). */
  unknownPlaceholders: string[];
  /** The person's address bounced: the draft has no recipient (`to` is null). */
  bounced?: boolean;
}

export interface ReminderRow {
  manuscriptId: number;
  manuscriptTitle: string;
  folder: string;
  authorId: number;
  personId: number;
  name: string;
  email: string | null;
  invitedAt: number;
  /** Whole days since the invitation. */
  daysWaiting: number;
  dueDate: string | null;
}

export type LedgerMergeRule = 'author_id' | 'orcid' | 'email' | 'split';

/** One person in the ledger, across every manuscript and profile: the shortlist counts (the domain's
 * PersonCounts, recomputed on every shortlist write; accepted includes reviews received) and more. */
export interface LedgerPersonRow extends PersonCounts {
  personId: number;
  name: string;
  affiliation: string | null;
  email: string | null;
  orcid: string | null;
  /** Manuscripts where any of the person's author_ids was suggested. */
  suggested: number;
  /** accepted / (accepted + declined + no answer); null before any answer. */
  acceptanceRate: number | null;
  /** How many author_ids were merged into this person. */
  membersCount: number;
  /** Unavailable until this day (YYYY-MM-DD; any of their author_ids), or null. */
  unavailableUntil: string | null;
}

export type LedgerSortKey =
  'name' | 'suggested' | 'shortlisted' | 'invited' | 'accepted' | 'declined' | 'noAnswer' | 'reviewing' | 'lastInvited' | 'acceptanceRate';

export interface LedgerQuery {
  /** Full-text over name and affiliation (prefix words). */
  text?: string;
  /** Only the people on the editor's own shortlists, with the counts of those alone (not the office's). */
  mine?: boolean;
  sort?: { by: LedgerSortKey; dir?: 'asc' | 'desc' };
  limit?: number;
  offset?: number;
}

export interface LedgerPage {
  rows: LedgerPersonRow[];
  total: number;
}

export interface LedgerMember {
  authorId: number;
  name: string;
  /** Normalised identifiers that took part in the merge. */
  orcid: string | null;
  email: string | null;
  rule: LedgerMergeRule;
  joinedAt: number;
}

export interface LedgerHistoryItem {
  manuscriptId: number;
  profileId: string;
  title: string;
  folder: string;
  authorId: number;
  suggested: boolean;
  status: ShortlistStatus | null;
  invitedAt: number | null;
  answeredAt: number | null;
  dueDate: string | null;
  note: string | null;
  /** Marked as referee in the service (webhook), beside the local status. */
  serviceMarked: boolean;
  /** Why they declined this manuscript (null: not declined or not recorded), and the words typed with "other". */
  declineReason: DeclineReason | null;
  declineText: string | null;
  updatedAt: number;
}

/** A colleague's shortlist entry of this person in the editorial office, for a manuscript the editor has no entry of. */
export interface LedgerOfficeItem {
  originId: string;
  title: string;
  folder: string;
  /** The colleague who made the entry's latest change. */
  editor: string;
  status: ShortlistStatus;
  invitedAt: number | null;
  answeredAt: number | null;
}

export interface LedgerPersonHistory {
  person: LedgerPersonRow;
  members: LedgerMember[];
  manuscripts: LedgerHistoryItem[];
  /** Colleagues' entries in the editorial office (empty without one), newest invitation first. */
  office: LedgerOfficeItem[];
}

/** A candidate's load and conflict warnings for the decision. */
export interface CandidateLoadRow {
  authorId: number;
  personId: number | null;
  invitedRecent: number;
  reviewing: number;
  accepted: number;
  busy: boolean;
  /** Why busy, in the editor's words. */
  reasons: string[];
  /** Authored another manuscript of the same folder that is in the cache. */
  authorOf: Array<{ manuscriptId: number; title: string; author: string; by: 'orcid' | 'email' | 'name' }>;
  /** Invitations of this person by colleagues of the editorial office (any manuscript), newest first. */
  colleagues: Array<{ editor: string; invitedAt: number; title: string }>;
  /** Unavailable until this day (YYYY-MM-DD), or null; while it lasts the person is busy. */
  unavailableUntil: string | null;
}

/** A decision about a person a colleague made through the editorial office: their office login and when. */
export interface SetBy {
  login: string;
  at: number;
}

/** One person the authors opposed or suggested for a manuscript, as pasted, with the known person it matched. */
export interface AuthorRequestRow {
  id: number;
  manuscriptId: number;
  kind: 'opposed' | 'suggested';
  /** The text the entry was read from. */
  line: string;
  name: string;
  email: string | null;
  orcid: string | null;
  affiliation: string | null;
  /** The matched person's author_id, or null when nobody matched. */
  authorId: number | null;
  /** Which rule matched (`editor`: chosen by hand), or null. */
  rule: 'orcid' | 'email' | 'name_affiliation' | 'name' | 'editor' | null;
  /** The matched person as known (a candidate of the manuscript, or the ledger), or null. */
  matched: { name: string; affiliation: string | null; candidate: boolean } | null;
  updatedAt: number;
  /** The colleague who pasted or matched this line through the office; absent or null: the editor. */
  setBy?: SetBy | null;
}

/** What the editor and the authors decided about one person, for the people of a manuscript that have something. */
export interface PersonFlagRow {
  authorId: number;
  personId: number | null;
  opposed: boolean;
  suggested: boolean;
  doNotInvite: { reason: string; until: string | null; setBy?: SetBy | null } | null;
  /** The person's e-mail (as the candidate or shortlist entry has it) bounced. */
  bounced: boolean;
  /** The colleague who marked that address as bounced; absent or null: the editor. */
  bouncedBy?: SetBy | null;
}

/** One entry of the editor's do-not-invite list. */
export interface DoNotInviteRow {
  personId: number;
  name: string;
  reason: string;
  /** The last day it holds, YYYY-MM-DD, or null: until removed. */
  until: string | null;
  /** False once `until` has passed (kept, shown as ended). */
  active: boolean;
  updatedAt: number;
  /** The colleague who set it through the office; absent or null: the editor. */
  setBy?: SetBy | null;
}

/** A ledger person's do-not-invite entry and e-mail addresses with their bounced mark. */
export interface PersonDecisions {
  personId: number;
  doNotInvite: DoNotInviteRow | null;
  emails: Array<{ email: string; bounced: boolean; bouncedAt: number | null; setBy?: SetBy | null }>;
  /** Who set the person's "unavailable until" day when a colleague did (null: the editor's own, or no day). */
  availabilitySetBy?: SetBy | null;
}

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
