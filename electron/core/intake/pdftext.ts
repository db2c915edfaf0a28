// pdf.js access: opens a document from bytes and turns pages into positioned segments.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { DeskError } from '../../common/errors';
import { INTAKE_BOUNDS, chargeActive } from './bounds';
import { repairText, wordCounts } from './glyphs';
import { segmentsOf, type Glyphs, type Segment } from './layout';

export interface PdfPage {
  number: number;
  width: number;
  height: number;
  segments: Segment[];
  /** Targets of link annotations (mailto:, orcid.org, …). */
  links: string[];
  /** Where each orcid.org link sits (page coordinates, top down like segments): an iD given only on its icon. */
  orcidLinks?: { url: string; x0: number; x1: number; top: number; bottom: number }[];
}

// ---------------------------------------------------------------- inflate bounds inside pdf.js
//
// In Node, pdf.js runs its parsing side ("worker") in the calling thread and takes it from
// `globalThis.pdfjsWorker` when that is set. Every decoder of that side (Flate, LZW, predictors, ASCII85,
// run-length…) grows its output through `DecodeStream.ensureBuffer`, and Flate streams are first tried with
// the global `DecompressionStream`. Both are where the inflated size is known before memory is taken:
// - `ensureBuffer` gets one call to the active InflateBudget (a one-line addition to pdf.js's own module,
//   loaded from the installed package; the load fails loudly if a pdf.js update moves that method);
// - `DecompressionStream` is wrapped so its output is counted and cut at the caps; pdf.js then falls back to
//   its JS decoder, which meets the same cap in `ensureBuffer`.
// A stream over the cap throws inside pdf.js; the budget remembers it and the file is refused as too complex.

const HOOK = Symbol.for('referee-desk.intake.decode');
const ENSURE_BUFFER =
  '  ensureBuffer(requested) {\n    const buffer = this.buffer;\n    if (requested <= buffer.byteLength) {\n      return buffer;\n    }\n';

type DecodeHook = (requested: number, had: number) => void;

let bounded: Promise<void> | null = null;

/** Loads pdf.js's worker side with the inflate hooks into this thread (once). */
export function boundPdfjs(): Promise<void> {
  bounded ??= (async () => {
    (globalThis as unknown as Record<symbol, DecodeHook>)[HOOK] = (requested, had) => {
      if (!chargeActive(requested - had, requested)) throw new Error('inflate budget exceeded');
    };
    boundDecompressionStream();
    const file = createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.worker.mjs');
    const source = readFileSync(file, 'utf8');
    const at = source.indexOf(ENSURE_BUFFER);
    if (at === -1 || source.indexOf(ENSURE_BUFFER, at + 1) !== -1) {
      throw new DeskError(
        'internal',
        'The installed pdf.js has no single DecodeStream.ensureBuffer to bound; intake cannot read PDFs safely.',
      );
    }
    const patched =
      `${source.slice(0, at + ENSURE_BUFFER.length)}    ` +
      `globalThis[Symbol.for('referee-desk.intake.decode')]?.(requested, ` +
      `buffer.byteLength);\n${source.slice(at + ENSURE_BUFFER.length)}`;
    const mod = (await import(/* @vite-ignore */ `data:text/javascript;base64,${Buffer.from(patched).toString('base64')}`)) as {
      WorkerMessageHandler: unknown;
    };
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = { WorkerMessageHandler: mod.WorkerMessageHandler };
  })();
  return bounded;
}

/** Replaces this thread's DecompressionStream by one whose output is charged to the active budgets. */
function boundDecompressionStream(): void {
  const Native = globalThis.DecompressionStream;
  class BoundedDecompressionStream {
    readonly readable: ReadableStream<Uint8Array>;
    readonly writable: DecompressionStream['writable'];
    constructor(format: ConstructorParameters<typeof DecompressionStream>[0]) {
      const inner = new Native(format);
      let seen = 0;
      this.writable = inner.writable;
      this.readable = inner.readable.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, ctl) {
            seen += chunk.byteLength;
            if (chargeActive(chunk.byteLength, seen)) ctl.enqueue(chunk);
            else ctl.error(new Error('inflate budget exceeded'));
          },
        }),
      );
    }
  }
  globalThis.DecompressionStream = BoundedDecompressionStream as unknown as typeof DecompressionStream;
}

function encrypted(cause?: unknown): DeskError {
  return new DeskError(
    'invalid_file',
    'The PDF is encrypted (password or copy protection), so its text cannot be read reliably. Save ' +
      'an unprotected copy (for example Print → Save as PDF) and drop that.',
    cause === undefined ? {} : { cause },
  );
}

/**
 * Opens a document from a copy of the bytes; `close` releases it (always call it). Refuses encrypted files
 * (pdf.js resolves the trailer's /Encrypt, whatever escapes or comments spell it) and page counts past the
 * page budget.
 */
export async function openPdf(bytes: Buffer): Promise<{ doc: PDFDocumentProxy; close: () => Promise<void> }> {
  await boundPdfjs();
  const data = new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const task = getDocument({
    data,
    verbosity: 0,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
  });
  let doc: PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (e) {
    await task.destroy();
    const name = (e as { name?: string } | null)?.name;
    if (name === 'PasswordException') throw encrypted(e);
    throw new DeskError('invalid_file', 'The PDF is damaged and cannot be read. Export it again from the original document.', { cause: e });
  }
  try {
    const { info } = await doc.getMetadata();
    if ((info as { EncryptFilterName?: string | null }).EncryptFilterName) throw encrypted();
    if (doc.numPages > INTAKE_BOUNDS.maxPages) {
      throw new DeskError(
        'invalid_file',
        `The PDF declares ${doc.numPages.toLocaleString('en')} pages, more than the ` +
          `${INTAKE_BOUNDS.maxPages.toLocaleString('en')} a manuscript can have; it is not read.`,
      );
    }
  } catch (e) {
    await task.destroy();
    throw e;
  }
  return { doc, close: () => task.destroy() };
}

/**
 * One page as segments. `words`: the words of the document's pages read so far; this page's are added, and
 * glyphs pdf.js could not map (ligatures of old fonts) are resolved against them (glyphs.ts).
 */
export async function readPage(doc: PDFDocumentProxy, n: number, withLinks: boolean, words = new Map<string, number>()): Promise<PdfPage> {
  const page = await doc.getPage(n);
  const vp = page.getViewport({ scale: 1 });
  const [x0, y0] = [vp.viewBox[0] ?? 0, vp.viewBox[1] ?? 0];
  const tc = await page.getTextContent();
  const runs: Glyphs[] = [];
  for (const it of tc.items) {
    if (!('str' in it)) continue;
    const [a, b, c, d, e, f] = it.transform as number[];
    // horizontal text only: rotated margin stamps (arXiv id, line numbers set sideways) are not content
    if (Math.abs(b!) > 0.01 * Math.abs(a!) || Math.abs(c!) > 0.01 * Math.abs(d!) || a! <= 0 || d! <= 0) continue;
    runs.push({ str: it.str, x: e! - x0, w: it.width, top: vp.height - (f! - y0), size: Math.abs(d!), font: it.fontName });
  }
  wordCounts(
    runs.map((r) => r.str),
    words,
  );
  for (const r of runs) r.str = repairText(r.str, words);
  const links: string[] = [];
  const orcidLinks: NonNullable<PdfPage['orcidLinks']> = [];
  if (withLinks) {
    for (const an of (await page.getAnnotations()) as { subtype?: string; url?: string; rect?: number[] }[]) {
      if (an.subtype !== 'Link' || typeof an.url !== 'string') continue;
      links.push(an.url);
      const r = an.rect;
      if (/orcid\.org/i.test(an.url) && Array.isArray(r) && r.length === 4 && r.every(Number.isFinite))
        orcidLinks.push({
          url: an.url,
          x0: Math.min(r[0]!, r[2]!) - x0,
          x1: Math.max(r[0]!, r[2]!) - x0,
          top: vp.height - (Math.max(r[1]!, r[3]!) - y0),
          bottom: vp.height - (Math.min(r[1]!, r[3]!) - y0),
        });
    }
  }
  const out = { number: n, width: vp.width, height: vp.height, segments: segmentsOf(runs, n), links, orcidLinks };
  page.cleanup();
  return out;
}
