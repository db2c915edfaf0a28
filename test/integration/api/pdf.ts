// PDFs the client tests and the client benchmark make themselves (pdf-lib): a short manuscript
// with title, abstract and references, optionally padded to a target size with an embedded
// attachment of incompressible bytes (so the size grows, not the text the service parses).
import { createHash } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';

export interface PdfSpec {
  title: string;
  abstract: string;
  references?: string[];
  /** Pad the file to at least this many bytes. */
  minBytes?: number;
}

/** Deterministic bytes that deflate cannot shrink. */
function noise(n: number): Uint8Array {
  const out = new Uint8Array(n);
  let block = createHash('sha256').update('referee-desk').digest();
  for (let i = 0; i < n; i += block.length) {
    out.set(block.subarray(0, Math.min(block.length, n - i)), i);
    block = createHash('sha256').update(block).digest();
  }
  return out;
}

export async function makePdf(spec: PdfSpec): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(spec.title);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  const lines = [spec.title, '', 'Abstract', ...spec.abstract.match(/.{1,90}(\s|$)/g)!.map((l) => l.trim()), '', 'References'];
  (spec.references ?? []).forEach((r, i) => lines.push(`[${i + 1}] ${r}`));
  lines.forEach((l, k) => page.drawText(l, { x: 40, y: 800 - k * 13, size: 10, font }));
  let bytes = Buffer.from(await doc.save());
  if (spec.minBytes && bytes.length < spec.minBytes) {
    await doc.attach(noise(spec.minBytes - bytes.length), 'supplement.bin', { mimeType: 'application/octet-stream' });
    bytes = Buffer.from(await doc.save({ useObjectStreams: false }));
  }
  return bytes;
}
