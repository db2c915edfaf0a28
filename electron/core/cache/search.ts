import type { Database } from 'better-sqlite3';
import { AUTHOR_COLUMNS, toAuthorSeen } from './authors';
import { ftsQuery } from './sql';
import type { AuthorSeenRow, SearchHit } from './types';

/**
 * Above this many matches a query is too broad to rank (bm25 scores every match: ~10 ms per
 * 5,000 rows); its most recently stored matches are listed instead, which FTS5 reads in rowid
 * order without scoring. Broad queries are the first letters typed; the next letter narrows them.
 */
export const RANK_LIMIT = 500;

/** Full-text search (FTS5, prefix matching) within one profile: best match first, or newest first for broad queries. */
export class SearchRepository {
  constructor(private readonly db: Database) {}

  private broad(fts: string, q: string): boolean {
    const n = this.db
      .prepare<[string, number], { n: number }>(`SELECT count(*) AS n FROM (SELECT 1 FROM ${fts} WHERE ${fts} MATCH ? LIMIT ?)`)
      .get(q, RANK_LIMIT + 1)!.n;
    return n > RANK_LIMIT;
  }

  /** Manuscripts by title, abstract or author names. */
  manuscripts(profileId: string, text: string, limit = 20): SearchHit[] {
    const q = ftsQuery(text);
    if (q === null) return [];
    const order = this.broad('manuscripts_fts', q) ? 'manuscripts_fts.rowid DESC' : 'bm25(manuscripts_fts, 5.0, 1.0, 2.0)';
    return this.db
      .prepare<[string, string, number], SearchHit>(
        `SELECT m.id AS id, m.title AS title, snippet(manuscripts_fts, -1, '[', ']', '…', 12) AS snippet
         FROM manuscripts_fts JOIN manuscripts m ON m.id = manuscripts_fts.rowid
         WHERE manuscripts_fts MATCH ? AND m.profile_id = ? ORDER BY ${order} LIMIT ?`,
      )
      .all(q, profileId, limit);
  }

  /** People seen as candidates, by name, affiliation or concepts. */
  authors(profileId: string, text: string, limit = 20): AuthorSeenRow[] {
    const q = ftsQuery(text);
    if (q === null) return [];
    const order = this.broad('authors_fts', q) ? 'authors_fts.rowid DESC' : 'bm25(authors_fts, 5.0, 2.0, 1.0)';
    return this.db
      .prepare<[string, string, number], Parameters<typeof toAuthorSeen>[0]>(
        `SELECT ${AUTHOR_COLUMNS.split(',')
          .map((c) => `a.${c.trim()}`)
          .join(', ')}
         FROM authors_fts JOIN authors a ON a.id = authors_fts.rowid
         WHERE authors_fts MATCH ? AND a.profile_id = ? ORDER BY ${order} LIMIT ?`,
      )
      .all(q, profileId, limit)
      .map(toAuthorSeen);
  }

  /** Authors from groups, by name or affiliations. */
  groupAuthors(profileId: string, text: string, limit = 20): Array<{ groupId: number; clientId: string; name: string | null }> {
    const q = ftsQuery(text);
    if (q === null) return [];
    const order = this.broad('group_authors_fts', q) ? 'group_authors_fts.rowid DESC' : 'bm25(group_authors_fts)';
    return this.db
      .prepare<[string, string, number], { groupId: number; clientId: string; name: string | null }>(
        `SELECT ga.group_id AS groupId, ga.client_id AS clientId, ga.name AS name
         FROM group_authors_fts JOIN group_authors ga ON ga.id = group_authors_fts.rowid
         JOIN authors_groups g ON g.id = ga.group_id
         WHERE group_authors_fts MATCH ? AND g.profile_id = ? ORDER BY ${order} LIMIT ?`,
      )
      .all(q, profileId, limit);
  }
}
