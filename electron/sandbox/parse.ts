// Manuscript source files: PDF (pdfjs-dist) or DOCX (mammoth) to text, with light extraction of
// title, authors, emails, ORCIDs, abstract and the reference list.
import mammoth from 'mammoth';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import yauzl from 'yauzl';

export interface ParsedManuscript {
  format: 'pdf' | 'docx';
  text: string;
  title: string | null;
  abstract: string | null;
  authors: string[];
  emails: string[];
  orcids: string[];
  references: string[];
}

export class SourceFileError extends Error {}

/** What reading one source file may cost: a manuscript has tens of pages, not a million. A file
 * declaring more pages is refused before any page is read; text stops growing at the text budget;
 * the time budget is checked between pages. */
export const PARSE_LIMITS = {
  pages: 2_000,
  textChars: 10_000_000,
  timeMs: 30_000,
} as const;

export function sniffFormat(buf: Buffer): 'pdf' | 'docx' | null {
  if (buf.subarray(0, 1024).includes('%PDF-')) return 'pdf';
  if (buf.length > 4 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04 && buf.includes('word/')) return 'docx';
  return null;
}

export async function parseSourceFile(buf: Buffer): Promise<ParsedManuscript> {
  const format = sniffFormat(buf);
  if (!format) throw new SourceFileError('source_file must be a PDF or DOCX file');
  try {
    return format === 'pdf' ? await parsePdf(buf) : await parseDocx(buf);
  } catch (err) {
    if (err instanceof SourceFileError) throw err;
    throw new SourceFileError(`source_file could not be parsed as ${format.toUpperCase()}: ${(err as Error).message}`);
  }
}

let pdfjs: Promise<typeof PdfJsModule> | undefined;

async function parsePdf(buf: Buffer): Promise<ParsedManuscript> {
  const lib = await (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));
  const task = lib.getDocument({
    data: new Uint8Array(buf),
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    if (doc.numPages > PARSE_LIMITS.pages) {
      throw new SourceFileError(`source_file declares ${doc.numPages} pages; manuscripts of up to ${PARSE_LIMITS.pages} pages are read`);
    }
    const deadline = performance.now() + PARSE_LIMITS.timeMs;
    const lines: string[] = [];
    let chars = 0;
    for (let p = 1; p <= doc.numPages && chars < PARSE_LIMITS.textChars; p++) {
      if (performance.now() > deadline) throw new SourceFileError(`source_file took longer than ${PARSE_LIMITS.timeMs / 1000} s to read (stopped at page ${p})`);
      const page = await doc.getPage(p);
      const content = await page.getTextContent();
      let line = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        if (chars > PARSE_LIMITS.textChars) break;
        line += item.str;
        chars += item.str.length;
        if (item.hasEOL) {
          lines.push(line.trim());
          line = '';
        }
      }
      if (line.trim()) lines.push(line.trim());
      page.cleanup();
    }
    const meta = await doc.getMetadata().catch(() => null);
    const info = (meta?.info ?? {}) as { Title?: unknown; Author?: unknown };
    return extract('pdf', lines, str(info.Title), str(info.Author));
  } finally {
    await task.destroy();
  }
}

async function parseDocx(buf: Buffer): Promise<ParsedManuscript> {
  const { value } = await mammoth.extractRawText({ buffer: buf });
  const core = await readZipEntry(buf, 'docProps/core.xml').catch(() => null);
  const title = core ? xmlText(core, 'dc:title') : null;
  const creator = core ? xmlText(core, 'dc:creator') : null;
  const lines = value.split(/\n+/).map((l) => l.trim());
  return extract('docx', lines, title, creator);
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

function xmlText(xml: string, tag: string): string | null {
  const m = new RegExp(`<${tag}[^>]*>([^<]*)</${tag}>`).exec(xml);
  return m ? str(m[1]!.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>')) : null;
}

function readZipEntry(buf: Buffer, name: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('not a zip'));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== name) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('unreadable entry'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            zip.close();
            resolve(Buffer.concat(chunks).toString('utf8'));
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(null));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const REF_HEADING = /^(\d+\.?\s*)?(references|bibliography|literature cited|works cited|reference list)\s*:?$/i;
const ABSTRACT_HEADING = /^(abstract|summary)\s*(?:[:.]\s*)?(\S.*|)$/i;
const SECTION_HEADING = /^(\d+(\.\d+)*\.?\s+)?(introduction|background|keywords|key words|methods|materials and methods|results|discussion|conclusions?|acknowledg[e]?ments)\b/i;
const NUMBERED_REF = /^(\[\d+\]|\d+\.\s|\d+\)\s)/;
const AUTHOR_YEAR_REF = /^[A-Z][\p{L}'’-]+,\s+(?:[A-Z]\.|[A-Z][\p{L}]+)/u;

function extract(format: 'pdf' | 'docx', rawLines: string[], metaTitle: string | null, metaAuthors: string | null): ParsedManuscript {
  const lines = rawLines.filter((l) => l.length > 0);
  const text = lines.join('\n');
  const emails = unique(text.match(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g) ?? []).map((e) => e.toLowerCase());
  const orcids = unique((text.match(/\b\d{4}-\d{4}-\d{4}-\d{3}[\dX]\b/g) ?? []).map((o) => o.toUpperCase()));

  let refStart = -1;
  for (let i = lines.length - 1; i >= 0; i--) {
    if (REF_HEADING.test(lines[i]!)) {
      refStart = i;
      break;
    }
  }
  const references = refStart >= 0 ? splitReferences(lines.slice(refStart + 1), format === 'docx') : [];

  let abstract: string | null = null;
  const absIdx = lines.findIndex((l) => ABSTRACT_HEADING.test(l));
  if (absIdx >= 0) {
    const parts: string[] = [];
    const first = ABSTRACT_HEADING.exec(lines[absIdx]!)![2]!;
    if (first) parts.push(first);
    for (let i = absIdx + 1; i < lines.length && !SECTION_HEADING.test(lines[i]!) && (refStart < 0 || i < refStart); i++) {
      parts.push(lines[i]!);
      if (parts.join(' ').split(/\s+/).length > 400) break;
    }
    abstract = parts.join(' ').trim() || null;
  }

  const title = metaTitle ?? lines.find((l) => l.length > 10 && !ABSTRACT_HEADING.test(l)) ?? null;
  const authors = metaAuthors
    ? metaAuthors
        .split(/\s*(?:;|\band\b|&)\s*|,\s+(?=[A-Z][a-z]+\s+[A-Z])/)
        .map((a) => a.trim())
        .filter((a) => a.length > 1)
    : [];
  return { format, text, title, abstract, authors, emails, orcids, references };
}

/** One entry per number, else per author-year start; in DOCX an unnumbered paragraph is an entry. */
function splitReferences(lines: string[], paragraphs: boolean): string[] {
  const refs: string[] = [];
  const numbered = lines.filter((l) => NUMBERED_REF.test(l)).length >= Math.max(1, lines.length / 4);
  for (const line of lines) {
    if (SECTION_HEADING.test(line) && !NUMBERED_REF.test(line)) break;
    const starts = numbered ? NUMBERED_REF.test(line) : paragraphs || AUTHOR_YEAR_REF.test(line) || refs.length === 0;
    if (starts) refs.push(line);
    else refs[refs.length - 1] += ` ${line}`;
  }
  return refs.map((r) => r.trim()).filter((r) => r.length > 0);
}

const unique = <T>(xs: T[]): T[] => [...new Set(xs)];
