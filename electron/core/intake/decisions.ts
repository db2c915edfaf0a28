// The decisions of the front-matter model that are not a single line's role (roles.ts decides those): where
// the title starts and ends, and whether a line under it is its next line or the author line. The format
// readers (pdf.ts, docx.ts) measure lines and paragraphs and call these functions; every weight and threshold
// they use is a row of RULES below, with the reason it has that value.
import type { Segment } from './layout';
import type { PdfPage } from './pdftext';
import type { Role } from './roles';
import { clean, looksLikeName, splitAuthorLine } from './text';
import { isSpace, oneOf, trimEndWhere } from '../../common/linear';

interface Rule {
  value: number;
  why: string;
}
const table = <T extends Record<string, Rule>>(t: T): T => t;

/** Every weight and threshold of the title, abstract and attribution decisions, each with its reason. */
export const RULES = table({
  // ---- title (PDF)
  titleZone: { value: 0.62, why: 'the title lies in the upper 62 % of page 1; large text lower down is a figure or a section' },
  titleMinLetters: { value: 3, why: 'a line with fewer than three letters is a number, a symbol or an initial, not a title' },
  titleSizeTolerance: { value: 0.06, why: 'lines within 6 % of a size share it (font matrices round differently per line)' },
  titleLineGap: { value: 2.1, why: "a title's next line lies within 2.1 of its size below the previous one; farther is the next block" },
  titleSameRow: { value: 0.3, why: 'baselines closer than 0.3 of the size are one row (a title line split at a wide space)' },
  titleMinWords: { value: 2, why: 'a one-word "title" is a banner or a journal name' },
  titleMinChars: { value: 10, why: 'a title has at least ten characters; shorter large text is a label' },
  titleBodyCandidates: { value: 14, why: 'more than 14 lines of the largest size (with a run over 6) is body text, not a title' },
  titleBodyRun: { value: 6, why: 'a title runs to at most six lines' },
  subtitleGap: { value: 2.2, why: 'a subtitle starts within 2.2 line heights of the title' },
  subtitleMinSize: { value: 0.8, why: 'a subtitle is set at least 80 % of the title size …' },
  subtitleMaxSize: { value: 0.95, why: '… and visibly smaller than the title (under 95 %), else it is the title itself' },
  // ---- title (DOCX)
  docxTitleParagraphs: { value: 15, why: 'the title is one of the first 15 paragraphs of the header' },
  docxTitleMinWords: { value: 3, why: 'a title has at least three words; shorter early paragraphs are labels' },
  docxTitleTieBreak: { value: 0.01, why: 'of two paragraphs with the same title score, the earlier one wins' },
  docxTitleStyleRatio: { value: 1.5, why: 'a paragraph in the Title style is as sure as one set 1.5 × the body size' },
  docxTitleBoldRatio: { value: 1.15, why: 'bold counts like a 15 % larger size when comparing a title with the body' },
});

type Name = keyof typeof RULES;
/** The value of a rule. */
export const rule = (name: Name): number => RULES[name].value;

// ---------------------------------------------------------------- title (PDF)

/** Banners, journal furniture and notes set large near the top that are not the title. */
const NOT_TITLE = new RegExp(
  String.raw`^(running (head|title)|short title|research( article)?|original (research|article|paper)|` +
    String.raw`review( article)?|open access|article|letter|brief report|short (communication|paper)|case report|` +
    String.raw`editorial|technical (note|report)|preprint|arxiv|journal of|proceedings|volume|vol\.|issn|doi|` +
    String.raw`https?:|www\.|©|copyright|received|accepted|published|available online|contents lists|downloaded|` +
    String.raw`citation|editor|academic editor|research paper|full paper|regular paper|mini review|perspective|` +
    String.raw`commentary|rapid communication|draft|manuscript|submitted|under review|in press)\b`,
  'i',
);

function words(s: string): number {
  return s.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;
}

/** A title without the footnote marks at its end ("Title*", "Title †‡") and the space before them. */
function stripNoteMarks(text: string): string {
  const bare = trimEndWhere(text, oneOf('*∗†‡'));
  return bare.length === text.length ? text : trimEndWhere(bare, isSpace);
}

/**
 * The title of a PDF: the largest text in the upper part of page 1 (banners, DOIs, e-mails and numbers
 * excluded) that has at least two words, with the lines of the same size that follow it closely.
 */
export function pdfTitle(page: PdfPage, roleOf: (s: Segment) => Role): { lines: Segment[]; text: string } | null {
  const cands = page.segments.filter(
    (s) =>
      s.top < rule('titleZone') * page.height &&
      (s.plain.match(/\p{L}/gu)?.length ?? 0) >= rule('titleMinLetters') &&
      !NOT_TITLE.test(s.plain) &&
      !/@/.test(s.plain) &&
      !/^[\d\s.,:;()-]+$/.test(s.plain),
  );
  if (cands.length === 0) return null;
  const sizes = [...new Set(cands.map((s) => s.size))].sort((a, b) => b - a);
  for (const size of sizes) {
    const same = cands
      .filter((s) => Math.abs(s.size - size) <= rule('titleSizeTolerance') * size)
      .sort((a, b) => a.top - b.top || a.x0 - b.x0);
    const lines: Segment[] = [same[0]!];
    for (const s of same.slice(1)) {
      if (titleGoesOn(lines[lines.length - 1]!, s, size) && !authorLineUnderTitle(lines[0]!, s, roleOf)) lines.push(s);
      else break;
    }
    const text = clean(lines.map((l) => l.plain).join(' '));
    if (words(text) < rule('titleMinWords') || text.length < rule('titleMinChars')) continue;
    if (same.length > rule('titleBodyCandidates') && lines.length > rule('titleBodyRun')) continue;
    return { lines, text: stripNoteMarks(text) };
  }
  return null;
}

/** A line of the title's size carries the title on: the next row within two line heights, or the same row. */
function titleGoesOn(prev: Segment, s: Segment, size: number): boolean {
  const gap = s.top - prev.top;
  const sameRow = rule('titleSameRow') * size;
  return gap <= rule('titleLineGap') * size && (gap > sameRow || Math.abs(gap) < sameRow);
}

/**
 * A line in the title's size that is the author line, not the title's next line: the role model reads it as
 * an author line, every part of it reads as a name, and it is set apart from the title by a superscript
 * marker or another font ("Case Reports and Case Series" in the title's own font stays in the title).
 */
export function authorLineUnderTitle(first: Segment, s: Segment, roleOf: (s: Segment) => Role): boolean {
  const parts = splitAuthorLine(s.text);
  if (parts.length === 0 || !parts.every((p) => looksLikeName(p.name))) return false;
  if (!(s.font !== first.font || parts.some((p) => p.markers.length > 0))) return false;
  return roleOf(s) === 'author';
}

/** A subtitle set right below the title in a somewhat smaller size ("Pandemic programming" + "How …"); never an author line. */
export function pdfSubtitle(page: PdfPage, title: Segment[]): Segment[] {
  const last = title[title.length - 1]!;
  const size = last.size;
  const below = page.segments.filter((s) => s.top > last.top).sort((a, b) => a.top - b.top || a.x0 - b.x0);
  const out: Segment[] = [];
  let prev = last;
  for (const s of below) {
    if (s.top - prev.top > rule('subtitleGap') * prev.size) break;
    if (
      s.size >= rule('subtitleMinSize') * size &&
      s.size < rule('subtitleMaxSize') * size &&
      !looksLikeName(splitAuthorLine(s.text)[0]?.name ?? '') &&
      !/@|\d{4}/.test(s.plain)
    ) {
      out.push(s);
      prev = s;
    } else break;
  }
  return out;
}

// ---------------------------------------------------------------- title (DOCX)

const NOT_TITLE_DOCX = new RegExp(
  String.raw`^\s*(title page|running (head|title)|short title|article type|manuscript( type| number)?|word count|` +
    String.raw`original (article|research)|research article|review|preprint|draft|submitted to|supplementary|` +
    String.raw`cover letter|authors?)\b`,
  'i',
);

/** What the DOCX reader knows about an early paragraph when choosing the title. */
export interface TitleParagraph {
  /** The paragraph's text. */
  plain: string;
  /** Its text without a leading label ("Title:", "Running head:"). */
  unlabelled: string;
  style: string;
  size: number;
  bold: boolean;
  /** The role model's title score for the paragraph (roles.ts). */
  titleScore: () => number;
}

/**
 * The title of a DOCX: a paragraph in the Title style, else the early paragraph the role model scores
 * highest for "title" that is not a label, an address, a number or a name. `sizeRatio` feeds the confidence.
 */
export function docxTitle(early: TitleParagraph[], body: number): { index: number; sizeRatio: number } | null {
  let index = early.slice(0, rule('docxTitleParagraphs')).findIndex((p) => /^title$/i.test(p.style));
  if (index < 0) {
    let best = -Infinity;
    early.slice(0, rule('docxTitleParagraphs')).forEach((p, i) => {
      if (NOT_TITLE_DOCX.test(p.plain) && !/^\s*title\s*:/i.test(p.plain)) return;
      const text = p.unlabelled;
      if (text.split(' ').length < rule('docxTitleMinWords') || /@|^\d/.test(text) || looksLikeName(text)) return;
      const score = p.titleScore() - i * rule('docxTitleTieBreak');
      if (score > best) [best, index] = [score, i];
    });
  }
  if (index < 0) return null;
  const p = early[index]!;
  const sizeRatio = /^title$/i.test(p.style) ? rule('docxTitleStyleRatio') : (p.size * (p.bold ? rule('docxTitleBoldRatio') : 1)) / body;
  return { index, sizeRatio };
}
