import type { Db } from '../db';

/** Article counts, citation counts, h-index and first/last year of every author, from the corpus. */
export function recomputeAuthorStats(db: Db): void {
  const rows = db
    .prepare(
      `SELECT s.author_id AS author_id, a.cited_by_count AS cites, a.year AS year
       FROM authorships s JOIN articles a ON a.id = s.article_id ORDER BY s.author_id, a.cited_by_count DESC`,
    )
    .raw()
    .all() as Array<[number, number, number]>;
  const update = db.prepare(
    'UPDATE authors SET articles_count = ?, citations_count = ?, h_index = ?, first_year = ?, last_year = ? WHERE id = ?',
  );
  let current = -1,
    count = 0,
    cites = 0,
    h = 0,
    first = Infinity,
    last = -Infinity;
  const flush = () => {
    if (current >= 0) update.run(count, cites, h, Number.isFinite(first) ? first : null, Number.isFinite(last) ? last : null, current);
  };
  for (const [author, c, year] of rows) {
    if (author !== current) {
      flush();
      current = author;
      count = 0;
      cites = 0;
      h = 0;
      first = Infinity;
      last = -Infinity;
    }
    count++;
    cites += c;
    if (c >= count) h = count; // rows arrive by citations descending
    first = Math.min(first, year);
    last = Math.max(last, year);
  }
  flush();
}
