// The decisions of the front-matter model besides a line's role (electron/core/intake/decisions.ts), on small
// pages and paragraphs made here: where the title starts and ends; where the abstract starts and ends; the
// author zone, the author names and the affiliations; which author an address or iD belongs to.
import { describe, expect, it } from 'vitest';
import {
  RULES,
  abstractAfterHeading,
  abstractWithoutHeading,
  assignEmails,
  assignOrcids,
  attachByName,
  authorLineUnderTitle,
  authorZone,
  contactsOverleaf,
  correspondingMark,
  docxAbstract,
  docxAffiliations,
  docxBounds,
  docxTitle,
  emailNameScore,
  mostlyNames,
  overleafZone,
  ownAffiliation,
  ownOrcid,
  pdfAffiliations,
  pdfAuthors,
  pdfSubtitle,
  pdfTitle,
  type TitleParagraph,
} from '../../../electron/core/intake/decisions';
import type { IntakeAuthor } from '../../../electron/core/intake/types';
import { stripSup, type Segment } from '../../../electron/core/intake/layout';
import type { PdfPage } from '../../../electron/core/intake/pdftext';
import type { Role } from '../../../electron/core/intake/roles';

function seg(text: string, top: number, over: Partial<Segment> = {}): Segment {
  return { text, plain: stripSup(text), x0: 100, x1: 500, top, size: 10, font: 'body', page: 1, ...over };
}
const page = (segments: Segment[]): PdfPage => ({ number: 1, width: 595, height: 842, segments, links: [] });
/** A role model stand-in: lines whose text is listed are author lines. */
const rolesBy =
  (authors: string[]) =>
  (s: Segment): Role =>
    authors.includes(s.plain) ? 'author' : 'other';
const body = Array.from({ length: 20 }, (_, i) => seg(`body text line ${i} of the introduction with several words`, 400 + 12 * i));

describe('the rules table', () => {
  it('gives every weight and threshold a value and a one-line reason', () => {
    for (const [name, r] of Object.entries(RULES)) {
      expect(Number.isFinite(r.value), name).toBe(true);
      expect(r.why.length, name).toBeGreaterThan(20);
      expect(r.why, name).not.toMatch(/\n/);
    }
  });
});

describe('PDF title', () => {
  const t1 = seg('Tidal Rhythms in Coastal Lichen', 100, { size: 20, font: 'bold' });
  const t2 = seg('Communities of the North Atlantic', 126, { size: 20, font: 'bold' });

  it('is the largest text near the top with the lines of its size that follow closely', () => {
    const found = pdfTitle(
      page([seg('Research Article', 60, { size: 24 }), t1, t2, seg('Anna Kowalska', 170, { size: 12 }), ...body]),
      rolesBy([]),
    );
    expect(found?.text).toBe('Tidal Rhythms in Coastal Lichen Communities of the North Atlantic');
  });

  it('ignores large text in the lower part of the page and stops at a far line of the same size', () => {
    const low = seg('Figure Caption Set Very Large', 0.7 * 842, { size: 30 });
    const far = seg('Another block in the same size', 126 + 3 * 20, { size: 20, font: 'bold' });
    expect(pdfTitle(page([t1, t2, far, low, ...body]), rolesBy([]))?.text).toBe(
      'Tidal Rhythms in Coastal Lichen Communities of the North Atlantic',
    );
  });

  it("ends at an author line set in the title's size, but keeps a name-like line in the title's own font", () => {
    const authors = seg('Anna Kowalska\u00011\u0002, Jean-Luc Picard\u00012\u0002 and Wei Zhang\u00011\u0002', 152, {
      size: 20,
      font: 'regular',
    });
    const roles = rolesBy([authors.plain, 'Case Reports and Case Series']);
    expect(pdfTitle(page([t1, t2, authors, ...body]), roles)?.text).toBe(
      'Tidal Rhythms in Coastal Lichen Communities of the North Atlantic',
    );
    // without the role model's word the line stays in the title
    expect(pdfTitle(page([t1, t2, authors, ...body]), rolesBy([]))?.lines).toHaveLength(3);
    const own = seg('Case Reports and Case Series', 152, { size: 20, font: 'bold' });
    expect(authorLineUnderTitle(t1, own, roles)).toBe(false);
    expect(pdfTitle(page([t1, t2, own, ...body]), roles)?.text).toMatch(/Case Reports and Case Series$/);
  });

  it('has a subtitle in a slightly smaller size, never an author line', () => {
    const sub = seg('How software developers coped', 152, { size: 17 });
    const names = seg('Anna Kowalska, Wei Zhang', 152, { size: 17 });
    expect(pdfSubtitle(page([t1, t2, sub, ...body]), [t1, t2]).map((s) => s.plain)).toEqual(['How software developers coped']);
    expect(pdfSubtitle(page([t1, t2, names, ...body]), [t1, t2])).toEqual([]);
  });
});

describe('DOCX title', () => {
  const para = (plain: string, over: Partial<TitleParagraph> = {}): TitleParagraph => ({
    plain,
    unlabelled: plain.replace(/^\s*(title|running head)\s*:\s*/i, ''),
    style: 'Normal',
    size: 12,
    bold: false,
    titleScore: () => 0,
    ...over,
  });

  it('takes the Title style first, else the highest title score among paragraphs that are not labels or names', () => {
    const styled = [para('Running head: LICHENS'), para('Tidal Rhythms of Lichens', { style: 'Title' })];
    expect(docxTitle(styled, 12)).toEqual({ index: 1, sizeRatio: RULES.docxTitleStyleRatio.value });
    const scored = [
      para('Running head: TIDAL RHYTHMS', { titleScore: () => 9 }),
      para('Anna Kowalska', { titleScore: () => 8 }),
      para('Tidal Rhythms in Coastal Lichen Communities', { titleScore: () => 2, size: 16, bold: true }),
      para('Department of Biology, University of Tartu', { titleScore: () => 1 }),
    ];
    expect(docxTitle(scored, 12)).toEqual({ index: 2, sizeRatio: (16 * RULES.docxTitleBoldRatio.value) / 12 });
  });

  it('prefers the earlier of two paragraphs that score alike, and has no title when nothing qualifies', () => {
    const tie = [para('First candidate title here', { titleScore: () => 1 }), para('Second candidate title here', { titleScore: () => 1 })];
    expect(docxTitle(tie, 12)?.index).toBe(0);
    expect(docxTitle([para('Anna Kowalska'), para('a@b.org c d')], 12)).toBeNull();
  });
});

describe('PDF abstract', () => {
  const text = [
    'Lichens on rocky shores live between the sea and the land and we',
    'surveyed forty transects along the coast of Norway and Scotland over',
    'three years and recorded the cover of twelve species at each height.',
  ];
  const rows = (top: number, lines = text, over: Partial<Segment> = {}) => lines.map((t, i) => seg(t, top + 12 * i, over));

  it('starts under its heading and ends at a section heading, a keyword line or a paragraph gap', () => {
    const head = seg('Abstract', 300, { x1: 150, font: 'bold' });
    const stopAt = (stop: Segment) => abstractAfterHeading([page([head, ...rows(314), stop])]);
    expect(stopAt(seg('1 Introduction', 350, { font: 'bold' }))).toEqual({ text: text.join(' '), stopped: true });
    expect(stopAt(seg('Keywords: lichens, tides', 350))?.text).toBe(text.join(' '));
    const gap = 338 + (RULES.paragraphGap.value + 0.5) * 12;
    expect(stopAt(seg('The rocky shore is a harsh place for most organisms to live on.', gap))).toEqual({
      text: text.join(' '),
      stopped: true,
    });
    // a labelled part of a structured abstract after the same gap goes on
    expect(stopAt(seg('Results: cover followed the tides closely in all transects.', gap))?.text).toMatch(/Results: cover/);
  });

  it('ends at a smaller size on its own row (a footnote) and reports that the column ran out there', () => {
    const head = seg('Abstract', 300, { x1: 150, font: 'bold' });
    const found = abstractAfterHeading([
      page([head, ...rows(314), seg('a small note set under the abstract in smaller type', 352, { size: 8 })]),
    ]);
    expect(found).toEqual({ text: text.join(' '), stopped: false });
  });

  it('reads a run-in heading ("Abstract—…") and needs enough words', () => {
    const runIn = seg(`Abstract—${text[0]}`, 300);
    expect(abstractAfterHeading([page([runIn, ...rows(312, text.slice(1)), seg('1 Introduction', 350)])])?.text).toBe(text.join(' '));
    const stub = seg('Abstract', 300, { x1: 150 });
    expect(abstractAfterHeading([page([stub, seg('To appear.', 314), seg('1 Introduction', 340)])])).toBeNull();
  });

  it('without a heading, is the first paragraph of at least 40 words and three lines after the authors', () => {
    const long = [
      ...text,
      'Cover followed the tidal rhythm closely and species turnover was',
      'fastest in the splash zone of every shore.',
    ];
    const p = page([seg('Department of Biology, University of Exampleton', 200), ...rows(300, long)]);
    expect(abstractWithoutHeading(p, 150)).toBe(long.join(' '));
    expect(abstractWithoutHeading(page([...rows(300, text)]), 150)).toBeNull(); // 36 words
  });
});

describe('DOCX abstract', () => {
  const p = (plain: string, over: Partial<{ style: string; size: number; bold: boolean }> = {}) => ({
    plain,
    style: 'Normal',
    size: 12,
    bold: false,
    ...over,
  });
  const sentence = 'Lichens on rocky shores live between the sea and the land.';

  it('starts at its heading, and the header ends there (else at the first section heading)', () => {
    const paras = [
      p('Tidal Rhythms of Lichens', { size: 16 }),
      p('Anna Kowalska'),
      p('Abstract', { bold: true }),
      p(sentence),
      p('Introduction', { bold: true }),
    ];
    expect(docxBounds(paras, 12)).toEqual({ abstract: 2, section: 4, headerEnd: 2 });
    const noAbstract = [p('Tidal Rhythms of Lichens'), p('Anna Kowalska'), p('1 Introduction', { style: 'Heading1' }), p(sentence)];
    expect(docxBounds(noAbstract, 12)).toEqual({ abstract: -1, section: 2, headerEnd: 2 });
    // "Abstract" opening a long paragraph without a colon is prose, not the heading
    expect(docxBounds([p(`Abstract thinking matters. ${sentence}`)], 12).abstract).toBe(-1);
  });

  it('ends at a heading of the same rank or a section heading, keeping structured labels and smaller sub-headings', () => {
    const paras = [
      p('Abstract', { bold: true, size: 14 }),
      p('Background', { bold: true }),
      p(sentence),
      p('Methods', { bold: true }),
      p('We surveyed forty transects.'),
      p('Keywords: lichens, tides'),
    ];
    expect(docxAbstract(paras, 0, 12)).toBe(`Background ${sentence} Methods We surveyed forty transects.`);
    const ranked = [
      p('Abstract', { bold: true, size: 14 }),
      p(sentence),
      p('A smaller sub-heading', { bold: true, size: 12 }),
      p('More text.'),
      p('Plain Language', { bold: true, size: 14 }),
      p('Not in it.'),
    ];
    expect(docxAbstract(ranked, 0, 12)).toBe(`${sentence} A smaller sub-heading More text.`);
  });

  it('ends when a structured label comes round again (the body has begun) and is cut past its word limit', () => {
    const again = [
      p('Abstract', { bold: true }),
      p('Background', { bold: true }),
      p(sentence),
      p('Results', { bold: true }),
      p(sentence),
      p('Background', { bold: true }),
      p('Body.'),
    ];
    expect(docxAbstract(again, 0, 12)).toBe(`Background ${sentence} Results ${sentence}`);
    const long = Array.from({ length: 100 }, () => p(sentence));
    const words = docxAbstract([p('Abstract', { bold: true }), ...long], 0, 12)!.split(' ').length;
    expect(words).toBeGreaterThan(RULES.docxAbstractMaxWords.value);
    expect(words).toBeLessThan(RULES.docxAbstractMaxWords.value + 12);
  });
});

describe('PDF author zone', () => {
  const prose = 'we measured the cover of twelve lichen species along forty transects on the coast of northern Norway';

  it('runs from under the title to the abstract heading', () => {
    const title = seg('Tidal Rhythms in Coastal Lichen', 100, { size: 20 });
    const names = seg('Anna Kowalska, Bob Jones', 130);
    const aff = seg('University of Bergen, Norway', 144);
    const zone = authorZone(page([title, seg('level with the title', 100.05), names, aff, seg('Abstract', 180), seg(prose, 194)]), 100);
    expect(zone.segments.map((s) => s.plain)).toEqual([names.plain, aff.plain]);
    expect(zone.open).toBe(false);
  });

  it('is closed by prose only in the column the prose is in, and stays open when nothing closes it', () => {
    const left = { x0: 60, x1: 290 };
    const right = { x0: 310, x1: 540 };
    const zone = authorZone(
      page([seg(prose, 130, left), seg('Anna Kowalska', 150, left), seg('Bob Jones', 150, right), seg('Oslo, Norway', 164, right)]),
      0,
    );
    expect(zone.segments.map((s) => s.plain)).toEqual(['Bob Jones', 'Oslo, Norway']);
    // an address with lower-case words is not prose; neither is a long name list with particles
    const open = authorZone(
      page([
        seg('José María de la Cruz, Anke van der Berg, Ana da Silva, Luis de los Santos, and Wei Zhang', 130),
        seg('Department of Physics, University of Bergen, and the Bjerknes Centre for Climate Research, Norway', 144),
      ]),
      0,
    );
    expect(open.segments).toHaveLength(2);
    expect(open.open).toBe(true);
  });

  it('overleaf, skips the running head and the page number', () => {
    const zone = overleafZone(page([seg('Running head', 30), seg('Chen Wei, Dana Levi', 60), seg('12', 820)]));
    expect(zone.segments.map((s) => s.plain)).toEqual(['Chen Wei, Dana Levi']);
  });
});

describe('PDF author names', () => {
  const authorsOf = (zone: Segment[], roles: string[], known: { size: number; font: string } | null = null, corresponding: number[] = []) =>
    pdfAuthors(zone, rolesBy(roles), corresponding, known).map((h) => h.author.name);

  it('reads author lines the role model names, most of whose parts are names', () => {
    const names = seg('Anna Kowalska\u00011\u0002, Bob Jones\u00012,*\u0002 and Chen Wei\u00011\u0002', 130);
    const corresponding: number[] = [];
    const hits = pdfAuthors([names], rolesBy([names.plain]), corresponding, null);
    expect(hits.map((h) => [h.author.name, h.markers])).toEqual([
      ['Anna Kowalska', ['1']],
      ['Bob Jones', ['2', '*']],
      ['Chen Wei', ['1']],
    ]);
    expect(corresponding).toEqual([1]);
    // the model's word is needed; a line of one name in three is not an author line
    expect(authorsOf([names], [])).toEqual([]);
    const mixed = seg('Anna Kowalska, the coastal survey team, 2019', 130);
    expect(authorsOf([mixed], [mixed.plain])).toEqual([]);
    expect(mostlyNames([1, 2], [1, 2, 3])).toBe(true);
    expect(mostlyNames([1], [1, 2])).toBe(false);
  });

  it('keeps to the size and font of the first author line, within 8 %', () => {
    const first = seg('Anna Kowalska, Bob Jones', 130, { size: 12 });
    const near = seg('Chen Wei, Dana Levi', 146, { size: 12.9 });
    const far = seg('Erik Holm, Femi Ade', 200, { size: 13.1 });
    expect(authorsOf([first, near, far], [first.plain, near.plain, far.plain])).toEqual([
      'Anna Kowalska',
      'Bob Jones',
      'Chen Wei',
      'Dana Levi',
    ]);
    // overleaf, page 1's style is known: a line in another size there is not the list's continuation
    expect(authorsOf([far], [far.plain], { size: 12, font: 'body' })).toEqual([]);
  });

  it('joins a list wrapped mid-name and keeps the names leading an address line in the author style', () => {
    const a = seg('Ana Pérez, Wei Zhang, Lucía de la', 130, { x0: 150, x1: 450 });
    const b = seg('Cruz, Hao Li', 145, { x0: 250, x1: 350 });
    expect(authorsOf([a, b], ['Ana Pérez, Wei Zhang, Lucía de la Cruz, Hao Li'])).toEqual([
      'Ana Pérez',
      'Wei Zhang',
      'Lucía de la Cruz',
      'Hao Li',
    ]);
    // 1.7 sizes below is the next block, not the wrapped line
    const b2 = { ...b, top: 130 + 1.75 * 10 };
    expect(authorsOf([a, b2], [a.plain, b2.plain])).not.toContain('Lucía de la Cruz');
    const lead = seg('Ingrid Kierkegaard, University of Bergen, Norway', 130);
    expect(authorsOf([lead], [lead.plain])).toEqual(['Ingrid Kierkegaard']);
  });
});

describe('affiliations', () => {
  const role =
    (affiliations: string[]) =>
    (s: Segment): Role =>
      affiliations.includes(s.plain) ? 'affiliation' : 'other';
  const hit = (name: string, seg: Segment, markers: string[] = []) => ({
    author: { name, affiliation: null, email: null, orcid: null } as IntakeAuthor,
    seg,
    markers,
    aff: null,
  });

  it('PDF: by marker, a marked line going on in a next line ending in a comma (not a long one), and marked footnotes low on page 1', () => {
    const names = seg('Anna Kowalska\u00011\u0002, Bob Jones\u0001a\u0002', 130, { size: 12 });
    const a1 = seg('\u00011\u0002Department of Biology,', 150);
    const a1b = seg('University of Bergen,', 162);
    const a1c = seg('Allégaten 41, Bergen, Norway, with a long note of the station on the lines after it', 174);
    const fa = seg('a Marine Station, Tromsø, Norway', 0.6 * 842);
    const hits = [hit('Anna Kowalska', names, ['1']), hit('Bob Jones', names, ['a'])];
    const markers = pdfAffiliations(hits, page([names, a1, a1b, a1c, fa]), [names, a1, a1b, a1c], role([a1.plain, fa.plain]));
    expect(markers).toEqual(['1', 'a']);
    expect(hits.map((h) => [h.author.affiliation, h.aff])).toEqual([
      ['Department of Biology, University of Bergen', 'marker'],
      ['Marine Station, Tromsø, Norway', 'marker'],
    ]);
    // the same footnote in the upper part of the page is not read
    const high = { ...fa, top: 0.5 * 842 };
    const bob = [hit('Bob Jones', names, ['a'])];
    pdfAffiliations(bob, page([names, high]), [names], role([high.plain]));
    expect(bob[0]!.author.affiliation).toBeNull();
  });

  it('PDF: unmarked address lines under each author row, ended by a gap of three sizes', () => {
    const left = seg('Anna Kowalska', 130, { x0: 60, x1: 250 });
    const right = seg('Bob Jones', 130, { x0: 320, x1: 520 });
    const zone = [
      left,
      right,
      seg('University of Bergen', 142, { x0: 60, x1: 250 }),
      seg('anna@uib.no', 154, { x0: 60, x1: 250 }),
      seg('Bergen, Norway', 166, { x0: 60, x1: 250 }),
      seg('Marine Station', 142, { x0: 320, x1: 520 }),
      seg('Tromsø, Norway', 154 + 3.2 * 10, { x0: 320, x1: 520 }),
    ];
    const hits = [hit('Anna Kowalska', left), hit('Bob Jones', right)];
    pdfAffiliations(hits, page(zone), zone, role([]));
    expect(hits.map((h) => [h.author.affiliation, h.aff])).toEqual([
      ['University of Bergen, Bergen, Norway', 'layout'],
      [null, null],
    ]);
  });

  it('DOCX: by marker, else one unmarked affiliation for every author; a per-author paragraph has its own', () => {
    const line = (text: string, affiliation = true) => ({ text, affiliation: () => affiliation });
    const authors = () => [hit('Anna Kowalska', seg('', 0), ['1']), hit('Bob Jones', seg('', 0), ['2'])];
    const marked = authors();
    const markers = docxAffiliations(
      marked,
      [
        line('\u00011\u0002School of Biology, University of Bergen.'),
        line('2 Marine Station, Tromsø'),
        line('3 Not an affiliation', false),
      ],
      (s) => s.replace(/^Affiliations?:\s*/, ''),
    );
    expect(markers).toEqual(['1', '2']);
    expect(marked.map((h) => h.author.affiliation)).toEqual(['School of Biology, University of Bergen', 'Marine Station, Tromsø']);
    const lone = authors();
    docxAffiliations(lone, [line('Affiliation: University of Bergen, Norway;')], (s) => s.replace(/^Affiliations?:\s*/, ''));
    expect(lone.map((h) => [h.author.affiliation, h.aff])).toEqual([
      ['University of Bergen, Norway', 'layout'],
      ['University of Bergen, Norway', 'layout'],
    ]);
    const two = authors();
    docxAffiliations(two, [line('University of Bergen'), line('Marine Station, Tromsø')], (s) => s);
    expect(two.map((h) => h.author.affiliation)).toEqual([null, null]);
    expect(
      ownAffiliation('Anna Kowalska · 0000-0002-1825-0097 · University of Bergen · Funded by the Research Council', 'Anna Kowalska'),
    ).toBe('University of Bergen');
    expect(ownAffiliation('Anna Kowalska · 0000-0002-1825-0097', 'Anna Kowalska')).toBeNull();
  });
});

describe('e-mail attribution', () => {
  const people = (...names: string[]): IntakeAuthor[] => names.map((name) => ({ name, affiliation: null, email: null, orcid: null }));

  it('scores a local part by the surname, the given name, initials and abbreviations', () => {
    expect(emailNameScore('alice.smith@x.org', 'Alice M. Smith')).toBe(RULES.emailSurname.value + RULES.emailGiven.value);
    expect(emailNameScore('kowal@x.org', 'Anna Kowalska')).toBe(RULES.emailSurnameStart.value);
    expect(emailNameScore('ams@x.org', 'Alice M. Smith')).toBe(RULES.emailInitials.value);
    expect(emailNameScore('jvdberg@x.org', 'Jan van der Berg')).toBe(RULES.emailSurname.value);
    expect(emailNameScore('info@x.org', 'Alice M. Smith')).toBe(0);
  });

  it('gives addresses to the names they match, the rest in list order, a lone one to the corresponding author', () => {
    const a = people('Alice M. Smith', 'Bob Jones', 'Chen Wei');
    const byName = assignEmails(a, ['wei.chen@x.net', 'alice.smith@x.org', 'office7@x.org']);
    expect(a.map((x) => x.email)).toEqual(['alice.smith@x.org', 'office7@x.org', 'wei.chen@x.net']);
    expect([...byName].sort()).toEqual([0, 2]);
    const b = people('Alice M. Smith', 'Bob Jones', 'Chen Wei');
    assignEmails(b, ['lab-contact@x.org'], [1]);
    expect(b.map((x) => x.email)).toEqual([null, 'lab-contact@x.org', null]);
  });

  it('takes an address found away from the author list only on a clear name match', () => {
    const a = people('Alice M. Smith', 'Bob Jones');
    const byName = new Set<number>();
    attachByName(a, ['zhmh@pku.edu.cn', 'b.jones@x.org', 'ams@x.org'], byName);
    expect(a.map((x) => x.email)).toEqual(['ams@x.org', 'b.jones@x.org']);
    const c = people('Alice M. Smith');
    attachByName(c, ['asmi@x.org'], new Set()); // first initial + surname start: 1 point, under the 1.5 needed
    expect(c[0]!.email).toBeNull();
    expect([...byName].sort()).toEqual([0, 1]);
  });

  it('reads page 2 for contacts only when page 1 promises them and a mark is on at most half the authors', () => {
    const a = people('Alice M. Smith', 'Bob Jones', 'Chen Wei');
    expect(contactsOverleaf('ORCID iDs: see Author information', a, [])).toBe(true);
    expect(contactsOverleaf('ORCID 0000-0002-1825-0097', a, [])).toBe(false);
    expect(contactsOverleaf('* Corresponding author', a, [0])).toBe(true);
    expect(contactsOverleaf('* Corresponding author', a, [0, 1])).toBe(false); // "equal contribution" marks
    expect(contactsOverleaf('* Corresponding author', [], [0])).toBe(false);
    expect(correspondingMark(['1', '*'])).toBe(true);
    expect(correspondingMark(['1', '†'])).toBe(false);
  });
});

describe('ORCID attribution', () => {
  const people = (...names: string[]): IntakeAuthor[] => names.map((name) => ({ name, affiliation: null, email: null, orcid: null }));

  it('gives an iD to the author named just before it or in parentheses after it, the rest in order', () => {
    const a = people('Alice M. Smith', 'Bob Jones', 'Chen Wei');
    const near = assignOrcids(a, 'ORCID: 0000-0001-5109-3700 (C. Wei), Bob Jones 0000-0002-1825-0097, 0000-0003-0882-308X');
    expect(a.map((x) => x.orcid)).toEqual(['0000-0003-0882-308X', '0000-0002-1825-0097', '0000-0001-5109-3700']);
    expect([...near].map((x) => x.name)).toEqual(['Chen Wei', 'Bob Jones']);
  });

  it('does not reach back past its window for a name', () => {
    const a = people('Alice M. Smith', 'Bob Jones');
    const far = `Bob Jones ${'x'.repeat(RULES.orcidLookBehind.value)} 0000-0002-1825-0097`;
    const near = assignOrcids(a, far);
    expect(near.size).toBe(0);
    expect(a[0]!.orcid).toBe('0000-0002-1825-0097'); // in list order
  });

  it("takes a per-author paragraph's only iD as that author's", () => {
    expect(ownOrcid('Alice M. Smith · 0000-0002-1825-0097 · University of Exampleton')).toBe('0000-0002-1825-0097');
    expect(ownOrcid('Alice M. Smith 0000-0002-1825-0097, Chen Wei 0000-0001-5109-3700')).toBeNull();
  });
});
