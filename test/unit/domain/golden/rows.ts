// Candidate rows for the domain tests: a plain one to vary, and the set the export golden files are
// written from (test/unit/domain/candidate-export.test.ts).
import type { CandidateRow, ConflictKey } from '../../../../electron/common/shapes';

const flags = (v: boolean | null): Record<ConflictKey, boolean | null> => ({
  coauth_conflicts: v,
  aff_conflicts: v,
  retracted_articles: v,
  referenced_articles: v,
  external_coi: v,
});

/** A candidate with ordinary values and no conflict; `over` sets what a test needs. */
export function candidateRow(authorId: number, rank: number, over: Partial<CandidateRow> = {}): CandidateRow {
  return {
    id: authorId * 10 + rank,
    runId: 1,
    rank,
    authorId,
    name: `Author ${authorId}`,
    firstName: null,
    lastName: null,
    middleName: null,
    suffix: null,
    email: `a${authorId}@uni.example`,
    orcid: null,
    affiliation: `Uni ${authorId}`,
    articlesCount: 10,
    citationsCount: 100,
    hIndex: 5,
    score: 1 - rank / 100,
    url: null,
    relevantConcepts: [],
    authorsGroups: [],
    marked: false,
    conflicts: flags(false),
    conflictMask: 0,
    conflictCount: 0,
    ...over,
  };
}

/** Candidates that reach every column's edge: empty values, unknown flags, groups, quotes, commas, line breaks. */
export const EXPORT_ROWS: CandidateRow[] = [
  candidateRow(101, 0, {
    name: 'Ada "Countess" Lovelace, FRS',
    firstName: 'Ada',
    lastName: 'Lovelace',
    middleName: 'Augusta',
    suffix: 'FRS',
    email: 'ada@uni.example',
    orcid: '0000-0002-1825-0097',
    affiliation: 'Analytical Engine Society;\nLondon',
    articlesCount: 12,
    citationsCount: 3456,
    hIndex: 9,
    score: 0.987654321,
    url: 'https://example.org/ada?x=1&y=2',
    relevantConcepts: ['engines', 'Bernoulli numbers', 'çà et là'],
    authorsGroups: [
      { group_id: 7, client_id: 'g-7' },
      { group_id: 9, client_id: null },
    ],
    marked: true,
    conflicts: { ...flags(false), coauth_conflicts: true, retracted_articles: null, referenced_articles: true, external_coi: null },
    conflictMask: 9,
    conflictCount: 2,
  }),
  candidateRow(102, 1, {
    name: 'Grace Hopper',
    email: null,
    affiliation: null,
    articlesCount: null,
    citationsCount: null,
    hIndex: null,
    score: null,
  }),
  candidateRow(103, 2, {
    name: '=SUM(A1)',
    firstName: '+1',
    lastName: '-x',
    middleName: '@m',
    email: 'x@y.example',
    affiliation: 'Tab\there',
    articlesCount: 0,
    citationsCount: 0,
    hIndex: 0,
    score: 0,
    relevantConcepts: ['a'],
    authorsGroups: [{ group_id: 1, client_id: null }],
    conflicts: flags(null),
  }),
];
