import { describe, expect, it } from 'vitest';
import { ftsQuery } from '../../../electron/core/cache/sql';

describe('ftsQuery', () => {
  it('quotes every word as a prefix term so operators and punctuation cannot break the query', () => {
    expect(ftsQuery('protein fold')).toBe('"protein"* "fold"*');
    expect(ftsQuery('"OR NEAR( AND* -x')).toBe('"OR"* "NEAR"* "AND"* "x"*');
    expect(ftsQuery("Zürich, O'Brien")).toBe('"Zürich"* "O"* "Brien"*');
  });

  it('returns null when nothing searchable is left', () => {
    expect(ftsQuery('  -- ** ')).toBeNull();
  });
});
