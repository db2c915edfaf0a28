import { describe, expect, it } from 'vitest';
import { affiliationDoubt, fieldsToCheck, initialContradicts, LONG_AUTHOR_LIST } from '../../../electron/common/domain/intake';
import type { IntakeConfidenceView, IntakeView } from '../../../electron/common/shapes';

const sure = { name: 0.9, affiliation: 0.9, email: 0.95, orcid: 0.95 };

function view(over: Partial<IntakeView> = {}, conf: Partial<IntakeConfidenceView> = {}): IntakeView {
  const authors = over.authors ?? [
    { name: 'Ana Pérez', affiliation: 'Universidad de Valmar, Valmar, Spain', email: 'ana@valmar.es', orcid: null },
    { name: 'Wei Zhang', affiliation: 'Kanto University, Tokyo, Japan', email: null, orcid: '0000-0002-1825-0097' },
  ];
  return {
    fileId: 'f1',
    format: 'pdf',
    title: 'A title',
    abstract: 'An abstract.',
    references: 3,
    error: null,
    authors,
    confidence: {
      title: 0.95,
      abstract: 0.95,
      authors: 0.9,
      perAuthor: authors.map(() => ({ ...sure })),
      signals: { emails: 1, unassignedEmails: 0, affiliationMarkers: 2, markersWithoutAuthor: 0 },
      ...conf,
    },
    ...over,
  };
}

describe('fieldsToCheck', () => {
  it('lists nothing when intake is sure and the counts agree', () => {
    expect(fieldsToCheck(view())).toEqual([]);
  });

  it('lists nothing for a refused file or a result without confidence', () => {
    expect(fieldsToCheck(view({ error: { code: 'invalid_file', message: 'x' } }, { title: 0.1 }))).toEqual([]);
    const { confidence: _, ...bare } = view({}, { title: 0.1 });
    expect(fieldsToCheck(bare)).toEqual([]);
  });

  it('highlights a low-confidence title and abstract, but not empty ones', () => {
    expect(fieldsToCheck(view({}, { title: 0.4, abstract: 0.55 })).map((f) => f.field)).toEqual(['title', 'abstract']);
    expect(fieldsToCheck(view({ title: null, abstract: null }, { title: 0, abstract: 0 }))).toEqual([]);
  });

  it('flags the author count when e-mails went to no author', () => {
    const out = fieldsToCheck(view({}, { signals: { emails: 2, unassignedEmails: 1, affiliationMarkers: 2, markersWithoutAuthor: 0 } }));
    expect(out).toEqual([{ field: 'authors_count', reason: 'An author may be missing: 1 e-mail address not matched to an author.' }]);
  });

  it('flags the author count when there are more e-mails than authors, or affiliations nobody carries', () => {
    const more = fieldsToCheck(view({}, { signals: { emails: 3, unassignedEmails: 1, affiliationMarkers: 3, markersWithoutAuthor: 1 } }));
    expect(more).toHaveLength(1);
    expect(more[0]!.reason).toBe('An author may be missing: 3 e-mail addresses for 2 authors, 1 affiliation with no author.');
  });

  it('flags an empty author list when the page has e-mails', () => {
    const out = fieldsToCheck(
      view({ authors: [] }, { authors: 0, signals: { emails: 2, unassignedEmails: 2, affiliationMarkers: 0, markersWithoutAuthor: 0 } }),
    );
    expect(out.map((f) => f.field)).toEqual(['authors_count']);
  });

  it('flags a low overall author confidence even when the counts agree', () => {
    expect(fieldsToCheck(view({}, { authors: 0.5 })).map((f) => f.field)).toEqual(['authors_count']);
  });

  it('points at the author fields that were guessed, by index and form part', () => {
    const v = view();
    v.confidence!.perAuthor[0] = { name: 0.5, affiliation: 0.65, email: 0.6, orcid: 0.85 };
    v.confidence!.perAuthor[1] = { name: 0.9, affiliation: 0.9, email: 0.4, orcid: 0.6 };
    const out = fieldsToCheck(v).map((f) => (f.field === 'author' ? `${f.index}.${f.part}` : f.field));
    // author 2 has no e-mail: an empty field is not highlighted for being empty
    expect(out).toEqual(['0.name', '0.aff', '0.email', '1.orcid']);
  });

  it('flags an empty author list even when the page shows no e-mail or affiliation', () => {
    const out = fieldsToCheck(
      view({ authors: [] }, { authors: 0, signals: { emails: 0, unassignedEmails: 0, affiliationMarkers: 0, markersWithoutAuthor: 0 } }),
    );
    expect(out).toEqual([{ field: 'authors_count', reason: 'No author was recognised: add them from the manuscript.' }]);
  });

  it('flags the count of a long author list, whose end is easily cut', () => {
    const authors = Array.from({ length: LONG_AUTHOR_LIST }, (_, i) => ({
      name: `Author ${i}`,
      affiliation: null,
      email: null,
      orcid: null,
    }));
    expect(fieldsToCheck(view({ authors })).map((f) => f.field)).toEqual(['authors_count']);
    expect(fieldsToCheck(view({ authors: authors.slice(1) }))).toEqual([]);
  });

  it('doubts a sure affiliation that is cut on a comma, or the same several institutions given to more than one author', () => {
    const all = 'Massachusetts Institute of Technology, Allen Institute for AI, Northwestern University';
    const authors = [
      { name: 'Ana Pérez', affiliation: all, email: null, orcid: null },
      { name: 'Wei Zhang', affiliation: all, email: null, orcid: null },
      { name: 'Ola Berg', affiliation: 'Cardiff University, Cardiff, UK, Bath Spa University,', email: null, orcid: null },
      // one author's own two institutions, given to no one else: left alone
      { name: 'Jo Lee', affiliation: 'University of Oslo; Simula Research Laboratory, Oslo, Norway', email: null, orcid: null },
      // one institution shared by colleagues: left alone
      { name: 'Kim Ito', affiliation: 'Department of Physics, Kanto University, Tokyo', email: null, orcid: null },
      { name: 'Sam Ode', affiliation: 'Department of Physics, Kanto University, Tokyo', email: null, orcid: null },
    ];
    const out = fieldsToCheck(
      view({ authors }, { signals: { emails: 0, unassignedEmails: 0, affiliationMarkers: 6, markersWithoutAuthor: 0 } }),
    );
    expect(out.map((f) => (f.field === 'author' ? `${f.index}.${f.part}` : f.field))).toEqual(['0.aff', '1.aff', '2.aff']);
    expect(affiliationDoubt(all, false)).toBeNull();
  });

  it('flags an abstract that starts mid-sentence, not one that opens on a symbol written in lower case', () => {
    const flagged = (abstract: string) => fieldsToCheck(view({ abstract })).map((f) => f.field);
    expect(flagged('single cell to many surrounding cells. These waves were observed.')).toEqual(['abstract']);
    expect(flagged('Calcium waves spread from a single cell.')).toEqual([]);
    expect(flagged('mRNA levels rose in every sample.')).toEqual([]);
    expect(flagged('p53 is mutated in half of all tumours.')).toEqual([]);
  });

  it('doubts an affiliation with words after its address, or one that names no place', () => {
    expect(affiliationDoubt('University of Edinburgh, Edinburgh, UK science, transparency', false)).toMatch(/other text/);
    expect(affiliationDoubt('University of Edinburgh, Edinburgh, UK', false)).toBeNull();
    expect(affiliationDoubt('Departamento de Astronomia', false)).toMatch(/no place/);
    expect(affiliationDoubt('University of Arizona', false)).toMatch(/no place/);
    expect(affiliationDoubt('Steward Observatory, University of Arizona, Tucson', false)).toBeNull();
  });

  it('on a page whose affiliations were read cut, doubts the short ones too, in form order', () => {
    const authors = [
      { name: 'Xiaolu Huang', affiliation: 'Department of Cellular and', email: null, orcid: null },
      { name: 'Mingci Cai', affiliation: 'Renji Hospital, Shanghai', email: null, orcid: null },
      { name: 'Xu Sun', affiliation: 'Department of; Evidence-based Medicine', email: null, orcid: null },
      { name: 'Lan Rong', affiliation: 'Shanghai No.9 People’s', email: null, orcid: null },
      { name: 'Hai Lin', affiliation: 'Shanghai Health Development Research Center, Shanghai, China', email: null, orcid: null },
    ];
    const conf = { signals: { emails: 0, unassignedEmails: 0, affiliationMarkers: 5, markersWithoutAuthor: 0 } };
    const cutThree = authors.map((a, i) => ({ ...sure, affiliation: i === 1 || i === 4 ? 0.9 : 0.4 }));
    const ids = (out: ReturnType<typeof fieldsToCheck>) => out.map((f) => (f.field === 'author' ? `${f.index}.${f.part}` : f.field));
    expect(ids(fieldsToCheck(view({ authors }, { ...conf, perAuthor: cutThree })))).toEqual(['0.aff', '1.aff', '2.aff', '3.aff']);
    // Two cut of five: the page is not doubted, the short one stands.
    const cutTwo = authors.map((a, i) => ({ ...sure, affiliation: i === 0 || i === 2 ? 0.4 : 0.9 }));
    expect(ids(fieldsToCheck(view({ authors: authors.filter((_, i) => i !== 3) }, { ...conf, perAuthor: cutTwo })))).toEqual([
      '0.aff',
      '2.aff',
    ]);
  });

  it('doubts an e-mail address whose initial is none of the author’s names', () => {
    expect(initialContradicts('a.hock@beatson.gla.ac.uk', 'Viola Paulus-Hock')).toBe(true);
    expect(initialContradicts('v.hock@beatson.gla.ac.uk', 'Viola Paulus-Hock')).toBe(false);
    expect(initialContradicts('vphock@beatson.gla.ac.uk', 'Viola Paulus-Hock')).toBe(false);
    expect(initialContradicts('hock@beatson.gla.ac.uk', 'Viola Paulus-Hock')).toBe(false);
    expect(initialContradicts('jperez@valmar.es', 'Ana Pérez')).toBe(true);
    expect(initialContradicts('aperez@valmar.es', 'Ana Pérez')).toBe(false);
    const authors = [{ name: 'Ana Pérez', affiliation: null, email: 'jperez@valmar.es', orcid: null }];
    expect(fieldsToCheck(view({ authors })).map((f) => (f.field === 'author' ? `${f.index}.${f.part}` : f.field))).toEqual(['0.email']);
  });
});
