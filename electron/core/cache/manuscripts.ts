import type { Database, Statement } from 'better-sqlite3';
import type { Candidate, UploadAuthor, UploadFormInput, UploadResponse } from '../../common/service';
import type { Clock } from '../ports';
import type { LedgerRepository } from './ledger';
import type { MarksRepository } from './marks';
import { fromJson, insertInto, keepWhenNull, toJson } from './sql';
import { nextTurn } from '../perf/turns';
import { rawCandidates, RUN_CHUNK, RunWrites, runHead, SLICE_MS, type RunHead } from './run-writes';
import { RunWriterGone, type HeldAnswer, type RunWriter } from './run-writer';
import { readUploadAnswer, type ReadUpload } from './upload-answer';
import type { AnswerReader } from '../api/types';
import {
  type FolderRow,
  type ManuscriptInput,
  type ManuscriptRow,
  type MarksOutcome,
  type RunRow,
  type StoredFile,
  type SyncState,
} from './types';
import type { ChangeFeed } from './changes';

interface ManuscriptDbRow {
  id: number;
  profile_id: string;
  origin_id: string;
  service_id: number | null;
  folder: string;
  title: string;
  abstract: string;
  authors_count: number;
  authors_json: string;
  form_json: string;
  file_name: string | null;
  file_size: number | null;
  file_sha256: string | null;
  file_path: string | null;
  sync_state: SyncState;
  last_run_id: number | null;
  marks_order: number | null;
  uploaded_by: string | null;
  created_at: number;
  updated_at: number;
}

interface RunDbRow {
  id: number;
  manuscript_id: number;
  seq: number;
  uploaded_at: number;
  response_version: number | null;
  folder_name: string;
  form_json: string;
  candidates_count: number | null;
  settings_raw: string | null;
  debug_raw: string | null;
  group_ids_json: string;
  uploaded_by: string | null;
}

export interface RecordedRun {
  manuscriptId: number;
  runId: number;
  seq: number;
  candidatesCount: number | null;
  /** Outcome of webhook marks that were waiting for this manuscript, if any were. */
  parkedMarks: MarksOutcome | null;
}

const MANUSCRIPT_COLUMNS = `m.id, m.profile_id, m.origin_id, m.service_id, f.name AS folder, m.title, m.abstract, m.authors_count,
  m.authors_json, m.form_json, m.file_name, m.file_size, m.file_sha256, m.file_path, m.sync_state, m.last_run_id,
  m.marks_order, m.uploaded_by, m.created_at, m.updated_at`;

const toManuscript = (r: ManuscriptDbRow): ManuscriptRow => ({
  id: r.id,
  profileId: r.profile_id,
  originId: r.origin_id,
  serviceId: r.service_id,
  folder: r.folder,
  title: r.title,
  abstract: r.abstract,
  authorsCount: r.authors_count,
  authors: fromJson<UploadAuthor[]>(r.authors_json, []),
  form: fromJson<UploadFormInput>(r.form_json, {} as UploadFormInput),
  file:
    r.file_name !== null && r.file_path !== null
      ? { name: r.file_name, size: r.file_size ?? 0, sha256: r.file_sha256 ?? '', path: r.file_path }
      : null,
  syncState: r.sync_state,
  lastRunId: r.last_run_id,
  marksOrder: r.marks_order,
  uploadedBy: r.uploaded_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const toRun = (r: RunDbRow): RunRow => ({
  id: r.id,
  manuscriptId: r.manuscript_id,
  seq: r.seq,
  uploadedAt: r.uploaded_at,
  responseVersion: r.response_version,
  folder: r.folder_name,
  form: fromJson<UploadFormInput>(r.form_json, {} as UploadFormInput),
  candidatesCount: r.candidates_count,
  authorsGroupsSettings: fromJson(r.settings_raw, null),
  debugInfo: fromJson(r.debug_raw, null),
  groupIds: fromJson<number[]>(r.group_ids_json, []),
  uploadedBy: r.uploaded_by,
});

const RUN_SELECT = `SELECT r.id, r.manuscript_id, r.seq, r.uploaded_at, r.response_version, r.folder_name, r.form_json, r.candidates_count, r.group_ids_json,
    r.uploaded_by, s.raw_json AS settings_raw, d.raw_json AS debug_raw
  FROM runs r LEFT JOIN run_groups_settings s ON s.run_id = r.id LEFT JOIN run_debug_info d ON d.run_id = r.id
  WHERE r.complete = 1`;

/**
 * An upload's answer as answerReader gives it: read by the run writer, which keeps its candidates until
 * stageReadRun has them written (`held`), or read on this thread because the writer was gone.
 */
export type UploadAnswer = HeldAnswer | ReadUpload;

/** The raw candidate objects of an answer whose body (parsed as JSON) is `raw`, when it has them all. */
const rawsOf = (response: UploadResponse, raw: unknown): unknown[] | null =>
  response.candidates === null ? null : rawCandidates(raw, response.candidates.length);

const authorsText = (authors: readonly UploadAuthor[]): string =>
  authors
    .map((a) => a.name ?? '')
    .filter((n) => n.length > 0)
    .join('; ');

export { RUN_CHUNK, SLICE_MS } from './run-writes';

/**
 * Runs one slice's transaction without waiting for the disk at its commit (synchronous = NORMAL for that
 * commit only; the cache stays FULL). With FULL every commit fsyncs the WAL on the main thread: 6 ms at the
 * median, 11 ms at p90 on this machine, so a 6 ms slice blocked the loop for 12–22 ms. Only for writes that
 * are safe to lose to a power cut: candidate chunks of a staged run (hidden until commitUploadRun), the
 * upload's own commit that makes the run visible and marks the upload done (Outbox.finish with
 * `resendable`: lost, the upload is still queued and is sent again) and link slices (they move
 * runs.links_next with them, so a lost slice is redone from the stored candidates). WAL keeps the file
 * consistent either way: a commit is lost whole, with every commit after it.
 */
export function withoutCommitSync<T>(
  db: Database,
  slice: () => T,
  transaction: (fn: () => T) => T = (fn) => db.transaction(fn).immediate(),
): T {
  const mode = db.pragma('synchronous', { simple: true }) as number;
  db.pragma('synchronous = NORMAL');
  try {
    return transaction(slice);
  } finally {
    db.pragma(`synchronous = ${mode}`);
  }
}

/** A run written but not yet visible (runs.complete = 0); commitUploadRun makes it visible at once. */
export interface StagedRun {
  readonly profileId: string;
  readonly input: ManuscriptInput;
  readonly head: RunHead;
  /** The candidates, when this thread has them (null for an answer the run writer read and wrote). */
  readonly candidates: readonly Candidate[] | null;
  readonly raws: unknown[] | null;
  readonly runId: number;
  readonly seq: number;
}

/** Folders, manuscripts and their upload runs with candidates. */
/** A row to insert, bound by column name: one value a column of the list. */
type Row<C extends readonly string[]> = Record<C[number], string | number | null>;

const MANUSCRIPT_INSERT = [
  'profile_id',
  'origin_id',
  'service_id',
  'folder_id',
  'title',
  'abstract',
  'authors_count',
  'authors_json',
  'authors_text',
  'form_json',
  'file_name',
  'file_size',
  'file_sha256',
  'file_path',
  'sync_state',
  'created_at',
  'updated_at',
] as const;
const RUN_INSERT = [
  'profile_id',
  'manuscript_id',
  'seq',
  'uploaded_at',
  'response_version',
  'folder_name',
  'form_json',
  'candidates_count',
  'raw_json',
  'group_ids_json',
  'complete',
] as const;
const SETTINGS_INSERT = ['run_id', 'effect', 'boost_multiplier', 'groups_json', 'raw_json'] as const;
const DEBUG_INSERT = [
  'run_id',
  'source_file',
  'parsed_text_len',
  'parsed_references',
  'extracted_concepts',
  'authors_count',
  'emails_count',
  'orcids_count',
  'raw_json',
] as const;
export class ManuscriptsRepository {
  private readonly folderUpsert: Statement<[{ profile_id: string; name: string; first_used_at: number }], { id: number }>;
  private readonly byOrigin: Statement<[string, string], ManuscriptDbRow>;
  private readonly byId: Statement<[number], ManuscriptDbRow>;
  private readonly byServiceId: Statement<[string, number], ManuscriptDbRow>;
  private readonly idByOrigin: Statement<[string, string], number>;
  private readonly upsertManuscript: Statement<[Row<typeof MANUSCRIPT_INSERT>], { id: number }>;
  private readonly nextSeq: Statement<[number], { seq: number }>;
  private readonly insertRun: Statement<[Row<typeof RUN_INSERT>], { id: number }>;
  private readonly insertSettings: Statement<[Row<typeof SETTINGS_INSERT>]>;
  private readonly insertDebug: Statement<[Row<typeof DEBUG_INSERT>]>;
  private readonly setLastRun: Statement<[number, number, number]>;
  private readonly setState: Statement<[SyncState, number, number]>;
  private readonly markComplete: Statement<[string, number]>;
  private readonly startLinks: Statement<[number]>;
  /** The bulk writes of a run, on this connection (when the run writer does not run). */
  private readonly writes: RunWrites;
  /** The worker that writes runs off the main thread, once it runs (useRunWriter). */
  private writer: RunWriter | null = null;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly marks: MarksRepository,
    /** Told which people a recorded run suggests for the first time on its manuscript (reviewer ledger). */
    private readonly ledger: Pick<LedgerRepository, 'recordSuggested'>,
    private readonly changes: ChangeFeed,
  ) {
    this.folderUpsert = db.prepare(
      `${insertInto('folders', ['profile_id', 'name', 'first_used_at'], { target: ['profile_id', 'name'], set: ['name'] })} RETURNING id`,
    );
    const select = `SELECT ${MANUSCRIPT_COLUMNS} FROM manuscripts m JOIN folders f ON f.id = m.folder_id`;
    this.byOrigin = db.prepare(`${select} WHERE m.profile_id = ? AND m.origin_id = ?`);
    this.byId = db.prepare(`${select} WHERE m.id = ?`);
    this.byServiceId = db.prepare(`${select} WHERE m.profile_id = ? AND m.service_id = ?`);
    this.idByOrigin = db.prepare<[string, string], number>('SELECT id FROM manuscripts WHERE profile_id = ? AND origin_id = ?').pluck();
    // One statement for create and update (UNIQUE (profile_id, origin_id)): an update keeps
    // created_at, and the file columns and service id change only when a value is given.
    this.upsertManuscript = db.prepare(
      `${insertInto('manuscripts', MANUSCRIPT_INSERT, {
        target: ['profile_id', 'origin_id'],
        set: [
          keepWhenNull('service_id'),
          'folder_id',
          'title',
          'abstract',
          'authors_count',
          'authors_json',
          'authors_text',
          'form_json',
          keepWhenNull('file_name'),
          keepWhenNull('file_size'),
          keepWhenNull('file_sha256'),
          keepWhenNull('file_path'),
          'sync_state',
          'updated_at',
        ],
      })} RETURNING id`,
    );
    this.nextSeq = db.prepare('SELECT coalesce(max(seq), 0) + 1 AS seq FROM runs WHERE manuscript_id = ?');
    this.insertRun = db.prepare(`${insertInto('runs', RUN_INSERT)} RETURNING id`);
    this.markComplete = db.prepare('UPDATE runs SET complete = 1, folder_name = ? WHERE id = ?');
    this.startLinks = db.prepare('UPDATE runs SET links_next = 0 WHERE id = ?');
    this.insertSettings = db.prepare(insertInto('run_groups_settings', SETTINGS_INSERT));
    this.insertDebug = db.prepare(insertInto('run_debug_info', DEBUG_INSERT));
    // The editor's own upload: the manuscript's newest run is theirs (recordSharedRun names a colleague's).
    this.setLastRun = db.prepare('UPDATE manuscripts SET last_run_id = ?, updated_at = ?, uploaded_by = NULL WHERE id = ?');
    this.setState = db.prepare('UPDATE manuscripts SET sync_state = ?, updated_at = ? WHERE id = ?');
    this.writes = new RunWrites(db, clock, ledger);
    // A run a crash left half-written is invisible to every reader; it goes when the cache opens.
    this.dropIncompleteRuns();
  }

  folder(profileId: string, name: string): number {
    return this.folderUpsert.get({ profile_id: profileId, name, first_used_at: this.clock.now() })!.id;
  }

  listFolders(profileId: string): FolderRow[] {
    return this.db
      .prepare<[string], { id: number; profile_id: string; name: string; first_used_at: number; n: number }>(
        `SELECT f.id, f.profile_id, f.name, f.first_used_at, count(m.id) AS n FROM folders f
         LEFT JOIN manuscripts m ON m.folder_id = f.id WHERE f.profile_id = ? GROUP BY f.id ORDER BY f.name`,
      )
      .all(profileId)
      .map((r) => ({ id: r.id, profileId: r.profile_id, name: r.name, firstUsedAt: r.first_used_at, manuscriptsCount: r.n }));
  }

  get(profileId: string, originId: string): ManuscriptRow | undefined {
    const r = this.byOrigin.get(profileId, originId);
    return r ? toManuscript(r) : undefined;
  }

  /** The manuscript's id alone: for what runs often, such as an upload's progress (no row, no JSON parsed). */
  idOf(profileId: string, originId: string): number | undefined {
    return this.idByOrigin.get(profileId, originId);
  }

  getById(id: number): ManuscriptRow | undefined {
    const r = this.byId.get(id);
    return r ? toManuscript(r) : undefined;
  }

  getByServiceId(profileId: string, serviceId: number): ManuscriptRow | undefined {
    const r = this.byServiceId.get(profileId, serviceId);
    return r ? toManuscript(r) : undefined;
  }

  /** Most recently changed first; optionally one folder. */
  list(profileId: string, opts: { folder?: string; limit?: number; offset?: number } = {}): ManuscriptRow[] {
    const where = opts.folder === undefined ? 'm.profile_id = ?' : 'm.profile_id = ? AND f.name = ?';
    const params: unknown[] = opts.folder === undefined ? [profileId] : [profileId, opts.folder];
    return this.db
      .prepare<unknown[], ManuscriptDbRow>(
        `SELECT ${MANUSCRIPT_COLUMNS} FROM manuscripts m JOIN folders f ON f.id = m.folder_id WHERE ${where}
         ORDER BY m.updated_at DESC, m.id DESC LIMIT ? OFFSET ?`,
      )
      .all(...params, opts.limit ?? 100, opts.offset ?? 0)
      .map(toManuscript);
  }

  /** Writes the manuscript as the editor submitted it, before the service has answered. */
  savePending(profileId: string, input: ManuscriptInput): ManuscriptRow {
    return this.changes.transaction(() => {
      const ms = this.save(profileId, input, null, 'pending');
      this.changes.note('manuscripts', ms.id);
      return ms;
    });
  }

  setSyncState(id: number, state: SyncState): void {
    this.setState.run(state, this.clock.now(), id);
    this.changes.note('manuscripts', id);
  }

  /**
   * Undoes a queued (never sent) change: a manuscript never uploaded is removed; one uploaded
   * before gets back the form of its last run. One uploaded before whose runs were cleared from
   * the cache (Settings → Clear cache) is on the service: it stays, as the editor last wrote it.
   * Returns true when the row was removed.
   */
  revertToLastRun(id: number, acceptedForm?: UploadFormInput): boolean {
    return this.changes.transaction(() => {
      const ms = this.byId.get(id);
      if (!ms) return true;
      this.changes.note('manuscripts', id);
      const last = this.db
        .prepare<[number], { form_json: string }>(
          'SELECT form_json FROM runs WHERE manuscript_id = ? AND complete = 1 ORDER BY seq DESC LIMIT 1',
        )
        .get(id);
      if (!last && ms.service_id !== null) {
        // Known to the service but no run cached (Clear cache): put back the form it last accepted.
        if (acceptedForm) this.save(ms.profile_id, { form: acceptedForm }, null, 'synced');
        else this.setState.run('synced', this.clock.now(), id);
        return false;
      }
      if (!last) {
        this.db.prepare('DELETE FROM manuscripts WHERE id = ?').run(id);
        return true;
      }
      this.save(ms.profile_id, { form: JSON.parse(last.form_json) as UploadFormInput }, null, 'synced');
      return false;
    });
  }

  runs(manuscriptId: number): RunRow[] {
    return this.db.prepare<[number], RunDbRow>(`${RUN_SELECT} AND r.manuscript_id = ? ORDER BY r.seq`).all(manuscriptId).map(toRun);
  }

  /** One run by its id. */
  run(runId: number): RunRow | undefined {
    const r = this.db.prepare<[number], RunDbRow>(`${RUN_SELECT} AND r.id = ?`).get(runId);
    return r ? toRun(r) : undefined;
  }

  /** The response body of a run as the service sent it (candidates replaced by their count). */
  runRaw(runId: number): unknown {
    const r = this.db.prepare<[number], { raw_json: string }>('SELECT raw_json FROM runs WHERE id = ? AND complete = 1').get(runId);
    return r ? JSON.parse(r.raw_json) : undefined;
  }

  /**
   * Stores one upload and its whole v6 response at once (one synchronous call): the manuscript
   * (created or updated by origin_id), a new run, its settings and debug info, every candidate with
   * its raw JSON, and the cross-manuscript author records. Webhook marks that arrived before the
   * manuscript was known are applied at the end. For large runs on the main thread use
   * stageUploadRun + commitUploadRun, which yield between chunks.
   */
  recordUploadRun(profileId: string, input: ManuscriptInput, response: UploadResponse, raw?: unknown): RecordedRun {
    return this.changes.transaction((): RecordedRun => {
      const staged = this.beginRun(profileId, input, runHead(response, raw), response.candidates, rawsOf(response, raw));
      const candidates = response.candidates ?? [];
      this.writes.insertCandidateRows(staged, candidates, staged.raws, 0, candidates.length);
      return this.commitUploadRun(staged);
    });
  }

  /**
   * Stores a run a colleague's upload made, as the office shared it (one synchronous call, in the caller's
   * transaction): the service's answer recorded like the editor's own (candidates, author records, ledger
   * suggestions, parked marks), the run marked with the colleague and the key it was shared under. A
   * manuscript the editor has of their own keeps its form, folder and sync state (the colleague's form is
   * the run's); one only colleagues uploaded takes the form of the newest run, and so moves with it. The
   * manuscript's newest run is the one uploaded last, wherever it came from.
   */
  recordSharedRun(
    profileId: string,
    form: UploadFormInput,
    response: UploadResponse,
    raw: unknown,
    shared: { by: string | null; key: string; uploadedAt: number },
  ): RecordedRun {
    return this.changes.transaction((): RecordedRun => {
      const before = this.byOrigin.get(profileId, form.origin_id);
      const own = before !== undefined && before.uploaded_by === null;
      const previous = before?.last_run_id ?? null;
      const staged = this.beginRun(profileId, { form }, runHead(response, raw), response.candidates, rawsOf(response, raw));
      const candidates = response.candidates ?? [];
      this.writes.insertCandidateRows(staged, candidates, staged.raws, 0, candidates.length);
      const kept = own && before ? toManuscript(before) : undefined;
      // The service id stays with a manuscript of the editor's that has it (a colleague's run from another service).
      const claimed = this.byServiceId.get(profileId, response.manuscript_id);
      const serviceId = claimed && claimed.origin_id !== form.origin_id ? null : response.manuscript_id;
      const ms = kept
        ? this.save(profileId, { form: kept.form }, serviceId, kept.syncState)
        : this.save(profileId, { form }, serviceId, 'synced');
      if (response.candidates !== null)
        this.ledger.recordSuggested(this.writes.linkAuthors(profileId, ms.id, staged.runId, candidates, this.clock.now()));
      this.markComplete.run(form.folder, staged.runId);
      this.db
        .prepare('UPDATE runs SET uploaded_by = @by, office_key = @key, uploaded_at = @at WHERE id = @id')
        .run({ by: shared.by, key: shared.key, at: shared.uploadedAt, id: staged.runId });
      const newest =
        previous === null ||
        shared.uploadedAt >= (this.db.prepare<[number], number>('SELECT uploaded_at FROM runs WHERE id = ?').pluck().get(previous) ?? 0);
      if (newest)
        this.db
          .prepare('UPDATE manuscripts SET last_run_id = @run, uploaded_by = @by, updated_at = @now WHERE id = @id')
          .run({ run: staged.runId, by: shared.by, now: this.clock.now(), id: ms.id });
      const parkedMarks = this.marks.applyParked(profileId, ms.id);
      this.changes.note('manuscripts', ms.id);
      this.changes.note('candidates', ms.id);
      return {
        manuscriptId: ms.id,
        runId: staged.runId,
        seq: staged.seq,
        candidatesCount: response.candidates?.length ?? null,
        parkedMarks,
      };
    });
  }

  /**
   * Writes a run hidden from every reader (runs.complete = 0): the run row, its settings and debug
   * info in one small transaction, then the candidates in chunks of CHUNK rows, each its own
   * transaction, yielding to the event loop between them. Nothing is visible until commitUploadRun;
   * a crash before it leaves a hidden run that the next open of the cache drops.
   */
  async stageUploadRun(profileId: string, input: ManuscriptInput, response: UploadResponse, raw?: unknown): Promise<StagedRun> {
    return this.stageRun(profileId, input, runHead(response, raw), response.candidates, rawsOf(response, raw));
  }

  /**
   * Reads upload answers off this thread while the run writer runs (null otherwise): the client hands it the
   * answer's bytes, the writer parses and validates them and keeps the candidates; this thread gets the run's
   * head only. If the writer is gone the answer is read here. Pass what it gives to stageReadRun.
   */
  answerReader(): AnswerReader<UploadAnswer> | null {
    const writer = this.writer;
    if (!writer?.running) return null;
    return {
      read: async (bytes, contentType, keys) => {
        try {
          return await writer.read(bytes, contentType, keys);
        } catch (err) {
          if (!(err instanceof RunWriterGone)) throw err;
          return readUploadAnswer(bytes, contentType, keys);
        }
      },
      showsFeature: (a) => a.head.candidatesCount !== null,
    };
  }

  /**
   * stageUploadRun for an answer answerReader read. When the writer holds its candidates, it writes them all
   * from its copy; if it stops before the end, the staged run is dropped and this rejects with RunWriterGone
   * (the candidates went with it: the caller uploads again and reads the answer itself).
   */
  async stageReadRun(profileId: string, input: ManuscriptInput, answer: UploadAnswer): Promise<StagedRun> {
    if ('response' in answer) return this.stageRun(profileId, input, answer.head, answer.response.candidates, answer.raws);
    const writer = this.writer;
    let staged: StagedRun;
    try {
      if (!writer) throw new RunWriterGone('it is not running');
      staged = this.beginHidden(() => this.beginRun(profileId, input, answer.head, null, null));
    } catch (err) {
      writer?.forget(answer.held);
      throw err;
    }
    try {
      if (answer.head.candidatesCount !== null && answer.head.candidatesCount > 0) await writer.stageRead(staged, answer.held);
      else writer.forget(answer.held);
    } catch (err) {
      this.discardStagedRun(staged);
      throw err;
    }
    return staged;
  }

  private async stageRun(
    profileId: string,
    input: ManuscriptInput,
    head: RunHead,
    list: readonly Candidate[] | null,
    raws: unknown[] | null,
  ): Promise<StagedRun> {
    const staged = this.beginHidden(() => this.beginRun(profileId, input, head, list, raws));
    const candidates = list ?? [];
    try {
      for (let from = await this.stageInWorker(staged, candidates); from < candidates.length;) {
        await nextTurn();
        from = withoutCommitSync(this.db, () =>
          this.writes.insertCandidateRows(staged, candidates, staged.raws, from, Math.min(candidates.length, from + RUN_CHUNK), {
            sliceMs: SLICE_MS,
          }),
        );
      }
    } catch (err) {
      this.discardStagedRun(staged);
      throw err;
    }
    return staged;
  }

  /**
   * Hands the run writer (when it runs) a staged run's candidates, a chunk per turn of the loop (each
   * message is a copy of its chunk), and waits for them to be written. Returns how many rows are stored:
   * all of them, or as far as a writer that stopped got (the rest is then written here).
   */
  private async stageInWorker(staged: StagedRun, candidates: readonly Candidate[]): Promise<number> {
    const writer = this.writer;
    if (!writer?.running || candidates.length === 0) return 0;
    const chunks: Array<Promise<void>> = [];
    for (let from = 0; from < candidates.length; from += RUN_CHUNK) {
      if (from > 0) await nextTurn();
      const to = Math.min(candidates.length, from + RUN_CHUNK);
      chunks.push(writer.stage(staged, from, candidates.slice(from, to), staged.raws?.slice(from, to) ?? null));
    }
    try {
      await Promise.all(chunks);
      return candidates.length;
    } catch (err) {
      if (!(err instanceof RunWriterGone)) throw err;
      await Promise.allSettled(chunks);
      return this.writes.staged(staged.runId);
    }
  }

  /**
   * From now on the run writer writes upload runs' candidate rows and links off the main thread (null:
   * back to this thread's slices). A writer that stops is left for this thread's slices at once.
   */
  useRunWriter(writer: RunWriter | null): void {
    this.writer = writer;
  }

  /** Drops a staged run that will not be committed (the upload's answer could not be kept). */
  discardStagedRun(staged: StagedRun): void {
    this.db.prepare('DELETE FROM runs WHERE id = ? AND complete = 0').run(staged.runId);
  }

  /**
   * Makes a staged run visible, in one transaction (call it inside the caller's, e.g. the outbox
   * marking the upload done): the manuscript as synced with its service id, the author records and
   * the reviewer ledger's first suggestions, complete = 1, the manuscript's last run, parked marks.
   * With `newerUpload` (another upload of the manuscript is queued) the manuscript keeps its form,
   * which that upload will send, and its sync state; it only gains the service id and the run.
   */
  commitUploadRun(staged: StagedRun, opts: { linkLater?: boolean; newerUpload?: boolean } = {}): RecordedRun {
    const { profileId, input, head, runId, seq } = staged;
    const now = this.clock.now();
    const current = opts.newerUpload ? this.byOrigin.get(profileId, input.form.origin_id) : undefined;
    const kept = current ? toManuscript(current) : undefined;
    const ms = kept
      ? this.save(profileId, { form: kept.form }, head.manuscriptId, kept.syncState)
      : this.save(profileId, input, head.manuscriptId, 'synced');
    const candidates = staged.candidates;
    if (head.candidatesCount !== null && (opts.linkLater || candidates === null)) this.startLinks.run(runId);
    else if (candidates !== null) this.ledger.recordSuggested(this.writes.linkAuthors(profileId, ms.id, runId, candidates, now));
    // candidates this thread does not have are linked now from their rows
    if (head.candidatesCount !== null && !opts.linkLater && candidates === null) while (this.writes.linkSlice(runId, Infinity).more);
    this.markComplete.run(input.form.folder, runId);
    this.setLastRun.run(runId, now, ms.id);
    const parkedMarks = this.marks.applyParked(profileId, ms.id);
    this.changes.note('manuscripts', ms.id);
    this.changes.note('candidates', ms.id);
    return { manuscriptId: ms.id, runId, seq, candidatesCount: head.candidatesCount, parkedMarks };
  }

  /**
   * Writes a committed run's author records, manuscript links and reviewer-ledger first suggestions (what
   * commitUploadRun does at once without linkLater) from its candidate rows, in slices of at most SLICE_MS,
   * each one transaction that also moves runs.links_next, yielding to the event loop between them. The run
   * is visible meanwhile; its people join the Reviewers view and author search slice by slice. Resumes
   * where a crash stopped it (linkPendingRuns), and a candidate is never counted twice.
   */
  async linkRun(runId: number): Promise<void> {
    const writer = this.writer;
    if (writer?.running) {
      try {
        // The run's people are all in the reviewer ledger now: its counts and the load badges follow.
        if ((await writer.link(runId, this.clock.now())).finished) this.changes.note('ledger');
        return;
      } catch (err) {
        if (!(err instanceof RunWriterGone)) throw err;
      }
    }
    for (;;) {
      await nextTurn();
      if (!this.db.open) return;
      if (
        !withoutCommitSync(
          this.db,
          () => this.linkSlice(runId),
          (fn) => this.changes.transaction(fn),
        )
      )
        return;
    }
  }

  /** Runs whose linking a crash (or a close) interrupted: finished now, one after the other. */
  async linkPendingRuns(): Promise<number> {
    const ids = this.db.prepare<[], number>('SELECT id FROM runs WHERE links_next IS NOT NULL AND complete = 1 ORDER BY id').pluck().all();
    for (const id of ids) await this.linkRun(id);
    return ids.length;
  }

  /** One slice of linkRun on this thread; false when the run has nothing left to link. */
  private linkSlice(runId: number): boolean {
    const r = this.writes.linkSlice(runId, SLICE_MS);
    // The run's people are all in the reviewer ledger now: its counts and the load badges follow.
    if (r.finished) this.changes.note('ledger');
    return r.more;
  }

  /** Runs a crash left half-written (never committed): dropped, with their candidates. Returns how many. */
  dropIncompleteRuns(): number {
    return this.db.prepare('DELETE FROM runs WHERE complete = 0').run().changes;
  }

  /** Paths of the file copies manuscripts keep (any profile). */
  filePaths(): string[] {
    return this.db
      .prepare<[], { path: string }>('SELECT file_path AS path FROM manuscripts WHERE file_path IS NOT NULL')
      .all()
      .map((r) => r.path);
  }

  /** The hidden run row with its settings and debug info; the manuscript is created (pending) only when new. */
  /**
   * The hidden run row's transaction, committed without waiting for the disk (withoutCommitSync): the run is
   * invisible until commitUploadRun, and a run lost to a power cut is one the outbox sends again. A FULL
   * commit here was an fsync on core's thread per upload answer.
   */
  private beginHidden(begin: () => StagedRun): StagedRun {
    return withoutCommitSync(this.db, begin, (fn) => this.changes.transaction(fn));
  }

  /** `raws`: each candidate as the service sent it, or null (the parsed ones are stored). */
  private beginRun(
    profileId: string,
    input: ManuscriptInput,
    head: RunHead,
    candidates: readonly Candidate[] | null,
    raws: unknown[] | null,
  ): StagedRun {
    const now = this.clock.now();
    const existing = this.byOrigin.get(profileId, input.form.origin_id);
    const ms = existing ? toManuscript(existing) : this.save(profileId, input, null, 'pending');
    const seq = this.nextSeq.get(ms.id)!.seq;
    const runId = this.insertRun.get({
      profile_id: profileId,
      manuscript_id: ms.id,
      seq,
      uploaded_at: now,
      response_version: head.version,
      folder_name: input.form.folder,
      form_json: toJson(input.form),
      candidates_count: head.candidatesCount,
      raw_json: head.rawJson,
      group_ids_json: toJson(head.groupIds),
      complete: 0,
    })!.id;
    const settings = head.settings;
    if (settings !== null) {
      this.insertSettings.run({
        run_id: runId,
        effect: settings.effect,
        boost_multiplier: settings.boost_multiplier ?? null,
        groups_json: toJson(settings.authors_groups),
        raw_json: toJson(settings),
      });
    }
    const d = head.debugInfo;
    this.insertDebug.run({
      run_id: runId,
      source_file: d.source_file ?? null,
      parsed_text_len: d.parsed_text_len ?? null,
      parsed_references: d.parsed_references ?? null,
      extracted_concepts: d.extracted_concepts ?? null,
      authors_count: d.authors_info?.authors_count ?? null,
      emails_count: d.authors_info?.emails_count ?? null,
      orcids_count: d.authors_info?.orcids_count ?? null,
      raw_json: toJson(d),
    });
    return { profileId, input, head, candidates, raws, runId, seq };
  }

  /** Inserts or updates the manuscript row from the form; file columns change only when a file is given. */
  private save(profileId: string, input: ManuscriptInput, serviceId: number | null, state: SyncState): ManuscriptRow {
    const now = this.clock.now();
    const f = input.form;
    // The service's answer to the editor's own upload names its manuscript: a colleague's copy that claimed
    // the id for another submission (a run shared from another service) gives it up.
    if (serviceId !== null)
      this.db
        .prepare(
          'UPDATE manuscripts SET service_id = NULL WHERE profile_id = @p AND service_id = @s AND origin_id <> @o AND uploaded_by IS NOT NULL',
        )
        .run({ p: profileId, s: serviceId, o: f.origin_id });
    const authors = f.authors ?? [];
    const folderId = this.folder(profileId, f.folder);
    const file: StoredFile | null = input.file ?? null;
    const id = this.upsertManuscript.get({
      profile_id: profileId,
      origin_id: f.origin_id,
      service_id: serviceId,
      folder_id: folderId,
      title: f.title,
      abstract: f.abstract,
      authors_count: f.authors_count,
      authors_json: toJson(authors),
      authors_text: authorsText(authors),
      form_json: toJson(f),
      file_name: file?.name ?? null,
      file_size: file?.size ?? null,
      file_sha256: file?.sha256 ?? null,
      file_path: file?.path ?? null,
      sync_state: state,
      created_at: now,
      updated_at: now,
    })!.id;
    return toManuscript(this.byId.get(id)!);
  }
}
