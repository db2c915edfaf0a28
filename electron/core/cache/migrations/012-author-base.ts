import type { Migration } from './types';

// An author write refused by the service is edited or discarded by the editor; the author's row must
// then show the values the service last knew (plus the writes still waiting), never a refused one.
// `base_json` keeps those values (AuthorValues: name, emails, orcids, articles, affiliations,
// customFields): set by a read of the author and by every write the service accepted. Rows synced
// before this step hold the service's values; rows with a write waiting have no known base.
export const migration012: Migration = {
  version: 12,
  name: 'group_authors: base_json',
  up(db) {
    db.exec(`
      ALTER TABLE group_authors ADD COLUMN base_json TEXT;
      UPDATE group_authors SET base_json = json_object(
          'name', name, 'emails', json(emails_json), 'orcids', json(orcids_json), 'articles', json(articles_json),
          'affiliations', json(affiliations_json), 'customFields', json(custom_json))
        WHERE sync_state = 'synced';
    `);
  },
};
