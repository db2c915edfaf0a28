// Recording the service's answer to an upload as a run: the one place that writes runs and their candidates.
// An upload's answer is read off core's thread by the run writer when it runs (answerReader), staged hidden
// (runs.complete = 0) in chunks, made visible in the upload's own commit, and its author records and ledger
// suggestions linked in slices afterwards; a synchronous path (recordUploadRun) serves tests, benches and
// the office's shared runs (recordSharedRun). A run a crash left hidden is dropped when the cache opens.
import type { Database, Statement } from 'better-sqlite3';
import type { Candidate, UploadFormInput, UploadResponse } from '../../common/service';
import type { AnswerReader } from '../api/types';
import { nextTurn } from '../perf/turns';
import type { Clock } from '../ports';
import type { ChangeFeed } from './changes';
import { withoutCommitSync } from './durability';
import type { LedgerRepository } from './ledger';
import type { ManuscriptsRepository } from './manuscripts';
import type { MarksRepository } from './marks';
import { RunWriterGone, type HeldAnswer, type RunWriter } from './run-writer';
import { rawCandidates, RUN_CHUNK, RunWrites, runHead, SLICE_MS, type RunHead } from './run-writes';
import { insertInto, toJson } from './sql';
import type { ManuscriptInput, MarksOutcome } from './types';
import { readUploadAnswer, type ReadUpload } from './upload-answer';

export { RUN_CHUNK, SLICE_MS } from './run-writes';

export interface RecordedRun {
  manuscriptId: number;
  runId: number;
  seq: number;
  candidatesCount: number | null;
  /** Outcome of webhook marks that were waiting for this manuscript, if any were. */
  parkedMarks: MarksOutcome | null;
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

/**
 * An upload's answer as answerReader gives it: read by the run writer, which keeps its candidates until
 * stageReadRun has them written (`held`), or read on this thread because the writer was gone.
 */
export type UploadAnswer = HeldAnswer | ReadUpload;

/** The raw candidate objects of an answer whose body (parsed as JSON) is `raw`, when it has them all. */
const rawsOf = (response: UploadResponse, raw: unknown): unknown[] | null =>
  response.candidates === null ? null : rawCandidates(raw, response.candidates.length);

/** A row to insert, bound by column name: one value a column of the list. */
type Row<C extends readonly string[]> = Record<C[number], string | number | null>;

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

/** How record() gets the service's answer to an upload: read by the run writer's reader when it runs, else parsed here. */
export interface AnswerSource {
  /** The upload, its answer's bytes handed to `reader` (absent: the client cannot hand them over). */
  read?(reader: AnswerReader<UploadAnswer>): Promise<UploadAnswer>;
  /** The upload, its answer parsed and validated on this thread. */
  parse(): Promise<{ response: UploadResponse; raw: unknown }>;
}

export class RunRecorder {
  /** Told of each run record() made visible, inside that commit (the office shares it). */
  private readonly committedHooks: Array<(runId: number) => void> = [];
  private readonly nextSeq: Statement<[number], { seq: number }>;
  private readonly insertRun: Statement<[Row<typeof RUN_INSERT>], { id: number }>;
  private readonly insertSettings: Statement<[Row<typeof SETTINGS_INSERT>]>;
  private readonly insertDebug: Statement<[Row<typeof DEBUG_INSERT>]>;
  private readonly setLastRun: Statement<[number, number, number]>;
  private readonly markComplete: Statement<[string, number]>;
  private readonly startLinks: Statement<[number]>;
  /** The bulk writes of a run, on this connection (when the run writer does not run). */
  private readonly writes: RunWrites;
  /** The worker that writes runs off the main thread, once it runs (useRunWriter). */
  private writer: RunWriter | null = null;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly manuscripts: ManuscriptsRepository,
    private readonly marks: MarksRepository,
    /** Told which people a recorded run suggests for the first time on its manuscript (reviewer ledger). */
    private readonly ledger: Pick<LedgerRepository, 'recordSuggested'>,
    private readonly changes: ChangeFeed,
  ) {
    this.nextSeq = db.prepare('SELECT coalesce(max(seq), 0) + 1 AS seq FROM runs WHERE manuscript_id = ?');
    this.insertRun = db.prepare(`${insertInto('runs', RUN_INSERT)} RETURNING id`);
    this.markComplete = db.prepare('UPDATE runs SET complete = 1, folder_name = ? WHERE id = ?');
    this.startLinks = db.prepare('UPDATE runs SET links_next = 0 WHERE id = ?');
    this.insertSettings = db.prepare(insertInto('run_groups_settings', SETTINGS_INSERT));
    this.insertDebug = db.prepare(insertInto('run_debug_info', DEBUG_INSERT));
    // The editor's own upload: the manuscript's newest run is theirs (recordSharedRun names a colleague's).
    this.setLastRun = db.prepare('UPDATE manuscripts SET last_run_id = ?, updated_at = ?, uploaded_by = NULL WHERE id = ?');
    this.writes = new RunWrites(db, clock, ledger);
    // A run a crash left half-written is invisible to every reader; it goes when the cache opens.
    this.dropIncompleteRuns();
  }

  /**
   * Records an upload's answer as the manuscript's new run: the answer read by the run writer (or here when
   * it is gone: `source` uploads again, the service keeps one manuscript per origin_id), the candidates
   * staged hidden, the run made visible inside `commit` (the caller's transaction, e.g. the outbox marking
   * the upload done), then its author records and ledger suggestions linked in slices. A staged run whose
   * commit throws is dropped. `newerUpload`: another upload of the manuscript is queued (it keeps its form).
   */
  async record(
    profileId: string,
    input: ManuscriptInput,
    source: AnswerSource,
    commit: (makeVisible: () => void) => void,
    newerUpload: () => boolean,
  ): Promise<RecordedRun> {
    let staged: StagedRun | null = null;
    // While the run writer runs, the answer's bytes go to it: it parses and validates them and writes the
    // candidates, and core's thread gets only the run's head (no JSON + zod copies of the answer here).
    const reader = this.answerReader();
    if (reader && source.read) {
      const answer = await source.read(reader);
      try {
        staged = await this.stageReadRun(profileId, input, answer);
      } catch (err) {
        // the writer stopped holding the answer: upload again and read it here
        if (!(err instanceof RunWriterGone)) throw err;
      }
    }
    if (!staged) {
      const a = await source.parse();
      staged = await this.stageUploadRun(profileId, input, a.response, a.raw);
    }
    const run = staged;
    let recorded: RecordedRun | null = null;
    try {
      commit(() => {
        recorded = this.commitUploadRun(run, { linkLater: true, newerUpload: newerUpload() });
        for (const hook of this.committedHooks) hook(run.runId);
      });
    } catch (err) {
      this.discardStagedRun(run);
      throw err;
    }
    if (recorded === null) throw new Error('the upload’s commit did not make its run visible');
    // The run is visible now; its author records and ledger suggestions follow in slices (resumed at
    // the next start if the app stops in between).
    await this.linkRun(run.runId);
    return recorded;
  }

  /** `hook` runs inside the commit of each run record() makes visible. */
  onCommitted(hook: (runId: number) => void): void {
    this.committedHooks.push(hook);
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
      const before = this.manuscripts.get(profileId, form.origin_id);
      const own = before !== undefined && before.uploadedBy === null;
      const previous = before?.lastRunId ?? null;
      const staged = this.beginRun(profileId, { form }, runHead(response, raw), response.candidates, rawsOf(response, raw));
      const candidates = response.candidates ?? [];
      this.writes.insertCandidateRows(staged, candidates, staged.raws, 0, candidates.length);
      const kept = own ? before : undefined;
      // The service id stays with a manuscript of the editor's that has it (a colleague's run from another service).
      const claimed = this.manuscripts.getByServiceId(profileId, response.manuscript_id);
      const serviceId = claimed && claimed.originId !== form.origin_id ? null : response.manuscript_id;
      const ms = kept
        ? this.manuscripts.save(profileId, { form: kept.form }, serviceId, kept.syncState)
        : this.manuscripts.save(profileId, { form }, serviceId, 'synced');
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
    const kept = opts.newerUpload ? this.manuscripts.get(profileId, input.form.origin_id) : undefined;
    const ms = kept
      ? this.manuscripts.save(profileId, { form: kept.form }, head.manuscriptId, kept.syncState)
      : this.manuscripts.save(profileId, input, head.manuscriptId, 'synced');
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
    const ms = this.manuscripts.get(profileId, input.form.origin_id) ?? this.manuscripts.save(profileId, input, null, 'pending');
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
}
