// Old PDF encodings: ligature glyphs that pdf.js cannot map to Unicode (a Type 1 font with a custom encoding and
// no ToUnicode), and a text layer that is an OCR scan's noise. Pages made here (test/fixtures/intake/oldfont.ts).
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldsToCheck } from '../../../electron/common/domain/intake';
import { dropUnmapped, repairText, wordCounts } from '../../../electron/core/intake/glyphs';
import { inspectFile } from '../../../electron/core/intake/inspect';
import { looksLikeScanGuesses, nonWordShare } from '../../../electron/core/intake/scan';
import type { IntakeResult } from '../../../electron/core/intake/types';
import { KNOWN, makeManuscriptPdf } from '../../fixtures/intake/make';
import { makeOldFontPdf, makeScanPdf, ocrNoise, type OldFontLine } from '../../fixtures/intake/oldfont';

const CONTROL_OR_PRIVATE = /[\p{Cc}\p{Co}\uFFFD]/u;
const fields = (r: IntakeResult) => [r.title, r.abstract, ...r.authors.flatMap((a) => [a.name, a.affiliation, a.email, a.orcid])];

/** A line of the page at its left margin, in body type unless said. */
const line = (text: string, y: number, size = 10, bold = false): OldFontLine => ({ text, x: 60, y, size, ...(bold ? { bold } : {}) });

// ﬁ ﬂ ﬀ ﬃ ﬄ are set as glyphs g27…g31 with no Unicode; ⌘ is a symbol of the font with none either
const LIGATURE_PAGE: OldFontLine[] = [
  line('E\uFB03cient Sampling of Coastal Lichen Communities', 780, 20, true),
  line('Saeed Sha\uFB01ei Sabet and Alice Mo\uFB03tt', 740, 12),
  line('Hat\uFB01eld Marine Science Center, Oregon State University, Newport, USA', 724, 9),
  line('E-mail: saeed.sabet@example.org, alice.moffitt@example.org', 710, 9),
  line('Abstract', 680, 11, true),
  line('We describe the \uFB01rst survey of lichens along the tidal \uFB02ow of forty shores, and the e\uFB00ect', 664),
  line('of exposure on their cover \u2318 over three years. Cover followed the tidal rhythm closely and species', 652),
  line('turnover was fastest in the splash zone, where exposure time alone predicts which species occur.', 640),
  line('1 Introduction', 612, 11, true),
  line('Rocky shores are well studied, and an efficient survey of their upper lichens has to separate the effect', 596),
  line('of the tide from the flow of fresh water over the rock; waves di\uFB00er from shore to shore.', 584),
];

const SCAN_ABSTRACT = [
  'We perform a computerized symbolic computation to find some general solitonic solutions for the',
  'general fifth-order shallow water-wave models. Applying the tanh-typed method, we have found certain',
  'new exact solitary wave solutions. The previously published solutions turn out to be special cases.',
];

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'intake-oldpdf-'));
  writeFileSync(join(dir, 'ligatures.pdf'), await makeOldFontPdf(LIGATURE_PAGE));
  writeFileSync(join(dir, 'scan.pdf'), await makeScanPdf());
  writeFileSync(join(dir, 'scan-abstract.pdf'), await makeScanPdf({ abstract: SCAN_ABSTRACT }));
  writeFileSync(join(dir, 'manuscript.pdf'), await makeManuscriptPdf());
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('ligature glyphs with no Unicode mapping', () => {
  it('the page made here really gives pdf.js U+0000 for its ligatures (what the reader must repair)', async () => {
    const { readFileSync } = await import('node:fs');
    const pdf = await getDocument({ data: new Uint8Array(readFileSync(join(dir, 'ligatures.pdf'))), verbosity: 0 }).promise;
    const items = (await (await pdf.getPage(1)).getTextContent()).items.map((i) => ('str' in i ? i.str : ''));
    expect(items).toContain('Saeed Sha\u0000ei Sabet and Alice Mo\u0004tt');
    expect(items[0]).toBe('E\u0004cient Sampling of Coastal Lichen Communities');
    await pdf.loadingTask.destroy();
  });

  it('reads each as the ligature that makes a word the document prints, else fi; nothing unmapped reaches the form', async () => {
    const r = await inspectFile(join(dir, 'ligatures.pdf'));
    expect(r.error).toBeNull();
    expect(r.title).toBe('Efficient Sampling of Coastal Lichen Communities'); // "efficient" in the introduction: ffi
    expect(r.authors.map((a) => a.name)).toEqual(['Saeed Shafiei Sabet', 'Alice Moffitt']); // fi by default; ffi from the e-mail
    expect(r.authors.map((a) => a.email)).toEqual(['saeed.sabet@example.org', 'alice.moffitt@example.org']);
    expect(r.abstract).toMatch(
      /^We describe the first survey of lichens along the tidal flow of forty shores, and the effect of exposure on their cover over/,
    );
    for (const f of fields(r)) expect(f ?? '').not.toMatch(CONTROL_OR_PRIVATE);
  });

  it('repairText: ligatures inside and at the start of a word, a known word at its end, symbols dropped', () => {
    const known = wordCounts(['the staff said it was efficient and affluent', 'OFFICE']);
    expect(repairText('e\u0000cient', known)).toBe('efficient');
    expect(repairText('a\u0000uent o\u0000ce', known)).toBe('affluent office');
    expect(repairText('sta\u0000 and', known)).toBe('staff and');
    expect(repairText('unknown\u0000 \u0000rst', known)).toBe('unknown first'); // word end only when known; start by default fi
    expect(repairText('Hat\uE001eld \u0002 12\u000f', known)).toBe('Hatfield  12'); // private use too; lone symbols dropped
    expect(repairText('line\tbreak', known)).toBe('line break');
    expect(repairText('plain text', known)).toBe('plain text');
  });

  it('dropUnmapped: the last guard before the form', () => {
    expect(dropUnmapped('Sha\u0000ei \uE000 Sabet\u0002')).toBe('Shaei Sabet');
    expect(dropUnmapped('two\nlines')).toBe('two lines');
  });
});

describe('a text layer that is noise (an OCR scan)', () => {
  it('leaves every field empty and puts the title and the authors on the check list, in the editor’s words', async () => {
    const r = await inspectFile(join(dir, 'scan.pdf'));
    expect(r.error).toBeNull();
    expect(r.title).toBeNull();
    expect(r.abstract).toBeNull();
    expect(r.authors).toEqual([]);
    expect(r.confidence?.signals.scanGuesses).toBe(true);
    const check = fieldsToCheck({ ...r, fileId: 'f', authors: [], confidence: r.confidence! });
    expect(check.map((c) => c.field)).toEqual(['title', 'authors_count']);
    expect(check[0]!.reason).toBe('This PDF’s text looks like a scan’s guesses; check the title and authors against the page.');
  });

  it('keeps an abstract that reads as text itself (not flagged: it was measured clean)', async () => {
    const r = await inspectFile(join(dir, 'scan-abstract.pdf'));
    expect(r.title).toBeNull();
    expect(r.authors).toEqual([]);
    expect(r.abstract).toBe(SCAN_ABSTRACT.join(' '));
    const check = fieldsToCheck({ ...r, fileId: 'f', authors: [], confidence: r.confidence! });
    expect(check.map((c) => c.field)).toEqual(['title', 'authors_count']);
  });

  it('a typeset page, also one with formulas and marked names, is not taken for noise', async () => {
    const r = await inspectFile(join(dir, 'manuscript.pdf'));
    expect(r.title).toBe(KNOWN.title);
    expect(r.confidence?.signals.scanGuesses).toBeUndefined();
    const formulas = [
      'We solve u_t + 6 u u_x + u_xxx = 0 with u(x, 0) = sech^2(x) and find that the soliton keeps its shape for t > 0.',
      'Alice M. Smith1,2*, Bob Jones2 and Chen Wei1 (University of Exampleton, UK; alice.smith@example.org)',
    ];
    const page = Array.from({ length: 6 }, () => formulas).flat();
    expect(nonWordShare(page).share).toBeLessThan(0.3);
    expect(looksLikeScanGuesses(page)).toBe(false);
  });

  it('measures the share of tokens that read as no word, and needs enough of them', () => {
    const noise = ocrNoise(10);
    expect(nonWordShare(noise).share).toBeGreaterThan(0.6);
    expect(looksLikeScanGuesses(noise)).toBe(true);
    expect(looksLikeScanGuesses(noise.slice(0, 3))).toBe(false); // 24 tokens: too few to judge
  });
});
