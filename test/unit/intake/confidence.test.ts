import { describe, expect, it } from 'vitest';
import { confidenceOf, type Trace } from '../../../electron/core/intake/confidence';

function trace(over: Partial<Trace> = {}): Trace {
  const authors = [
    { name: 'Ana Pérez', affiliation: 'Universidad de Valmar', email: 'ana.perez@valmar.es', orcid: null },
    { name: 'Wei Zhang', affiliation: 'Kanto University', email: null, orcid: null },
  ];
  return {
    title: { text: 'Robust estimation of soil microbiomes in changing climates', sizeRatio: 1.7 },
    abstract: { text: 'word '.repeat(120).trim(), how: 'heading' },
    authors,
    perAuthor: [
      { affiliation: 'marker', email: 'name', orcid: null, markers: ['1'] },
      { affiliation: 'marker', email: null, orcid: null, markers: ['2'] },
    ],
    emails: 1,
    affiliationMarkers: ['1', '2'],
    ...over,
  };
}

describe('intake confidence', () => {
  it('is high for a large title, a headed abstract and authors whose markers and e-mails all agree', () => {
    const c = confidenceOf(trace());
    expect(c.title).toBeGreaterThanOrEqual(0.9);
    expect(c.abstract).toBeGreaterThanOrEqual(0.9);
    expect(c.authors).toBeGreaterThanOrEqual(0.85);
    expect(c.perAuthor[0]).toEqual({ name: 0.9, affiliation: 0.9, email: 0.95, orcid: 0.85 });
    expect(c.signals).toEqual({ emails: 1, unassignedEmails: 0, affiliationMarkers: 2, markersWithoutAuthor: 0 });
  });

  it('doubts a title set in body size, one cut at a line break, and one that ran into the next block', () => {
    expect(confidenceOf(trace({ title: { text: 'Robust estimation of soil microbiomes', sizeRatio: 1.0 } })).title).toBeLessThan(0.7);
    expect(confidenceOf(trace({ title: { text: 'Robust estimation of soil microbiomes in', sizeRatio: 1.7 } })).title).toBeLessThan(0.7);
    expect(confidenceOf(trace({ title: { text: 'word '.repeat(35).trim(), sizeRatio: 1.7 } })).title).toBeLessThan(0.7);
    expect(confidenceOf(trace({ title: { text: null, sizeRatio: 0 } })).title).toBe(0);
  });

  it('doubts an abstract guessed without a heading or a very short one', () => {
    expect(confidenceOf(trace({ abstract: { text: 'word '.repeat(120).trim(), how: 'guess' } })).abstract).toBeLessThan(0.7);
    expect(confidenceOf(trace({ abstract: { text: 'too short to be one', how: 'heading' } })).abstract).toBeLessThan(0.7);
    expect(confidenceOf(trace({ abstract: { text: 'word '.repeat(120).trim(), how: 'open' } })).abstract).toBeGreaterThanOrEqual(0.7);
  });

  it('lowers the author list when an e-mail went to nobody or a marked affiliation has no author', () => {
    const lost = confidenceOf(trace({ emails: 2 }));
    expect(lost.signals.unassignedEmails).toBe(1);
    expect(lost.authors).toBeLessThan(0.7);
    const orphan = confidenceOf(trace({ affiliationMarkers: ['1', '2', '3'] }));
    expect(orphan.signals.markersWithoutAuthor).toBe(1);
    expect(orphan.authors).toBeLessThan(0.7);
  });

  it('gives e-mails and ORCIDs handed out in list order a low confidence', () => {
    const c = confidenceOf(
      trace({
        authors: [
          { name: 'Ana Pérez', affiliation: 'Valmar', email: 'x17@valmar.es', orcid: '0000-0002-1825-0097' },
          { name: 'Wei Zhang', affiliation: null, email: null, orcid: null },
        ],
        perAuthor: [
          { affiliation: 'layout', email: 'order', orcid: 'order', markers: [] },
          { affiliation: null, email: null, orcid: null, markers: [] },
        ],
        affiliationMarkers: [],
      }),
    );
    expect(c.perAuthor[0]!.email).toBeLessThan(0.7);
    expect(c.perAuthor[0]!.orcid).toBeLessThan(0.7);
    expect(c.perAuthor[0]!.affiliation).toBeLessThan(0.7);
  });

  it('doubts names that read surname-first or are too long', () => {
    const c = confidenceOf(
      trace({
        authors: [{ name: 'Perez A', affiliation: null, email: null, orcid: null }],
        perAuthor: [{ affiliation: null, email: null, orcid: null, markers: [] }],
        emails: 0,
      }),
    );
    expect(c.perAuthor[0]!.name).toBeLessThan(0.7);
  });
});

describe('affiliations the check list names (issue 38)', () => {
  const withAff = (affiliation: string, how: 'marker' | 'layout') =>
    confidenceOf(
      trace({
        authors: [{ name: 'Ana Pérez', affiliation, email: null, orcid: null }],
        perAuthor: [{ affiliation: how, email: null, orcid: null, markers: how === 'marker' ? ['1'] : [] }],
        emails: 0,
        affiliationMarkers: how === 'marker' ? ['1'] : [],
      }),
    ).perAuthor[0]!.affiliation;

  it('doubt a marked affiliation whose text is cut or mixed with other text', () => {
    for (const cut of [
      'Department of; Evidence-based Medicine',
      'Department of Cellular and',
      'Shanghai No.9 People’s',
      'Division of Neurosurgery, Department of phase [9]. In this context, FES might enhance hand function',
      'Correspondence to: Andrew Charles, Department of Neurology, UCLA School',
      '0000-0002-1308-1562 ·, Department of Biology, Concordia University, Montreal, Canada',
      'Speaker',
    ])
      expect(withAff(cut, 'marker'), cut).toBeLessThan(0.7);
    expect(withAff('Department of Biology, Concordia University, Montreal, Canada', 'marker')).toBeGreaterThanOrEqual(0.7);
    expect(withAff('Universidad de la Laguna, Facultad de Ciencias', 'marker')).toBeGreaterThanOrEqual(0.7);
  });

  it('trust an address taken from the layout when it reads whole (an institution, a country at its end), not otherwise', () => {
    expect(withAff('Karlsruhe Institute of Technology, Karlsruhe, Germany', 'layout')).toBeGreaterThanOrEqual(0.7);
    expect(withAff('Renji Hospital, Shanghai', 'layout')).toBeLessThan(0.7);
    expect(withAff('Bloomberg', 'layout')).toBeLessThan(0.7);
  });
});
