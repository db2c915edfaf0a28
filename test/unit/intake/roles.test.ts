/* eslint-disable no-control-regex -- superscript runs are delimited by U+0001 … U+0002 (layout.ts SUP_OPEN/SUP_CLOSE) */
// The feature→role model shared by the PDF and DOCX readers (electron/core/intake/roles.ts): features of
// small lines made here, the shipped weights' decisions on them, the ground-truth labels it is fitted to,
// and the fit itself (deterministic, separates what it is shown).
import { describe, expect, it } from 'vitest';
import {
  FEATURES,
  ROLE_MODEL,
  fitRoles,
  labelLine,
  lineFeatures,
  roleOf,
  roleScores,
  roleTruth,
  type LineInput,
} from '../../../electron/core/intake/roles';

const line = (text: string, over: Partial<LineInput> = {}): LineInput => ({
  text,
  plain: text
    .replace(/\u0001[^\u0002]*\u0002/g, ' ')
    .replace(/\s+/g, ' ')
    .trim(),
  size: 10,
  bodySize: 10,
  distinctFont: false,
  centred: true,
  position: 0.2,
  sameStyleAsNext: false,
  ...over,
});
const f = (name: (typeof FEATURES)[number], v: number[]) => v[FEATURES.indexOf(name)];

describe('role features', () => {
  it('measure names, markers, affiliation words and contacts the same way for any format', () => {
    const authors = lineFeatures(line('Anna Kowalska\u00011\u0002, Jean-Luc Picard\u00012\u0002 and Wei Zhang\u00011,3\u0002'));
    expect(f('nameShare', authors)).toBe(1);
    expect(f('nameCount', authors)).toBeCloseTo(3 / 6);
    expect(f('markerShare', authors)).toBe(1);
    expect(f('affiliationWord', authors)).toBe(0);
    const aff = lineFeatures(line('\u00011\u0002Department of Physics, University of Tartu, Estonia'));
    expect(f('leadMarker', aff)).toBe(1);
    expect(f('affiliationWord', aff)).toBe(1);
    expect(f('nameShare', aff)).toBe(0);
    const contact = lineFeatures(line('anna.kowalska@ut.ee, ORCID 0000-0002-1825-0097'));
    expect(f('email', contact)).toBe(1);
    expect(f('orcid', contact)).toBe(1);
    expect(f('relSize', lineFeatures(line('A Title', { size: 17.28 })))).toBeCloseTo(0.728);
  });
});

describe('the shipped role model', () => {
  it('reads title, author, affiliation, contact and running text lines', () => {
    expect(
      roleOf(lineFeatures(line('Measuring error correction across changing climates', { size: 17, distinctFont: true, position: 0.1 }))),
    ).toBe('title');
    expect(
      roleOf(lineFeatures(line('Anna Kowalska\u00011\u0002, Jean-Luc Picard\u00012\u0002 and Wei Zhang\u00011\u0002', { size: 11 }))),
    ).toBe('author');
    expect(roleOf(lineFeatures(line('\u00011\u0002Department of Physics, University of Tartu, Estonia', { size: 9 })))).toBe('affiliation');
    expect(roleOf(lineFeatures(line('INGRID KIERKEGAARD, Institute for Advanced Study, Norway', { distinctFont: true })))).toBe('author');
    expect(roleOf(lineFeatures(line('anna.kowalska@ut.ee', { size: 9 })))).toBe('contact');
    const prose = line('we show that the method recovers the treatment effect in most of the settings we tried and discuss why', {
      centred: false,
      position: 0.4,
      sameStyleAsNext: true,
    });
    expect(['abstract', 'other']).toContain(roleOf(lineFeatures(prose)));
    const scores = roleScores(lineFeatures(prose));
    expect(scores.author).toBeLessThan(Math.max(scores.abstract, scores.other));
  });
});

describe('labels and fit', () => {
  const truth = roleTruth({
    title: 'Measuring error correction across changing climates',
    abstract: 'We show that the method recovers the treatment effect in most of the settings we tried.',
    authors: [
      { name: 'Anna Kowalska', email: 'anna@ut.ee', affiliation: 'Department of Physics, University of Tartu, Estonia' },
      { name: 'Wei Zhang', orcid: '0000-0002-1825-0097' },
    ],
  });

  it('label lines from the ground truth', () => {
    const l = (text: string) => labelLine({ text, plain: text }, truth);
    expect(l('Measuring error correction across')).toBe('title');
    expect(l('Anna Kowalska, Wei Zhang')).toBe('author');
    expect(l('Department of Physics, University of Tartu, Estonia')).toBe('affiliation');
    expect(l('anna@ut.ee')).toBe('contact');
    expect(l('that the method recovers the treatment effect')).toBe('abstract');
    expect(l('1 Introduction')).toBe('other');
  });

  it('fits deterministically and separates the roles it is shown', () => {
    const examples = [
      ...Array.from({ length: 6 }, (_, i) => ({
        features: lineFeatures(line(`Anna Kowalska, Wei Zhang${i}`.replace(/\d/, ''))),
        role: 'author' as const,
      })),
      ...Array.from({ length: 6 }, () => ({
        features: lineFeatures(line('Department of Physics, University of Tartu')),
        role: 'affiliation' as const,
      })),
      ...Array.from({ length: 6 }, () => ({ features: lineFeatures(line('A study of things', { size: 17 })), role: 'title' as const })),
      ...Array.from({ length: 6 }, () => ({
        features: lineFeatures(line('we show that the method works in most of the settings we tried', { centred: false, position: 0.5 })),
        role: 'other' as const,
      })),
    ];
    const a = fitRoles(examples, 200);
    expect(fitRoles(examples, 200)).toEqual(a);
    for (const e of examples) expect(roleOf(e.features, a)).toBe(e.role);
    expect(ROLE_MODEL.features).toEqual([...FEATURES]);
  });
});
