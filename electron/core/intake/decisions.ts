/* eslint-disable no-control-regex -- superscript runs are delimited by U+0001 … U+0002 (layout.ts SUP_OPEN/SUP_CLOSE) */
// The decisions of the front-matter model that are not a single line's role (roles.ts decides those): where
// the title starts and ends, and whether a line under it is its next line or the author line; where the
// abstract starts and ends; where the author block lies, which of its lines are author lines and which
// affiliation goes to which author; which author an e-mail address or ORCID iD belongs to. The format
// readers (pdf.ts, docx.ts) measure lines and paragraphs and call these functions; every weight and threshold
// they use is a row of RULES below, with the reason it has that value.
import { overlap, type Segment } from './layout';
import type { PdfPage } from './pdftext';
import type { Role } from './roles';
import {
  ABSTRACT_HEAD,
  NAME_JOINERS,
  NAME_PARTICLES,
  PARTICLES,
  STOP_HEAD,
  clean,
  findOrcids,
  fold,
  joinLines,
  looksLikeName,
  splitAuthorLine,
  wordCount,
} from './text';
import { AFFILIATION, endsWithCountry } from './roles';
import type { Attachment } from './confidence';
import type { IntakeAuthor } from './types';
import { isSpace, oneOf, replaceSpans, trimEndWhere } from '../../common/linear';

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
  titleBannerWords: {
    value: 3,
    why: 'a banner ("Research Article", "Open Access") has at most three words; a longer title line that opens with such a word goes on',
  },
  subtitleGap: { value: 2.2, why: 'a subtitle starts within 2.2 line heights of the title' },
  subtitleMinSize: { value: 0.8, why: 'a subtitle is set at least 80 % of the title size …' },
  subtitleMaxSize: { value: 0.95, why: '… and visibly smaller than the title (under 95 %), else it is the title itself' },
  // ---- title (DOCX)
  docxTitleParagraphs: { value: 15, why: 'the title is one of the first 15 paragraphs of the header' },
  docxTitleMinWords: { value: 3, why: 'a title has at least three words; shorter early paragraphs are labels' },
  docxTitleTieBreak: { value: 0.01, why: 'of two paragraphs with the same title score, the earlier one wins' },
  docxTitleStyleRatio: { value: 1.5, why: 'a paragraph in the Title style is as sure as one set 1.5 × the body size' },
  docxTitleBoldRatio: { value: 1.15, why: 'bold counts like a 15 % larger size when comparing a title with the body' },
  // ---- abstract (PDF): where it starts
  abstractHeadingReach: { value: 4, why: 'the text under an "Abstract" heading starts within four heading sizes below it' },
  abstractHeadingSlack: { value: 5, why: 'a line counts as under the heading when it reaches within 5 pt of its ends' },
  abstractMinWidth: { value: 0.25, why: "a heading's column is at least a quarter of the page wide (a short heading over a wide text)" },
  abstractMinWords: { value: 15, why: 'under 15 words after a heading is a label or a stub, not the abstract' },
  abstractIndentMin: { value: 0.5, why: 'a first line indented by half an em or more opens a paragraph (Word: 36 pt) …' },
  abstractIndentMax: { value: 4, why: '… by at most four ems; deeper is a quotation, a list or another column' },
  abstractNextRow: { value: 2.5, why: "an indented line's paragraph goes on within 2.5 of its size below …" },
  nextRowMin: { value: 0.5, why: '… and at least half its size below (a lower piece of the same row is not the next line)' },
  guessLineWords: { value: 6, why: 'without a heading, the abstract starts at a line of six words or more (not a name or label)' },
  guessLines: { value: 3, why: 'without a heading, an abstract spans at least three lines …' },
  guessWords: { value: 40, why: '… and at least 40 words; shorter paragraphs are notes or addresses' },
  // ---- abstract (PDF): where it ends
  columnOverlap: { value: 0.5, why: "a line is in the abstract's column when half its width lies inside the column" },
  columnSlack: { value: 30, why: 'a line may start up to 30 pt left of the column (a hanging label, a wrapped heading)' },
  sameRow: { value: 0.3, why: 'baselines closer than 0.3 of the size are one row (small capitals, a justified line split in two)' },
  sizeChange: { value: 0.16, why: 'a size change over 16 % ends the abstract (smaller: a footnote; larger: a heading)' },
  paragraphGap: { value: 2.1, why: 'a gap over 2.1 line steps is a paragraph break that ends it, unless a "Label:" follows …' },
  hardGap: { value: 3.2, why: '… and over 3.2 line steps always ends it (structured abstracts keep their labelled parts)' },
  nextPageTop: { value: 0.3, why: 'an abstract goes on overleaf only when its continuation starts in the top 30 % of the page' },
  nextColumnSlack: { value: 2, why: 'the next column starts right of the abstract column, allowing 2 pt of overlap' },
  nextColumnAbove: { value: 0.5, why: 'the next column is read from level with the heading (half its size above its baseline)' },
  headingWords: { value: 6, why: 'a section heading or a structured label ("Methods") has at most six words' },
  // ---- abstract (DOCX)
  docxHeadingSearch: { value: 120, why: 'the "Abstract" heading is one of the first 120 paragraphs' },
  docxHeadingWords: { value: 3, why: 'a paragraph of up to three words starting "Abstract" is its heading (else a run-in label)' },
  docxBoldHeadingWords: { value: 8, why: 'a bold or larger paragraph of up to eight words is a heading' },
  docxHeadingSizeStep: { value: 0.5, why: 'larger than the body by half a point makes a paragraph heading-sized' },
  docxSectionWords: { value: 4, why: 'a plain paragraph of up to four words that names a section ("Introduction") ends the header' },
  docxRankTolerance: { value: 0.25, why: 'a heading within a quarter point of the "Abstract" heading\'s size has its rank and ends it' },
  docxAbstractMaxWords: { value: 700, why: 'an abstract over 700 words has run into the body: stop there' },
  docxHeaderParagraphs: { value: 40, why: 'with no abstract or section heading, the header is the first 40 paragraphs' },
  docxContactParagraphs: { value: 80, why: 'with no section heading, e-mails and iDs are looked for in the first 80 paragraphs' },
  // ---- e-mail and ORCID attribution (how well an address's local part matches a name, in points)
  emailSurname: { value: 3, why: 'the whole surname in the local part (smith, j.smith) is the strongest sign of its owner' },
  emailSurnameStart: { value: 2, why: "the surname's first five letters (kowal for Kowalska) still point to one person" },
  emailGiven: { value: 2, why: 'the whole given name (alice.s) is nearly as telling as the surname' },
  emailGivenStart: { value: 1, why: "the local part opening with the given name's first four letters is weak evidence" },
  emailInitials: { value: 1.5, why: 'all initials (ams@) with no name part in it: common, and rarely shared by two co-authors' },
  emailInitialSurname: { value: 1, why: "first initial plus the surname's start at the end (asmi) is weak evidence" },
  emailOtherName: { value: 1.5, why: 'a middle or second surname of four letters or more in the local part' },
  emailNameMinLetters: { value: 3, why: 'a surname or given name under three letters matches too many local parts' },
  emailPrefixMinLetters: { value: 4, why: 'prefix matches need four letters of the name, else they match by chance' },
  emailSurnamePrefix: { value: 5, why: 'a long surname is abbreviated to about its first five letters' },
  emailGivenPrefix: { value: 4, why: 'a given name is abbreviated to about its first four letters' },
  emailInitialSurnameLetters: { value: 3, why: 'first initial plus surname needs the surname’s first three letters' },
  emailByName: { value: 1, why: 'from one point an address goes to the author it matches best; below, it goes in list order' },
  emailAway: { value: 1.5, why: 'an address found away from the author list (page 2, last page) needs a clearer name match' },
  orcidLookBehind: { value: 160, why: 'an iD belongs to the author named within the 160 characters before it (about two lines)' },
  orcidIconGap: {
    value: 1.5,
    why: 'an iD icon (an orcid.org link with no printed iD) belongs to the name that ends within 1.5 of its size to the left, same row',
  },
  orcidLookAhead: { value: 80, why: 'or to the author named in parentheses right after it, "0000-… (A. Smith)", within 80 characters' },
  correspondingShare: { value: 0.5, why: 'a mark on more than half the authors is "equal contribution", not the corresponding author' },
  // ---- author block (PDF): the header zone under the title
  baselineRounding: { value: 0.1, why: 'baselines within 0.1 pt are level (positions are rounded differently per line)' },
  blockMargin: {
    value: 2,
    why: 'a blocking line (abstract, heading, prose) closes the header in the columns it overlaps, widened by 2 pt',
  },
  proseMinWords: { value: 12, why: 'running text has at least twelve words; a long author or address line can have fewer' },
  proseLowerShare: {
    value: 0.3,
    why: 'running text has 30 % of its words in lower case (particles and "and" not counted); names and addresses do not',
  },
  overleafTop: { value: 0.05, why: "page 2's header zone skips the running head in its top 5 %" },
  runningHeadShift: { value: 1, why: 'a running head repeats on the next page within one line size of the same height' },
  overleafBottom: { value: 0.95, why: '… and the page number in its bottom 5 %' },
  // ---- author names (PDF, and the share for DOCX)
  authorNameShare: { value: 0.6, why: 'an author line has at least 60 % of its parts reading as names (the rest: "and", degrees, notes)' },
  authorStyleSize: {
    value: 0.08,
    why: 'the lines of one author list share a size within 8 % (a larger or smaller line is a title or an address)',
  },
  wrapSameSize: { value: 0.05, why: 'a wrapped author line goes on in the same font and size (within 5 %)' },
  wrapMinStep: { value: 0.5, why: 'the continuation lies at least half its size lower (not a piece of the same row) …' },
  wrapMaxStep: { value: 1.7, why: '… and within 1.7 of its size (the next line; farther is the next block)' },
  wrapFill: { value: 0.85, why: 'the broken line fills at least 85 % of the width of the next (it ran out of room)' },
  wrapSlack: { value: 2, why: 'the continuation starts and ends within two of its sizes of the broken line (one centred block)' },
  // ---- affiliations (PDF)
  footnoteZone: { value: 0.55, why: 'marked affiliations may also be set as footnotes, in the lower 45 % of page 1 under the author size' },
  affContinuationWords: { value: 12, why: 'a marked affiliation goes on in a next line of at most twelve words (longer is prose) …' },
  affContinuationChars: {
    value: 80,
    why: '… and under 80 characters, when the line before ends in "," or "-" or the next is a place name',
  },
  affLayoutGap: { value: 3, why: 'unmarked address lines under an author row follow within three of their sizes; a wider gap ends them' },
  affLayoutLines: { value: 2, why: 'two or more unmarked lines under an author row are its address even without an institution word' },
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
    String.raw`commentary|rapid communication|draft|manuscript|submitted|under review|in press)\b(?![-‐])`,
  'i',
);

/**
 * A banner line: one of the words above, and short or a "Label:" line. A title's second line may open with
 * one of those words ("research in ecology and evolution"); a banner does not go on for a sentence.
 */
const bannerLine = (s: string): boolean => NOT_TITLE.test(s) && (wordCount(s) <= rule('titleBannerWords') || /^[^:]{0,30}:/.test(s));

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
  // lines that may carry a title on; a title's first line is also none of the banner words
  const loose = page.segments.filter(
    (s) =>
      s.top < rule('titleZone') * page.height &&
      (s.plain.match(/\p{L}/gu)?.length ?? 0) >= rule('titleMinLetters') &&
      !bannerLine(s.plain) &&
      !/@/.test(s.plain) &&
      !/^[\d\s.,:;()-]+$/.test(s.plain),
  );
  const cands = loose.filter((s) => !NOT_TITLE.test(s.plain));
  if (cands.length === 0) return null;
  const sizes = [...new Set(cands.map((s) => s.size))].sort((a, b) => b - a);
  const bySize = (list: Segment[], size: number) =>
    list.filter((s) => Math.abs(s.size - size) <= rule('titleSizeTolerance') * size).sort((a, b) => a.top - b.top || a.x0 - b.x0);
  for (const size of sizes) {
    const same = bySize(cands, size);
    const following = bySize(loose, size);
    const lines: Segment[] = [same[0]!];
    for (const s of following.slice(following.indexOf(same[0]!) + 1)) {
      if (titleGoesOn(lines[lines.length - 1]!, s, size) && !authorLineUnderTitle(lines[0]!, s, roleOf)) lines.push(s);
      else break;
    }
    const text = clean(lines.map((l) => l.plain).join(' '));
    if (wordCount(text) < rule('titleMinWords') || text.length < rule('titleMinChars')) continue;
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

/** A section heading or keyword line: the header and the abstract end here. */
export const sectionStop = (s: { plain: string }): boolean => {
  const t = s.plain;
  if (
    /^\s*(keywords?|key\s?words|index terms|ccs concepts|acm reference format|general terms|pacs|jel|subjects?\b|categories and subject)/i.test(
      t,
    )
  )
    return true;
  return STOP_HEAD.test(t) && t.split(/\s+/).length <= rule('headingWords');
};

/** Front-matter notes (copyright, dates, correspondence) that end an abstract but not the author block. */
export const noteLine = (s: { plain: string }): boolean =>
  /^\s*(©|copyright|\(c\) \d{4}|received\b|accepted\b|published\b|correspond|\*\s*correspond|e-?mail\b|http|doi:)/i.test(s.plain);

const hardStop = (s: { plain: string }): boolean => sectionStop(s) || noteLine(s);

// ---------------------------------------------------------------- abstract (PDF)

interface Flow {
  lines: Segment[];
  /** True when the text ended at a heading, keyword line or paragraph gap; false when the column ran out. */
  stopped: boolean;
}

export function followColumn(segs: Segment[], x0: number, x1: number, startTop: number, inclusive: boolean, bodySize: number | null): Flow {
  const cands = segs
    .filter((s) => (inclusive ? s.top >= startTop - 0.1 : s.top > startTop + 0.1))
    .filter((s) => overlap(s.x0, s.x1, x0, x1) > rule('columnOverlap') * Math.min(s.x1 - s.x0, x1 - x0) && s.x0 >= x0 - rule('columnSlack'))
    .sort((a, b) => a.top - b.top || a.x0 - b.x0);
  const lines: Segment[] = [];
  let size = bodySize;
  let step: number | null = null;
  for (const s of cands) {
    const prev = lines[lines.length - 1];
    // a justified line split at a wide gap, or a piece of the line in another size (small capitals:
    // "We deploy L" + "ONG VAL" at 8 pt, its baseline 2.7 pt off): one row, read left to right
    if (prev && Math.abs(s.top - prev.top) < rule('sameRow') * Math.max(s.size, prev.size)) {
      if (hardStop(s)) return { lines, stopped: true }; // "… analysis.   Keywords: …" on one row
      let at = lines.length;
      while (at > 0 && Math.abs(lines[at - 1]!.top - prev.top) < 0.1 && lines[at - 1]!.x0 > s.x0) at--;
      lines.splice(at, 0, s);
      continue;
    }
    if (hardStop(s)) return { lines, stopped: true };
    if (size === null) size = s.size;
    if (Math.abs(s.size - size) > rule('sizeChange') * size) {
      if (s.size < size) return { lines, stopped: false };
      return { lines, stopped: true };
    }
    if (prev) {
      const gap = s.top - prev.top;
      if (step === null) step = gap;
      else if (gap > rule('paragraphGap') * step && !/^\s*\p{Lu}[\p{L} ]{2,30}[:.]/u.test(s.plain)) return { lines, stopped: true };
      else if (gap > rule('hardGap') * step) return { lines, stopped: true };
      else step = Math.min(step, gap);
    }
    lines.push(s);
  }
  return { lines, stopped: false };
}

/**
 * The left edge of the paragraph a line opens: a first line indented by half an em to four ems ("Sed ut …"
 * set 36 pt in from the margin by Word) starts its paragraph, whose next line, in the same size, runs from
 * the column's edge. Without this the column is followed from the indent and loses every full line.
 */
function paragraphLeft(segs: Segment[], first: { x0: number; x1: number; top: number; size: number }): number {
  const next = segs
    .filter((s) => s.top > first.top + rule('nextRowMin') * first.size && overlap(s.x0, s.x1, first.x0, first.x1) > 0)
    .sort((a, b) => a.top - b.top || a.x0 - b.x0)[0];
  if (
    !next ||
    next.top - first.top > rule('abstractNextRow') * first.size ||
    Math.abs(next.size - first.size) > rule('sizeChange') * first.size
  )
    return first.x0;
  const indent = first.x0 - next.x0;
  return indent >= rule('abstractIndentMin') * first.size && indent <= rule('abstractIndentMax') * first.size ? next.x0 : first.x0;
}

/**
 * The continuation of a text column that ran out at the page bottom in the column to its right: the first
 * line of the same size there, at or below `fromTop`, when it carries on the sentence (starts in lower
 * case, or the last line ends without a full stop).
 */
function nextColumn(page: PdfPage, lines: Segment[], fromTop: number): Flow | null {
  const size = lines[lines.length - 1]!.size;
  const right = Math.max(...lines.map((l) => l.x1));
  const start = page.segments
    .filter((s) => s.x0 >= right - rule('nextColumnSlack') && s.top >= fromTop && Math.abs(s.size - size) <= rule('sizeChange') * size)
    .sort((a, b) => a.top - b.top || a.x0 - b.x0)[0];
  if (!start || start.top >= lines[lines.length - 1]!.top) return null;
  const last = lines[lines.length - 1]!.plain.trim();
  if (!/^\p{Ll}/u.test(start.plain) && /[.!?]$/.test(last)) return null;
  const flow = followColumn(page.segments, start.x0, start.x1, start.top, true, size);
  return flow.lines.length > 0 ? flow : null;
}

export function abstractAfterHeading(pages: PdfPage[]): { text: string; stopped: boolean } | null {
  const slack = rule('abstractHeadingSlack');
  for (const page of pages) {
    for (const h of page.segments) {
      const m = h.plain.match(ABSTRACT_HEAD);
      if (!m) continue;
      const rest = h.plain.slice(m[0].length);
      const headingOnly = rest.trim() === '';
      const marked = /[:.—–-]\s*$/.test(m[0].trim()) || /^A\s?B\s?S\s?T\s?R\s?A\s?C\s?T/.test(h.plain);
      if (!headingOnly && !marked) continue;
      let flow: Flow;
      let first: string[] = [];
      if (headingOnly) {
        const below = page.segments
          .filter((s) => s.top > h.top + 0.1 && overlap(s.x0, s.x1, h.x0 - slack, h.x1 + slack) > 0)
          .sort((a, b) => a.top - b.top)[0];
        if (!below || below.top - h.top > rule('abstractHeadingReach') * h.size) continue;
        const rowmates = page.segments.filter(
          (s) => Math.abs(s.top - below.top) < rule('sameRow') * below.size && overlap(s.x0, s.x1, h.x0 - slack, h.x1 + slack) > 0,
        );
        const x1 = Math.max(...rowmates.map((s) => s.x1), h.x1);
        const x0 = paragraphLeft(page.segments, { x0: Math.min(...rowmates.map((s) => s.x0)), x1, top: below.top, size: below.size });
        flow = followColumn(page.segments, x0, Math.max(x1, x0 + rule('abstractMinWidth') * page.width), below.top, true, null);
      } else {
        first = [rest];
        flow = followColumn(page.segments, h.x0, h.x1, h.top, false, null);
      }
      if (!flow.stopped && flow.lines.length > 0) {
        // two columns: a column that ran out goes on at the top of the next column, level with the heading
        const more = nextColumn(page, flow.lines, h.top - rule('nextColumnAbove') * h.size);
        if (more) flow = { lines: [...flow.lines, ...more.lines], stopped: more.stopped };
      }
      let lines = [...first, ...flow.lines.map((l) => l.plain)];
      // the abstract may continue on the next page (long structured abstracts)
      const next = pages.find((p) => p.number === page.number + 1);
      if (!flow.stopped && next && flow.lines.length > 0) {
        const size = flow.lines[flow.lines.length - 1]!.size;
        const x0 = Math.min(...flow.lines.map((l) => l.x0));
        const x1 = Math.max(...flow.lines.map((l) => l.x1));
        const cont = followColumn(
          next.segments.filter((s) => Math.abs(s.size - size) <= rule('sizeChange') * size),
          x0,
          x1,
          0,
          true,
          size,
        );
        if (cont.lines.length > 0 && cont.lines[0]!.top < rule('nextPageTop') * next.height) {
          lines = [...lines, ...cont.lines.map((l) => l.plain)];
          flow = { lines: [...flow.lines, ...cont.lines], stopped: cont.stopped };
        }
      }
      const text = joinLines(lines);
      if (wordCount(text) >= rule('abstractMinWords')) return { text, stopped: flow.stopped };
    }
  }
  return null;
}

/**
 * Without an "Abstract" heading: the first substantial paragraph after the author block, before any heading.
 * `span` is the title's width: where the title is set in a main column beside a sidebar of journal notes
 * ("Subject Areas:", "Keywords:"), only text under the title counts, so the sidebar's headings do not end
 * the search. A paragraph whose last line on the page ends mid-sentence goes on at the top of `next` when
 * the text there, in the same size, starts in lower case.
 */
export function abstractWithoutHeading(
  page: PdfPage,
  after: number,
  span: { x0: number; x1: number } | null = null,
  next: PdfPage | null = null,
): string | null {
  const segs = page.segments
    .filter((s) => s.top > after && (span === null || overlap(s.x0, s.x1, span.x0, span.x1) > 0))
    .sort((a, b) => a.top - b.top || a.x0 - b.x0);
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i]!;
    if (sectionStop(s)) return null;
    if (noteLine(s)) continue;
    if (AFFILIATION.test(s.plain) || /@|^\s*[\d*†‡]/.test(s.plain) || wordCount(s.plain) < rule('guessLineWords')) continue;
    const flow = followColumn(segs, paragraphLeft(segs, s), s.x1, s.top, true, s.size);
    const text = joinLines(flow.lines.map((l) => l.plain));
    if (flow.lines.length >= rule('guessLines') && wordCount(text) >= rule('guessWords') && !/©|copyright|licen[cs]e/i.test(text)) {
      const more = next ? runOnOverleaf(flow.lines, next) : [];
      return more.length ? joinLines([...flow.lines, ...more].map((l) => l.plain)) : text;
    }
    i += Math.max(0, flow.lines.length - 1);
  }
  return null;
}

/**
 * The lines a paragraph goes on with at the top of the next page: its last line ends mid-sentence and the
 * next page's first line in its size starts in lower case.
 */
function runOnOverleaf(lines: Segment[], next: PdfPage): Segment[] {
  const last = lines[lines.length - 1]!;
  if (/[.!?:]["”’)]?\s*$/.test(last.plain)) return [];
  const same = next.segments
    .filter((s) => Math.abs(s.size - last.size) <= rule('sizeChange') * last.size)
    .sort((a, b) => a.top - b.top || a.x0 - b.x0);
  const start = same.find((s) => wordCount(s.plain) >= rule('guessLineWords'));
  if (!start || !/^\p{Ll}/u.test(start.plain) || start.top > rule('nextPageTop') * next.height) return [];
  return followColumn(same, start.x0, start.x1, start.top, true, last.size).lines;
}

// ---------------------------------------------------------------- abstract (DOCX)

/** What the DOCX reader knows about a paragraph when finding the abstract. */
export interface DocxParagraph {
  plain: string;
  style: string;
  size: number;
  bold: boolean;
}

/** Sub-headings of a structured abstract ("Background", "Methods", …), kept in it. */
const STRUCTURED = new RegExp(
  String.raw`^\s*(background|introduction|methods?|methodology|results?|conclusions?|objectives?|aims?|purpose|` +
    String.raw`context|design|setting|findings|interpretation|significance|discussion|materials and methods|` +
    String.raw`participants|measures|limitations|implications)\s*[:.]?`,
  'i',
);

/** A heading: a heading or title style, else a short bold or larger paragraph. */
export function docxHeading(p: DocxParagraph, body: number): boolean {
  return (
    /heading|title/i.test(p.style) ||
    ((p.bold || p.size > body + rule('docxHeadingSizeStep')) && p.plain.split(' ').length <= rule('docxBoldHeadingWords'))
  );
}

/**
 * Where the abstract starts (its heading: "Abstract" alone, "Abstract:" run in, or a heading-styled
 * paragraph) and where the header ends (that heading, else the first section heading after it, else a
 * fixed number of paragraphs). -1 when there is none.
 */
export function docxBounds(paras: DocxParagraph[], body: number): { abstract: number; section: number; headerEnd: number } {
  const abstract = paras.findIndex(
    (p, i) =>
      i < rule('docxHeadingSearch') &&
      ABSTRACT_HEAD.test(p.plain) &&
      (p.plain.split(' ').length <= rule('docxHeadingWords') || /^\s*abstract\s*[:.—–-]/i.test(p.plain) || docxHeading(p, body)),
  );
  const section = paras.findIndex(
    (p, i) =>
      i > Math.max(abstract, 0) &&
      STOP_HEAD.test(p.plain) &&
      !/^\s*keywords?/i.test(p.plain) &&
      (docxHeading(p, body) || p.plain.split(' ').length <= rule('docxSectionWords')),
  );
  const headerEnd = abstract >= 0 ? abstract : section >= 0 ? section : Math.min(paras.length, rule('docxHeaderParagraphs'));
  return { abstract, section, headerEnd };
}

/**
 * The abstract of a DOCX: the paragraphs after its heading up to a keyword line, a heading of the same rank
 * as "Abstract", a section heading or the title style; the labelled parts of a structured abstract
 * ("Background" / "Methods" …) stay in it, until a label comes round again (the body has begun).
 */
export function docxAbstract(paras: DocxParagraph[], at: number, body: number): string | null {
  const head = paras[at]!;
  const first = head.plain.replace(ABSTRACT_HEAD, '').trim();
  const lines = first ? [first] : [];
  const labels = new Set<string>();
  let labelStyle: string | null = null;
  const styleKey = (p: DocxParagraph) => `${p.style}|${p.size}|${p.bold}`;
  for (let i = at + 1; i < paras.length; i++) {
    const p = paras[i]!;
    const short = p.plain.split(' ').length <= rule('headingWords') && !/[:.]\s*\S/.test(p.plain);
    if (/^\s*(keywords?|key\s?words|index terms)\b/i.test(p.plain)) break;
    // a structured abstract whose first sub-heading looks like a section ("Abstract" / "Introduction" / …)
    const opensLabels = labelStyle === null && lines.length === 0 && STRUCTURED.test(paras[i + 2]?.plain ?? '');
    if (short && STRUCTURED.test(p.plain) && (opensLabels || styleKey(p) === labelStyle)) {
      labelStyle ??= styleKey(p);
      const label = p.plain.toLowerCase().replace(/\W+/g, '');
      if (labels.has(label)) break; // the same label again: the body has begun
      labels.add(label);
      lines.push(p.plain);
      continue;
    }
    // a heading of the same rank as "Abstract" (or a section heading) ends it; smaller sub-headings stay
    const sameRank = p.size >= head.size - rule('docxRankTolerance') && p.bold === head.bold;
    if (short && !first && lines.length > 0 && sameRank && docxHeading(p, body)) break;
    if (short && STOP_HEAD.test(p.plain) && (first !== '' || !STRUCTURED.test(p.plain) || /heading\s*1/i.test(p.style))) break;
    if (/heading\s*1|^title$/i.test(p.style) && !STRUCTURED.test(p.plain)) break;
    lines.push(p.plain);
    if (lines.join(' ').split(' ').length > rule('docxAbstractMaxWords')) break;
  }
  return clean(lines.join(' ')) || null;
}

// ---------------------------------------------------------------- author block (PDF)

/** Lower-case words that names and name lists carry ("José María de la Cruz, and Anke van der Berg"). */
const NAME_PARTICLE = new Set(['and', ...NAME_PARTICLES, 'do', ...NAME_JOINERS, 'el']);

/**
 * Running text: many words, a good share of them starting in lower case (names and addresses do not; name
 * particles and "and" are not counted, so a wrapped author line is not taken for prose).
 */
export function isProse(s: string): boolean {
  const ws = s.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  return (
    ws.length >= rule('proseMinWords') &&
    ws.filter((w) => /^\p{Ll}/u.test(w) && !NAME_PARTICLE.has(w.replace(/[^\p{L}]/gu, ''))).length >= rule('proseLowerShare') * ws.length
  );
}

/** The header: segments with no blocking line above them in an overlapping column; `open` when nothing blocked. */
export interface HeaderZone {
  segments: Segment[];
  open: boolean;
}

/**
 * Segments of the header: those with no blocking segment (abstract heading, section heading, prose) above
 * them in an overlapping column. `open` is true when nothing blocked at all (the header may go on overleaf).
 */
function headerZone(segs: Segment[]): HeaderZone {
  const sorted = [...segs].sort((a, b) => a.top - b.top || a.x0 - b.x0);
  const blocks = sorted.filter(
    (s) =>
      ABSTRACT_HEAD.test(s.plain) ||
      sectionStop(s) ||
      (isProse(s.plain) && !AFFILIATION.test(s.plain) && !/@/.test(s.plain) && !noteLine(s)),
  );
  const margin = rule('blockMargin');
  const segments = sorted.filter(
    (s) => !blocks.some((b) => b.top <= s.top + rule('baselineRounding') && overlap(b.x0 - margin, b.x1 + margin, s.x0, s.x1) > 0),
  );
  return { segments, open: blocks.length === 0 };
}

/** Page 1's header zone: below the title's last line (`below`, its baseline; 0 without a title). */
export const authorZone = (page: PdfPage, below: number): HeaderZone =>
  headerZone(page.segments.filter((s) => s.top > below + rule('baselineRounding')));

/** Page 2's header zone, for an author list that runs over: the page without its running head and page number. */
export const overleafZone = (page: PdfPage, before: PdfPage | null = null): HeaderZone =>
  headerZone(
    page.segments.filter(
      (s) =>
        s.top > rule('overleafTop') * page.height && s.top < rule('overleafBottom') * page.height && !(before && runningHead(s, before)),
    ),
  );

/** A line's text for comparing running heads: letters only, a "Running head:" label and page numbers left out. */
const headKey = (t: string) => fold(t.replace(/^\s*running\s+(head|title)\s*:?/i, ''));

/**
 * A running head or foot: a line the page before prints at the same height with the same letters (page
 * numbers and a "Running head:" label aside; APA manuscripts label it on page 1 only).
 */
export function runningHead(s: Segment, before: PdfPage): boolean {
  const k = headKey(s.plain);
  return (
    k.length >= 4 && before.segments.some((o) => Math.abs(o.top - s.top) <= rule('runningHeadShift') * s.size && headKey(o.plain) === k)
  );
}

// ---------------------------------------------------------------- author names (PDF)

/** An author found in the header, with the line it was read on and its markers. */
export interface AuthorHit {
  author: IntakeAuthor;
  seg: Segment;
  markers: string[];
  /** How the affiliation was attached. */
  aff: Attachment;
}

/** A line's name parts are most of its parts (an author line, not an address or a sentence with a name in it). */
export const mostlyNames = (names: unknown[], parts: unknown[]): boolean =>
  names.length > 0 && names.length >= rule('authorNameShare') * parts.length;

/** The next line finishes the name the previous one broke off and goes on with names only. */
function continuesNames(prev: string, next: string): boolean {
  const before = splitAuthorLine(prev);
  const after = splitAuthorLine(next);
  const tail = before[before.length - 1];
  const head = after[0];
  if (!tail || !head) return false;
  return looksLikeName(`${tail.name} ${head.name}`) && after.slice(1).every((p) => looksLikeName(p.name));
}

/**
 * Joins the lines of a wrapped author list: a line that lists several names, fills the width of the block and
 * ends without a separator continues on the next line in the same font ("…, Lucía de la" + "Cruz³, …").
 */
export function joinWrappedLines(zone: Segment[]): Segment[] {
  const out: Segment[] = [];
  for (const s of zone) {
    const prev = out[out.length - 1];
    if (
      prev &&
      prev.font === s.font &&
      Math.abs(prev.size - s.size) < rule('wrapSameSize') * s.size &&
      s.top - prev.top > rule('wrapMinStep') * s.size &&
      s.top - prev.top < rule('wrapMaxStep') * s.size &&
      /[,;]/.test(prev.plain) &&
      !/[,;&]\s*$|\band\s*$|\u0002\s*$/.test(prev.text) &&
      !/@/.test(prev.plain + s.plain) &&
      !AFFILIATION.test(prev.plain) &&
      prev.x1 - prev.x0 >= rule('wrapFill') * (s.x1 - s.x0) &&
      s.x0 >= prev.x0 - rule('wrapSlack') * s.size &&
      s.x1 <= prev.x1 + rule('wrapSlack') * s.size &&
      continuesNames(prev.text, s.text)
    ) {
      out[out.length - 1] = joined(prev, s);
    } else if (prev && (listGoesOn(prev, s) || nameGoesOn(prev, s))) {
      out[out.length - 1] = joined(prev, s);
    } else out.push(s);
  }
  return out;
}

/** Two lines as one (the second's baseline kept, so a next wrap is measured from it). */
const joined = (prev: Segment, s: Segment): Segment => ({
  ...prev,
  text: `${prev.text} ${s.text}`,
  plain: `${prev.plain} ${s.plain}`,
  x0: Math.min(prev.x0, s.x0),
  x1: Math.max(prev.x1, s.x1),
  top: s.top,
});

/** The next line of the list, in its font and size. */
const nextListLine = (prev: Segment, s: Segment): boolean =>
  prev.font === s.font &&
  Math.abs(prev.size - s.size) < rule('wrapSameSize') * s.size &&
  s.top - prev.top > rule('wrapMinStep') * s.size &&
  s.top - prev.top < rule('wrapMaxStep') * s.size;

/**
 * A name cut at the row's end after a particle ("Ana Cristina Franco da" + "Silva¹", names set apart by gaps):
 * the next row of the list opens with the one word that ends it.
 */
function nameGoesOn(prev: Segment, s: Segment): boolean {
  if (!nextListLine(prev, s) || /@/.test(prev.plain + s.plain)) return false;
  const last = prev.plain.trim().split(/\s+/).pop()!.toLowerCase();
  const head = splitAuthorLine(s.text);
  return NAME_PARTICLES.includes(last) && head.length === 1 && /^\p{Lu}[\p{L}'’-]+$/u.test(head[0]!.name);
}

/**
 * A list of names that ends its line with a separator ("…, Bo Qin, Shi Xu," + "Mausam, and Oren Etzioni"):
 * the next line in the same font and size goes on with it when it is no author line by itself (a one-word
 * name fails the name test) but the two together are mostly names.
 */
function listGoesOn(prev: Segment, s: Segment): boolean {
  if (
    prev.font !== s.font ||
    Math.abs(prev.size - s.size) >= rule('wrapSameSize') * s.size ||
    s.top - prev.top <= rule('wrapMinStep') * s.size ||
    s.top - prev.top >= rule('wrapMaxStep') * s.size ||
    !/[,;]\s*$|\band\s*$/.test(prev.plain) ||
    /@/.test(prev.plain + s.plain) ||
    AFFILIATION.test(prev.plain + ' ' + s.plain)
  )
    return false;
  const named = (t: string) => {
    const parts = splitAuthorLine(t);
    return mostlyNames(
      parts.filter((p) => looksLikeName(p.name)),
      parts,
    );
  };
  const before = splitAuthorLine(prev.text);
  return before.filter((p) => looksLikeName(p.name)).length >= 2 && !named(s.text) && named(`${prev.text} ${s.text}`);
}

/**
 * The authors of a PDF header zone: lines the role model reads as author lines, most of whose parts are names,
 * in one size and font (`known`: the style page 1 set, for a list that runs overleaf). A line that opens with
 * names and goes on with the address keeps its leading names. Authors with a corresponding mark go to
 * `corresponding` (their index plus `offset`).
 */
export function pdfAuthors(
  zone: Segment[],
  roleOf: (s: Segment) => Role,
  corresponding: number[],
  known: { size: number; font: string } | null,
  offset = 0,
): AuthorHit[] {
  if (known !== null) return authorsInStyle(zone, roleOf, corresponding, known, offset, true);
  // the list's style is the one most names are set in: a stray name-like line above the list (a sidebar's
  // "Peer Reviewers' Openness Initiative:") must not set it and push the real list out as off-style
  const styles: { size: number; font: string; names: number }[] = [];
  for (const h of authorsInStyle(zone, roleOf, [], null, offset, false)) {
    const st = styles.find((x) => x.font === h.seg.font && Math.abs(x.size - h.seg.size) <= rule('authorStyleSize') * x.size);
    if (st) st.names++;
    else styles.push({ size: h.seg.size, font: h.seg.font, names: 1 });
  }
  const best = styles.reduce<(typeof styles)[number] | null>((b, x) => (b === null || x.names > b.names ? x : b), null);
  const first = styles[0];
  if (best === null || best === first) return authorsInStyle(zone, roleOf, corresponding, null, offset, true);
  return authorsInStyle(zone, roleOf, corresponding, best, offset, true);
}

/** `pdfAuthors` in one style (`style`, or the first author line's when null; `lock` false: every line as if it were the first). */
function authorsInStyle(
  zone: Segment[],
  roleOf: (s: Segment) => Role,
  corresponding: number[],
  known: { size: number; font: string } | null,
  offset: number,
  lock: boolean,
): AuthorHit[] {
  const hits: AuthorHit[] = [];
  let style = known;
  const repeated = (t: string) => zone.filter((s) => s.plain === t).length > 1;
  const offStyle = (seg: Segment, style: { size: number }) => Math.abs(seg.size - style.size) > rule('authorStyleSize') * style.size;
  for (const seg of joinWrappedLines(zone)) {
    if (/@/.test(seg.plain) || repeated(seg.plain)) continue;
    const line = seg.text.replace(/^\s*(by|authors?:?)\s+/i, '').replace(/(?<!\s)\s+on\s+\p{Lu}\p{Ll}+\.? \d{1,2}, \d{4}\s*$/u, '');
    const parts = splitAuthorLine(line);
    if (parts.length === 0) continue;
    if (roleOf(seg) !== 'author') continue;
    let names = parts.filter((p) => looksLikeName(p.name));
    const sameStyle = style !== null && !offStyle(seg, style) && seg.font === style.font;
    if (AFFILIATION.test(seg.plain) || endsWithCountry(seg.plain)) {
      // "C. Contreras, Michigan State University, …", "Michel Raynal • IRISA, France": names leading an address line in the author style
      const lead: typeof names = [];
      for (const p of parts) {
        if (!looksLikeName(p.name)) break;
        lead.push(p);
      }
      // the first such line sets the style when the rest of it is the address ("INGRID KIERKEGAARD, Institute …, Norway")
      const opensBlock = style === null && lead.length === 1 && parts.length > 1 && AFFILIATION.test(parts[1]!.name);
      if (!(sameStyle || opensBlock) || lead.length === 0) continue;
      names = lead;
    } else if (!mostlyNames(names, parts)) continue;
    if (style && (offStyle(seg, style) || (seg.font !== style.font && names.length < parts.length))) continue;
    if (lock) style ??= { size: seg.size, font: seg.font };
    for (const p of names) {
      if (correspondingMark(p.markers)) corresponding.push(offset + hits.length);
      hits.push({ author: { name: p.name, affiliation: null, email: null, orcid: null }, seg, markers: p.markers, aff: null });
    }
  }
  return hits;
}

// ---------------------------------------------------------------- affiliations

/** A PDF line that opens with an affiliation marker ("¹ Dept. …", "a Institute …", "* …"): [, raised, plain, rest]. */
const PDF_AFFILIATION_MARK = /^\s*(?:\u0001([^\u0002]{1,4})\u0002|([1-9]\d?|[a-h*†‡§¶])(?=\s*\p{Lu}))\s*(\S.*|)$/u;
/** The same for a DOCX line (Word documents do not use ¶ as a marker; it is a pilcrow shown by the editor). */
const DOCX_AFFILIATION_MARK = /^\s*(?:\u0001([^\u0002]{1,4})\u0002|([1-9]\d?|[a-h*†‡§])(?=\s*\p{Lu}))\s*(\S.*|)$/u;

/**
 * PDF affiliations by marker ("¹ Dept. …", in the header zone or as a footnote on page 1), else the unmarked
 * address lines set under each author row. Fills `hits`' affiliations; returns the markers that label one.
 */
export function pdfAffiliations(hits: AuthorHit[], page: PdfPage, zone: Segment[], roleOf: (s: Segment) => Role): string[] {
  const byMarker = new Map<string, string[]>();
  let current: string | null = null;
  const footer = page.segments.filter((s) => s.top > rule('footnoteZone') * page.height && s.size < (hits[0]?.seg.size ?? 99));
  for (const s of [...zone, ...footer]) {
    const m = s.text.match(PDF_AFFILIATION_MARK);
    if (m && roleOf(s) === 'affiliation') {
      current = (m[1] ?? m[2])!;
      byMarker.set(current, [...(byMarker.get(current) ?? []), clean(replaceSpans(m[3]!, '\u0001', '\u0002', () => ' '))]);
    } else if (
      current &&
      s.plain &&
      !/@/.test(s.plain) &&
      !hits.some((h) => h.seg === s) &&
      wordCount(s.plain) <= rule('affContinuationWords')
    ) {
      const list = byMarker.get(current)!;
      if (
        list.length > 0 &&
        /[,-]$|^\p{Ll}|^\p{Lu}[\p{L}.-]+(?:(?:,\s?|\s)\p{Lu}[\p{L}.-]+){0,3},?\s?$/u.test(list[list.length - 1]! + '|' + s.plain) &&
        s.plain.length < rule('affContinuationChars')
      ) {
        list[list.length - 1] = `${list[list.length - 1]} ${s.plain}`;
      } else current = null;
    } else current = null;
  }
  for (const h of hits) {
    const affs = h.markers.flatMap((m) => byMarker.get(m) ?? []);
    if (affs.length) {
      h.author.affiliation = [...new Set(affs.map((a) => trimEndWhere(a, oneOf(';,.', true))))].join('; ');
      h.aff = 'marker';
    }
  }
  const markers = [...byMarker.keys()];
  if (hits.every((h) => h.author.affiliation !== null)) return markers;
  // unmarked: address lines below an author segment and above the next author row in the same column
  const rows = [...new Set(hits.map((h) => h.seg))];
  for (const seg of rows) {
    const below = zone
      .filter((s) => s.top > seg.top && overlap(s.x0, s.x1, seg.x0, seg.x1) > 0 && !rows.includes(s))
      .sort((a, b) => a.top - b.top);
    const lines: string[] = [];
    let prevTop = seg.top;
    for (const s of below) {
      if (rows.some((r) => r.top > seg.top && r.top <= s.top && overlap(r.x0, r.x1, s.x0, s.x1) > 0)) break;
      if (s.top - prevTop > rule('affLayoutGap') * s.size) break;
      prevTop = s.top;
      if (/@|orcid|https?:|^\s*(e-?mail|tel|phone|fax)\b|\b\d{4}-\d{4}-\d{4}-\d{3}[\dX]\b/i.test(s.plain)) continue; // contacts, an iD line
      if (/^\s*(abstract|keywords)/i.test(s.plain)) break;
      lines.push(s.plain);
    }
    const aff = clean(lines.join(', ').replace(/(?:(?<!\s)\s+)?,\s*,/g, ','));
    if ((aff && AFFILIATION.test(aff)) || (aff && lines.length >= rule('affLayoutLines'))) {
      for (const h of hits) {
        if (h.seg !== seg || h.author.affiliation !== null) continue;
        h.author.affiliation = aff;
        h.aff = 'layout';
      }
    }
  }
  return markers;
}

/** `s` without trailing ; , . and spaces (a loop: /[;,.\s]+$/ is quadratic on a long run of them). */
function trimPunctuation(s: string): string {
  let end = s.length;
  while (end > 0 && /[;,.\s]/.test(s[end - 1]!)) end--;
  return s.slice(0, end);
}

/** A DOCX header line as the affiliation decision sees it. */
export interface DocxLine {
  /** The line, superscript runs wrapped in \u0001…\u0002. */
  text: string;
  /** Whether the role model reads it as an affiliation line. */
  affiliation: () => boolean;
}

/**
 * DOCX affiliations: marked lines ("1 School of …", "¹School …") go to the authors carrying the marker; else a
 * lone unmarked affiliation line goes to every author (or several to a sole author). `unlabel` strips a
 * leading label ("Affiliations:"). Returns the markers that label an affiliation.
 */
export function docxAffiliations(
  hits: { author: IntakeAuthor; markers: string[]; aff: Attachment }[],
  lines: DocxLine[],
  unlabel: (s: string) => string,
): string[] {
  const byMarker = new Map<string, string>();
  const unmarked: string[] = [];
  for (const line of lines) {
    const m = line.text.match(DOCX_AFFILIATION_MARK);
    const rest = clean(unlabel((m?.[3] ?? line.text).replace(/\u0001[^\u0001\u0002]*\u0002/g, ' ')));
    if (!line.affiliation() || /@/.test(rest)) continue;
    if (m) byMarker.set((m[1] ?? m[2])!, trimPunctuation(rest));
    else if (!hits.some((h) => rest.includes(h.author.name))) unmarked.push(trimPunctuation(rest));
  }
  for (const h of hits) {
    const affs = h.markers.map((m) => byMarker.get(m)).filter((x): x is string => x !== undefined);
    if (affs.length) {
      h.author.affiliation = affs.join('; ');
      h.aff = 'marker';
    } else if (unmarked.length === 1 || (unmarked.length > 0 && byMarker.size === 0 && hits.length === 1)) {
      h.author.affiliation = unmarked.join('; ');
      h.aff = 'layout';
    }
  }
  return [...byMarker.keys()];
}

/** The affiliations in a per-author paragraph ("Name · 0000-… · Institute …"): its parts after the name that read as one. */
export function ownAffiliation(text: string, name: string): string | null {
  const tail = text
    .replace(name, '')
    .replace(/\b\d{4}-\d{4}-\d{4}-\d{3}[\dX]\b/g, '')
    .split('·')
    .map((x) => x.trim())
    .filter((x) => AFFILIATION.test(x) && !/^funded by/i.test(x));
  return tail.length ? tail.join('; ') : null;
}

// ---------------------------------------------------------------- e-mail and ORCID attribution

/** A name's parts folded to ASCII letters, particles left out ("Jan van der Berg" → jan, berg). */
function nameParts(name: string): { first: string; last: string; all: string[]; initials: string } {
  const words = name
    .replace(/,\s*(jr|sr)\.?$/i, '')
    .split(/[\s-]+/)
    .filter((w) => w && !PARTICLES.has(w.toLowerCase()));
  const all = words.map(fold).filter(Boolean);
  return { first: all[0] ?? '', last: all[all.length - 1] ?? '', all, initials: all.map((w) => w[0]).join('') };
}

/** How well an e-mail's local part matches a person's name, in the points of RULES (0 = no evidence). */
export function emailNameScore(email: string, name: string): number {
  const local = fold(email.split('@')[0]!);
  const p = nameParts(name);
  if (!local || !p.last) return 0;
  const minName = rule('emailNameMinLetters');
  const minPrefix = rule('emailPrefixMinLetters');
  let s = 0;
  if (p.last.length >= minName && local.includes(p.last)) s += rule('emailSurname');
  else if (p.last.length >= minPrefix && local.includes(p.last.slice(0, rule('emailSurnamePrefix')))) s += rule('emailSurnameStart');
  if (p.first.length >= minName && local.includes(p.first)) s += rule('emailGiven');
  else if (p.first.length >= minPrefix && local.startsWith(p.first.slice(0, rule('emailGivenPrefix')))) s += rule('emailGivenStart');
  if (s === 0) {
    const letters = rule('emailInitialSurnameLetters');
    if (local === p.initials || (p.initials.length >= 2 && local.startsWith(p.initials))) s += rule('emailInitials');
    else if (local[0] === p.first[0] && p.last.length >= letters && local.endsWith(p.last.slice(0, letters)))
      s += rule('emailInitialSurname');
    else if (p.all.some((w) => w.length >= minPrefix && local.includes(w))) s += rule('emailOtherName');
  }
  return s;
}

/** A marker that names the corresponding author (an asterisk or an envelope). */
export const correspondingMark = (markers: string[]): boolean => markers.some((m) => /[*∗✉]/.test(m));

/**
 * Attaches e-mails to authors: best name matches first, then the rest in order to the authors still without
 * one (grouped lists are printed in author order; a single corresponding address goes to the marked author).
 * Returns the authors (indices) whose address matched their name.
 */
export function assignEmails(authors: IntakeAuthor[], emails: string[], corresponding: number[] = []): Set<number> {
  const byName = new Set<number>();
  const free = emails.filter((e) => !authors.some((a) => a.email?.toLowerCase() === e.toLowerCase()));
  const pairs: { e: string; i: number; s: number }[] = [];
  for (const e of free) authors.forEach((a, i) => a.email === null && pairs.push({ e, i, s: emailNameScore(e, a.name) }));
  pairs.sort((x, y) => y.s - x.s);
  const used = new Set<string>();
  for (const { e, i, s } of pairs) {
    if (s < rule('emailByName') || used.has(e) || authors[i]!.email !== null) continue;
    authors[i]!.email = e;
    used.add(e);
    byName.add(i);
  }
  const rest = free.filter((e) => !used.has(e));
  const order = [...corresponding, ...authors.map((_, i) => i)];
  for (const e of rest) {
    const i = rest.length === 1 ? order.find((k) => authors[k]!.email === null) : authors.findIndex((a) => a.email === null);
    if (i === undefined || i < 0) break;
    authors[i]!.email = e;
  }
  return byName;
}

/** Gives each address found away from the author list to the author without one whose name it matches clearly. */
export function attachByName(authors: IntakeAuthor[], emails: string[], byName: Set<number>): void {
  for (const e of emails) {
    if (authors.some((a) => a.email?.toLowerCase() === e.toLowerCase())) continue;
    const best = authors
      .filter((a) => a.email === null)
      .map((a) => ({ a, s: emailNameScore(e, a.name) }))
      .sort((x, y) => y.s - x.s)[0];
    if (best && best.s >= rule('emailAway')) {
      best.a.email = e;
      byName.add(authors.indexOf(best.a));
    }
  }
}

/**
 * Page 1 names the authors but promises contacts it does not print: it speaks of ORCID iDs and prints none,
 * or it names a corresponding author (a marked author and a "corresponding" note) whose address is not on
 * it. Their place is then usually overleaf (author notes that run on, an "Author information" section).
 * Page 1 printing iDs for some authors only is the usual case and does not count; nor do orcid.org icon
 * links, whose iDs are not printed anywhere. `text` is page 1's text.
 */
export function contactsOverleaf(text: string, authors: IntakeAuthor[], corresponding: number[]): boolean {
  if (authors.length === 0) return false;
  if (/\borcid\b/i.test(text) && findOrcids(text).length === 0) return true;
  return (
    corresponding.length > 0 &&
    corresponding.length <= Math.max(1, authors.length * rule('correspondingShare')) &&
    /\bcorrespond/i.test(text) &&
    corresponding.some((i) => authors[i]?.email === null)
  );
}

/**
 * Attaches the ORCIDs found in `text`: to the author named just before the iD (or in parentheses right
 * after it, "0000-… (A. Smith)"), the rest in order to authors still without one. Returns the authors whose
 * iD was found next to their name.
 */
export function assignOrcids(authors: IntakeAuthor[], text: string): Set<IntakeAuthor> {
  const remaining: string[] = [];
  const near = new Set<IntakeAuthor>();
  const surname = (a: IntakeAuthor) =>
    a.name
      .replace(/,\s*(jr|sr)\.?$/i, '')
      .split(' ')
      .pop() ?? a.name;
  for (const { id, index } of findOrcids(text)) {
    if (authors.some((a) => a.orcid === id)) continue;
    const free = authors.filter((a) => a.orcid === null);
    const after = text.slice(index + id.length, index + rule('orcidLookAhead')).match(/^\s*\(([^)]{2,60})\)/)?.[1];
    let target = after ? free.find((a) => after.includes(surname(a))) : undefined;
    if (!target) {
      const before = text.slice(Math.max(0, index - rule('orcidLookBehind')), index);
      target = free
        .map((a) => ({ a, at: Math.max(before.lastIndexOf(a.name), before.lastIndexOf(surname(a))) }))
        .filter((x) => x.at >= 0 && surname(x.a).length > 1)
        .sort((x, y) => y.at - x.at)[0]?.a;
    }
    if (target) {
      target.orcid = id;
      near.add(target);
    } else remaining.push(id);
  }
  assignOrcidsInOrder(authors, remaining);
  return near;
}

/**
 * iDs given only as a link on the iD icon after a name (an orcid.org link annotation, no iD printed): the icon
 * goes to the author whose name ends just left of it on the same row; inside a line of several names, to the
 * name that ends nearest before the icon's place along the line. An icon no name stands before is left out
 * (no guess by order). Returns the authors that got one.
 */
export function orcidFromLinks(
  hits: AuthorHit[],
  page: number,
  links: { url: string; x0: number; top: number; bottom: number }[],
): AuthorHit[] {
  const got: AuthorHit[] = [];
  for (const link of links) {
    const id = findOrcids(link.url)[0]?.id;
    if (!id || hits.some((h) => h.author.orcid === id)) continue;
    const row = hits.filter(
      (h) =>
        h.seg.page === page &&
        h.seg.top >= link.top &&
        h.seg.top - h.seg.size <= link.bottom &&
        h.seg.x0 < link.x0 &&
        link.x0 - h.seg.x1 <= rule('orcidIconGap') * h.seg.size,
    );
    if (!row.length) continue;
    // the segment nearest the icon, then the name in it that ends nearest before the icon's place
    const seg = row.reduce((a, b) => (Math.abs(link.x0 - b.seg.x1) < Math.abs(link.x0 - a.seg.x1) ? b : a)).seg;
    const place = ((link.x0 - seg.x0) / Math.max(1, seg.x1 - seg.x0)) * seg.plain.length;
    const inSeg = row.filter((h) => h.seg === seg).map((h) => ({ h, end: seg.plain.indexOf(h.author.name) + h.author.name.length }));
    const before = inSeg.filter((x) => x.end <= place + 2).sort((a, b) => b.end - a.end)[0] ?? inSeg[inSeg.length - 1];
    if (!before || before.h.author.orcid !== null) continue;
    before.h.author.orcid = id;
    got.push(before.h);
  }
  return got;
}

/** The iD of a paragraph that names one author ("Name · 0000-… · affiliations"): its only iD, else none. */
export function ownOrcid(text: string): string | null {
  const ids = findOrcids(text);
  return ids.length === 1 ? ids[0]!.id : null;
}

/** Attaches ORCIDs in order to authors still without one. */
export function assignOrcidsInOrder(authors: IntakeAuthor[], orcids: string[]): void {
  for (const id of orcids) {
    if (authors.some((a) => a.orcid === id)) continue;
    const a = authors.find((x) => x.orcid === null);
    if (!a) break;
    a.orcid = id;
  }
}
