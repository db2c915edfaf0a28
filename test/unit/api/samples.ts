// Response bodies shaped like the spec's examples (../shared/seed §2, §4), with extra fields the
// client must keep.
export const CF_NUMBER = '3f1c9a4e-0b7d-4c2a-9e61-5d8f2a7b1c03';
export const CF_MULTI = '9b2e7d10-6a4f-4f8e-8c3d-1e5a9f0b7c22';

export const authorBody = {
  name: 'Maria Rossi',
  emails: ['m.rossi@example.org'],
  orcids: null,
  articles: ['10.1000/xyz123'],
  affiliations: ['University of Bologna, Bologna, Italy'],
  [CF_NUMBER]: 4.0,
  [CF_MULTI]: ['opt-a', 'opt-b'],
  author: {
    id: 77,
    prophy_url: 'https://example.org/author/77',
    name: 'Maria Rossi',
    articles_count: 42,
    h_index: 12,
    last_articles: [{ prophy_url: 'https://example.org/a/1', title: 'On referees', year: 2024, doi: '10.1/2' }],
  },
  created_by_service_version: 'x9',
};

export const candidate = {
  name: 'Jan Novak',
  first_name: 'Jan',
  last_name: 'Novak',
  middle_name: null,
  suffix: null,
  author_id: 501,
  email: null,
  orcid: '0000-0002-1825-0097',
  affiliation: 'Charles University',
  articlesCount: 31,
  citationsCount: 980,
  hIndex: 14,
  score: 0.87,
  url: 'https://example.org/author/501',
  relevant_concepts: ['peer review'],
  authors_groups: [{ group_id: 3, client_id: null }],
  marked: false,
  coauth_conflicts: { exists: false },
  aff_conflicts: { exists: true, detail: 'same department' },
  retracted_articles: { exists: false },
  referenced_articles: { exists: true },
  external_coi: { exists: false },
  shiny_new_field: 1,
};

export const uploadBody = {
  version: 6,
  manuscript_id: 9001,
  origin_id: 'MS-1',
  candidates: [candidate],
  authors_groups_settings: { authors_groups: [{ id: 3, name: 'Board', label: null }], effect: 'boost', boost_multiplier: 1.5 },
  debug_info: {
    source_file: 'ms.pdf',
    parsed_text_len: 1200,
    parsed_references: 4,
    extracted_concepts: 9,
    authors_info: { authors_count: 2, emails_count: 1, orcids_count: 0 },
  },
};

export const journalsBody = {
  recommended_journals: [
    {
      id: 1,
      title: 'Journal of Tests',
      score: 0.9,
      publisher_name: null,
      folder_id: null,
      folder_name: null,
      relevant_articles: [{ id: 5, title: 'A', year: 2020 }],
    },
  ],
};

export const customFieldsBody = {
  author_from_group: [{ api_id: CF_NUMBER, data_kind: 'number', name: 'Reviews done', description: null }],
  folder: [],
  proposal: [
    { api_id: CF_MULTI, data_kind: 'multi_option', name: 'Topics', description: 'x', options: [{ api_id: 'opt-a', option: 'A' }] },
  ],
};
