// A v6 upload answer with `n` generated candidates, for the tests and benchmarks that fill the cache through
// recordUploadRun (the same path the outbox takes). Person i gets the fields below; `person(i)` says what
// differs for the caller (names, flags, e-mails).
import type { Candidate, UploadResponse } from '../../electron/common/service';

export function generatedAnswer(
  manuscriptId: number,
  originId: string,
  n: number,
  person: (i: number) => Partial<Candidate> = () => ({}),
): UploadResponse {
  const candidates: Candidate[] = Array.from({ length: n }, (_, i) => ({
    name: `Person ${i} Example`,
    first_name: 'Person',
    last_name: `${i} Example`,
    middle_name: null,
    suffix: null,
    author_id: 10_000 + i,
    email: `p${i}@example.org`,
    orcid: null,
    affiliation: `Institute ${i}`,
    articlesCount: 10 + i,
    citationsCount: 100 + i,
    hIndex: 5 + (i % 30),
    score: 1000 - i,
    url: `https://example.org/a/${i}`,
    relevant_concepts: ['lichen'],
    authors_groups: [],
    marked: false,
    coauth_conflicts: { exists: false },
    aff_conflicts: { exists: false },
    retracted_articles: { exists: false },
    referenced_articles: { exists: false },
    external_coi: { exists: false },
    ...person(i),
  }));
  return {
    version: 6,
    manuscript_id: manuscriptId,
    origin_id: originId,
    candidates,
    authors_groups_settings: null,
    debug_info: {
      source_file: null,
      parsed_text_len: 0,
      parsed_references: 0,
      extracted_concepts: 0,
      authors_info: { authors_count: 0, emails_count: 0, orcids_count: 0 },
    },
  } as UploadResponse;
}
