import { describe, expect, it } from 'vitest';
import { EVIDENCE_LINES, conflictEvidence } from '../../../electron/common/domain/conflicts';

describe('conflictEvidence', () => {
  it('reads names, affiliations, articles and reasons of the set flags, as the local service sends them', () => {
    const evidence = conflictEvidence({
      author_id: 7,
      coauth_conflicts: { exists: true, coauthors: ['Ada Lovelace', 'Alan Turing'] },
      aff_conflicts: { exists: true, affiliations: ['University of Oslo'] },
      retracted_articles: { exists: true, articles: [{ id: 'a1', title: 'A retracted study', year: 2019, prophy_url: 'https://x' }] },
      referenced_articles: { exists: false, articles: [{ title: 'Not shown: the flag is not set', year: 2020 }] },
      external_coi: { exists: true, reasons: ['Editor of a competing journal'] },
    });
    expect(evidence).toEqual({
      coauth_conflicts: ['Ada Lovelace', 'Alan Turing'],
      aff_conflicts: ['University of Oslo'],
      retracted_articles: ['A retracted study (2019)'],
      external_coi: ['Editor of a competing journal'],
    });
  });

  it('leaves out a set flag without detail, and shapes it cannot read', () => {
    expect(
      conflictEvidence({
        coauth_conflicts: { exists: true },
        aff_conflicts: { exists: true, affiliations: [42, null, { id: 3 }, '  '] },
        external_coi: { exists: true, reasons: [] },
      }),
    ).toEqual({});
    expect(conflictEvidence(null)).toEqual({});
    expect(conflictEvidence('not an object')).toEqual({});
    // A pre-v6 answer carries no flag objects at all.
    expect(conflictEvidence({ author_id: 1, name: 'X' })).toEqual({});
  });

  it('bounds what an untrusted answer can put on screen: line count, line length, duplicates', () => {
    const many = Array.from({ length: 500 }, (_, i) => `Co-author ${i}`);
    const lines = conflictEvidence({ coauth_conflicts: { exists: true, coauthors: [...many, 'Co-author 0'] } }).coauth_conflicts!;
    expect(lines).toHaveLength(EVIDENCE_LINES + 1);
    expect(lines.slice(0, 2)).toEqual(['Co-author 0', 'Co-author 1']);
    expect(lines.at(-1)).toBe(`and more (${EVIDENCE_LINES} shown)`);
    const long = conflictEvidence({ external_coi: { exists: true, reasons: ['x'.repeat(10_000)] } }).external_coi!;
    expect(long[0]!.length).toBeLessThanOrEqual(240);
    expect(long[0]!.endsWith('…')).toBe(true);
    expect(conflictEvidence({ aff_conflicts: { exists: true, affiliations: ['Oslo', 'Oslo'] } }).aff_conflicts).toEqual(['Oslo']);
  });
});
