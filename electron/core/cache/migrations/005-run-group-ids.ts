import type { Migration } from './types';

// The authors groups a run's candidates belong to, stored with the run when it is recorded: the
// candidate table's group filter lists them, and working them out from the candidates' JSON on
// every filter change cost a scan of the whole run. Existing runs are filled in from their candidates.
export const migration005: Migration = {
  version: 5,
  name: 'runs: authors groups of their candidates',
  up(db) {
    db.exec(`
      ALTER TABLE runs ADD COLUMN group_ids_json TEXT NOT NULL DEFAULT '[]';
      UPDATE runs SET group_ids_json = (
        SELECT coalesce(json_group_array(id), '[]') FROM (
          SELECT DISTINCT json_extract(g.value, '$.group_id') AS id
          FROM candidates c, json_each(c.authors_groups_json) AS g
          WHERE c.run_id = runs.id AND json_type(c.authors_groups_json) = 'array'
          ORDER BY id));
    `);
  },
};
