// The failure kinds found on real manuscripts (issue 38), one case each, on pages made here: what the
// layout shows that the generated families did not teach.
import { describe, expect, it } from 'vitest';
import { pdfAuthors, pdfTitle } from '../../../electron/core/intake/decisions';
import { stripSup, type Segment } from '../../../electron/core/intake/layout';
import type { PdfPage } from '../../../electron/core/intake/pdftext';
import type { Role } from '../../../electron/core/intake/roles';

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
