// The candidates table keeps the service's plain candidate fields by one rule (electron/core/cache/candidate-fields.ts):
// every field of candidateBaseShape but the encoded ones has a column named after it, written and read back as it is,
// so a new field of the service needs only its migration.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { candidateBaseShape, type Candidate } from '../../../electron/common/service';
import { camelKey, snakeColumn, STORED_FIELDS } from '../../../electron/core/cache/candidate-fields';
import type { Cache } from '../../../electron/core/cache';
import { candidate, form, profileCache, response } from './fixtures';

let cache: Cache;
let close: () => void;
beforeEach(() => ({ cache, close } = profileCache()));
afterEach(() => close());

describe('stored candidate fields', () => {
  it('name a field and its column by rule, both ways', () => {
    expect(['first_name', 'author_id', 'hIndex', 'articlesCount', 'name'].map(camelKey)).toEqual([
      'firstName',
      'authorId',
      'hIndex',
      'articlesCount',
      'name',
    ]);
    expect(['first_name', 'author_id', 'hIndex', 'articlesCount', 'name'].map(snakeColumn)).toEqual([
      'first_name',
      'author_id',
      'h_index',
      'articles_count',
      'name',
    ]);
  });

  it('are every plain field of the service’s candidate, each with its column in the migrated table', () => {
    const encoded = ['relevant_concepts', 'authors_groups', 'marked'];
    expect(STORED_FIELDS.map((f) => f.key).sort()).toEqual(
      Object.keys(candidateBaseShape)
        .filter((k) => !encoded.includes(k))
        .sort(),
    );
    const columns = new Set((cache.db.prepare('PRAGMA table_info(candidates)').all() as { name: string }[]).map((c) => c.name));
    const missing = STORED_FIELDS.filter((f) => !columns.has(f.column)).map((f) => `${f.key} → ${f.column}`);
    expect(missing, 'a field of candidateBaseShape without its column: add a cache migration').toEqual([]);
  });

  it('are written and read back as the service sent them', () => {
    const c: Candidate = candidate(7, 0, {
      middle_name: 'Byron',
      suffix: 'Jr.',
      orcid: '0000-0002-1825-0097',
      email: 'ada@uni.example',
      score: 12.5,
      url: 'https://rf.example/author/7',
    });
    const rec = cache.runs.recordUploadRun('p', { form: form('o1') }, response(5, 'o1', [7], { candidates: [c] }));
    const [row] = cache.candidates.ofRun(rec.runId) as unknown as Record<string, unknown>[];
    for (const f of STORED_FIELDS) expect(row![f.field], f.field).toEqual(c[f.key]);
  });
});
