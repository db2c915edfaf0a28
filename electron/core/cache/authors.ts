import type { Database } from 'better-sqlite3';
import type { AuthorHistory, AuthorSeenRow } from './types';

interface AuthorDbRow {
  author_id: number;
  name: string;
  affiliation: string | null;
  email: string | null;
  orcid: string | null;
  url: string | null;
  h_index: number | null;
  articles_count: number | null;
  citations_count: number | null;
  concepts: string;
  suggestions_count: number;
  marks_count: number;
  first_seen_at: number;
  last_seen_at: number;
}

export const toAuthorSeen = (r: AuthorDbRow): AuthorSeenRow => ({
  authorId: r.author_id,
  name: r.name,
  affiliation: r.affiliation,
  email: r.email,
  orcid: r.orcid,
  url: r.url,
  hIndex: r.h_index,
  articlesCount: r.articles_count,
  citationsCount: r.citations_count,
  concepts: r.concepts,
  suggestionsCount: r.suggestions_count,
  marksCount: r.marks_count,
  firstSeenAt: r.first_seen_at,
  lastSeenAt: r.last_seen_at,
});

export const AUTHOR_COLUMNS = `author_id, name, affiliation, email, orcid, url, h_index, articles_count, citations_count, concepts,
  suggestions_count, marks_count, first_seen_at, last_seen_at`;

/** People seen as candidates across manuscripts (by author_id): how often suggested and marked. */
export class AuthorsSeenRepository {
  constructor(private readonly db: Database) {}

  get(profileId: string, authorId: number): AuthorSeenRow | undefined {
    const r = this.db
      .prepare<[string, number], AuthorDbRow>(`SELECT ${AUTHOR_COLUMNS} FROM authors WHERE profile_id = ? AND author_id = ?`)
      .get(profileId, authorId);
    return r ? toAuthorSeen(r) : undefined;
  }

  /** The author with every manuscript where they were suggested, and whether they are marked there. */
  history(profileId: string, authorId: number): AuthorHistory | undefined {
    const author = this.get(profileId, authorId);
    if (!author) return undefined;
    const manuscripts = this.db
      .prepare<
        [{ p: string; a: number }],
        { manuscript_id: number; origin_id: string; title: string; marked: number; first_run_id: number }
      >(
        `SELECT am.manuscript_id, m.origin_id, m.title, mk.author_id IS NOT NULL AS marked, am.first_run_id
         FROM author_manuscripts am JOIN manuscripts m ON m.id = am.manuscript_id
         LEFT JOIN marks mk ON mk.manuscript_id = am.manuscript_id AND mk.author_id = @a
         WHERE am.profile_id = @p AND am.author_id = @a ORDER BY m.updated_at DESC`,
      )
      .all({ p: profileId, a: authorId })
      .map((r) => ({
        manuscriptId: r.manuscript_id,
        originId: r.origin_id,
        title: r.title,
        marked: r.marked !== 0,
        firstRunId: r.first_run_id,
      }));
    return { ...author, manuscripts };
  }

  /** Most often suggested first. */
  top(profileId: string, opts: { limit?: number; offset?: number } = {}): AuthorSeenRow[] {
    return this.db
      .prepare<[string, number, number], AuthorDbRow>(
        `SELECT ${AUTHOR_COLUMNS} FROM authors WHERE profile_id = ? ORDER BY suggestions_count DESC, author_id LIMIT ? OFFSET ?`,
      )
      .all(profileId, opts.limit ?? 50, opts.offset ?? 0)
      .map(toAuthorSeen);
  }
}
