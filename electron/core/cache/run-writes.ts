// The bulk writes of an upload's answer: its candidate rows (staging) and, once the run is committed, its
// author records, manuscript links and reviewer-ledger first suggestions (linking). The same code runs on
// the main thread (ManuscriptsRepository, when the run writer is not running) and in the run writer's
// worker thread (run-writer-worker.ts) on a connection of its own, so both paths write the same rows.
import type { Database, Statement } from 'better-sqlite3';
import type { Candidate, UploadResponse } from '../../common/service';
import { CONFLICT_KEYS } from '../../common/service/conflict-keys';
import type { Clock } from '../ports';
import type { LedgerCandidate, LedgerRepository } from './ledger';
import { bool, fromJson, insertInto, keepWhenNull, toJson } from './sql';
import { CONFLICT_BITS } from './types';
import { STORED_FIELDS } from './candidate-fields';

/** Most candidates per chunk when a run is staged or linked (each chunk is one transaction). */
export const RUN_CHUNK = 250;
/** A chunk also ends when it has taken this long, so a slice of the main thread stays inside 16 ms on a busy machine. */
export const SLICE_MS = 6;

/** Which run candidate rows belong to. */
export interface RunTarget {
  readonly runId: number;
  readonly profileId: string;
}

/**
 * What the main thread needs of an upload answer to write its run row and commit it: everything but the
 * candidates, which stay where the answer was read (the run writer) until they are written.
 */
export interface RunHead {
  readonly version: UploadResponse['version'];
  /** The service's id of the manuscript. */
  readonly manuscriptId: number;
  readonly settings: UploadResponse['authors_groups_settings'];
  readonly debugInfo: UploadResponse['debug_info'];
  /** null: the answer has no candidates (exclude_candidates). */
  readonly candidatesCount: number | null;
  /** The authors groups any candidate belongs to, ascending. */
  readonly groupIds: number[];
  /** The body as the service sent it, the candidates array replaced by its count (runs.raw_json). */
  readonly rawJson: string;
}

/** The raw candidate objects of a response, when `raw` is the body the service sent. */
export function rawCandidates(raw: unknown, expected: number): unknown[] | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const list = (raw as { candidates?: unknown }).candidates;
  return Array.isArray(list) && list.length === expected ? list : null;
}

/** The run's head of an answer (`raw`: the body parsed as JSON, unknown fields included; else the parsed one is kept). */
export function runHead(response: UploadResponse, raw: unknown): RunHead {
  const candidates = response.candidates;
  const body = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : response;
  const { candidates: list, ...rest } = body as Record<string, unknown>;
  return {
    version: response.version,
    manuscriptId: response.manuscript_id,
    settings: response.authors_groups_settings,
    debugInfo: response.debug_info,
    candidatesCount: candidates === null ? null : candidates.length,
    groupIds: [...new Set((candidates ?? []).flatMap((c) => (c.authors_groups ?? []).map((g) => g.group_id)))].sort((a, b) => a - b),
    rawJson: toJson({ ...rest, candidates: Array.isArray(list) ? { count: list.length } : list }),
  };
}

export type LinkCandidate = Pick<
  Candidate,
  'author_id' | 'name' | 'affiliation' | 'email' | 'orcid' | 'url' | 'hIndex' | 'articlesCount' | 'citationsCount' | 'relevant_concepts'
>;

/** What linking needs of a stored candidate row: the candidate's fields under their own names (the SELECT renames
 *  the columns), its concepts as stored. */
type LinkableRow = Omit<LinkCandidate, 'relevant_concepts'> & { rank: number; concepts_json: string | null };

const linkable = ({ rank: _rank, concepts_json, ...fields }: LinkableRow): LinkCandidate => ({
  ...fields,
  relevant_concepts: fromJson<string[]>(concepts_json, []),
});

/** What the cache adds to the service's plain fields or stores in a form of its own (JSON text, 0/1, a flag a column);
 *  the export's columns are domain/candidates.ts's CANDIDATE_COLUMNS. */
const ENCODED_COLUMNS = [
  'run_id',
  'profile_id',
  'rank',
  'concepts_json',
  'authors_groups_json',
  'marked',
  'coauth_conflict',
  'aff_conflict',
  'retracted_articles',
  'referenced_articles',
  'external_coi',
  'conflicts',
  'conflict_count',
  'has_email',
  'raw_json',
] as const;
type EncodedColumns = Record<(typeof ENCODED_COLUMNS)[number], string | number | null>;

/** The candidates table's columns as written, one named parameter a column: the encoded ones and STORED_FIELDS'. */
const CANDIDATE_SQL_COLUMNS = [...ENCODED_COLUMNS, ...STORED_FIELDS.map((f) => f.column)];

/** A row to insert: the encoded columns, checked by the compiler, and STORED_FIELDS' columns, checked at start-up. */
type CandidateDbInsert = EncodedColumns & Record<string, string | number | null>;

const AUTHOR_INSERT = [
  'profile_id',
  'author_id',
  'name',
  'affiliation',
  'email',
  'orcid',
  'url',
  'h_index',
  'articles_count',
  'citations_count',
  'concepts',
  'first_seen_at',
  'last_seen_at',
] as const;

/** How one link slice ended. */
export interface LinkSliceResult {
  /** False when the run has nothing left to link (it is done, or it is not a run being linked). */
  more: boolean;
  /** True when this slice linked the run's last candidates (the ledger changed: note it). */
  finished: boolean;
}

export class RunWrites {
  private readonly insertCandidate: Statement<[CandidateDbInsert]>;
  private readonly upsertAuthor: Statement<[Record<(typeof AUTHOR_INSERT)[number], string | number | null>]>;
  private readonly linkAuthor: Statement<[{ profile_id: string; author_id: number; manuscript_id: number; first_run_id: number }]>;
  private readonly bumpSuggestions: Statement<[string, number]>;
  private readonly setLinksNext: Statement<[number | null, number]>;
  private readonly candidatesFrom: Statement<[number, number, number], LinkableRow>;
  private readonly runToLink: Statement<[number], { profile_id: string; manuscript_id: number; links_next: number | null }>;
  private readonly stagedCount: Statement<[number], number>;

  constructor(
    db: Database,
    private readonly clock: Pick<Clock, 'now'>,
    /** Told which people a run suggests for the first time on its manuscript (reviewer ledger). */
    private readonly ledger: Pick<LedgerRepository, 'recordSuggested'>,
  ) {
    this.insertCandidate = db.prepare(insertInto('candidates', CANDIDATE_SQL_COLUMNS));
    this.upsertAuthor = db.prepare(
      insertInto('authors', AUTHOR_INSERT, {
        target: ['profile_id', 'author_id'],
        set: [
          'name',
          'affiliation',
          keepWhenNull('email'),
          keepWhenNull('orcid'),
          'url',
          'h_index',
          'articles_count',
          'citations_count',
          'concepts',
          'last_seen_at',
        ],
      }),
    );
    this.linkAuthor = db.prepare(insertInto('author_manuscripts', ['profile_id', 'author_id', 'manuscript_id', 'first_run_id'], 'IGNORE'));
    this.bumpSuggestions = db.prepare(
      'UPDATE authors SET suggestions_count = suggestions_count + 1 WHERE profile_id = ? AND author_id = ?',
    );
    this.setLinksNext = db.prepare('UPDATE runs SET links_next = ? WHERE id = ?');
    this.candidatesFrom = db.prepare(`
      SELECT rank, author_id, name, affiliation, email, orcid, url, h_index AS hIndex, articles_count AS articlesCount,
        citations_count AS citationsCount, concepts_json
      FROM candidates WHERE run_id = ? AND rank >= ? ORDER BY rank LIMIT ?`);
    this.runToLink = db.prepare('SELECT profile_id, manuscript_id, links_next FROM runs WHERE id = ?');
    this.stagedCount = db.prepare<[number], number>('SELECT count(*) FROM candidates WHERE run_id = ?').pluck();
  }

  /** How many candidate rows a staged run has (they are written in rank order: ranks [0, n) are there). */
  staged(runId: number): number {
    return this.stagedCount.get(runId)!;
  }

  /**
   * Candidate rows [from, to) of a run, `list[i]` being rank `offset + i` (its raw JSON `raws[i]`); stops
   * early after `sliceMs` when sliced (at least one row). Returns the next rank.
   */
  insertCandidateRows(
    run: RunTarget,
    list: readonly Candidate[],
    raws: readonly unknown[] | null,
    from: number,
    to: number,
    opts: { offset?: number; sliceMs?: number } = {},
  ): number {
    const offset = opts.offset ?? 0;
    const t0 = performance.now();
    let rank = from;
    for (; rank < to && (opts.sliceMs === undefined || rank === from || performance.now() - t0 < opts.sliceMs); rank++) {
      const c = list[rank - offset]!;
      const flags = CONFLICT_KEYS.map((k) => c[k]);
      let mask = 0;
      let count = 0;
      CONFLICT_KEYS.forEach((k, i) => {
        if (flags[i]?.exists === true) {
          mask |= CONFLICT_BITS[k];
          count++;
        }
      });
      const encoded: EncodedColumns = {
        run_id: run.runId,
        profile_id: run.profileId,
        rank,
        concepts_json: toJson(c.relevant_concepts),
        authors_groups_json: toJson(c.authors_groups),
        marked: c.marked ? 1 : 0,
        coauth_conflict: bool(flags[0]?.exists),
        aff_conflict: bool(flags[1]?.exists),
        retracted_articles: bool(flags[2]?.exists),
        referenced_articles: bool(flags[3]?.exists),
        external_coi: bool(flags[4]?.exists),
        conflicts: mask,
        conflict_count: count,
        has_email: c.email !== null && c.email !== '' ? 1 : 0,
        raw_json: toJson(raws?.[rank - offset] ?? c),
      };
      const row: CandidateDbInsert = { ...encoded };
      for (const f of STORED_FIELDS) row[f.column] = c[f.key] as string | number | null;
      this.insertCandidate.run(row);
    }
    return rank;
  }

  /**
   * One slice of linking a committed run from its candidate rows (call it inside a transaction): at most
   * RUN_CHUNK candidates or `sliceMs`, from runs.links_next, which it moves in the same transaction.
   */
  linkSlice(runId: number, sliceMs: number): LinkSliceResult {
    const run = this.runToLink.get(runId);
    if (!run || run.links_next === null) return { more: false, finished: false };
    const t0 = performance.now();
    const now = this.clock.now();
    let next = run.links_next;
    for (const c of this.candidatesFrom.all(runId, next, RUN_CHUNK)) {
      this.ledger.recordSuggested(this.linkAuthors(run.profile_id, run.manuscript_id, runId, [linkable(c)], now));
      next = c.rank + 1;
      if (performance.now() - t0 >= sliceMs) break;
    }
    const done = next === run.links_next;
    this.setLinksNext.run(done ? null : next, runId);
    return { more: !done, finished: done };
  }

  /** Author records and manuscript links; returns the candidates suggested on this manuscript for the first time. */
  linkAuthors(profileId: string, manuscriptId: number, runId: number, list: readonly LinkCandidate[], now: number): LedgerCandidate[] {
    const firstSuggested: LedgerCandidate[] = [];
    for (const c of list) {
      this.upsertAuthor.run({
        profile_id: profileId,
        author_id: c.author_id,
        name: c.name,
        affiliation: c.affiliation,
        email: c.email,
        orcid: c.orcid,
        url: c.url,
        h_index: c.hIndex,
        articles_count: c.articlesCount,
        citations_count: c.citationsCount,
        concepts: c.relevant_concepts.join(', '),
        first_seen_at: now,
        last_seen_at: now,
      });
      if (
        this.linkAuthor.run({ profile_id: profileId, author_id: c.author_id, manuscript_id: manuscriptId, first_run_id: runId }).changes ===
        1
      ) {
        this.bumpSuggestions.run(profileId, c.author_id);
        firstSuggested.push({ authorId: c.author_id, name: c.name, affiliation: c.affiliation, email: c.email, orcid: c.orcid });
      }
    }
    return firstSuggested;
  }
}
