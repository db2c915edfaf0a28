// pdf.js access: opens a document from bytes and turns pages into positioned segments.
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { DeskError } from '../../common/errors';
import { segmentsOf, type Glyphs, type Segment } from './layout';

export interface PdfPage {
  number: number;
  width: number;
  height: number;
  segments: Segment[];
  /** Targets of link annotations (mailto:, orcid.org, …). */
  links: string[];
}

/** Opens a document from a copy of the bytes; `close` releases it (always call it). */
export async function openPdf(bytes: Buffer): Promise<{ doc: PDFDocumentProxy; close: () => Promise<void> }> {
  const data = new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const task = getDocument({
    data,
    verbosity: 0,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
  });
  try {
    return { doc: await task.promise, close: () => task.destroy() };
  } catch (e) {
    await task.destroy();
    const name = (e as { name?: string } | null)?.name;
    if (name === 'PasswordException') {
      throw new DeskError('invalid_file', 'The PDF is password-protected. Save an unprotected copy and drop that one.', { cause: e });
    }
    throw new DeskError('invalid_file', 'The PDF is damaged and cannot be read. Export it again from the original document.', { cause: e });
  }
}

export async function readPage(doc: PDFDocumentProxy, n: number, withLinks: boolean): Promise<PdfPage> {
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
  const links: string[] = [];
  if (withLinks) {
    for (const an of (await page.getAnnotations()) as { subtype?: string; url?: string }[]) {
      if (an.subtype === 'Link' && typeof an.url === 'string') links.push(an.url);
    }
  }
  const out = { number: n, width: vp.width, height: vp.height, segments: segmentsOf(runs, n), links };
  page.cleanup();
  return out;
}
