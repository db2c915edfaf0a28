// The service's candidate fields the candidates table keeps as they are, one column each, derived from the one
// definition (candidateBaseShape): `first_name` and `articlesCount` are the row's `firstName` and `articlesCount`,
// stored in `first_name` and `articles_count`. The writer (run-writes.ts) and the reader (candidates.ts) both
// follow this list, so a new field of the service needs only its column (a migration) to be stored and read.
import { candidateBaseShape, type CandidateBase } from '../../common/service';

/** Fields kept in a form of their own (JSON text, 0/1): written and read by hand beside the plain ones. */
const ENCODED = new Set<keyof CandidateBase>(['relevant_concepts', 'authors_groups', 'marked']);

/** `first_name` → `firstName`; a key already in camelCase stays as it is (the row type's Camel, at run time). */
export const camelKey = (key: string): string => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** `articlesCount` → `articles_count`, `hIndex` → `h_index`, `first_name` stays: the column of a field. */
export const snakeColumn = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export interface StoredField {
  /** The field in the service's answer. */
  readonly key: keyof CandidateBase;
  /** The field in the cache's row (CandidateRow). */
  readonly field: string;
  /** Its column in `candidates`. */
  readonly column: string;
}

export const STORED_FIELDS: readonly StoredField[] = (Object.keys(candidateBaseShape) as (keyof CandidateBase)[])
  .filter((key) => !ENCODED.has(key))
  .map((key) => ({ key, field: camelKey(key), column: snakeColumn(key) }));
