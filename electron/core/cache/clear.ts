import type { Database } from 'better-sqlite3';
import type { CacheClearView } from '../../common/shapes';
import type { ChangeFeed } from './changes';

// Manuscripts of the profile whose runs go: those with no upload waiting in the outbox (queued,
// being sent or parked). A manuscript with one keeps its runs: discarding the upload gives the
// manuscript back the form of its last run, and a finished upload numbers its run after them.
const CLEARED = `
  SELECT m.id FROM manuscripts m
  WHERE m.profile_id = @p AND m.sync_state = 'synced'
    AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.profile_id = @p AND o.kind = 'upload' AND o.state <> 'done'
                    AND o.entity_key = 'manuscript:' || m.origin_id)`;
const GROUPS = 'SELECT id FROM authors_groups WHERE profile_id = @p';
// Authors from groups with nothing waiting to be sent, whose service answer (linked author, raw
// JSON) is cached: the editor's own records (client ids and values) stay, the answer is read again.
const FETCHED_AUTHORS =
  `group_id IN (${GROUPS}) AND sync_state = 'synced' AND (fetched_at IS NOT NULL OR ` +
  `linked_author_json IS NOT NULL OR raw_json IS NOT NULL)`;
const UNLINKED_AUTHORS = `profile_id = @p AND NOT EXISTS (SELECT 1 FROM author_manuscripts am WHERE am.profile_id = @p AND am.author_id = authors.author_id)`;

/**
 * Drops what the app read from the service for one profile — upload runs with their candidates,
 * journal recommendations, custom fields, people seen as candidates, authors-from-group details —
 * and keeps what the service cannot give back or a queued write needs: profiles, the outbox,
 * manuscripts (with their files and marks), folders, authors groups and their authors' client ids
 * and values, and the webhook history. See docs/cache.md.
 */
export class CachedReadsRepository {
  constructor(
    private readonly db: Database,
    private readonly changes: ChangeFeed,
  ) {}

  /** What clear() would drop and keep, changing nothing. */
  preview(profileId: string): CacheClearView {
    const p = { p: profileId };
    const count = (sql: string): number => this.db.prepare<[{ p: string }], { n: number }>(`SELECT count(*) AS n FROM ${sql}`).get(p)!.n;
    // Authors whose every link is to a cleared manuscript (counted before anything changes).
    const unlinkedAfter = count(`authors WHERE profile_id = @p AND NOT EXISTS (
        SELECT 1 FROM author_manuscripts am WHERE am.profile_id = @p AND am.author_id = authors.author_id AND am.manuscript_id NOT IN (${CLEARED}))`);
    return {
      preview: true,
      removed: {
        runs: count(`runs WHERE manuscript_id IN (${CLEARED})`),
        candidates: count(`candidates WHERE run_id IN (SELECT id FROM runs WHERE manuscript_id IN (${CLEARED}))`),
        journalLists: count('journal_recommendations WHERE manuscript_id IN (SELECT id FROM manuscripts WHERE profile_id = @p)'),
        customFields: count('custom_fields WHERE profile_id = @p'),
        authorsSeen: unlinkedAfter,
        groupAuthorDetails: count(`group_authors WHERE ${FETCHED_AUTHORS}`),
      },
      kept: {
        pendingWrites: count("outbox WHERE profile_id = @p AND state <> 'done'"),
        manuscripts: count('manuscripts WHERE profile_id = @p') - count(`(${CLEARED})`),
      },
    };
  }

  /** Drops the profile's cached reads in one transaction; returns what was dropped and kept. */
  clear(profileId: string): CacheClearView {
    return this.changes.transaction((): CacheClearView => {
      const result = { ...this.preview(profileId), preview: false };
      const p = { p: profileId };
      const run = (sql: string): void => void this.db.prepare<[{ p: string }]>(sql).run(p);
      run(`DELETE FROM author_manuscripts WHERE profile_id = @p AND manuscript_id IN (${CLEARED})`);
      run(`UPDATE manuscripts SET last_run_id = NULL WHERE id IN (${CLEARED})`);
      // Candidates, groups settings and debug info go with their run (ON DELETE CASCADE).
      run(`DELETE FROM runs WHERE manuscript_id IN (${CLEARED})`);
      run(`DELETE FROM authors WHERE ${UNLINKED_AUTHORS}`);
      run(`UPDATE authors SET suggestions_count = (SELECT count(*) FROM author_manuscripts am WHERE am.profile_id = @p AND am.author_id = authors.author_id)
           WHERE profile_id = @p`);
      run('DELETE FROM journal_recommendations WHERE manuscript_id IN (SELECT id FROM manuscripts WHERE profile_id = @p)');
      run('DELETE FROM custom_fields WHERE profile_id = @p');
      run(
        `UPDATE group_authors SET linked_author_id = NULL, linked_author_json = NULL, raw_json = NULL, fetched_at = NULL WHERE ${FETCHED_AUTHORS}`,
      );
      for (const topic of ['manuscripts', 'candidates', 'journals', 'groups', 'authors', 'customFields'] as const) this.changes.note(topic);
      return result;
    });
  }
}
