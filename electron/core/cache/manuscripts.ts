// Folders, manuscripts and the runs the service answered with, as the window reads them. Runs are written by
// RunRecorder (run-recorder.ts); the manuscript rows by this repository.
import type { Database, Statement } from 'better-sqlite3';
import type { UploadAuthor, UploadFormInput } from '../../common/service';
import type { Clock } from '../ports';
import { fromJson, insertInto, keepWhenNull, toJson } from './sql';
import { type FolderRow, type ManuscriptInput, type ManuscriptRow, type RunRow, type StoredFile, type SyncState } from './types';
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

const authorsText = (authors: readonly UploadAuthor[]): string =>
  authors
    .map((a) => a.name ?? '')
    .filter((n) => n.length > 0)
    .join('; ');

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

/** What an upload over a known manuscript changes: every column but its identity and created_at; the service id and
 *  the file columns only when a value is given. */
const KEPT_WHEN_NULL = new Set(['service_id', 'file_name', 'file_size', 'file_sha256', 'file_path']);
const MANUSCRIPT_UPDATE = MANUSCRIPT_INSERT.filter((c) => c !== 'profile_id' && c !== 'origin_id' && c !== 'created_at').map((c) =>
  KEPT_WHEN_NULL.has(c) ? keepWhenNull(c) : c,
);

export class ManuscriptsRepository {
  private readonly folderUpsert: Statement<[{ profile_id: string; name: string; first_used_at: number }], { id: number }>;
  private readonly byOrigin: Statement<[string, string], ManuscriptDbRow>;
  private readonly byId: Statement<[number], ManuscriptDbRow>;
  private readonly byServiceId: Statement<[string, number], ManuscriptDbRow>;
  private readonly idByOrigin: Statement<[string, string], number>;
  private readonly upsertManuscript: Statement<[Row<typeof MANUSCRIPT_INSERT>], { id: number }>;
  private readonly setState: Statement<[SyncState, number, number]>;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
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
        set: MANUSCRIPT_UPDATE,
      })} RETURNING id`,
    );
    this.setState = db.prepare('UPDATE manuscripts SET sync_state = ?, updated_at = ? WHERE id = ?');
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

  /** Paths of the file copies manuscripts keep (any profile). */
  filePaths(): string[] {
    return this.db
      .prepare<[], { path: string }>('SELECT file_path AS path FROM manuscripts WHERE file_path IS NOT NULL')
      .all()
      .map((r) => r.path);
  }

  /** Inserts or updates the manuscript row from the form; file columns change only when a file is given (RunRecorder writes through it). */
  save(profileId: string, input: ManuscriptInput, serviceId: number | null, state: SyncState): ManuscriptRow {
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
