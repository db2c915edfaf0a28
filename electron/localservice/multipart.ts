import busboy from 'busboy';
import type { IncomingMessage } from 'node:http';
import { badRequest, HttpError } from './http';

export interface Form {
  fields: Map<string, string>;
  file: { filename: string; data: Buffer } | null;
}

/** What one upload form may hold. Fields are refused, never cut: busboy would truncate a value at
 * fieldSize silently and the truncated title would be stored. */
export const FORM_LIMITS = {
  /** Largest text field (title, abstract, an author's name…). */
  fieldBytes: 1 << 20,
  /** All text fields together. */
  fieldsBytes: 4 << 20,
  /** Text fields: the fixed ones, 4 per author for up to 1,000 authors, and some slack. */
  fields: 4_100,
  /** File parts (only source_file is kept; others are read and dropped). */
  files: 4,
  /** Bytes of the whole request beyond the file limit (part headers, boundaries, fields). */
  overheadBytes: 6 << 20,
} as const;

const MiB = (n: number) => `${Math.round((n / 2 ** 20) * 10) / 10} MiB`;

/** Reads a multipart (or urlencoded) form; only the source_file part is kept as a file. Any limit
 * crossed answers 413 (400 for a malformed body) once the request has been read. */
export function readForm(req: IncomingMessage, maxFileBytes: number): Promise<Form> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        limits: {
          fileSize: maxFileBytes,
          fieldSize: FORM_LIMITS.fieldBytes,
          fields: FORM_LIMITS.fields,
          files: FORM_LIMITS.files,
          parts: FORM_LIMITS.fields + FORM_LIMITS.files,
        },
      });
    } catch {
      req.resume();
      reject(badRequest('the upload must be multipart/form-data'));
      return;
    }
    const fields = new Map<string, string>();
    let fieldsBytes = 0;
    let file: Form['file'] = null;
    let failure: Error | null = null;
    const fail = (err: HttpError) => {
      failure ??= err;
    };
    const totalLimit = maxFileBytes + FORM_LIMITS.overheadBytes;
    let total = 0;
    const onData = (c: Buffer) => {
      total += c.length;
      if (total <= totalLimit) return;
      // Stop parsing: nothing more is buffered; the rest of the body is read and dropped by the server.
      fail(new HttpError(413, 'payload_too_large', `the request body exceeds ${MiB(totalLimit)}`, undefined, { Connection: 'close' }));
      req.off('data', onData);
      req.unpipe(bb);
      bb.removeAllListeners();
      bb.on('error', () => undefined); // destroying mid-part reports "Unexpected end of form": expected here
      bb.destroy();
      reject(failure!);
    };
    req.on('data', onData);
    bb.on('field', (name, value, info) => {
      if (failure) return;
      if (info.nameTruncated) return fail(badRequest(`a field name is longer than 100 bytes`));
      if (info.valueTruncated)
        return fail(new HttpError(413, 'payload_too_large', `${name} is longer than ${MiB(FORM_LIMITS.fieldBytes)}`, name));
      fieldsBytes += value.length;
      if (fieldsBytes > FORM_LIMITS.fieldsBytes)
        return fail(new HttpError(413, 'payload_too_large', `the text fields together exceed ${MiB(FORM_LIMITS.fieldsBytes)}`, name));
      fields.set(name, value);
    });
    bb.on('fieldsLimit', () => fail(new HttpError(413, 'payload_too_large', `the form has more than ${FORM_LIMITS.fields} fields`)));
    bb.on('filesLimit', () => fail(new HttpError(413, 'payload_too_large', `the form has more than ${FORM_LIMITS.files} file parts`)));
    bb.on('partsLimit', () =>
      fail(new HttpError(413, 'payload_too_large', `the form has more than ${FORM_LIMITS.fields + FORM_LIMITS.files} parts`)),
    );
    bb.on('file', (name, stream, info) => {
      stream.on('error', () => undefined); // a part cut by destroy(); the form's own error is reported once
      if (name !== 'source_file' || failure || file) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => {
        chunks.length = 0;
        fail(new HttpError(413, 'payload_too_large', `source_file exceeds ${maxFileBytes} bytes`, 'source_file'));
      });
      stream.on('end', () => {
        if (!failure) file = { filename: info.filename ?? '', data: Buffer.concat(chunks) };
      });
    });
    bb.on('error', () => {
      req.off('data', onData);
      req.unpipe(bb);
      reject(failure ?? badRequest('malformed multipart body'));
    });
    bb.on('close', () => {
      req.off('data', onData);
      if (failure) reject(failure);
      else resolve({ fields, file });
    });
    req.pipe(bb);
  });
}
