// Manuscript source files: PDF (pdfjs-dist) or DOCX (mammoth) to text, with light extraction of
// title, authors, emails, ORCIDs, abstract and the reference list.
import mammoth from 'mammoth';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import yauzl from 'yauzl';
import { INTAKE_BOUNDS } from '../core/intake/bounds';

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

/** What reading one source file may cost: a manuscript has tens of pages, not a million. A PDF is read in
 * a worker thread with the intake's heap limit and stopped at the time limit; a PDF declaring more pages
 * is refused before any page is read; text stops growing at the text budget. */
export const PARSE_LIMITS = {
  pages: 2_000,
  textChars: 10_000_000,
  timeMs: 30_000,
  /** V8 heap of the PDF worker, the intake worker's. */
  heapMb: INTAKE_BOUNDS.workerHeapMb,
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

// ---------------------------------------------------------------- PDF in a bounded worker thread
//
// pdf.js parses the whole page tree while it opens a document, before numPages can be checked: a few KB whose
// root /Kids lists millions of pages costs seconds and hundreds of MB there. So PDFs are read in a worker
// thread with the intake's heap limit (core/intake bounds), and a hard time limit that terminates it: a file
// past either is refused and only that worker dies. One worker is kept for the next file.

/** The worker's code (plain JavaScript, evaluated by worker_threads: no build entry needed). */
const PDF_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { pdfjsUrl, pages: maxPages, textChars } = workerData;
const lib = import(pdfjsUrl);
parentPort.on('message', async ({ id, data }) => {
  try {
    const pdfjs = await lib;
    const task = pdfjs.getDocument({ data, disableFontFace: true, useSystemFonts: false, verbosity: 0 });
    try {
      const doc = await task.promise;
      if (doc.numPages > maxPages) {
        parentPort.postMessage({ id, refused: 'source_file declares ' + doc.numPages + ' pages; manuscripts of up to ' + maxPages + ' pages are read' });
        return;
      }
      const lines = [];
      let chars = 0;
      for (let p = 1; p <= doc.numPages && chars < textChars; p++) {
        const page = await doc.getPage(p);
        const content = await page.getTextContent();
        let line = '';
        for (const item of content.items) {
          if (!('str' in item)) continue;
          if (chars > textChars) break;
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
      const info = (meta && meta.info) || {};
      parentPort.postMessage({ id, lines, title: info.Title, author: info.Author });
    } finally {
      await task.destroy();
    }
  } catch (err) {
    parentPort.postMessage({ id, error: String((err && err.message) || err) });
  }
});
`;

interface PdfWorkerAnswer {
  id: number;
  lines?: string[];
  title?: unknown;
  author?: unknown;
  refused?: string;
  error?: string;
}

let pdfWorker: Worker | null = null;
let nextJob = 1;
/** Files are read one at a time: the demo service has one worker. */
let pdfQueue: Promise<unknown> = Promise.resolve();

function startPdfWorker(): Worker {
  const pdfjsUrl = pathToFileURL(createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.mjs')).href;
  const worker = new Worker(PDF_WORKER, {
    eval: true,
    execArgv: [],
    workerData: { pdfjsUrl, pages: PARSE_LIMITS.pages, textChars: PARSE_LIMITS.textChars },
    resourceLimits: { maxOldGenerationSizeMb: PARSE_LIMITS.heapMb, maxYoungGenerationSizeMb: INTAKE_BOUNDS.workerYoungMb },
  });
  worker.unref();
  return worker;
}

function readPdfInWorker(buf: Buffer): Promise<PdfWorkerAnswer> {
  const run = () =>
    new Promise<PdfWorkerAnswer>((resolve, reject) => {
      const worker = (pdfWorker ??= startPdfWorker());
      const id = nextJob++;
      const done = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const drop = () => {
        if (pdfWorker === worker) pdfWorker = null;
      };
      const onMessage = (msg: PdfWorkerAnswer) => {
        if (msg.id !== id) return;
        done();
        resolve(msg);
      };
      const onError = (err: NodeJS.ErrnoException) => {
        done();
        drop();
        reject(
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new SourceFileError(`source_file is too complex to read: it needs more than ${PARSE_LIMITS.heapMb} MB of memory`)
            : new SourceFileError(`source_file could not be parsed as PDF: ${err.message}`),
        );
      };
      const onExit = () => {
        done();
        drop();
        reject(new SourceFileError('source_file could not be parsed as PDF: the reader stopped'));
      };
      const timer = setTimeout(() => {
        done();
        drop();
        void worker.terminate();
        reject(new SourceFileError(`source_file took longer than ${PARSE_LIMITS.timeMs / 1000} s to read`));
      }, PARSE_LIMITS.timeMs);
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      const data = new Uint8Array(buf.byteLength);
      data.set(buf);
      worker.postMessage({ id, data }, [data.buffer]);
    });
  const result = pdfQueue.then(run, run);
  pdfQueue = result.catch(() => undefined);
  return result;
}

async function parsePdf(buf: Buffer): Promise<ParsedManuscript> {
  const answer = await readPdfInWorker(buf);
  if (answer.refused) throw new SourceFileError(answer.refused);
  if (answer.error !== undefined || !answer.lines) throw new Error(answer.error ?? 'no text');
  return extract('pdf', answer.lines, str(answer.title), str(answer.author));
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
const SECTION_HEADING =
  /^(\d+(\.\d+)*\.?\s+)?(introduction|background|keywords|key words|methods|materials and methods|results|discussion|conclusions?|acknowledg[e]?ments)\b/i;
const NUMBERED_REF = /^(\[\d+\]|\d+\.\s|\d+\)\s)/;
const AUTHOR_YEAR_REF = /^[A-Z][\p{L}'’-]+,\s+(?:[A-Z]\.|[A-Z][\p{L}]+)/u;

function extract(format: 'pdf' | 'docx', rawLines: string[], metaTitle: string | null, metaAuthors: string | null): ParsedManuscript {
  const lines = rawLines.filter((l) => l.length > 0);
  const text = lines.join('\n');
  const emails = unique(text.match(/(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g) ?? []).map((e) =>
    e.toLowerCase(),
  );
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
        .split(/(?:(?<!\s)\s+)?(?:;|\band\b|&)\s*|,\s+(?=[A-Z][a-z]+\s+[A-Z])/)
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
