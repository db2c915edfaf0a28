import type { Database } from 'better-sqlite3';
import type { JournalsCorpus, RecommendJournalsResponse, RelevantArticle } from '../../common/service';
import type { Clock } from '../ports';
import { fromJson, insertInto, toJson } from './sql';
import type { JournalRecommendation } from './types';
import type { ChangeFeed } from './changes';

interface JournalDbRow {
  rank: number;
  journal_id: number;
  title: string;
  score: number | null;
  publisher_name: string | null;
  folder_id: number | null;
  folder_name: string | null;
  relevant_articles_json: string;
}

/** Journal recommendations per manuscript and corpus (§4.7); the latest answer replaces the previous. */
export class JournalsRepository {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly changes: ChangeFeed,
  ) {}

  save(manuscriptId: number, corpus: JournalsCorpus, response: RecommendJournalsResponse, raw: unknown): void {
    const rawJournals = (raw as { recommended_journals?: unknown[] } | null)?.recommended_journals;
    this.changes.transaction(() => {
      this.db.prepare('DELETE FROM journal_recommendations WHERE manuscript_id = ? AND corpus = ?').run(manuscriptId, corpus);
      const { id } = this.db
        .prepare<[{ manuscript_id: number; corpus: JournalsCorpus; fetched_at: number; raw_json: string }], { id: number }>(
          `${insertInto('journal_recommendations', ['manuscript_id', 'corpus', 'fetched_at', 'raw_json'])} RETURNING id`,
        )
        .get({ manuscript_id: manuscriptId, corpus, fetched_at: this.clock.now(), raw_json: toJson(raw ?? response) })!;
      const insert = this.db.prepare(
        insertInto('recommended_journals', [
          'recommendation_id',
          'rank',
          'journal_id',
          'title',
          'score',
          'publisher_name',
          'folder_id',
          'folder_name',
          'relevant_articles_json',
          'raw_json',
        ]),
      );
      response.recommended_journals.forEach((j, rank) => {
        insert.run({
          recommendation_id: id,
          rank,
          journal_id: j.id,
          title: j.title,
          score: j.score,
          publisher_name: j.publisher_name,
          folder_id: j.folder_id,
          folder_name: j.folder_name,
          relevant_articles_json: toJson(j.relevant_articles),
          raw_json: toJson(rawJournals?.[rank] ?? j),
        });
      });
      this.changes.note('journals', manuscriptId);
    });
  }

  get(manuscriptId: number, corpus: JournalsCorpus): JournalRecommendation | undefined {
    const rec = this.db
      .prepare<[number, string], { id: number; fetched_at: number }>(
        'SELECT id, fetched_at FROM journal_recommendations WHERE manuscript_id = ? AND corpus = ?',
      )
      .get(manuscriptId, corpus);
    if (!rec) return undefined;
    const journals = this.db
      .prepare<[number], JournalDbRow>('SELECT * FROM recommended_journals WHERE recommendation_id = ? ORDER BY rank')
      .all(rec.id)
      .map((r) => ({
        rank: r.rank,
        journalId: r.journal_id,
        title: r.title,
        score: r.score,
        publisherName: r.publisher_name,
        folderId: r.folder_id,
        folderName: r.folder_name,
        relevantArticles: fromJson<RelevantArticle[]>(r.relevant_articles_json, []),
      }));
    return { manuscriptId, corpus, fetchedAt: rec.fetched_at, journals };
  }
}
