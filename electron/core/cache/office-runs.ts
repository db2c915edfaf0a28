// Manuscripts and runs shared in the editorial office (docs/office.md, "Shared manuscripts"). When the
// editor's upload is answered, its form and the service's answer travel to the office in the upload's own
// transaction: a `manuscript.run` head and the answer, gzipped and cut into `run.part` events that each
// fit the office's 64 KiB. A colleague who belongs to the folder folds them once all parts are in: the
// answer is checked (hash, size, the contract's schemas) and recorded like an upload of their own, marked
// with who uploaded it, so the candidates open offline and a shortlist starts from them. Uploading to
// another folder leaves a `manuscript.moved` in the folder it left; colleagues who cannot see the new
// folder drop the colleague's copy there.
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { uploadFormSchema, uploadResponseSchema, type UploadFormInput } from '../../common/service';
import type { Logger } from '../ports';
import type { ChangeFeed } from './changes';
import type { RunRecorder } from './run-recorder';
import type { OfficeRepository, PulledEvent } from './office';

export const RUN_KIND = 'manuscript.run';
export const PART_KIND = 'run.part';
export const MOVED_KIND = 'manuscript.moved';
export const FILE_PART_KIND = 'run.filepart';

/** Base64 characters per part: with its keys a part's body stays under the office's 64 KiB. */
export const PART_CHARS = 60_000;
/** Parts of one run (≈ 2.8 MB of gzip, far above the ≈ 0.1 MB of a 500-candidate answer). */
export const MAX_PARTS = 48;
/** Bytes a shared run may unzip to: a bound on what a colleague's (or a forged) event costs to read. */
export const MAX_RUN_BYTES = 24 * 1024 * 1024;
/** The largest manuscript file shared with the office (when the editor shares files): 10 MB, 224 parts. */
export const MAX_SHARED_FILE = 10 * 1024 * 1024;
/** Raw bytes per file part (their base64 is PART_CHARS characters). */
const FILE_PART_BYTES = (PART_CHARS / 4) * 3;
const MAX_FILE_PARTS = Math.ceil(MAX_SHARED_FILE / FILE_PART_BYTES);
/** A shared file's name: a PDF or DOCX, no folders, no control characters. */
const FILE_NAME = /^[^/\\\p{Cc}]{1,200}\.(pdf|docx)$/iu;

/** Runs published when a profile is linked: the newest manuscripts' last runs, so the office learns the editor's recent work. */
export const LINK_PUBLISH_LIMIT = 100;

const uuid = z.string().uuid();
const originId = z.string().min(1).max(200);

const headBody = z
  .object({
    runKey: uuid,
    originId,
    title: z.string().max(2000),
    parts: z.number().int().min(1).max(MAX_PARTS),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    uploadedAt: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
    /** The manuscript's file, sent as run.filepart events after the run's parts (only when its editor shares files). */
    file: z
      .object({
        name: z.string().regex(FILE_NAME),
        size: z.number().int().min(1).max(MAX_SHARED_FILE),
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
        parts: z.number().int().min(1).max(MAX_FILE_PARTS),
      })
      .strict()
      .optional(),
  })
  .strict();
const filePartBody = z
  .object({
    runKey: uuid,
    originId,
    index: z
      .number()
      .int()
      .min(0)
      .max(MAX_FILE_PARTS - 1),
    data: z
      .string()
      .max(PART_CHARS)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/),
  })
  .strict();
const partBody = z
  .object({
    runKey: uuid,
    originId,
    index: z
      .number()
      .int()
      .min(0)
      .max(MAX_PARTS - 1),
    data: z
      .string()
      .max(PART_CHARS)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/),
  })
  .strict();
const movedBody = z.object({ originId, to: z.string().min(1).max(200) }).strict();
/** What the parts carry once put together and unzipped. */
const payloadSchema = z.object({ form: uploadFormSchema, response: z.unknown() }).strict();

export type RunHeadBody = z.infer<typeof headBody>;

interface RunRowForShare {
  id: number;
  profile_id: string;
  manuscript_id: number;
  folder_name: string;
  form_json: string;
  raw_json: string;
  candidates_count: number | null;
  uploaded_at: number;
  uploaded_by: string | null;
  office_key: string | null;
  origin_id: string;
  title: string;
  file_name: string | null;
  file_size: number | null;
  file_path: string | null;
}

/** A file's bytes as the parts that carry it, and its head. */
function fileEvents(key: string, originId: string, name: string, bytes: Buffer) {
  const text = bytes.toString('base64');
  const count = Math.max(1, Math.ceil(text.length / PART_CHARS));
  return {
    head: { name, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), parts: count },
    parts: Array.from({ length: count }, (_, index) => ({
      runKey: key,
      originId,
      index,
      data: text.slice(index * PART_CHARS, (index + 1) * PART_CHARS),
    })),
  };
}

/** The events that share one run: its head, then its parts. */
export interface SharedRunEvents {
  key: string;
  head: RunHeadBody;
  parts: Array<z.infer<typeof partBody>>;
}

/** The service's answer of a stored run, put back together: the head's body with its candidates as the service sent them. */
function answerOf(db: Database, run: RunRowForShare): unknown {
  const head = JSON.parse(run.raw_json) as Record<string, unknown>;
  if (run.candidates_count === null) return head;
  const raws = db
    .prepare<[number], string>('SELECT raw_json FROM candidates WHERE run_id = ? ORDER BY rank')
    .pluck()
    .all(run.id)
    .map((r) => JSON.parse(r) as unknown);
  return { ...head, candidates: raws };
}

/** A run's form and answer as the events that carry them (gzip, base64, cut into parts). Null when too large to share. */
export function runEvents(
  form: UploadFormInput,
  answer: unknown,
  meta: { originId: string; title: string; uploadedAt: number },
): SharedRunEvents | null {
  const zipped = gzipSync(Buffer.from(JSON.stringify({ form, response: answer }), 'utf8'));
  const text = zipped.toString('base64');
  const count = Math.max(1, Math.ceil(text.length / PART_CHARS));
  if (count > MAX_PARTS) return null;
  const key = randomUUID();
  const parts = Array.from({ length: count }, (_, index) => ({
    runKey: key,
    originId: meta.originId,
    index,
    data: text.slice(index * PART_CHARS, (index + 1) * PART_CHARS),
  }));
  const head: RunHeadBody = {
    runKey: key,
    originId: meta.originId,
    title: meta.title.slice(0, 2000),
    parts: count,
    sha256: createHash('sha256').update(zipped).digest('hex'),
    uploadedAt: meta.uploadedAt,
  };
  return { key, head, parts };
}

/** Why a whole run was refused, in the editor's words (kept on office_runs.refused). */
class Refusal extends Error {}

/** Puts a run's parts together and reads them: the hash, the unzipped size, the form and the service's answer checked. */
export function readRun(head: RunHeadBody, data: readonly string[], folder: string) {
  const zipped = Buffer.from(data.join(''), 'base64');
  if (createHash('sha256').update(zipped).digest('hex') !== head.sha256) throw new Refusal('its parts do not match the hash its head gave');
  let text: string;
  try {
    text = gunzipSync(zipped, { maxOutputLength: MAX_RUN_BYTES }).toString('utf8');
  } catch {
    throw new Refusal(`it does not unzip to at most ${MAX_RUN_BYTES / 1024 / 1024} MB`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Refusal('it is not JSON');
  }
  const payload = payloadSchema.safeParse(json);
  if (!payload.success) throw new Refusal('its form is not a valid upload form');
  const form = payload.data.form;
  if (form.origin_id !== head.originId) throw new Refusal('its form names another manuscript');
  if (form.folder !== folder) throw new Refusal('its form names another folder than the one it was shared in');
  const response = uploadResponseSchema.safeParse(payload.data.response);
  if (!response.success) throw new Refusal('the service answer it carries does not match the service’s contract');
  return { form, response: response.data, raw: payload.data.response };
}

export class OfficeRunsRepository {
  /** Where colleagues' shared files are written (the editor's uploads folder); null: not kept. */
  private filesDir: string | null = null;

  constructor(
    private readonly db: Database,
    private readonly office: OfficeRepository,
    private readonly runs: RunRecorder,
    private readonly changes: ChangeFeed,
    private readonly logger?: Logger,
  ) {
    office.registerKind(RUN_KIND, (p, ev) => this.foldHead(p, ev), ['office_runs', 'office_run_parts']);
    office.registerKind(PART_KIND, (p, ev) => this.foldPart(p, ev));
    office.registerKind(MOVED_KIND, (p, ev) => this.foldMoved(p, ev));
    office.registerKind(FILE_PART_KIND, (p, ev) => this.foldFilePart(p, ev), ['office_file_parts']);
    office.onLinked((p) => this.publishRecent(p));
    // The editor's upload is shared in the commit that makes its run visible (when the profile is linked).
    runs.onCommitted((runId) => void this.publish(runId));
  }

  /** Colleagues' shared files go under `dir` (a folder of their own each, like an upload's copy). */
  useFilesDir(dir: string): void {
    this.filesDir = dir;
  }

  /**
   * Queues the editor's run for the office, in the caller's transaction (the upload's commit), when the
   * manuscript's profile is linked. A run that moved the manuscript to another folder also tells the
   * folder it left. Returns the key it is shared under, or null (not linked, a colleague's run, too large).
   */
  publish(runId: number): string | null {
    const run = this.db
      .prepare<[number], RunRowForShare>(
        `SELECT r.id, r.profile_id, r.manuscript_id, r.folder_name, r.form_json, r.raw_json, r.candidates_count, r.uploaded_at,
           r.uploaded_by, r.office_key, m.origin_id, m.title, m.file_name, m.file_size, m.file_path
         FROM runs r JOIN manuscripts m ON m.id = r.manuscript_id WHERE r.id = ? AND r.complete = 1`,
      )
      .get(runId);
    if (!run || run.uploaded_by !== null || run.office_key !== null) return null;
    if (this.office.link(run.profile_id) === undefined) return null;
    const form = JSON.parse(run.form_json) as UploadFormInput;
    const events = runEvents(form, answerOf(this.db, run), { originId: run.origin_id, title: run.title, uploadedAt: run.uploaded_at });
    if (!events) {
      this.logger?.log('warn', 'a run too large for the office was not shared', { runId });
      return null;
    }
    const file = this.sharedFile(run, events.key);
    if (file) events.head.file = file.head;
    return this.changes.transaction(() => {
      this.db.prepare('UPDATE runs SET office_key = @key WHERE id = @id').run({ key: events.key, id: run.id });
      const folder = run.folder_name;
      // Before the run: colleagues of the folder it left drop their copy, unless they can see where it went.
      const left = this.db
        .prepare<[{ m: number; id: number }], string>(
          'SELECT folder_name FROM runs WHERE manuscript_id = @m AND id < @id AND complete = 1 ORDER BY seq DESC LIMIT 1',
        )
        .pluck()
        .get({ m: run.manuscript_id, id: run.id });
      if (left !== undefined && left !== folder && this.office.folders(run.profile_id).includes(left))
        this.office.enqueue(run.profile_id, {
          entity: `moved:${run.origin_id}`,
          folder: left,
          kind: MOVED_KIND,
          body: { originId: run.origin_id, to: folder },
        });
      this.office.enqueue(run.profile_id, { entity: `run:${events.key}`, folder, kind: RUN_KIND, body: events.head });
      for (const part of events.parts)
        this.office.enqueue(run.profile_id, { entity: `run:${events.key}:${part.index}`, folder, kind: PART_KIND, body: part });
      for (const part of file?.parts ?? [])
        this.office.enqueue(run.profile_id, { entity: `file:${events.key}:${part.index}`, folder, kind: FILE_PART_KIND, body: part });
      return events.key;
    });
  }

  /**
   * The manuscript's file as events, when the editor shares files and it is a PDF/DOCX of at most
   * MAX_SHARED_FILE that can be read now; null otherwise (the run is shared without it).
   */
  private sharedFile(run: RunRowForShare, key: string) {
    if (!run.file_path || !run.file_name || !this.office.sharesFiles(run.profile_id)) return null;
    if ((run.file_size ?? Infinity) > MAX_SHARED_FILE || !FILE_NAME.test(run.file_name)) return null;
    let bytes: Buffer;
    try {
      bytes = readFileSync(run.file_path);
    } catch (err) {
      this.logger?.log('warn', 'a manuscript file could not be read to share it', { code: (err as { code?: unknown }).code });
      return null;
    }
    if (bytes.length === 0 || bytes.length > MAX_SHARED_FILE) return null;
    return fileEvents(key, run.origin_id, run.file_name, bytes);
  }

  /** On linking: the last run of each of the editor's newest manuscripts (their own uploads), oldest first. */
  private publishRecent(profileId: string): void {
    const runs = this.db
      .prepare<[{ p: string; n: number }], number>(
        `SELECT last_run_id FROM (SELECT last_run_id, updated_at FROM manuscripts
           WHERE profile_id = @p AND last_run_id IS NOT NULL AND uploaded_by IS NULL ORDER BY updated_at DESC LIMIT @n)
         ORDER BY updated_at`,
      )
      .pluck()
      .all({ p: profileId, n: LINK_PUBLISH_LIMIT });
    // Linking again shares them again (the office's copy of a run is keyed by the new link's events).
    this.db.prepare('UPDATE runs SET office_key = NULL WHERE profile_id = ? AND uploaded_by IS NULL').run(profileId);
    for (const id of runs) this.publish(id);
  }

  /** The colleague's name for a run of this login: null for the editor's own (from another computer of theirs). */
  private by(profileId: string, author: string): string | null {
    return this.office.link(profileId)?.login === author ? null : author;
  }

  private foldHead(profileId: string, ev: PulledEvent): 'applied' | 'refused' | 'ignored' {
    const parsed = headBody.safeParse(ev.body);
    if (!parsed.success) return 'refused';
    const h = parsed.data;
    const known = this.db
      .prepare<[{ p: string; k: string }], number>('SELECT count(*) FROM office_runs WHERE profile_id = @p AND run_key = @k')
      .pluck()
      .get({ p: profileId, k: h.runKey })!;
    if (known > 0) return 'ignored';
    // The editor's own run back from the office (or shared twice): already here.
    const local = this.db
      .prepare<[{ p: string; k: string }], number>('SELECT id FROM runs WHERE profile_id = @p AND office_key = @k')
      .pluck()
      .get({ p: profileId, k: h.runKey });
    this.db
      .prepare(
        `INSERT INTO office_runs (profile_id, run_key, folder, author, origin_id, parts, sha256, uploaded_at, at, run_id,
           file_name, file_size, file_sha256, file_parts, file_state)
         VALUES (@p, @k, @folder, @author, @o, @parts, @sha, @up, @at, @run, @fname, @fsize, @fsha, @fparts, @fstate)`,
      )
      .run({
        p: profileId,
        k: h.runKey,
        folder: ev.folder,
        author: ev.author,
        o: h.originId,
        parts: h.parts,
        sha: h.sha256,
        up: h.uploadedAt,
        at: ev.at,
        run: local ?? null,
        fname: h.file?.name ?? null,
        fsize: h.file?.size ?? null,
        fsha: h.file?.sha256 ?? null,
        fparts: h.file?.parts ?? null,
        fstate: h.file && local === undefined ? 'waiting' : null,
      });
    if (local !== undefined) {
      this.db.prepare('DELETE FROM office_run_parts WHERE profile_id = @p AND run_key = @k').run({ p: profileId, k: h.runKey });
      this.db.prepare('DELETE FROM office_file_parts WHERE profile_id = @p AND run_key = @k').run({ p: profileId, k: h.runKey });
      return 'ignored';
    }
    return this.complete(profileId, h.runKey);
  }

  private foldPart(profileId: string, ev: PulledEvent): 'applied' | 'refused' | 'ignored' {
    const parsed = partBody.safeParse(ev.body);
    if (!parsed.success) return 'refused';
    const part = parsed.data;
    const head = this.head(profileId, part.runKey);
    if (head && (head.run_id !== null || head.refused !== null)) return 'ignored';
    // A part travels in its run's folder, by its run's editor.
    if (head && (head.folder !== ev.folder || head.author !== ev.author || head.origin_id !== part.originId || part.index >= head.parts))
      return 'refused';
    this.db
      .prepare('INSERT OR IGNORE INTO office_run_parts (profile_id, run_key, idx, data) VALUES (@p, @k, @i, @d)')
      .run({ p: profileId, k: part.runKey, i: part.index, d: part.data });
    return head ? this.complete(profileId, part.runKey) : 'applied';
  }

  private head(profileId: string, key: string) {
    return this.db
      .prepare<
        [{ p: string; k: string }],
        {
          folder: string;
          author: string;
          origin_id: string;
          parts: number;
          sha256: string;
          uploaded_at: number;
          run_id: number | null;
          refused: string | null;
          title?: string;
        }
      >(
        'SELECT folder, author, origin_id, parts, sha256, uploaded_at, run_id, refused FROM office_runs WHERE profile_id = @p AND run_key = @k',
      )
      .get({ p: profileId, k: key });
  }

  /** Records the run once every part is in; a run that does not read is refused whole (why kept on its head). */
  private complete(profileId: string, key: string): 'applied' | 'refused' | 'ignored' {
    const head = this.head(profileId, key)!;
    const data = this.db
      .prepare<[{ p: string; k: string; n: number }], string>(
        'SELECT data FROM office_run_parts WHERE profile_id = @p AND run_key = @k AND idx < @n ORDER BY idx',
      )
      .pluck()
      .all({ p: profileId, k: key, n: head.parts });
    if (data.length < head.parts) return 'applied';
    const drop = () => this.db.prepare('DELETE FROM office_run_parts WHERE profile_id = @p AND run_key = @k').run({ p: profileId, k: key });
    let read: ReturnType<typeof readRun>;
    try {
      read = readRun(
        { runKey: key, originId: head.origin_id, title: '', parts: head.parts, sha256: head.sha256, uploadedAt: head.uploaded_at },
        data,
        head.folder,
      );
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      this.db
        .prepare('UPDATE office_runs SET refused = @why WHERE profile_id = @p AND run_key = @k')
        .run({ why: err.message, p: profileId, k: key });
      drop();
      this.logger?.log('warn', 'a run shared in the office was refused', { folder: head.folder, reason: err.message });
      return 'refused';
    }
    let recorded: ReturnType<RunRecorder['recordSharedRun']>;
    try {
      // In its own savepoint: a write the cache refuses leaves nothing of the run, and the page goes on.
      recorded = this.runs.recordSharedRun(profileId, read.form, read.response, read.raw, {
        by: this.by(profileId, head.author),
        key,
        uploadedAt: head.uploaded_at,
      });
    } catch (err) {
      const code = (err as { code?: unknown } | null)?.code;
      if (typeof code !== 'string' || !code.startsWith('SQLITE_CONSTRAINT')) throw err;
      this.db
        .prepare('UPDATE office_runs SET refused = @why WHERE profile_id = @p AND run_key = @k')
        .run({ why: 'this cache could not keep it', p: profileId, k: key });
      drop();
      this.logger?.log('warn', 'a run shared in the office could not be kept', { folder: head.folder, code });
      return 'refused';
    }
    this.db
      .prepare('UPDATE office_runs SET run_id = @run WHERE profile_id = @p AND run_key = @k')
      .run({ run: recorded.runId, p: profileId, k: key });
    drop();
    // The office's shortlist entries of this submission now have a manuscript to go to.
    this.office.adopt(recorded.manuscriptId);
    this.completeFile(profileId, key);
    return 'applied';
  }

  private foldFilePart(profileId: string, ev: PulledEvent): 'applied' | 'refused' | 'ignored' {
    const parsed = filePartBody.safeParse(ev.body);
    if (!parsed.success) return 'refused';
    const part = parsed.data;
    const head = this.db
      .prepare<
        [{ p: string; k: string }],
        { folder: string; author: string; origin_id: string; file_parts: number | null; file_state: string | null }
      >('SELECT folder, author, origin_id, file_parts, file_state FROM office_runs WHERE profile_id = @p AND run_key = @k')
      .get({ p: profileId, k: part.runKey });
    // Parts come after their run's head (one editor's pushes are in order): none, or one not waiting, is not kept.
    if (!head || head.file_state !== 'waiting') return 'ignored';
    if (head.folder !== ev.folder || head.author !== ev.author || head.origin_id !== part.originId || part.index >= (head.file_parts ?? 0))
      return 'refused';
    this.db
      .prepare('INSERT OR IGNORE INTO office_file_parts (profile_id, run_key, idx, data) VALUES (@p, @k, @i, @d)')
      .run({ p: profileId, k: part.runKey, i: part.index, d: part.data });
    this.completeFile(profileId, part.runKey);
    return 'applied';
  }

  /**
   * Writes a shared file once its run is recorded and every part is in: checked (size, hash), written into a
   * folder of its own under the editor's uploads, and given to the manuscript when it has no file of its own.
   */
  private completeFile(profileId: string, key: string): void {
    const head = this.db
      .prepare<
        [{ p: string; k: string }],
        { run_id: number | null; file_name: string; file_size: number; file_sha256: string; file_parts: number; file_state: string | null }
      >('SELECT run_id, file_name, file_size, file_sha256, file_parts, file_state FROM office_runs WHERE profile_id = @p AND run_key = @k')
      .get({ p: profileId, k: key });
    if (!head || head.file_state !== 'waiting' || head.run_id === null) return;
    const data = this.db
      .prepare<[{ p: string; k: string; n: number }], string>(
        'SELECT data FROM office_file_parts WHERE profile_id = @p AND run_key = @k AND idx < @n ORDER BY idx',
      )
      .pluck()
      .all({ p: profileId, k: key, n: head.file_parts });
    if (data.length < head.file_parts) return;
    const state = (s: 'kept' | 'refused') =>
      this.db.prepare('UPDATE office_runs SET file_state = @s WHERE profile_id = @p AND run_key = @k').run({ s, p: profileId, k: key });
    this.db.prepare('DELETE FROM office_file_parts WHERE profile_id = @p AND run_key = @k').run({ p: profileId, k: key });
    const bytes = Buffer.from(data.join(''), 'base64');
    if (bytes.length !== head.file_size || createHash('sha256').update(bytes).digest('hex') !== head.file_sha256 || !this.filesDir) {
      state('refused');
      this.logger?.log('warn', 'a manuscript file shared in the office was not kept', {
        reason: this.filesDir ? 'size or hash' : 'no folder',
      });
      return;
    }
    const dir = join(this.filesDir, `office-${key}`);
    const path = join(dir, basename(head.file_name));
    try {
      mkdirSync(dir, { recursive: true });
      writeFileSync(path, bytes);
    } catch (err) {
      state('refused');
      this.logger?.log('warn', 'a manuscript file shared in the office could not be written', { code: (err as { code?: unknown }).code });
      return;
    }
    state('kept');
    const m = this.db.prepare<[number], number>('SELECT manuscript_id FROM runs WHERE id = ?').pluck().get(head.run_id);
    if (m === undefined) return;
    this.db
      .prepare(
        'UPDATE manuscripts SET file_name = @n, file_size = @s, file_sha256 = @h, file_path = @path WHERE id = @m AND file_path IS NULL',
      )
      .run({ n: head.file_name, s: head.file_size, h: head.file_sha256, path, m });
    this.changes.note('manuscripts', m);
  }

  /**
   * A manuscript moved out of a folder: a copy only colleagues uploaded goes from this cache when the editor
   * cannot see the folder it went to (the office's row-level security hides its events there too). One the
   * editor shortlisted from stays: their work on it is not lost.
   */
  private foldMoved(profileId: string, ev: PulledEvent): 'applied' | 'refused' | 'ignored' {
    const parsed = movedBody.safeParse(ev.body);
    if (!parsed.success) return 'refused';
    const { originId: o, to } = parsed.data;
    if (this.office.folders(profileId).includes(to)) return 'ignored';
    const m = this.db
      .prepare<[{ p: string; o: string; f: string }], { id: number }>(
        `SELECT ms.id FROM manuscripts ms JOIN folders f ON f.id = ms.folder_id
         WHERE ms.profile_id = @p AND ms.origin_id = @o AND f.name = @f AND ms.uploaded_by IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM runs r WHERE r.manuscript_id = ms.id AND r.uploaded_by IS NULL)
           AND NOT EXISTS (SELECT 1 FROM shortlist s WHERE s.manuscript_id = ms.id)`,
      )
      .get({ p: profileId, o, f: ev.folder });
    if (!m) return 'ignored';
    this.db.prepare('DELETE FROM manuscripts WHERE id = ?').run(m.id);
    this.changes.note('manuscripts', m.id);
    this.changes.note('candidates', m.id);
    return 'applied';
  }
}
