// The layout features that hold across layouts, on small fixtures made here: column gutters, wrapped author
// lists, TeX's separate accent glyphs, and the first-page author line set together with its address.
import { describe, expect, it } from 'vitest';
import {
  composeAccents,
  findGutter,
  placeAccents,
  segmentsOf,
  stripSup,
  type Glyphs,
  type Segment,
} from '../../../electron/core/intake/layout';
import { followColumn, isProse, joinWrappedLines } from '../../../electron/core/intake/decisions';
import { casedName, looksLikeName } from '../../../electron/core/intake/text';

/** A two-column page: 30 rows per column, columns 62–301 and 311–550 (LaTeX's default 10 pt gutter). */
function twoColumnRuns(): Glyphs[] {
  const runs: Glyphs[] = [{ str: 'A Scalable Approach to Urban Heat Islands', x: 154, w: 304, top: 104, size: 17, font: 'f1' }];
  for (let i = 0; i < 30; i++) {
    const top = 240 + 12 * i;
    runs.push({ str: `left column line ${i} with some words in it`, x: 62, w: 239, top, size: 10, font: 'f2' });
    runs.push({ str: `right column line ${i} with other words`, x: 311, w: 239, top, size: 10, font: 'f2' });
  }
  return runs;
}

/** Rows as the layout builds them for these fixtures: one per baseline. */
function rowsOf(runs: Glyphs[]) {
  return [...new Set(runs.map((r) => r.top))].map((top) => ({
    items: runs.filter((r) => r.top === top).map((r) => ({ ...r, sup: false })),
  }));
}

function seg(text: string, top: number, x0 = 100, x1 = 500, over: Partial<Segment> = {}): Segment {
  return { text, plain: stripSup(text), x0, x1, top, size: 12, font: 'f2', page: 1, ...over };
}

describe('column gutter', () => {
  it('is found between two columns whose gap is under one em, and rows are split there', () => {
    const runs = twoColumnRuns();
    const g = findGutter(rowsOf(runs));
    expect(g).not.toBeNull();
    expect(g!.x0).toBeGreaterThanOrEqual(300);
    expect(g!.x1).toBeLessThanOrEqual(312);
    const segs = segmentsOf(runs, 1).filter((s) => s.size === 10);
    expect(segs).toHaveLength(60);
    expect(segs.every((s) => s.x1 <= 302 || s.x0 >= 310)).toBe(true);
  });

  it('is not invented on a one-column page, where a centred title covers the middle', () => {
    const runs: Glyphs[] = [{ str: 'Title', x: 200, w: 200, top: 100, size: 17, font: 'f1' }];
    for (let i = 0; i < 30; i++) runs.push({ str: `a full-width line ${i}`, x: 72, w: 468, top: 200 + 12 * i, size: 10, font: 'f2' });
    expect(findGutter(rowsOf(runs))).toBeNull();
    expect(
      segmentsOf(runs, 1)
        .filter((s) => s.size === 10)
        .every((s) => s.x0 === 72 && s.x1 === 540),
    ).toBe(true);
  });

  it('does not split a centred author line at a word gap near the middle', () => {
    const runs = twoColumnRuns();
    // "Mikko Ødegaard" with its word gap right at the middle of the page, above the columns
    runs.push(
      { str: 'Mikko', x: 270, w: 30, top: 140, size: 12, font: 'f3' },
      { str: 'Ødegaard', x: 303, w: 50, top: 140, size: 12, font: 'f3' },
    );
    const names = segmentsOf(runs, 1).filter((s) => s.top === 140);
    expect(names.map((s) => s.plain)).toEqual(['Mikko Ødegaard']);
  });
});

describe('wrapped author lists', () => {
  it('joins a list line that fills the block and ends mid-name with the next line', () => {
    const out = joinWrappedLines([
      seg('Ana Pérez\u00011\u0002, Wei Zhang\u00012\u0002, Lucía de la', 150),
      seg('Cruz\u00011\u0002, Hao Li\u00012\u0002', 165, 250, 350),
    ]);
    expect(out).toHaveLength(1);
    expect(out[0]!.plain).toBe('Ana Pérez , Wei Zhang , Lucía de la Cruz , Hao Li');
  });

  it('keeps one-name-per-line blocks, lines ending with a separator, and address lines apart', () => {
    expect(joinWrappedLines([seg('Ana Pérez', 150, 250, 350), seg('Wei Zhang', 165, 250, 350)])).toHaveLength(2);
    expect(joinWrappedLines([seg('Ana Pérez, Wei Zhang,', 150), seg('Hao Li', 165, 250, 350)])).toHaveLength(2);
    expect(
      joinWrappedLines([seg('Department of Physics, University of Eastbrook', 150), seg('Eastbrook, United Kingdom', 165, 250, 350)]),
    ).toHaveLength(2);
    // a different font (the affiliations under the names) is another block
    expect(joinWrappedLines([seg('Ana Pérez, Wei Zhang, Hao', 150), seg('Li', 165, 250, 350, { font: 'f9' })])).toHaveLength(2);
  });
});

describe('TeX accents', () => {
  it('joins spacing accents set before their letter', () => {
    expect(composeAccents('Jiˇr´ı Dvoˇr´ak')).toBe('Jiří Dvořák');
    expect(composeAccents('JO˜AO FERN´ANDEZ, Technische Universit¨at')).toBe('JOÃO FERNÁNDEZ, Technische Universität');
    expect(composeAccents('LUCÍA P. GONC¸ALVES')).toBe('LUCÍA P. GONÇALVES');
    expect(composeAccents('JOSE MAR´ÍA PEREZ,´')).toBe('JOSE MARÍA PEREZ,');
    expect(composeAccents('SØREN WISNIEWSKI,´')).toBe('SØREN WISNIEWSKI,');
    expect(composeAccents('plain text')).toBe('plain text');
  });

  it('drops an accent that lost its letter even when the next accent found its own ("MAR´´IA")', () => {
    expect(composeAccents('JOSE MAR´´IA PEREZ,´')).toBe('JOSE MARÍA PEREZ,');
    expect(composeAccents('Universit`a di Severo')).toBe('Università di Severo');
    expect(composeAccents('a `quoted` word')).toBe('a `quoted` word');
  });

  // acmart's small capitals as pdf.js gives them (acmart-001 of the generated set): each accent is a run of its
  // own, raised 2.7 pt, over the first letter of the next run
  const smallCaps: Glyphs[] = [
    { str: 'JOS', x: 45.6, w: 19.8, top: 143.6, size: 10.9, font: 'f2' },
    { str: '´', x: 65.3, w: 5.5, top: 140.9, size: 10.9, font: 'f2' },
    { str: 'E MAR', x: 64.8, w: 32.8, top: 143.6, size: 10.9, font: 'f2' },
    { str: '´', x: 97.6, w: 5.5, top: 140.9, size: 10.9, font: 'f2' },
    { str: 'IA P', x: 98.8, w: 21.4, top: 143.6, size: 10.9, font: 'f2' },
    { str: '´', x: 120.3, w: 5.5, top: 140.9, size: 10.9, font: 'f2' },
    { str: 'EREZ,', x: 119.7, w: 29.8, top: 143.6, size: 10.9, font: 'f2' },
  ];

  it('puts an accent set as a glyph of its own before the letter it stands over', () => {
    expect(placeAccents(smallCaps).map((r) => r.str)).toEqual(['JOS', '´E MAR', '´IA P', '´EREZ,']);
    expect(segmentsOf(smallCaps, 1).map((s) => s.plain)).toEqual(['JOSÉ MARÍA PÉREZ,']);
    // "DVO" ˇ "R" ´ "AK,": the caron goes to the R, the acute to the A
    const dvorak: Glyphs[] = [
      { str: 'SØREN DVO', x: 73.4, w: 62.8, top: 224.8, size: 10.9, font: 'f2' },
      { str: 'ˇ', x: 136.3, w: 5.5, top: 222, size: 10.9, font: 'f2' },
      { str: 'R', x: 135.5, w: 8, top: 224.8, size: 10.9, font: 'f2' },
      { str: '´', x: 143.4, w: 5.5, top: 222, size: 10.9, font: 'f2' },
      { str: 'AK,', x: 142.5, w: 17.9, top: 224.8, size: 10.9, font: 'f2' },
    ];
    expect(segmentsOf(dvorak, 1).map((s) => s.plain)).toEqual(['SØREN DVOŘÁK,']);
  });

  it('leaves an accent alone when it stands over no run, and drops the space pdf.js put for the kern before it', () => {
    const alone: Glyphs[] = [{ str: '´', x: 10, w: 5, top: 100, size: 10, font: 'f' }];
    expect(placeAccents(alone)).toEqual(alone);
    const schroeder: Glyphs[] = [
      { str: 'LUDWIG SCHR ', x: 73.4, w: 74.3, top: 340.7, size: 10.9, font: 'f2' },
      { str: '¨', x: 147.8, w: 5.5, top: 337.9, size: 10.9, font: 'f2' },
      { str: 'ODER,', x: 146.5, w: 32.5, top: 340.7, size: 10.9, font: 'f2' },
    ];
    expect(segmentsOf(schroeder, 1).map((s) => s.plain)).toEqual(['LUDWIG SCHRÖDER,']);
  });
});

describe('names with letters outside ASCII', () => {
  it('are not cut off by stop words that match only up to an accented letter ("In" + "ês")', () => {
    expect(looksLikeName('Inês E. Pérez')).toBe(true);
    expect(looksLikeName('Ελένη Γεωργίου')).toBe(true);
    expect(looksLikeName('Results in Physics')).toBe(false);
  });
});

describe('names set in capitals', () => {
  it('reads a two-letter surname in capitals as a name, a state code after a place in mixed case not', () => {
    expect(looksLikeName('YU T. LI')).toBe(true);
    expect(looksLikeName('Redmond WA')).toBe(false);
  });

  it('come back in title case, particles in lower case; a name with lower case stays as printed', () => {
    expect(casedName('MEHMET YILMAZ')).toBe('Mehmet Yilmaz');
    expect(casedName('MARTA DA SILVA')).toBe('Marta da Silva');
    expect(casedName('SEO-YEON P. CHOI')).toBe('Seo-Yeon P. Choi');
    expect(casedName("MARY D. O'NEIL")).toBe("Mary D. O'Neil");
    expect(casedName('EMILY MCALLISTER')).toBe('Emily McAllister');
    expect(casedName('ŁUKASZ ØDEGAARD')).toBe('Łukasz Ødegaard');
    expect(casedName('TIMOTHY J. TRICHE III')).toBe('Timothy J. Triche III');
    expect(casedName('Chris QUIRK')).toBe('Chris QUIRK');
    expect(casedName('L. N.')).toBe('L. N.');
  });
});

describe('lines set in two sizes and name lists', () => {
  it('joins a name in larger accented capitals to its address on nearly the same baseline', () => {
    const runs: Glyphs[] = [
      { str: 'JOS\u00c9 MAR\u00cdA P\u00c9REZ,', x: 46, w: 104, top: 141, size: 11, font: 'f2' },
      { str: 'Universidad de Valmar, Spain', x: 153, w: 120, top: 144, size: 9, font: 'f3' },
      { str: 'LUIS K. DOS SANTOS, Universidad de Valmar, Spain', x: 46, w: 235, top: 157, size: 9, font: 'f3' },
    ];
    const segs = segmentsOf(runs, 1);
    expect(segs.map((s) => s.plain)).toEqual([
      'JOS\u00c9 MAR\u00cdA P\u00c9REZ, Universidad de Valmar, Spain',
      'LUIS K. DOS SANTOS, Universidad de Valmar, Spain',
    ]);
    expect(segs[0]!.size).toBe(9);
    expect(segs[0]!.font).toBe('f3');
  });

  it('keeps rows of different sizes apart when a gap of more than an em separates them', () => {
    const runs: Glyphs[] = [
      { str: 'Heading', x: 46, w: 60, top: 141, size: 11, font: 'f2' },
      { str: 'margin note', x: 200, w: 60, top: 144, size: 9, font: 'f3' },
    ];
    expect(segmentsOf(runs, 1).map((s) => s.plain)).toEqual(['Heading', 'margin note']);
  });

  it('does not take a wrapped author line with name particles for prose', () => {
    expect(isProse('Johnson, Leila Haddad, José María de la Cruz, and Anke de Vries')).toBe(false);
    expect(isProse('We surveyed forty transects along the coast of Norway and recorded the cover of twelve species')).toBe(true);
  });
});

describe('following a text column', () => {
  it('keeps a piece of a row set in small capitals (smaller, baseline a little off) and reads the row left to right', () => {
    // P038 (ACL template) abstract: "We deploy L" + "ONG" "VAL" at 8 pt, 2.7 pt lower, + "E" + "in an-"
    const lines = [
      seg('automated alignment between summary and', 508.4, 88, 272, { size: 10 }),
      seg('source snippets? We deploy L', 517.6, 88, 207, { size: 10 }),
      seg('E', 517.6, 226, 232, { size: 10 }),
      seg('in an-', 517.6, 251, 274, { size: 10 }),
      seg('ONG VAL', 520.3, 207, 248, { size: 8 }),
      seg('notation studies on two long-form summariza-', 531.2, 88, 274, { size: 10 }),
      seg('tion datasets in different domains', 544.2, 88, 273, { size: 10 }),
    ];
    const flow = followColumn(lines, 88, 274, 508.4, true, 10);
    expect(flow.lines.map((l) => l.plain)).toEqual([
      'automated alignment between summary and',
      'source snippets? We deploy L',
      'ONG VAL',
      'E',
      'in an-',
      'notation studies on two long-form summariza-',
      'tion datasets in different domains',
    ]);
    expect(flow.stopped).toBe(false);
  });

  it('stops at a line in a smaller size on a row of its own (a footnote under the abstract)', () => {
    const lines = [
      seg('the abstract runs on here', 500, 88, 272, { size: 10 }),
      seg('and ends here.', 512, 88, 272, { size: 10 }),
      seg('* Corresponding author, a note in small print', 530, 88, 272, { size: 8 }),
    ];
    expect(followColumn(lines, 88, 272, 500, true, 10).lines.map((l) => l.plain)).toEqual(['the abstract runs on here', 'and ends here.']);
  });
});
