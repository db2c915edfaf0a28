// PDFs the client tests and the client benchmark make themselves (pdf-lib): a short manuscript
// with title, abstract and references; and the same padded to any size by an incremental update
// holding one unreferenced stream, written in chunks (a 50 MB file never sits in memory).
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { PDFDocument, StandardFonts } from 'pdf-lib';

export interface PdfSpec {
  title: string;
  abstract: string;
  references?: string[];
}

export async function makePdf(spec: PdfSpec): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(spec.title);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  const lines = [spec.title, '', 'Abstract', ...spec.abstract.match(/.{1,90}(\s|$)/g)!.map((l) => l.trim()), '', 'References'];
  (spec.references ?? []).forEach((r, i) => lines.push(`[${i + 1}] ${r}`));
  lines.forEach((l, k) => page.drawText(l, { x: 40, y: 800 - k * 13, size: 10, font }));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** Writes makePdf(spec) padded to exactly `totalBytes` (PDF 1.7 §7.5.6 incremental update). */
export async function writePaddedPdf(path: string, spec: PdfSpec, totalBytes: number): Promise<void> {
  const base = await makePdf(spec);
  const tail = base.subarray(Math.max(0, base.length - 2048)).toString('latin1');
  const prev = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail)?.[1]);
  const size = Number(/\/Size (\d+)/.exec(tail)?.[1]);
  const root = /\/Root (\d+ \d+ R)/.exec(tail)?.[1];
  if (!Number.isFinite(prev) || !Number.isFinite(size) || !root) throw new Error('unexpected pdf-lib trailer');
  const objHead = Buffer.from(`\n${size} 0 obj\n<< /Length `, 'latin1');
  const trailerFor = (objOffset: number, xrefOffset: number) =>
    Buffer.from(
      `\nendstream\nendobj\nxref\n${size} 1\n${String(objOffset).padStart(10, '0')} 00000 n ` +
        `\ntrailer\n<< /Size ${size + 1} /Root ${root} /Prev ${prev} ` +
        `>>\nstartxref\n${xrefOffset}\n%%EOF\n`,
      'latin1',
    );
  // Solve for the stream length: every part but the stream has a length independent of it
  // except the digits of /Length and of the offsets, which a fixed-point loop settles.
  let streamLen = totalBytes - base.length;
  for (let i = 0; i < 5; i++) {
    const head = Buffer.concat([objHead, Buffer.from(`${streamLen} >>\nstream\n`, 'latin1')]);
    const xrefOffset = base.length + head.length + streamLen + '\nendstream\nendobj\n'.length;
    const overhead = head.length + trailerFor(base.length + 1, xrefOffset).length;
    streamLen = totalBytes - base.length - overhead;
  }
  if (streamLen < 0) throw new Error(`totalBytes ${totalBytes} is below the PDF's own size`);
  const head = Buffer.concat([objHead, Buffer.from(`${streamLen} >>\nstream\n`, 'latin1')]);
  const xrefOffset = base.length + head.length + streamLen + '\nendstream\nendobj\n'.length;
  const out = createWriteStream(path);
  const write = async (b: Buffer) => {
    if (!out.write(b)) await once(out, 'drain');
  };
  await write(base);
  await write(head);
  let block = createHash('sha256').update(spec.title).digest();
  const chunk = Buffer.alloc(64 * 1024);
  for (let left = streamLen; left > 0;) {
    for (let i = 0; i < chunk.length; i += block.length) {
      block.copy(chunk, i);
      block = createHash('sha256').update(block).digest();
    }
    const n = Math.min(left, chunk.length);
    await write(chunk.subarray(0, n));
    left -= n;
  }
  await write(trailerFor(base.length + 1, xrefOffset));
  out.end();
  await once(out, 'finish');
}
