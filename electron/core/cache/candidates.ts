import type { Database, Statement } from 'better-sqlite3';
import type { CandidateGroupRef, ConflictKey } from '../../common/service';
import { defaultSortDir } from '../../common/domain/candidates';
import { countriesIn, countryOf } from '../../common/domain/countries';
import type { FatigueSettings } from '../../common/domain/shortlist';
import { notOpposedFilter } from './decisions';
import { candidateLedgerFilters } from './ledger';
import { asBool, fromJson, statementCache } from './sql';
import { STORED_FIELDS } from './candidate-fields';
import type { CandidateQuery } from '../../common/contract';
import { CANDIDATE_SORT_KEYS } from '../../common/shapes';
import { CONFLICT_BITS, type CandidatePage, type CandidateRow, type CandidateSortKey, type RunComparison } from './types';

/** The fields of CandidateRow the table stores in a form of its own: JSON text, 0/1, a column per conflict flag. */
type Encoded = 'relevantConcepts' | 'authorsGroups' | 'marked' | 'markedBy' | 'conflicts';

/**
 * The column of every other field of CandidateRow: the service's plain fields as STORED_FIELDS names them (so a
 * field added to candidateBaseShape is read once its column exists), and what the cache adds.
 */
const COLUMN = {
  id: 'id',
  runId: 'run_id',
  rank: 'rank',
  conflictMask: 'conflicts',
  conflictCount: 'conflict_count',
  ...Object.fromEntries(STORED_FIELDS.map((f) => [f.field, f.column])),
} as Record<Exclude<keyof CandidateRow, Encoded>, string>;

/** The column of each v6 conflict flag (1, 0, or NULL when the response did not carry it). */
const CONFLICT_COLUMN = {
  coauth_conflicts: 'coauth_conflict',
  aff_conflicts: 'aff_conflict',
  retracted_articles: 'retracted_articles',
  referenced_articles: 'referenced_articles',
  external_coi: 'external_coi',
} as const satisfies Record<ConflictKey, string>;

/** A row as the SELECT below returns it: the plain fields already under the row's names, the rest encoded. */
type CandidateDbRow = Pick<CandidateRow, keyof typeof COLUMN> & {
  concepts_json: string;
  authors_groups_json: string;
  marked: number;
  marked_by: string | null;
} & Record<ConflictKey, number | null>;

/** The select list, generated from the two maps (`run_id AS runId`, …). */
const COLUMNS = [
  ...Object.entries(COLUMN).map(([field, column]) => (field === column ? column : `${column} AS ${field}`)),
  'concepts_json',
  'authors_groups_json',
  'marked',
  // Who marked a marked person: the mark of the run's manuscript (read only for the rows a page returns).
  `CASE WHEN marked THEN (SELECT mk.marked_by FROM marks mk WHERE mk.author_id = candidates.author_id
     AND mk.manuscript_id = (SELECT r.manuscript_id FROM runs r WHERE r.id = candidates.run_id)) END AS marked_by`,
  ...Object.entries(CONFLICT_COLUMN).map(([key, column]) => (key === column ? column : `${column} AS ${key}`)),
].join(', ');

/** Sort expressions of the keys that are not a stored field's own column; empty values (NULL) always sort last. */
const SORT_SQL: Partial<Record<CandidateSortKey, string[]>> = {
  rank: ['rank'],
  citations: ['citations_count'],
  articles: ['articles_count'],
  name: ['last_name COLLATE NOCASE', 'name COLLATE NOCASE'],
  conflicts: ['conflict_count'],
  affiliation: ['affiliation COLLATE NOCASE'],
  email: ['email COLLATE NOCASE'],
  groups: ['coalesce(json_array_length(authors_groups_json), 0)'],
  marked: ['marked'],
};

/** Every sort key's SQL: its own line above, or the column of the stored field it names (`hIndex` → `h_index`). */
const SORT_COLUMN = Object.fromEntries(
  CANDIDATE_SORT_KEYS.map((key) => {
    const sql = SORT_SQL[key] ?? STORED_FIELDS.filter((f) => f.field === key).map((f) => f.column);
    if (sql.length === 0) throw new Error(`The candidates' sort key "${key}" is neither a stored field nor in SORT_SQL.`);
    return [key, sql];
  }),
) as Record<CandidateSortKey, string[]>;

const toCandidate = ({
  concepts_json,
  authors_groups_json,
  marked,
  marked_by,
  coauth_conflicts,
  aff_conflicts,
  retracted_articles,
  referenced_articles,
  external_coi,
  ...plain
}: CandidateDbRow): CandidateRow => ({
  ...plain,
  relevantConcepts: fromJson<string[]>(concepts_json, []),
  authorsGroups: fromJson<CandidateGroupRef[]>(authors_groups_json, []),
  marked: marked !== 0,
  ...(marked_by !== null ? { markedBy: marked_by } : {}),
  conflicts: {
    coauth_conflicts: asBool(coauth_conflicts),
    aff_conflicts: asBool(aff_conflicts),
    retracted_articles: asBool(retracted_articles),
    referenced_articles: asBool(referenced_articles),
    external_coi: asBool(external_coi),
  },
});

/** Reads of a run's candidates: filter, sort, paginate, compare two runs, raw JSON on demand. */
export class CandidatesRepository {
  private readonly allOfRun: Statement<[number], CandidateDbRow>;
  private readonly rawStmt: Statement<[number], { raw_json: string }>;
  private readonly runStmt: Statement<[number], { run_id: number }>;
  /** The queries' statements, by their SQL (built from the filters and the sort). */
  private readonly prepared: ReturnType<typeof statementCache>;

  constructor(db: Database) {
    // The country of an affiliation, read at query time from the table in common/domain/countries.json, so a better
    // table reads every cached run anew (nothing to migrate). Memoised: a run repeats its affiliations.
    const seen = new Map<string, string | null>();
    db.function('desk_country', { deterministic: true }, (aff: unknown) => {
      if (typeof aff !== 'string') return null;
      let code = seen.get(aff);
      if (code === undefined) {
        code = countryOf(aff)?.code ?? null;
        if (seen.size > 50_000) seen.clear();
        seen.set(aff, code);
      }
      return code;
    });
    this.prepared = statementCache(db);
    this.allOfRun = db.prepare(`SELECT ${COLUMNS} FROM candidates WHERE run_id = ? ORDER BY rank`);
    this.rawStmt = db.prepare('SELECT raw_json FROM candidates WHERE id = ?');
    this.runStmt = db.prepare('SELECT run_id FROM candidates WHERE id = ?');
  }

  /** Every candidate of a run in the service's order. */
  ofRun(runId: number): CandidateRow[] {
    return this.allOfRun.all(runId).map(toCandidate);
  }

  /** `load` gives the fatigue rule (settings and window start) and today's date (availability) that `hideBusy` applies. */
  query(runId: number, q: CandidateQuery = {}, load?: { since: number; settings: FatigueSettings; today: string }): CandidatePage {
    const where: string[] = ['run_id = ?'];
    const params: unknown[] = [runId];
    const add = (sql: string, ...values: unknown[]): void => {
      where.push(sql);
      params.push(...values);
    };
    if (q.minHIndex !== undefined) add('h_index >= ?', q.minHIndex);
    if (q.maxHIndex !== undefined) add('h_index <= ?', q.maxHIndex);
    if (q.minArticles !== undefined) add('articles_count >= ?', q.minArticles);
    if (q.maxArticles !== undefined) add('articles_count <= ?', q.maxArticles);
    if (q.minCitations !== undefined) add('citations_count >= ?', q.minCitations);
    if (q.maxCitations !== undefined) add('citations_count <= ?', q.maxCitations);
    if (q.minScore !== undefined) add('score >= ?', q.minScore);
    if (q.conflicts === 'none') add('conflicts = 0');
    if (q.conflicts === 'some') add('conflicts <> 0');
    if (q.withoutConflicts && q.withoutConflicts.length > 0) {
      add(
        '(conflicts & ?) = 0',
        q.withoutConflicts.reduce((m, k) => m | CONFLICT_BITS[k], 0),
      );
    }
    if (q.hasEmail !== undefined) add('has_email = ?', q.hasEmail ? 1 : 0);
    if (q.marked !== undefined) add('marked = ?', q.marked ? 1 : 0);
    if (q.inGroup !== undefined) add(`coalesce(json_array_length(authors_groups_json), 0) ${q.inGroup ? '>' : '='} 0`);
    if (q.groupId !== undefined)
      add("EXISTS (SELECT 1 FROM json_each(authors_groups_json) WHERE json_extract(value, '$.group_id') = ?)", q.groupId);
    if (q.text !== undefined && q.text.trim() !== '') {
      const like = `%${q.text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      add(`(name LIKE ? ESCAPE '\\' OR affiliation LIKE ? ESCAPE '\\')`, like, like);
    }
    // Reviewer ledger (shortlist issue): busy people and people worked with before.
    if (q.hideBusy === true && load) add(...candidateLedgerFilters.notBusy(load.since, load.settings, load.today));
    if (q.workedWith === true) add(...candidateLedgerFilters.workedWith());
    // Where people are: only from the countries and regions asked for (an unknown country is then left out), none from the excluded ones.
    const places = (countries: readonly string[] = [], regions: readonly string[] = []) => [
      ...new Set([...countries, ...regions.flatMap(countriesIn)]),
    ];
    if ((q.includeCountries?.length ?? 0) + (q.includeRegions?.length ?? 0) > 0)
      add('desk_country(affiliation) IN (SELECT value FROM json_each(?))', JSON.stringify(places(q.includeCountries, q.includeRegions)));
    if ((q.excludeCountries?.length ?? 0) + (q.excludeRegions?.length ?? 0) > 0)
      add(
        "coalesce(desk_country(affiliation), '') NOT IN (SELECT value FROM json_each(?))",
        JSON.stringify(places(q.excludeCountries, q.excludeRegions)),
      );
    // The authors' opposed reviewers are left out unless the editor asks to see them.
    if (q.showOpposed !== true) add(...notOpposedFilter(runId));
    const sort = q.sort && q.sort.length > 0 ? q.sort : [{ by: 'rank' as const, dir: 'asc' as const }];
    const order = sort
      .map((s) => {
        const dir = (s.dir ?? defaultSortDir(s.by)).toUpperCase();
        return SORT_COLUMN[s.by].map((c) => `${c} ${dir} NULLS LAST`).join(', ');
      })
      .concat('rank ASC')
      .join(', ');
    const whereSql = where.join(' AND ');
    const total = this.prepared<unknown[], { n: number }>(`SELECT count(*) AS n FROM candidates WHERE ${whereSql}`).get(...params)!.n;
    const rows = this.prepared<unknown[], CandidateDbRow>(
      `SELECT ${COLUMNS} FROM candidates WHERE ${whereSql} ORDER BY ${order} LIMIT ? OFFSET ?`,
    )
      .all(...params, q.limit ?? -1, q.offset ?? 0)
      .map(toCandidate);
    return { rows, total };
  }

  /** The run a candidate belongs to (to check its profile before showing its detail), or undefined. */
  runOf(candidateId: number): number | undefined {
    return this.runStmt.get(candidateId)?.run_id;
  }

  /** The candidate object exactly as the service sent it. */
  raw(candidateId: number): unknown {
    const r = this.rawStmt.get(candidateId);
    return r ? JSON.parse(r.raw_json) : undefined;
  }

  /** What changed between two runs of a manuscript, by author_id: new, dropped and re-ranked candidates. */
  compareRuns(fromRunId: number, toRunId: number): RunComparison {
    const before = new Map(this.ofRun(fromRunId).map((c) => [c.authorId, c]));
    const after = this.ofRun(toRunId);
    const afterIds = new Set(after.map((c) => c.authorId));
    const result: RunComparison = { fromRunId, toRunId, added: [], dropped: [], moved: [], unchanged: 0 };
    for (const c of after) {
      const old = before.get(c.authorId);
      if (!old) result.added.push(c);
      else if (old.rank !== c.rank)
        result.moved.push({
          authorId: c.authorId,
          name: c.name,
          affiliation: c.affiliation,
          fromRank: old.rank,
          toRank: c.rank,
          delta: old.rank - c.rank,
          fromScore: old.score,
          toScore: c.score,
        });
      else result.unchanged++;
    }
    for (const c of before.values()) if (!afterIds.has(c.authorId)) result.dropped.push(c);
    return result;
  }
}
