// The failure kinds found on real manuscripts (issue 38), one case each, on pages made here: what the
// layout shows that the generated families did not teach.
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { extractDocx } from '../../../electron/core/intake/docx';
import {
  abstractAfterHeading,
  abstractWithoutHeading,
  orcidFromLinks,
  overleafZone,
  pdfAuthors,
  pdfTitle,
} from '../../../electron/core/intake/decisions';
import { segmentsOf, stripSup, type Glyphs, type Segment } from '../../../electron/core/intake/layout';
import type { PdfPage } from '../../../electron/core/intake/pdftext';
import type { Role } from '../../../electron/core/intake/roles';
import { findEmails, splitAuthorLine } from '../../../electron/core/intake/text';

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

describe('an abstract without a heading beside a sidebar', () => {
  const main = { x0: 227, x1: 476, size: 9, font: 'serif' };
  const words = ['openness', 'is', 'one', 'of', 'the', 'central', 'values', 'of', 'science', 'and', 'open', 'practices'];
  const line = words.join(' ');
  const para = Array.from({ length: 8 }, (_, i) => seg(i === 0 ? `O${line.slice(1)}` : line, 561 + 12 * i, main));
  para[7] = seg('this might be in part due to a social dilemma arising', 645, main);
  const sidebar = [
    seg('Subject Areas:', 386, { x0: 44, x1: 93, size: 10 }),
    seg('psychology', 400, { x0: 44, x1: 78, size: 10 }),
    seg('Keywords:', 426, { x0: 44, x1: 80, size: 10 }),
    seg('science, transparency, open research,', 440, { x0: 44, x1: 156, size: 10 }),
  ];
  const p1 = page([...sidebar, ...para]);
  const p2: PdfPage = {
    ...page([
      seg('from misaligned incentives and propose a specific, concrete mechanism', 54, { ...main, x0: 62, x1: 460 }),
      seg('of scientific principle.', 66, { ...main, x0: 62, x1: 147 }),
      seg('1. Introduction', 124, { x0: 56, x1: 140, size: 18 }),
    ]),
    number: 2,
  };

  it('is read under the title when the sidebar holds the journal’s headings, and goes on overleaf mid-sentence', () => {
    const text = abstractWithoutHeading(p1, 340, { x0: 221, x1: 462 }, p2);
    expect(text).toMatch(/^Openness is one of the central values/);
    expect(text).toMatch(
      /social dilemma arising from misaligned incentives and propose a specific, concrete mechanism of scientific principle\.$/,
    );
  });

  it('is not looked for past a heading under the title, nor carried overleaf after a full stop', () => {
    expect(abstractWithoutHeading(p1, 340, null, p2)).toBeNull(); // the whole page: the sidebar's "Keywords:" ends the search
    const ended = page([...sidebar, ...para.slice(0, 7), seg('this might be in part due to a social dilemma.', 645, main)]);
    expect(abstractWithoutHeading(ended, 340, { x0: 221, x1: 462 }, p2)).toMatch(/social dilemma\.$/);
  });
});

describe('per-author paragraphs with social handles (Manubot)', () => {
  it('keep an author whose paragraph carries a handle "@name@server", and read no e-mail from it', async () => {
    const person = (name: string, mark: string, rest: string) =>
      new Paragraph({ children: [new TextRun(name), new TextRun({ text: mark, superScript: true }), new TextRun(rest)] });
    const doc = new Document({
      sections: [
        {
          children: [
            new Paragraph({
              heading: HeadingLevel.TITLE,
              children: [new TextRun('Not just for programmers: GitHub in ecology and evolution')],
            }),
            new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun('Authors')] }),
            person(
              'Pedro Henrique Pereira Braga ',
              '✉',
              '† 0000-0002-1308-1562 · pedrohbraga · @pedrobraga@ecoevo.social Department of Biology, Concordia University, Montreal, Canada',
            ),
            person(
              'Katherine Hébert ',
              '†',
              ' 0000-0001-7866-6775 · katherinehebert Département de biologie, Université de Sherbrooke, Québec, Canada',
            ),
            new Paragraph({
              children: [
                new TextRun(
                  '✉ — Correspondence possible via GitHub Issues or email to Pedro Henrique Pereira Braga <ph.pereirabraga@gmail.com>.',
                ),
              ],
            }),
            new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun('Abstract')] }),
            new Paragraph({
              children: [
                new TextRun(
                  'Researchers in ecology and evolutionary biology are increasingly dependent on computational code to conduct research.',
                ),
              ],
            }),
          ],
        },
      ],
    });
    const got = await extractDocx(Buffer.from(await Packer.toBuffer(doc)));
    expect(got.authors.map((a) => [a.name, a.email, a.orcid])).toEqual([
      ['Pedro Henrique Pereira Braga', 'ph.pereirabraga@gmail.com', '0000-0002-1308-1562'],
      ['Katherine Hébert', null, '0000-0001-7866-6775'],
    ]);
  });
});

describe('author lines of older and magazine layouts', () => {
  const names = (zone: Segment[]) => pdfAuthors(zone, () => 'author', [], null).map((h) => h.author.name);
  const centred = { size: 12, font: 'roman' };

  it('read an IEEE membership grade after a name as no name ("Avideh Zakhor, Member, IEEE")', () => {
    expect(splitAuthorLine('Ed Chang and Avideh Zakhor, Member, IEEE').map((p) => p.name)).toEqual(['Ed Chang', 'Avideh Zakhor']);
    expect(splitAuthorLine('Jane Roe, Senior Member, IEEE, and John Doe, Fellow, IEEE').map((p) => p.name)).toEqual([
      'Jane Roe',
      'John Doe',
    ]);
    expect(names([seg('Ed Chang and Avideh Zakhor, Member, IEEE', 101, { x0: 196, x1: 404, size: 11 })])).toEqual([
      'Ed Chang',
      'Avideh Zakhor',
    ]);
  });

  it('keep the name that leads a "Name • Institution, Country" line, also without an institution word', () => {
    const zone = [
      seg('Roberto Baldoni • Universita di Roma, Italy', 230, { x0: 38, x1: 321, ...centred }),
      seg('Michel Raynal • IRISA, France', 245, { x0: 38, x1: 234, ...centred }),
    ];
    expect(names(zone)).toEqual(['Roberto Baldoni', 'Michel Raynal']);
  });

  it('carry a list that ends its line with a comma onto a next line that fails the name test alone', () => {
    const zone = [
      seg('Stephen Soderland, Brendan Roof, Bo Qin, Shi Xu,', 222, { x0: 184, x1: 443, ...centred }),
      seg('Mausam, and Oren Etzioni', 237, { x0: 243, x1: 384, ...centred }),
    ];
    expect(names(zone)).toContain('Oren Etzioni');
    expect(names(zone).slice(0, 4)).toEqual(['Stephen Soderland', 'Brendan Roof', 'Bo Qin', 'Shi Xu']);
    // a next line that is an address stays apart
    expect(names([zone[0]!, seg('Turing Center, University of Washington', 237, { x0: 200, x1: 420, ...centred })])).toHaveLength(4);
  });
});

describe('names set apart by gaps, cut at the row’s end', () => {
  it('join a name broken after a particle with the one word that opens the next row', () => {
    const row = { size: 12, font: 'sans' };
    const zone = [
      seg('Markus Haug\u00011\u0002', 184, { x0: 261, x1: 342, ...row }),
      seg('Ana Cristina Franco da', 184, { x0: 366, x1: 496, ...row }),
      seg('Silva\u00011\u0002', 202, { x0: 45, x1: 76, ...row }),
      seg('Carolin Rubner\u00012\u0002', 202, { x0: 100, x1: 191, ...row }),
    ];
    expect(pdfAuthors(zone, () => 'author', [], null).map((h) => [h.author.name, h.markers])).toEqual([
      ['Markus Haug', ['1']],
      ['Ana Cristina Franco da Silva', ['1']],
      ['Carolin Rubner', ['2']],
    ]);
  });
});

describe('running heads overleaf', () => {
  const p1 = page([seg('Running head: EQUIVALENCE TESTING TUTORIAL', 46, { size: 12 }), seg('1', 46, { x0: 534, x1: 540, size: 12 })]);
  it('leave page 2’s header zone when page 1 prints them at the same height, labelled or not', () => {
    const head = seg('EQUIVALENCE TESTING TUTORIAL', 46, { size: 12 });
    const note = seg('Author Note', 87, { size: 12 });
    const p2: PdfPage = { ...page([head, seg('2', 46, { x0: 534, x1: 540, size: 12 }), note]), number: 2 };
    const zone = overleafZone(p2, p1).segments.map((s) => s.plain);
    expect(zone).toContain('Author Note');
    expect(zone).not.toContain('EQUIVALENCE TESTING TUTORIAL');
    // without page 1 to compare, the line stays (it is under the top 5 %)
    expect(overleafZone(p2).segments.map((s) => s.plain)).toContain('EQUIVALENCE TESTING TUTORIAL');
    // the same words lower down are not a running head
    const lower: PdfPage = { ...page([seg('EQUIVALENCE TESTING TUTORIAL', 300, { size: 12 })]), number: 2 };
    expect(overleafZone(lower, p1).segments).toHaveLength(1);
  });
});

describe('an abstract under a numbered heading', () => {
  const text = (n: number) => `Researchers in ecology depend on code to conduct research, line ${n} of the abstract goes on here`;
  const under = (heading: string) =>
    page([
      seg(heading, 64, { x0: 36, x1: 125, size: 16.5, font: 'bold' }),
      ...Array.from({ length: 5 }, (_, i) => seg(text(i), 100 + 14 * i, { x0: 36, x1: 559, size: 11 })),
      seg('3. Introduction', 200, { x0: 36, x1: 160, size: 16.5, font: 'bold' }),
    ]);

  it('reads "2. Abstract" (a Manubot section number) as the abstract’s heading, not a numbered "Summary"', () => {
    expect(abstractAfterHeading([under('2. Abstract')])?.text).toMatch(/^Researchers in ecology .* line 4 of the abstract goes on here$/);
    expect(abstractAfterHeading([under('Abstract')])?.text).toMatch(/^Researchers/);
    expect(abstractAfterHeading([under('2. Summary')])).toBeNull();
    expect(abstractAfterHeading([under('12 Abstract interpretation')])).toBeNull();
  });
});

describe('words set without space glyphs', () => {
  // Some producers place each word as a run of its own and draw no space glyph between them: the words are
  // told apart by the gap between their glyphs, measured against the font size, not by a space in the text.
  const words = (gap: number): Glyphs[] => {
    let x = 72;
    return ['COVID-19', 'vaccination', 'and', 'treatment'].map((str) => {
      const w = str.length * 5;
      const run = { str, x, w, top: 120, size: 10, font: 'f1' };
      x += w + gap;
      return run;
    });
  };

  it('reads a gap of a word space (a quarter em and more) as a space between words', () => {
    expect(segmentsOf(words(2.5), 1).map((s) => s.text)).toEqual(['COVID-19 vaccination and treatment']);
  });

  it('joins runs with no gap (kerned pieces of one word), and splits at a column-wide gap', () => {
    expect(segmentsOf(words(0), 1).map((s) => s.text)).toEqual(['COVID-19vaccinationandtreatment']);
    const pieces: Glyphs[] = [
      { str: 'vacc', x: 72, w: 20, top: 120, size: 10, font: 'f1' },
      { str: 'ination', x: 92.5, w: 35, top: 120, size: 10, font: 'f1' },
    ];
    expect(segmentsOf(pieces, 1).map((s) => s.text)).toEqual(['vaccination']);
    expect(segmentsOf(words(30), 1)).toHaveLength(4);
  });
});

describe('institutions, departments and countries under the author line', () => {
  it('are not read as names, even where every line of the zone is taken for an author line', () => {
    const row = { x0: 180, x1: 420, size: 11, font: 'roman' };
    const zone = [
      seg('Ana Pérez and Wei Zhang', 200, row),
      seg('Department of Physics, Kanto University', 214, row),
      seg('Instituto de Astrofísica de Canarias', 228, row),
      seg('Tokyo, Japan', 242, row),
    ];
    expect(pdfAuthors(zone, () => 'author', [], null).map((h) => h.author.name)).toEqual(['Ana Pérez', 'Wei Zhang']);
  });
});

describe('acknowledgements are not an abstract', () => {
  it('a page with no abstract: the acknowledgements under their heading are not read as one', () => {
    const main = { x0: 72, x1: 520, size: 10, font: 'serif' };
    const thanks = 'We thank the reviewers who answered the survey and the journal for its help with the data';
    const p = page([
      seg('Acknowledgements', 300, { ...main, font: 'bold' }),
      ...Array.from({ length: 4 }, (_, i) => seg(thanks, 314 + 12 * i, main)),
    ]);
    expect(abstractWithoutHeading(p, 260, null, null)).toBeNull();
    // The same paragraph with no heading above it would be taken (so the heading is what keeps it out).
    const bare = page(Array.from({ length: 4 }, (_, i) => seg(thanks, 314 + 12 * i, main)));
    expect(abstractWithoutHeading(bare, 260, null, null)).toMatch(/^We thank the reviewers/);
  });
});
