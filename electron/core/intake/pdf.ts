/* eslint-disable no-control-regex -- superscript runs are delimited by U+0001 … U+0002 (layout.ts SUP_OPEN/SUP_CLOSE) */
// Header model for PDFs: title, authors (with affiliation, e-mail, ORCID), abstract and reference count,
// read from pdf.js text positions and font sizes.
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { overlap, readingOrder, type Segment } from './layout';
import { openPdf, readPage, type PdfPage } from './pdftext';
import { REFERENCES_HEAD, clean, countReferenceLines, findEmails, joinLines } from './text';
import { confidenceOf } from './confidence';
import { looksLikeScanGuesses, readsAsText } from './scan';
import {
  abstractAfterHeading,
  abstractWithoutHeading,
  assignEmails,
  assignOrcids,
  attachByName,
  authorZone,
  contactsOverleaf,
  orcidFromLinks,
  overleafZone,
  pdfAffiliations,
  pdfAuthors,
  pdfSubtitle,
  pdfTitle,
} from './decisions';
import { ROLE_MODEL, classifyLine, lineFeatures, type LineInput, type Role, type RoleLine, type RoleModel } from './roles';
import type { IntakeAuthor, IntakeConfidence } from './types';

export interface Extracted {
  title: string | null;
  abstract: string | null;
  authors: IntakeAuthor[];
  references: number | null;
  confidence: IntakeConfidence;
}

/** Page 1 sends the reader to the end for the authors' details (Springer: "Extended author information available on the last page"). */
const POINTS_TO_END = /\b(author|contact|corresponding)\w*\b.{0,60}\b(last page|end of the (article|paper|manuscript))/i;

// ---------------------------------------------------------------- roles

/** Measures segments of one page for the role model (roles.ts): the only role input the PDF reader makes. */
class PageRoles {
  private readonly body: number;
  private readonly bodyFont: string;
  private readonly sorted: Segment[];
  private readonly cache = new Map<Segment, Role>();
  constructor(
    private readonly page: PdfPage,
    private readonly model: RoleModel,
  ) {
    this.body = bodySize(page);
    const fonts = new Map<string, number>();
    for (const s of page.segments) if (Math.abs(s.size - this.body) < 0.5) fonts.set(s.font, (fonts.get(s.font) ?? 0) + s.plain.length);
    this.bodyFont = [...fonts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
    this.sorted = [...page.segments].sort((a, b) => a.top - b.top || a.x0 - b.x0);
  }

  private input(s: Segment): LineInput {
    const { width, height } = this.page;
    const next = this.sorted.find((o) => o.top > s.top + 0.3 * s.size && overlap(o.x0, o.x1, s.x0, s.x1) > 0);
    return {
      text: s.text,
      plain: s.plain,
      size: s.size,
      bodySize: this.body,
      distinctFont: s.font !== this.bodyFont,
      centred: Math.abs((s.x0 + s.x1) / 2 - width / 2) < 0.04 * width && s.x1 - s.x0 < 0.85 * width,
      position: s.top / height,
      sameStyleAsNext:
        next !== undefined && next.top - s.top < 2.5 * s.size && next.font === s.font && Math.abs(next.size - s.size) < 0.05 * s.size,
    };
  }

  role(s: Segment): Role {
    let r = this.cache.get(s);
    if (r === undefined) {
      r = classifyLine(this.input(s), this.model);
      this.cache.set(s, r);
    }
    return r;
  }

  lines(): RoleLine[] {
    return this.sorted.map((s) => ({ plain: s.plain, text: s.text, features: lineFeatures(this.input(s)) }));
  }
}

// ---------------------------------------------------------------- title

/** The size of most of the page's characters (the body text). */
function bodySize(page: PdfPage): number {
  const chars = new Map<number, number>();
  for (const s of page.segments) chars.set(s.size, (chars.get(s.size) ?? 0) + s.plain.length);
  return [...chars].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 10;
}

// ---------------------------------------------------------------- authors

function emailsOf(pages: PdfPage[]): string[] {
  const fromText = (p: PdfPage) => findEmails(joinLines(readingOrder(p.segments, p.width).map((s) => s.plain)));
  const fromLinks = (p: PdfPage) =>
    p.links
      .filter((u) => /^mailto:/i.test(u))
      .flatMap((u) => {
        let v = u.slice(7).split('?')[0]!;
        try {
          v = decodeURIComponent(v);
        } catch {
          // keep the raw address
        }
        return findEmails(v.replace(/[\u0080-\u009f]/g, ''));
      });
  const first = pages[0];
  if (!first) return [];
  let out = [...fromText(first), ...fromLinks(first)];
  if (out.length === 0 && pages[1]) out = [...fromText(pages[1]), ...fromLinks(pages[1])];
  const seen = new Set<string>();
  return out.filter((e) => {
    const k = e.toLowerCase();
    if (
      seen.has(k) ||
      /^(permissions?|info|editor|editorial|journals?|support|help|office|contact|admin|reprints|webmaster|noreply)@/i.test(e)
    )
      return false;
    if (/^((first|last|sur|given|family)[._-]?name|name|initials?)([._-]?(first|last|sur)?name)?@/i.test(e)) return false; // a pattern, not an address
    // an address cut at a line break is a prefix of a complete one found elsewhere
    if (out.some((o) => o.length > e.length && o.toLowerCase().startsWith(k))) return false;
    seen.add(k);
    return true;
  });
}

/** A page's text with superscript runs kept as plain text (iDs and marks set raised stay readable). */
function supText(page: PdfPage): string {
  return page.segments.map((s) => s.text.replace(/[\u0001\u0002]/g, ' ')).join('\n');
}

// ---------------------------------------------------------------- pages

/**
 * The pages of one document, parsed on first use only: getTextContent loads every font a page uses and
 * walks every glyph, so a page the header does not need is never read. Pages 1–2 keep their links
 * (mailto:, orcid.org); later pages do not need them.
 */
class Pages {
  private readonly read = new Map<number, Promise<PdfPage>>();
  /** The words of the pages read so far: an unmapped ligature glyph becomes the one that makes a known word. */
  private readonly words = new Map<string, number>();
  constructor(private readonly doc: PDFDocumentProxy) {}
  get count(): number {
    return this.doc.numPages;
  }
  page(n: number): Promise<PdfPage> {
    let p = this.read.get(n);
    if (p === undefined) {
      p = readPage(this.doc, n, n <= 2, this.words);
      this.read.set(n, p);
    }
    return p;
  }
  /** Pages 1…n (as far as the document goes). */
  async first(n: number): Promise<PdfPage[]> {
    const out: PdfPage[] = [];
    for (let k = 1; k <= Math.min(n, this.count); k++) out.push(await this.page(k));
    return out;
  }
  /** Whether page n has been asked for already. */
  has(n: number): boolean {
    return this.read.has(n);
  }
  /** Pages parsed so far. */
  async parsed(): Promise<PdfPage[]> {
    return (await Promise.all(this.read.values())).sort((a, b) => a.number - b.number);
  }
}

// ---------------------------------------------------------------- references

/** Counts the reference list, reading pages backwards from the end (at most 12) to its heading. */
async function countReferences(doc: Pages): Promise<number | null> {
  const pages: PdfPage[] = [];
  const first = Math.max(1, doc.count - 11);
  for (let n = doc.count; n >= first; n--) {
    const page = await doc.page(n);
    pages.unshift(page);
    if (page.segments.some((s) => REFERENCES_HEAD.test(s.plain))) break;
  }
  const lines: { text: string; indent: number }[] = [];
  let inRefs = false;
  for (const page of pages) {
    const ordered = readingOrder(page.segments, page.width);
    const mid = page.width / 2;
    const colStart = (s: Segment) => {
      const col = ordered.filter((o) => o.x0 < mid === s.x0 < mid);
      return Math.min(...col.map((o) => o.x0));
    };
    for (const s of ordered) {
      if (REFERENCES_HEAD.test(s.plain)) {
        inRefs = true;
        lines.length = 0;
        continue;
      }
      if (!inRefs) continue;
      if (/^\s*((appendix|supplementary|supporting information)\b|[A-Z]\.?\s+\p{Lu}[\p{Ll}]+\s*$)/u.test(s.plain) && s.plain.length < 60) {
        inRefs = false;
        continue;
      }
      if (s.top < 0.06 * page.height || s.top > 0.95 * page.height) continue; // running heads, page numbers
      lines.push({ text: s.plain, indent: s.x0 - colStart(s) });
    }
  }
  return countReferenceLines(lines);
}

// ---------------------------------------------------------------- entry point

/**
 * Nothing pre-filled from a text layer that is noise but an abstract that reads as text itself (an OCR scan's
 * running text is often clean where its formulas are not): the form shows the other fields empty and says why
 * (scan.ts).
 */
function scanGuesses(found: string | null): Extracted {
  const abstract = found !== null && readsAsText([found]) ? found : null;
  const confidence = confidenceOf({
    title: { text: null, sizeRatio: 0 },
    abstract: { text: abstract, how: abstract === null ? null : 'guess' },
    authors: [],
    perAuthor: [],
    emails: 0,
    affiliationMarkers: [],
  });
  return {
    title: null,
    abstract,
    authors: [],
    references: null,
    confidence: { ...confidence, signals: { ...confidence.signals, scanGuesses: true } },
  };
}

/** The first page's lines with their role features (what the role model is fitted on). */
export async function pdfRoleLines(bytes: Buffer): Promise<RoleLine[]> {
  const { doc, close } = await openPdf(bytes);
  try {
    return new PageRoles(await readPage(doc, 1, false), ROLE_MODEL).lines();
  } finally {
    await close();
  }
}

export interface PdfOptions {
  /** Also count the reference list (reads pages backwards from the end, at most 12). */
  references?: boolean;
}

export async function extractPdf(bytes: Buffer, model: RoleModel = ROLE_MODEL, opts: PdfOptions = {}): Promise<Extracted> {
  const { doc, close } = await openPdf(bytes);
  try {
    const pages = new Pages(doc);
    const p1 = await pages.page(1);
    const noise = looksLikeScanGuesses(p1.segments.map((s) => s.plain));
    const roles = new PageRoles(p1, model);

    const title = pdfTitle(p1, (s) => roles.role(s));
    let titleText = title?.text ?? null;
    let titleBottom = 0;
    if (title) {
      const sub = pdfSubtitle(p1, title.lines);
      if (sub.length) titleText = `${titleText!.replace(/[:.]$/, '')}: ${clean(sub.map((s) => s.plain).join(' '))}`;
      titleBottom = Math.max(...[...title.lines, ...sub].map((l) => l.top));
    }

    // the header zone: below the title and above, in the same column, the abstract, a section heading or prose
    const zone = authorZone(p1, titleBottom);
    const corresponding: number[] = [];
    const hits = pdfAuthors(zone.segments, (s) => roles.role(s), corresponding, null);
    if (zone.open && pages.count >= 2 && hits.length > 0) {
      // a long author list that runs over to the next page
      const p2 = await pages.page(2);
      const more = overleafZone(p2, p1);
      const known = { size: hits[0]!.seg.size, font: hits[0]!.seg.font };
      const roles2 = new PageRoles(p2, model);
      hits.push(...pdfAuthors(more.segments, (s) => roles2.role(s), corresponding, known, hits.length));
    }
    const markers = pdfAffiliations(hits, p1, zone.segments, (s) => roles.role(s));
    const authors = hits.map((h) => h.author);

    // the abstract: page 1, then page 2 when it is not there or runs on, then page 3 (APA manuscripts)
    let found = abstractAfterHeading(await pages.first(1));
    if ((found === null || !found.stopped) && pages.count >= 2) found = abstractAfterHeading(await pages.first(2)) ?? found;
    if (found === null && pages.count >= 3) found = abstractAfterHeading([await pages.page(3)]);

    // e-mails from page 1, page 2 when page 1 has none; ORCIDs on the pages read for the header
    const emails = emailsOf(await pages.first(1));
    if (emails.length === 0 && pages.count >= 2) emails.push(...emailsOf([await pages.page(2)]));
    const emailByName = assignEmails(authors, emails, corresponding);
    if (pages.count >= 2 && !pages.has(2) && contactsOverleaf(supText(p1), authors, corresponding)) {
      // page 1 promises more contacts than it prints: page 2's iDs go through the loop below, its
      // addresses only to the authors whose names they match
      attachByName(authors, emailsOf([await pages.page(2)]), emailByName);
    }
    const orcidNear = new Set<IntakeAuthor>();
    for (const page of (await pages.parsed()).filter((p) => p.number <= 2)) {
      // raised text kept: llncs sets each iD as a superscript after the name
      const text = readingOrder(page.segments, page.width)
        .map((s) => s.text.replace(/[\u0001\u0002]/g, ' '))
        .join('\n');
      for (const a of assignOrcids(authors, text)) orcidNear.add(a);
    }
    // iDs given only on the iD icon after a name (an orcid.org link, no iD printed)
    for (const page of (await pages.parsed()).filter((p) => p.number <= 2))
      for (const h of orcidFromLinks(hits, page.number, page.orcidLinks ?? [])) orcidNear.add(h.author);

    let abstract = found?.text ?? null;
    let abstractHow: 'heading' | 'open' | 'guess' | null = found ? (found.stopped ? 'heading' : 'open') : null;
    if (abstract === null) {
      const after = Math.max(titleBottom, ...hits.filter((h) => h.seg.page === 1).map((h) => h.seg.top));
      const span = title ? { x0: Math.min(...title.lines.map((l) => l.x0)), x1: Math.max(...title.lines.map((l) => l.x1)) } : null;
      abstract = abstractWithoutHeading(p1, after, span, pages.count >= 2 ? await pages.page(2) : null);
      if (abstract !== null) abstractHow = 'guess';
    }
    const references = opts.references ? await countReferences(pages) : null;
    // "Extended author information available on the last page": addresses there that match an author's name
    if (authors.some((a) => a.email === null) && pages.count > 2 && POINTS_TO_END.test(p1.segments.map((s) => s.plain).join(' '))) {
      const last = await Promise.all([pages.count - 1, pages.count].filter((n) => n > 2).map((n) => pages.page(n)));
      attachByName(
        authors,
        last.flatMap((p) => findEmails(joinLines(readingOrder(p.segments, p.width).map((s) => s.plain)))),
        emailByName,
      );
    }
    if (noise) return scanGuesses(abstract);
    const confidence = confidenceOf({
      title: { text: titleText, sizeRatio: title ? title.lines[0]!.size / bodySize(p1) : 0 },
      abstract: { text: abstract, how: abstractHow },
      authors,
      perAuthor: hits.map((h, i) => ({
        affiliation: h.aff,
        email: h.author.email ? (emailByName.has(i) ? 'name' : 'order') : null,
        orcid: h.author.orcid ? (orcidNear.has(h.author) ? 'name' : 'order') : null,
        markers: h.markers,
      })),
      emails: emails.length,
      affiliationMarkers: markers,
    });
    return { title: titleText, abstract, authors, references, confidence };
  } finally {
    await close();
  }
}
