import { describe, expect, it } from 'vitest';
import { highlightParts, matchConcepts, stem } from '../../../electron/common/domain/concepts';

describe('concept matching against the manuscript', () => {
  const text = 'Lichens and their symbiotic fungi: photobiont diversity in Mediterranean lichen communities.';

  it('finds a concept by its words, whatever their case and plural', () => {
    const [lichen] = matchConcepts(['lichen'], text);
    expect(lichen!.spans.map(([s, e]) => text.slice(s, e))).toEqual(['Lichens', 'lichen']);
  });

  it('needs every word of a multi-word concept, adjacent and in order', () => {
    const [sym, wrong] = matchConcepts(['Symbiotic fungus', 'fungi symbiotic'], text);
    expect(sym!.spans.map(([s, e]) => text.slice(s, e))).toEqual(['symbiotic fungi']);
    expect(wrong!.spans).toEqual([]);
  });

  it('reports a concept the text does not contain with no spans', () => {
    expect(matchConcepts(['Graph theory'], text)[0]!.spans).toEqual([]);
  });

  it('ignores diacritics', () => {
    expect(matchConcepts(['methode'], 'Une méthode nouvelle')[0]!.spans).toEqual([[4, 11]]);
  });

  it('cuts the text into plain and highlighted parts that join back to the text', () => {
    const parts = highlightParts(text, matchConcepts(['lichen', 'symbiotic fungi', 'fungi'], text));
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(parts.filter((p) => p.concept).map((p) => `${p.concept}:${p.text}`)).toEqual([
      'lichen:Lichens',
      'symbiotic fungi:symbiotic fungi',
      'lichen:lichen',
    ]);
  });

  it('stems keep at least three letters', () => {
    expect(stem('Bus')).toBe('bus');
    expect(stem('analyses')).toBe('analys');
    expect(stem('studies')).toBe('study');
  });
});

import {
  CANDIDATE_COLUMNS,
  DEFAULT_LAYOUT,
  SCREEN_COLUMNS,
  moveColumn,
  normalizeLayout,
  visibleColumns,
} from '../../../electron/common/domain/candidates';

describe('candidate columns: one definition for the screen and the exports', () => {
  it('every screen column is an export column with the same label', () => {
    for (const c of SCREEN_COLUMNS) expect(CANDIDATE_COLUMNS).toContain(c);
  });

  it('shows the decision by default: rank, name, conflicts, e-mail, numbers, groups, marked', () => {
    const shown = 'rank name conflicts email hIndex articles citations groups marked';
    expect(visibleColumns(DEFAULT_LAYOUT).map((c) => c.key)).toEqual(shown.split(' '));
  });

  it('a remembered layout drops unknown keys, adds new columns and keeps rank and name first', () => {
    const l = normalizeLayout({ order: ['email', 'bogus', 'name', 'rank'], hidden: ['name', 'hIndex', 7] });
    expect(l.order.slice(0, 3)).toEqual(['rank', 'name', 'email']);
    expect(new Set(l.order)).toEqual(new Set(DEFAULT_LAYOUT.order));
    expect(l.hidden).toEqual(['hIndex']);
    expect(normalizeLayout('garbage')).toEqual(DEFAULT_LAYOUT);
  });

  it('moves a column but never past the fixed ones', () => {
    const l = moveColumn(DEFAULT_LAYOUT, 'email', -1);
    expect(l.order.slice(0, 4)).toEqual(['rank', 'name', 'email', 'conflicts']);
    expect(moveColumn(l, 'email', -1)).toBe(l);
  });
});

import { boundsText } from '../../../electron/common/domain/candidates';

describe('a run’s bounds in words', () => {
  it('says each range the run used, and "no bounds" for none', () => {
    expect(boundsText({})).toBe('no bounds');
    expect(boundsText({ min_h_index: 6, max_h_index: 20, min_articles_count: 5 })).toBe('h-index 6–20 · articles ≥ 5');
    expect(boundsText({ max_academic_age: 30 })).toBe('academic age ≤ 30');
  });
});
