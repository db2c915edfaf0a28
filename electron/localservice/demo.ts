// The demo organization created on first start: every plan feature, teams, custom fields of every
// kind and scope, an authors group of corpus authors highlighted in folder DEMO, journals linked.
import type { OrgConfig } from './config';
import type { Corpus } from './corpus/model';
import type { Db } from './db';
import { nowIso } from './db';
import { createOrg, folderId, linkedAuthor } from './store';

function id(n: number): string {
  return `5a1d0000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}
const options = (base: number, names: string[]) => names.map((option, i) => ({ api_id: id(base + i + 1), option }));

export const DEMO_ORG: OrgConfig = {
  name: 'Demo Organization',
  features: { authors_groups: true, referee_finder: true, recommend_journals: true },
  teams: ['Editorial Office', 'Section Editors', 'Reviewer Pool'],
  // Fixed api_ids so the examples in docs/sandbox.md work as printed.
  custom_fields: [
    {
      api_id: id(1),
      scope: 'author_from_group',
      data_kind: 'number',
      name: 'Reviews completed',
      description: 'Reviews done for the journal',
    },
    { api_id: id(2), scope: 'author_from_group', data_kind: 'str', name: 'Notes', description: null },
    {
      api_id: id(3),
      scope: 'author_from_group',
      data_kind: 'date',
      name: 'Last invited',
      description: 'Date of the last review invitation',
    },
    {
      api_id: id(4),
      scope: 'author_from_group',
      data_kind: 'single_option',
      name: 'Availability',
      options: options(40, ['Available', 'Busy', 'On leave']),
    },
    {
      api_id: id(5),
      scope: 'author_from_group',
      data_kind: 'multi_option',
      name: 'Expertise',
      options: options(50, ['Methods', 'Statistics', 'Clinical', 'Theory']),
    },
    { api_id: id(6), scope: 'folder', data_kind: 'str', name: 'Journal code', description: 'Code of the journal the folder serves' },
    {
      api_id: id(7),
      scope: 'folder',
      data_kind: 'single_option',
      name: 'Review model',
      options: options(70, ['Single-blind', 'Double-blind', 'Open']),
    },
    {
      api_id: id(8),
      scope: 'proposal',
      data_kind: 'single_option',
      name: 'Manuscript type',
      options: options(80, ['Research article', 'Review', 'Short communication']),
    },
    { api_id: id(9), scope: 'proposal', data_kind: 'date', name: 'Received', description: null },
  ],
};

export function createDemoOrg(db: Db, corpus: Corpus, overrides: Partial<OrgConfig>): number {
  const org = createOrg(db, { ...DEMO_ORG, ...overrides, features: { ...DEMO_ORG.features, ...overrides.features } });
  if (!(org.feature_authors_groups && corpus.authors.size)) return org.id;
  const group = Number(
    db
      .prepare('INSERT INTO authors_groups (org_id, name, owner_team, editor_teams, viewer_teams, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(org.id, 'Editorial board', 'Editorial Office', JSON.stringify(['Section Editors']), JSON.stringify([]), nowIso())
      .lastInsertRowid,
  );
  const board = [...corpus.authors.values()]
    .filter((a) => a.email)
    .sort((a, b) => b.h_index - a.h_index || a.id - b.id)
    .slice(0, 8);
  board.forEach((a, i) => {
    const record = {
      name: corpus.authorName(a),
      emails: [a.email!],
      orcids: a.orcid ? [a.orcid] : null,
      articles: null,
      affiliations: null,
      custom: {},
    };
    db.prepare('INSERT INTO group_authors (group_id, client_id, record, author_id, updated_at) VALUES (?, ?, ?, ?, ?)').run(
      group,
      `board-${i + 1}`,
      JSON.stringify(record),
      linkedAuthor(corpus, record),
      nowIso(),
    );
  });
  const folder = folderId(db, org.id, 'DEMO');
  db.prepare('UPDATE folders SET rf_settings = ? WHERE id = ?').run(
    JSON.stringify({ authors_groups: [{ id: group, label: 'Board' }], effect: 'highlight' }),
    folder,
  );
  const journals = [...corpus.journals.keys()].filter((_, i) => i % 7 === 0).slice(0, 6);
  for (const j of journals) db.prepare('INSERT INTO folder_journals (folder_id, journal_id) VALUES (?, ?)').run(folder, j);
  return org.id;
}
