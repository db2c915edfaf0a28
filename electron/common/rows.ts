// Rows the cache hands out and the renderer shows: pure data, shared by core and the renderer.
// The raw JSON the service sent is stored beside each row and read on demand, so lists stay cheap.
import type {
  AuthorsGroupsSettings,
  CandidateGroupRef,
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
}

/** Bit of each v6 conflict flag in CandidateRow.conflictMask. */
export const CONFLICT_BITS: Record<ConflictKey, number> = {
  coauth_conflicts: 1,
  aff_conflicts: 2,
  retracted_articles: 4,
  referenced_articles: 8,
  external_coi: 16,
};

export interface CandidateRow {
  id: number;
  runId: number;
  /** Position in the service's response (0 = first). */
  rank: number;
  authorId: number;
  name: string;
  firstName: string | null;
  lastName: string | null;
  middleName: string | null;
  suffix: string | null;
  email: string | null;
  orcid: string | null;
  affiliation: string | null;
  articlesCount: number | null;
  citationsCount: number | null;
  hIndex: number | null;
  score: number | null;
  url: string | null;
  relevantConcepts: string[];
  authorsGroups: CandidateGroupRef[];
  marked: boolean;
  /** Each v6 flag: true/false, or null when the response did not carry it (pre-v6). */
  conflicts: Record<ConflictKey, boolean | null>;
  conflictMask: number;
  conflictCount: number;
}

export type CandidateSortKey = 'rank' | 'score' | 'hIndex' | 'citations' | 'articles' | 'name' | 'conflicts' | 'affiliation' | 'email' | 'orcid' | 'groups' | 'marked';

export interface CandidateQuery {
  minHIndex?: number;
  maxHIndex?: number;
  minArticles?: number;
  maxArticles?: number;
  minCitations?: number;
  maxCitations?: number;
  minScore?: number;
  /** 'none': no conflict flagged; 'some': at least one flagged. */
  conflicts?: 'none' | 'some';
  /** Keep candidates flagged with none of these. */
  withoutConflicts?: ConflictKey[];
  hasEmail?: boolean;
  marked?: boolean;
  /** true: in at least one authors group; false: in none. */
  inGroup?: boolean;
  /** In this authors group (service id). */
  groupId?: number;
  /** Substring of name or affiliation (case-insensitive). */
  text?: string;
  /** Sort keys in priority order; default rank ascending. 'conflicts' sorts by number of flags. */
  sort?: Array<{ by: CandidateSortKey; dir?: 'asc' | 'desc' }>;
  limit?: number;
  offset?: number;
}

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
  moved: Array<{ authorId: number; name: string; affiliation: string | null; fromRank: number; toRank: number; delta: number; fromScore: number | null; toScore: number | null }>;
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
