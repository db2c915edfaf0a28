import { OfficeRunsRepository } from './office-runs';
import { OfficeMarksRepository } from './office-marks';
import { OfficeDecisionsRepository } from './office-decisions';
import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';
import { accessSync, constants as fsConstants, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { DeskError, isDeskError } from '../../common/errors';
import type { Clock, Logger } from '../ports';
import { AuthorsSeenRepository } from './authors';
import { ChangeFeed } from './changes';
import { CachedReadsRepository } from './clear';
import { CandidatesRepository } from './candidates';
import { CustomFieldsRepository } from './customFields';
import { cacheFailureError, cacheFailureOf, isCorruption, unwritableError } from './failures';
import { GroupsRepository } from './groups';
import { JournalsRepository } from './journals';
import { LedgerRepository } from './ledger';
import { durability } from './durability';
import { ManuscriptsRepository } from './manuscripts';
import { RunRecorder } from './run-recorder';
import { MarksRepository } from './marks';
import { OfficeRepository } from './office';
import { DecisionsRepository } from './decisions';
import { migrate, tooNewError, userVersion } from './migrate';
import { LATEST_VERSION, MIGRATIONS, type Migration } from './migrations';
import { SqliteProfilesRepository } from './profiles';
import { SearchRepository } from './search';
import { ShortlistRepository } from './shortlist';
import { WebhookLogRepository } from './webhookLog';

export interface OpenCacheOptions {
  /** The database file; its folder is created when missing. */
  file: string;
  clock: Clock;
  logger: Logger;
  /** For tests of the migration policy; the app always uses every migration. */
  migrations?: readonly Migration[];
  /** How the WAL is fsynced (see durable()); tests pass one they can hold. */
  syncFile?: (file: string) => Promise<void>;
}

/** What a rebuild after corruption kept and lost, table by table, for the editor. */
export interface RecoveryReport {
  reason: string;
  /** Where the damaged file (and its -wal/-shm) was moved. */
  movedTo: string;
  /** Schema version read from the damaged file, null when not even that was readable. */
  fromVersion: number | null;
  /** Rows copied into the new database, per table. */
  kept: Record<string, number>;
  /** Tables (or rows) that could not be copied: rows is the number lost when it could be counted. */
  lost: Array<{ table: string; rows: number | null; error: string }>;
  /** True when every queued write survived. */
  outboxKept: boolean;
  /**
   * The editor's queued changes (outbox rows not yet done): how many the new cache holds, and how many
   * could not be read (null when not even that could be counted).
   */
  queued: { kept: number; lost: number | null };
}

/** What the editor is told after a rebuild: that it happened, and what became of their queued changes. */
export function recoveryNotice(r: RecoveryReport): string {
  const { kept, lost } = r.queued;
  const changes = (n: number) => `${n} queued change${n === 1 ? '' : 's'}`;
  let queued: string;
  if (lost === 0) queued = kept === 0 ? 'There were no queued changes to keep.' : `All ${changes(kept)} were kept.`;
  else if (lost === null)
    queued = `${kept === 0 ? 'No queued change' : `Only ${changes(kept)}`} could be kept: the rest could not be read and will not be sent.`;
  else queued = `${changes(kept)} ${kept === 1 ? 'was' : 'were'} kept; ${changes(lost)} could not be read and will not be sent.`;
  return `The local cache was damaged and has been rebuilt. ${queued} ` + `The damaged file is kept at ${r.movedTo}.`;
}

export interface Cache {
  readonly db: Db;
  readonly file: string;
  readonly schemaVersion: number;
  /** Set when this open rebuilt a damaged database. */
  readonly recovery: RecoveryReport | null;
  /** What the repositories and the outbox changed, told after each commit (core forwards it as `data.changed`). */
  readonly changes: ChangeFeed;
  readonly profiles: SqliteProfilesRepository;
  readonly manuscripts: ManuscriptsRepository;
  /** Records the service's answers as runs (the upload's, a colleague's shared one): the only writer of runs. */
  readonly runs: RunRecorder;
  readonly candidates: CandidatesRepository;
  readonly authors: AuthorsSeenRepository;
  readonly marks: MarksRepository;
  readonly groups: GroupsRepository;
  readonly customFields: CustomFieldsRepository;
  readonly journals: JournalsRepository;
  readonly search: SearchRepository;
  /** The webhook's delivery history (Activity). */
  readonly webhookLog: WebhookLogRepository;
  /** Settings → Clear cache: drops what was read from the service, keeps what queued writes need. */
  readonly cachedReads: CachedReadsRepository;
  /** The reviewer ledger (local only): one person across manuscripts and profiles, with counts. */
  readonly ledger: LedgerRepository;
  /** Shortlists per manuscript and the invitation settings; shared with the office when the profile is linked to one. */
  readonly shortlist: ShortlistRepository;
  /** The editorial office's side of the cache: the link, the editor's events waiting, the office's events folded. */
  readonly office: OfficeRepository;
  /** Manuscripts and runs shared in the office: the editor's published, colleagues' folded. */
  readonly officeRuns: OfficeRunsRepository;
  /** Referee marks shared in the office (the receivers' marked sets, folded beside the editor's own) and the office's receiver. */
  readonly officeMarks: OfficeMarksRepository;
  /** The authors' opposed and suggested reviewers per manuscript, the do-not-invite list, bounced e-mails. */
  readonly decisions: DecisionsRepository;
  /** Those decisions, "unavailable until" and invite-now counts shared in the office: the editor's published, colleagues' folded. */
  readonly officeDecisions: OfficeDecisionsRepository;
  /**
   * Records that a query hit SQLITE_CORRUPT: the next openCache moves the file aside and rebuilds,
   * salvaging what is readable. Call it from wherever isCorruption(err) is seen.
   */
  markCorrupt(reason: string): void;
  /**
   * Classifies an error thrown by any query (failures.ts): damage marks the cache (rebuilt at the
   * next start), and the editor's error is returned — disk full, damaged, busy, not writable.
   * Null when `err` is not a SQLite failure (or out of disk space).
   */
  noteError(err: unknown): DeskError | null;
  /**
   * Resolves once every commit made before the call is on disk (an fsync of the WAL on libuv's pool, shared by
   * the callers that come while one runs: wal-sync.ts). The editor's writes commit without waiting for the disk
   * (withoutCommitSync) and their handlers answer after this, so core's loop never waits for an fsync of theirs.
   */
  durable(): Promise<void>;
  /**
   * Runs one of the editor's writes (synchronous repository calls) with its commits not waiting for the disk,
   * then resolves with its value once durable() has: the answer comes when the write is on disk, and core's
   * thread never waits for the fsync.
   */
  editorWrite<T>(write: () => T): Promise<T>;
  close(): void;
}

export { isCorruption };

const markerOf = (file: string): string => `${file}.corrupt-marker`;

/** Tables whose loss the editor cannot recover by refreshing from the service (no list endpoints). */
const SALVAGE_FIRST = [
  'profiles',
  'app_state',
  'outbox',
  'office_links',
  'office_outbox',
  'authors_groups',
  'group_authors',
  'folders',
  'manuscripts',
];

function configure(db: Db): void {
  db.pragma('journal_mode = WAL');
  // FULL: a queued write acknowledged to the editor survives power loss, not only a crash.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('temp_store = MEMORY');
  db.pragma('cache_size = -32000');
}

type Probe = { ok: true; version: number } | { ok: false; error: string; cause: unknown };

/** Reads the schema version without changing the file (read-only handle). */
function probe(file: string): Probe {
  let db: Db | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const version = userVersion(db);
    db.prepare('SELECT count(*) FROM sqlite_schema').get();
    return { ok: true, version };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err), cause: err };
  } finally {
    db?.close();
  }
}

/**
 * The folder and the files SQLite writes must be writable (access(2) answers EROFS on a read-only
 * file system and EACCES/EPERM on permissions or an immutable file, for root too). Checked before
 * anything else, so a healthy cache that cannot be written is never mistaken for a damaged one.
 */
function assertWritable(file: string): void {
  const folder = dirname(file);
  try {
    mkdirSync(folder, { recursive: true });
    accessSync(folder, fsConstants.W_OK);
    for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) accessSync(f, fsConstants.R_OK | fsConstants.W_OK);
  } catch (err) {
    throw unwritableError(folder, err);
  }
}

/** An open failure that is not damage: the editor's error, naming the folder; nothing changed. */
function notDamage(file: string, err: unknown): DeskError {
  const kind = cacheFailureOf(err);
  if (kind !== null && kind !== 'corrupt') return cacheFailureError(kind, dirname(file), err);
  const code = (err as { code?: unknown } | null)?.code;
  return new DeskError(
    'cache_unavailable',
    `Referee Desk cannot open its cache in ${dirname(file)}${typeof code === 'string' ? ` (${code})` : ''}. Nothing was changed.`,
    { cause: err },
  );
}

/**
 * Opens (creating or migrating) the cache. A database written by a newer app is refused with
 * `database_too_new` and left untouched; so is one that cannot be written (`cache_unavailable`,
 * naming the folder) or read for another reason than damage. A damaged one (SQLITE_CORRUPT or
 * SQLITE_NOTADB, at open or reported by a query through markCorrupt) is moved aside and rebuilt;
 * what could be salvaged is copied over and the rest reported in `recovery`.
 */
export function openCache(opts: OpenCacheOptions): Cache {
  const migrations = opts.migrations ?? MIGRATIONS;
  const latest = migrations.length;
  assertWritable(opts.file);
  let recovery: RecoveryReport | null = resumeRebuild(opts, migrations);

  if (recovery === null && existsSync(opts.file)) {
    const p = probe(opts.file);
    if (p.ok && p.version > latest) throw tooNewError(p.version, latest);
    if (!p.ok && !isCorruption(p.cause)) throw notDamage(opts.file, p.cause);
    if (!p.ok) recovery = rebuild(opts, migrations, `the file could not be read: ${p.error}`);
    else if (existsSync(markerOf(opts.file))) recovery = rebuild(opts, migrations, 'a query reported the database as damaged');
  }

  let db = openReadWrite(opts.file);
  try {
    configure(db);
    migrate(db, migrations, opts.logger);
  } catch (err) {
    db.close();
    if (isDeskError(err) || recovery !== null) throw err;
    if (!isCorruption(err)) throw notDamage(opts.file, err);
    recovery = rebuild(opts, migrations, `opening failed: ${(err as Error).message}`);
    db = openReadWrite(opts.file);
    configure(db);
    migrate(db, migrations, opts.logger);
  }
  return assemble(db, opts, recovery);
}

function openReadWrite(file: string): Db {
  try {
    return new Database(file);
  } catch (err) {
    throw notDamage(file, err);
  }
}

function assemble(db: Db, opts: OpenCacheOptions, recovery: RecoveryReport | null): Cache {
  const changes = new ChangeFeed(db);
  const marks = new MarksRepository(db, opts.clock, changes);
  const ledger = new LedgerRepository(db, opts.clock, changes);
  const office = new OfficeRepository(db, opts.clock, ledger, changes);
  let marked = false;
  const markCorrupt = (reason: string): void => {
    if (marked) return;
    opts.logger.log('error', 'cache reported damaged; it will be rebuilt at next start', { reason });
    try {
      writeFileSync(markerOf(opts.file), `${new Date(opts.clock.now()).toISOString()} ${reason}\n`);
      marked = true;
    } catch (err) {
      opts.logger.log('error', 'the damage marker could not be written', { error: (err as Error).message });
    }
  };
  const manuscripts = new ManuscriptsRepository(db, opts.clock, changes);
  const runs = new RunRecorder(db, opts.clock, manuscripts, marks, ledger, changes);
  const officeRuns = new OfficeRunsRepository(db, office, runs, changes, opts.logger);
  const officeMarks = new OfficeMarksRepository(db, office, marks, changes, opts.logger);
  const decisions = new DecisionsRepository(db, opts.clock, changes);
  const shortlist = new ShortlistRepository(db, opts.clock, ledger, changes, (m, a) => office.journal(m, a));
  const officeDecisions = new OfficeDecisionsRepository(db, opts.clock, office, ledger, decisions, shortlist, changes, opts.logger);
  return {
    db,
    file: opts.file,
    schemaVersion: userVersion(db),
    recovery,
    changes,
    profiles: new SqliteProfilesRepository(db, changes),
    manuscripts,
    runs,
    candidates: new CandidatesRepository(db),
    authors: new AuthorsSeenRepository(db),
    marks,
    groups: new GroupsRepository(db, opts.clock, changes),
    customFields: new CustomFieldsRepository(db, opts.clock, changes),
    journals: new JournalsRepository(db, opts.clock, changes),
    search: new SearchRepository(db),
    webhookLog: new WebhookLogRepository(db, opts.clock, changes),
    cachedReads: new CachedReadsRepository(db, changes),
    ledger,
    decisions,
    shortlist,
    office,
    officeDecisions,
    officeRuns,
    officeMarks,
    markCorrupt,
    noteError(err: unknown): DeskError | null {
      if (isDeskError(err)) return null;
      const code = (err as { code?: unknown } | null)?.code;
      // File-system errors elsewhere (a manuscript the editor picked) are not the cache's, except a full disk.
      if (typeof code !== 'string' || !(code.startsWith('SQLITE_') || code === 'ENOSPC')) return null;
      const kind = cacheFailureOf(err);
      if (kind === null) return null;
      if (kind === 'corrupt') markCorrupt(`a query failed: ${(err as Error).message}`);
      else opts.logger.log(kind === 'busy' ? 'warn' : 'error', 'cache query failed', { kind, code });
      return cacheFailureError(kind, dirname(opts.file), err);
    },
    ...durability(db, opts.file, opts.syncFile, opts.logger),
    close() {
      if (db.open) db.close();
    },
  };
}

const pendingOf = (file: string): string => `${file}.rebuild-pending`;
const buildingOf = (file: string): string => `${file}.rebuilding`;

function removeDb(file: string): void {
  for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) rmSync(f, { force: true });
}

/**
 * A rebuild a crash interrupted, finished: its record names where the damaged file went. Until the rebuilt
 * file is renamed into place the cache file is either still the damaged one or missing, never half-salvaged.
 */
function resumeRebuild(opts: OpenCacheOptions, migrations: readonly Migration[]): RecoveryReport | null {
  const pending = pendingOf(opts.file);
  if (!existsSync(pending)) return null;
  let record: { movedTo?: unknown; reason?: unknown } = {};
  try {
    record = JSON.parse(readFileSync(pending, 'utf8')) as typeof record;
  } catch {
    // an unreadable record: nothing to resume from
  }
  // only a name this function gives: the damaged file's own folder, next to it
  const movedTo =
    typeof record.movedTo === 'string' &&
    /^\.corrupt-[\w-]+$/.test(record.movedTo.slice(opts.file.length)) &&
    record.movedTo.startsWith(opts.file)
      ? record.movedTo
      : null;
  const reason = typeof record.reason === 'string' ? record.reason : 'an earlier rebuild was interrupted';
  const moved = movedTo !== null && existsSync(movedTo);
  const inPlace = existsSync(opts.file);
  // Moved and not yet rebuilt, or about to be moved: the rebuild runs again. Both there: only this record was left.
  if (movedTo !== null && moved !== inPlace) {
    opts.logger.log('warn', 'finishing a cache rebuild that was interrupted', { movedTo });
    return rebuild(opts, migrations, reason, movedTo);
  }
  rmSync(pending, { force: true });
  return null;
}

/**
 * Moves the damaged file aside (with its WAL, so committed writes in it stay readable) and rebuilds it in a
 * file of its own, renamed into place once complete. `resumeTo`: an interrupted rebuild's destination.
 */
function rebuild(opts: OpenCacheOptions, migrations: readonly Migration[], reason: string, resumeTo?: string): RecoveryReport {
  const stamp = new Date(opts.clock.now()).toISOString().replace(/[:.]/g, '-');
  const movedTo = resumeTo ?? `${opts.file}.corrupt-${stamp}`;
  const building = buildingOf(opts.file);
  try {
    removeDb(building);
    writeFileSync(pendingOf(opts.file), JSON.stringify({ movedTo, reason }));
    if (existsSync(opts.file)) {
      renameSync(opts.file, movedTo);
      for (const suffix of ['-wal', '-shm']) {
        if (existsSync(opts.file + suffix)) renameSync(opts.file + suffix, movedTo + suffix);
      }
    }
  } catch (err) {
    throw unwritableError(dirname(opts.file), err);
  }
  opts.logger.log('error', 'cache damaged: moved aside and rebuilt', { reason, movedTo });

  const report: RecoveryReport = {
    reason,
    movedTo,
    fromVersion: null,
    kept: {},
    lost: [],
    outboxKept: false,
    queued: { kept: 0, lost: null },
  };
  const p = probe(movedTo);
  const db = new Database(building);
  try {
    configure(db);
    if (!p.ok || p.version < 1 || p.version > migrations.length) {
      report.lost.push({ table: '*', rows: null, error: p.ok ? `unexpected schema version ${p.version}` : p.error });
      migrate(db, migrations, opts.logger);
    } else {
      report.fromVersion = p.version;
      // Same schema as the damaged file, so rows copy column for column; then the remaining steps.
      migrate(db, migrations, opts.logger, p.version);
      salvage(db, movedTo, report);
      migrate(db, migrations, opts.logger);
      const outboxLost = report.lost.filter((l) => l.table === 'outbox');
      report.queued = {
        kept: db.prepare<[], { n: number }>("SELECT count(*) AS n FROM outbox WHERE state <> 'done'").get()!.n,
        lost: outboxLost.some((l) => l.rows === null) ? null : outboxLost.reduce((n, l) => n + (l.rows ?? 0), 0),
      };
    }
    // every page in the file itself, so the rename below moves all of it
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  try {
    rmSync(`${building}-wal`, { force: true });
    rmSync(`${building}-shm`, { force: true });
    renameSync(building, opts.file);
    rmSync(pendingOf(opts.file), { force: true });
    rmSync(markerOf(opts.file), { force: true });
  } catch (err) {
    throw unwritableError(dirname(opts.file), err);
  }
  opts.logger.log('warn', 'cache salvage finished', {
    kept: report.kept,
    lost: report.lost,
    outboxKept: report.outboxKept,
    queued: report.queued,
  });
  return report;
}

function salvage(db: Db, damaged: string, report: RecoveryReport): void {
  db.pragma('foreign_keys = OFF');
  db.prepare('ATTACH DATABASE ? AS old').run(damaged);
  try {
    const tables = db
      .prepare<[], { name: string; sql: string }>(
        `SELECT name, sql FROM main.sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'
         AND name NOT LIKE '%_fts_%'`,
      )
      .all()
      .map((t) => t.name)
      .sort((a, b) => rankOf(a) - rankOf(b));
    for (const table of tables) copyTable(db, table, report);
    // Rows whose parent could not be read (e.g. candidates of a lost run) are dropped and counted.
    const byTable = new Map<string, number>();
    const dropped = (table: string, n: number): void => {
      if (n === 0) return;
      byTable.set(table, (byTable.get(table) ?? 0) + n);
      report.kept[table] = (report.kept[table] ?? 0) - n;
    };
    // Tables keyed without rowid hang off manuscripts: drop the rows whose manuscript was lost.
    for (const table of ['author_manuscripts', 'marks']) {
      dropped(table, db.prepare(`DELETE FROM main."${table}" WHERE manuscript_id NOT IN (SELECT id FROM main.manuscripts)`).run().changes);
    }
    const orphans = db.prepare<[], { table: string; rowid: number | null }>('PRAGMA main.foreign_key_check').all();
    for (const o of orphans) {
      if (o.rowid === null) continue;
      dropped(o.table, db.prepare(`DELETE FROM main."${o.table}" WHERE rowid = ?`).run(o.rowid).changes);
    }
    for (const [table, rows] of byTable) report.lost.push({ table, rows, error: 'its parent row could not be read' });
    report.outboxKept = !report.lost.some((l) => l.table === 'outbox' || l.table === '*');
  } finally {
    db.prepare('DETACH DATABASE old').run();
    db.pragma('foreign_keys = ON');
  }
}

const rankOf = (t: string): number => {
  const i = SALVAGE_FIRST.indexOf(t);
  return i === -1 ? SALVAGE_FIRST.length : i;
};

/** Rowids read in one statement while salvaging a damaged table; a range that fails is retried row by row. */
const SALVAGE_CHUNK = 256;

/**
 * The rowids the damaged table holds, read from one of its full (not partial) indexes: an index scan
 * selecting only the rowid never reads the table's own pages, so it still answers when they are damaged.
 * Null when no such index is readable.
 */
function rowidsFromIndex(db: Db, table: string): number[] | null {
  let indexes: Array<{ name: string }>;
  try {
    indexes = db
      .prepare<[string], { name: string }>(
        "SELECT name FROM old.sqlite_schema WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL AND sql NOT LIKE '% WHERE %'",
      )
      .all(table);
  } catch {
    return null;
  }
  for (const { name } of indexes) {
    try {
      return db
        .prepare<[], { r: number }>(`SELECT rowid AS r FROM old."${table}" INDEXED BY "${name}"`)
        .all()
        .map((x) => x.r)
        .sort((a, b) => a - b);
    } catch {
      // this index is damaged too: try the next
    }
  }
  return null;
}

/** A bound of the table's rowids, or null when the pages holding it cannot be read. */
function rowidBound(db: Db, table: string, fn: 'min' | 'max'): number | null {
  try {
    const v = db.prepare<[], { v: number | null }>(`SELECT ${fn}(rowid) AS v FROM old."${table}"`).get()?.v;
    if (typeof v === 'number') return v;
  } catch {
    // the leftmost or rightmost leaf is damaged
  }
  if (fn === 'min') return 1;
  try {
    // AUTOINCREMENT tables record the largest rowid they gave out
    const v = db.prepare<[string], { v: number }>('SELECT seq AS v FROM old.sqlite_sequence WHERE name = ?').get(table)?.v;
    return typeof v === 'number' ? v : null;
  } catch {
    return null;
  }
}

/**
 * Bulk copy; when the table is damaged, by rowid ranges, and row by row inside a range that fails, so a
 * damaged page loses only the rows on it. Each INSERT is one statement: a failed one copies nothing.
 * The rows lost are counted from an intact index when there is one; otherwise they are the rowids that
 * could not be read (an upper bound: a rowid never used inside a damaged page counts too).
 */
function copyTable(db: Db, table: string, report: RecoveryReport): void {
  try {
    report.kept[table] = db.prepare(`INSERT INTO main."${table}" SELECT * FROM old."${table}"`).run().changes;
    return;
  } catch (err) {
    db.prepare(`DELETE FROM main."${table}"`).run();
    const bulkError = (err as Error).message;
    const known = rowidsFromIndex(db, table);
    const lo = known ? (known[0] ?? null) : rowidBound(db, table, 'min');
    const hi = known ? (known[known.length - 1] ?? null) : rowidBound(db, table, 'max');
    if (known && known.length === 0) {
      report.kept[table] = 0;
      report.lost.push({ table, rows: 0, error: bulkError });
      return;
    }
    if (lo === null || hi === null || hi - lo > 5_000_000) {
      report.kept[table] = 0;
      report.lost.push({ table, rows: known ? known.length : null, error: bulkError });
      return;
    }
    const copyRange = db.prepare(`INSERT INTO main."${table}" SELECT * FROM old."${table}" WHERE rowid BETWEEN ? AND ?`);
    const copyRow = db.prepare(`INSERT INTO main."${table}" SELECT * FROM old."${table}" WHERE rowid = ?`);
    let kept = 0;
    let unreadable = 0;
    for (let from = lo; from <= hi; from += SALVAGE_CHUNK) {
      const to = Math.min(hi, from + SALVAGE_CHUNK - 1);
      try {
        kept += copyRange.run(from, to).changes;
        continue;
      } catch {
        // some page of this range is damaged: the rows one by one
      }
      for (let id = from; id <= to; id++) {
        try {
          kept += copyRow.run(id).changes;
        } catch {
          unreadable++;
        }
      }
    }
    report.kept[table] = kept;
    report.lost.push({ table, rows: known ? Math.max(0, known.length - kept) : unreadable, error: bulkError });
  }
}

export { LATEST_VERSION };
