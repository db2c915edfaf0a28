// The failure kinds found on real manuscripts (issue 38), one case each, on pages made here: what the
// layout shows that the generated families did not teach.
import { describe, expect, it } from 'vitest';
import { orcidFromLinks, pdfAuthors, pdfTitle } from '../../../electron/core/intake/decisions';
import { stripSup, type Segment } from '../../../electron/core/intake/layout';
import type { PdfPage } from '../../../electron/core/intake/pdftext';
import type { Role } from '../../../electron/core/intake/roles';
import { findEmails } from '../../../electron/core/intake/text';

function seg(text: string, top: number, over: Partial<Segment> = {}): Segment {
  return { text, plain: stripSup(text), x0: 100, x1: 500, top, size: 10, font: 'body', page: 1, ...over };
}
const page = (segments: Segment[]): PdfPage => ({ number: 1, width: 595, height: 842, segments, links: [] });
const noAuthors = (): Role => 'other';
const body = Array.from({ length: 20 }, (_, i) => seg(`body text line ${i} of the introduction with several words`, 400 + 12 * i));

describe('a title wrapped onto more lines', () => {
  const big = { size: 22, font: 'bold' };

  it('keeps a next line that opens with a banner word ("research in …", "Citation-informed …")', () => {
    const lines = [
      seg('Not just for programmers: How GitHub can', 60, big),
      seg('accelerate collaborative and reproducible', 88, big),
      seg('research in ecology and evolution', 116, big),
    ];
    expect(pdfTitle(page([...lines, seg('Pedro Braga, Katherine Hébert', 180, { size: 11 }), ...body]), noAuthors)?.text).toBe(
      'Not just for programmers: How GitHub can accelerate collaborative and reproducible research in ecology and evolution',
    );
    const specter = [
      seg('SPECTER: Document-level Representation Learning using', 80, big),
      seg('Citation-informed Transformers', 104, big),
    ];
    expect(pdfTitle(page([...specter, ...body]), noAuthors)?.text).toBe(
      'SPECTER: Document-level Representation Learning using Citation-informed Transformers',
    );
  });

  it('still leaves out banners in its size: short ones and "Label:" lines', () => {
    const title = seg('Tidal Rhythms in Coastal Lichen Communities', 100, big);
    expect(pdfTitle(page([seg('Research Article', 70, big), title, seg('Open Access', 126, big), ...body]), noAuthors)?.text).toBe(
      'Tidal Rhythms in Coastal Lichen Communities',
    );
    expect(pdfTitle(page([title, seg('Citation: Kowalska A, Zhang W (2024) Tidal rhythms', 126, big), ...body]), noAuthors)?.text).toBe(
      'Tidal Rhythms in Coastal Lichen Communities',
    );
  });
});

describe('an author list beside a sidebar', () => {
  it('takes its style from the lines most names are set in, not from a name-like sidebar line above it', () => {
    const sidebar = seg('Peer Reviewers’ Openness Initiative:', 185, { x0: 44, x1: 153, size: 10, font: 'sans' });
    const list = [
      seg('Richard D. Morey, Christopher D. Chambers,', 206, { x0: 221, x1: 425, size: 15, font: 'sans' }),
      seg('Peter J. Etchells\u00012\u0002, Christine R. Harris\u00013\u0002, Rink Hoekstra\u00014\u0002,', 229, {
        x0: 221,
        x1: 462,
        size: 15,
        font: 'sans',
      }),
      seg('Eric-Jan Wagenmakers\u000112\u0002 and Rolf A. Zwaan\u000113\u0002', 252, { x0: 221, x1: 423, size: 15, font: 'sans' }),
    ];
    const names = pdfAuthors([sidebar, ...list], () => 'author', [], null).map((h) => h.author.name);
    expect(names).toEqual([
      'Richard D. Morey',
      'Christopher D. Chambers',
      'Peter J. Etchells',
      'Christine R. Harris',
      'Rink Hoekstra',
      'Eric-Jan Wagenmakers',
      'Rolf A. Zwaan',
    ]);
  });

  it('keeps the first line’s style when it holds the list', () => {
    const list = seg('Anna Kowalska, Wei Zhang and Ana Silva', 150, { size: 12, font: 'bold' });
    const later = seg('Jean Dupont', 200, { size: 10, font: 'body' });
    expect(pdfAuthors([list, later], () => 'author', [], null).map((h) => h.author.name)).toEqual([
      'Anna Kowalska',
      'Wei Zhang',
      'Ana Silva',
    ]);
  });
});

describe('contacts printed next to the name', () => {
  it('reads no e-mail address in a fediverse handle, and still reads the address beside it', () => {
    expect(findEmails('0000-0002-1308-1562 · pedrohbraga · pedrohp_braga · @pedrobraga@ecoevo.social')).toEqual([]);
    expect(findEmails('Correspondence: ph.pereirabraga@gmail.com · @pedrobraga@ecoevo.social')).toEqual(['ph.pereirabraga@gmail.com']);
  });
});

describe('ORCID iDs given only on the iD icon', () => {
  const row = [
    seg('Jonas Fritzsch\u00011\u0002', 184, { x0: 45, x1: 130, size: 12 }),
    seg('Justus Bogner\u00011\u0002', 184, { x0: 154, x1: 237, size: 12 }),
  ];
  const two = seg('Ana Silva and Wei Zhang', 202, { x0: 45, x1: 200, size: 12 });
  const hitsOf = () => pdfAuthors([...row, two], () => 'author', [], null);
  const icon = (id: string, x0: number, top: number) => ({ url: `https://orcid.org/${id}`, x0, top: top - 10, bottom: top + 1 });

  it('go to the name just left of the icon, also inside a line of several names', () => {
    const hits = hitsOf();
    expect(hits.map((h) => h.author.name)).toEqual(['Jonas Fritzsch', 'Justus Bogner', 'Ana Silva', 'Wei Zhang']);
    const got = orcidFromLinks(hits, 1, [
      icon('0000-0001-5788-0991', 236, 184),
      icon('0000-0002-6121-2731', 129, 184),
      icon('0000-0002-1825-0097', 100, 202), // after "Ana Silva", inside the line
      icon('0000-0002-5256-8429', 201, 202), // after "Wei Zhang", at the line's end
    ]);
    expect(got).toHaveLength(4);
    expect(hits.map((h) => h.author.orcid)).toEqual([
      '0000-0002-6121-2731',
      '0000-0001-5788-0991',
      '0000-0002-1825-0097',
      '0000-0002-5256-8429',
    ]);
  });

  it('are left out when no name stands right before the icon, or the iD is taken', () => {
    const hits = hitsOf();
    expect(orcidFromLinks(hits, 1, [icon('0000-0002-6121-2731', 300, 184), icon('0000-0002-6121-2731', 129, 400)])).toEqual([]);
    expect(orcidFromLinks(hits, 2, [icon('0000-0002-6121-2731', 129, 184)])).toEqual([]);
    expect(hits.every((h) => h.author.orcid === null)).toBe(true);
  });
});
