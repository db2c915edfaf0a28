import busboy from 'busboy';
import type { IncomingMessage } from 'node:http';
import { badRequest, HttpError } from './http';

export interface Form {
  fields: Map<string, string>;
  file: { filename: string; data: Buffer } | null;
}

/** Reads a multipart (or urlencoded) form; only the source_file part is kept as a file. */
export function readForm(req: IncomingMessage, maxFileBytes: number): Promise<Form> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: req.headers, limits: { fileSize: maxFileBytes, fieldSize: 8 << 20 } });
    } catch {
      req.resume();
      reject(badRequest('the upload must be multipart/form-data'));
      return;
    }
    const fields = new Map<string, string>();
    let file: Form['file'] = null;
    let failure: Error | null = null;
    bb.on('field', (name, value) => fields.set(name, value));
    bb.on('file', (name, stream, info) => {
      if (name !== 'source_file') {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => {
        failure = new HttpError(413, 'payload_too_large', `source_file exceeds ${maxFileBytes} bytes`, 'source_file');
      });
      stream.on('end', () => {
        file = { filename: info.filename ?? '', data: Buffer.concat(chunks) };
      });
    });
    bb.on('error', () => reject(badRequest('malformed multipart body')));
    bb.on('close', () => (failure ? reject(failure) : resolve({ fields, file })));
    req.pipe(bb);
  });
}
