import type { Migration } from './types';

// Full-text search (FTS5, external content: the text lives once, in the base tables) over
// manuscripts (title, abstract, author names), people seen as candidates (name, affiliation,
// concepts) and authors from groups (name, affiliations). Triggers keep the indexes in step.
const TOKENIZE = `tokenize = "unicode61 remove_diacritics 2", prefix = '2 3'`;

function ftsTable(table: string, columns: string[]): string {
  const cols = columns.join(', ');
  const newCols = columns.map((c) => `new.${c}`).join(', ');
  const oldCols = columns.map((c) => `old.${c}`).join(', ');
  return `
    CREATE VIRTUAL TABLE ${table}_fts USING fts5(${cols}, content = '${table}', content_rowid = 'id', ${TOKENIZE});
    CREATE TRIGGER ${table}_fts_insert AFTER INSERT ON ${table} BEGIN
      INSERT INTO ${table}_fts(rowid, ${cols}) VALUES (new.id, ${newCols});
    END;
    CREATE TRIGGER ${table}_fts_delete AFTER DELETE ON ${table} BEGIN
      INSERT INTO ${table}_fts(${table}_fts, rowid, ${cols}) VALUES ('delete', old.id, ${oldCols});
    END;
    CREATE TRIGGER ${table}_fts_update AFTER UPDATE OF ${cols} ON ${table} BEGIN
      INSERT INTO ${table}_fts(${table}_fts, rowid, ${cols}) VALUES ('delete', old.id, ${oldCols});
      INSERT INTO ${table}_fts(rowid, ${cols}) VALUES (new.id, ${newCols});
    END;
    INSERT INTO ${table}_fts(${table}_fts) VALUES ('rebuild');
  `;
}

export const migration002: Migration = {
  version: 2,
  name: 'full-text search over manuscripts, candidate authors and authors from groups',
  up(db) {
    db.exec(
      ftsTable('manuscripts', ['title', 'abstract', 'authors_text']) +
        ftsTable('authors', ['name', 'affiliation', 'concepts']) +
        ftsTable('group_authors', ['name', 'affiliations_json']),
    );
  },
};
