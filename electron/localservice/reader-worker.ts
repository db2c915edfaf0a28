// Worker-thread entry of the local service's file reader (parse.ts): one source file in, its text and the
// light extraction of manuscript-text.ts out. PDF and DOCX are both read here, under the app's own intake
// guards (electron/core/intake): every inflated byte, PDF stream or ZIP part, is charged to one InflateBudget;
// a DOCX passes the ZIP container checks (entries, total size, ratio) before any part is inflated, its XML
// parts are capped and tokenized in one linear pass; a PDF declaring more pages than the page budget is
// refused before any page is read. The parent adds the heap limit, a cap on ArrayBuffer memory and the time
// limit. Protocol: the parent posts {id, format, data, limits}; the worker answers {id, parsed} or
// {id, refused}. An answer never throws.
import { parentPort } from 'node:worker_threads';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { isDeskError } from '../common/errors';
import { InflateBudget, TOO_COMPLEX, withBudget } from '../core/intake/bounds';
import { limitsOf } from '../core/intake/check';
import { docxParagraphTexts } from '../core/intake/docx';
import { boundPdfjs } from '../core/intake/pdftext';
import { checkDocxContainer, readZipEntries } from '../core/intake/zip';
import { extract, str, type ParsedManuscript } from './manuscript-text';

export interface ReaderLimits {
  /** Pages a PDF may declare. */
  pages: number;
  /** Characters of text kept; reading stops there. */
  textChars: number;
}

export interface ReaderRequest {
  id: number;
  format: 'pdf' | 'docx';
  data: Uint8Array;
  limits: ReaderLimits;
}

/** What reading one file gave: its text and extraction, or why it was refused. */
export type ReaderResult = { parsed: ParsedManuscript } | { refused: string };
export type ReaderAnswer = ReaderResult & { id: number };

/** A refusal worded for the service's 400 answer. */
class Refused extends Error {}

/** docProps/core.xml holds a few fields; a larger one is not read. */
const CORE_XML_BYTES = 256 * 1024;

async function readPdf(data: Uint8Array, limits: ReaderLimits): Promise<ParsedManuscript> {
  await boundPdfjs();
  const task = getDocument({ data, disableFontFace: true, useSystemFonts: false, verbosity: 0 });
  try {
    const doc = await task.promise;
    if (doc.numPages > limits.pages) {
      throw new Refused(`source_file declares ${doc.numPages} pages; manuscripts of up to ${limits.pages} pages are read`);
    }
    const lines: string[] = [];
    let chars = 0;
    for (let p = 1; p <= doc.numPages && chars < limits.textChars; p++) {
      const page = await doc.getPage(p);
      const content = await page.getTextContent();
      let line = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        if (chars > limits.textChars) break;
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

async function readDocx(bytes: Buffer, limits: ReaderLimits): Promise<ParsedManuscript> {
  await checkDocxContainer(bytes, limitsOf({}));
  const lines: string[] = [];
  let chars = 0;
  for (const p of await docxParagraphTexts(bytes)) {
    if (chars >= limits.textChars) break;
    lines.push(p);
    chars += p.length;
  }
  const core = await readZipEntries(bytes, ['docProps/core.xml'], CORE_XML_BYTES)
    .then((parts) => parts.get('docProps/core.xml')?.toString('utf8') ?? null)
    .catch(() => null);
  return extract('docx', lines, core === null ? null : xmlText(core, 'dc:title'), core === null ? null : xmlText(core, 'dc:creator'));
}

/** The text of the first `<tag …>…</tag>`, found with indexOf (no regex rescanning an unclosed start). */
function xmlText(xml: string, tag: string): string | null {
  const start = xml.indexOf(`<${tag}`);
  if (start === -1) return null;
  const gt = xml.indexOf('>', start);
  const end = gt === -1 ? -1 : xml.indexOf(`</${tag}>`, gt);
  if (end === -1 || xml[gt - 1] === '/') return null;
  const body = xml.slice(gt + 1, end);
  if (body.includes('<')) return null;
  return str(
    body
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&'),
  );
}

/** Reads one file; a file over a budget, damaged or refused by a guard is answered with the reason. */
export async function readSourceFile(req: Omit<ReaderRequest, 'id'>): Promise<ReaderResult> {
  const budget = new InflateBudget();
  const what = req.format.toUpperCase();
  try {
    const bytes = Buffer.from(req.data.buffer, req.data.byteOffset, req.data.byteLength);
    const parsed = await withBudget(budget, () => (req.format === 'pdf' ? readPdf(req.data, req.limits) : readDocx(bytes, req.limits)));
    // a decoder cut off at the budget may have let the parser go on with what it had: the file is still refused
    if (budget.exceeded) return { refused: tooComplex(budget.exceeded) };
    return { parsed };
  } catch (err) {
    if (budget.exceeded) return { refused: tooComplex(budget.exceeded) };
    if (err instanceof Refused) return { refused: err.message };
    const message = isDeskError(err) ? err.message : err instanceof Error ? err.message : String(err);
    // the intake guards word a budget refusal for the editor; the service answers with its detail
    if (message.startsWith(TOO_COMPLEX))
      return {
        refused: tooComplex(
          message
            .slice(TOO_COMPLEX.length)
            .trim()
            .replace(/^\((.*)\)$/, '$1'),
        ),
      };
    return { refused: `source_file could not be parsed as ${what}: ${message}` };
  }
}

function tooComplex(detail: string): string {
  return `source_file is too complex to read: ${detail || 'it unpacks to far more data than a manuscript holds'}`;
}

if (parentPort) {
  const port = parentPort;
  port.on('message', (msg: ReaderRequest) => {
    void readSourceFile(msg).then((answer) => port.postMessage({ id: msg.id, ...answer } satisfies ReaderAnswer));
  });
}
