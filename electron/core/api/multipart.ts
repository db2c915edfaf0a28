// A multipart/form-data body (RFC 7578) streamed from disk: the text parts are small buffers, the
// file is read in 64 KiB chunks as the socket drains, and the exact Content-Length is known in
// advance (so progress has a total and no chunked encoding is needed). Memory stays flat whatever
// the file size.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { DeskError } from '../../common/errors';
import type { SourceFile } from './types';

const CONTENT_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.doc': 'application/msword',
};

/** Quotes a parameter value the way browsers do (WHATWG: " → %22, CR → %0D, LF → %0A). */
function quoteParam(value: string): string {
  return value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function fileDisposition(filename: string): string {
  const ascii = /^[\x20-\x7e]*$/.test(filename);
  if (ascii) return `form-data; name="source_file"; filename="${quoteParam(filename)}"`;
  // RFC 5987 extended parameter for non-ASCII names, with an ASCII fallback for old parsers.
  const fallback = quoteParam(filename.normalize('NFKD').replace(/[^\x20-\x7e]/g, '_'));
  const star = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `form-data; name="source_file"; filename="${fallback}"; filename*=UTF-8''${star}`;
}

export interface MultipartBody {
  boundary: string;
  contentType: string;
  length: number;
  /** A fresh stream of the whole body; call once per attempt. */
  open(onChunk: (bytes: number) => void): AsyncIterable<Buffer>;
}

/** Prepares the body: stats the file now (a missing file fails here, before any request). */
export async function multipartBody(fields: Array<[string, string]>, file: SourceFile | undefined): Promise<MultipartBody> {
  const boundary = `----RefereeDesk${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    fields
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${quoteParam(name)}"\r\n\r\n${value}\r\n`)
      .join(''),
    'utf8',
  );
  let fileHead = Buffer.alloc(0);
  let fileSize = 0;
  if (file) {
    try {
      const st = await stat(file.path);
      if (!st.isFile()) throw new Error('not a file');
      fileSize = st.size;
    } catch {
      throw new DeskError('invalid_file', `The manuscript file ${basename(file.path)} cannot be read (moved or deleted?).`);
    }
    const filename = file.filename ?? basename(file.path);
    const ct = file.contentType ?? CONTENT_TYPES[extname(filename).toLowerCase()] ?? 'application/octet-stream';
    fileHead = Buffer.from(`--${boundary}\r\nContent-Disposition: ${fileDisposition(filename)}\r\nContent-Type: ${ct}\r\n\r\n`, 'utf8');
  }
  const tail = Buffer.from(`${file ? '\r\n' : ''}--${boundary}--\r\n`, 'utf8');
  const length = head.length + fileHead.length + fileSize + tail.length;

  async function* open(onChunk: (bytes: number) => void): AsyncIterable<Buffer> {
    yield head;
    onChunk(head.length);
    if (file) {
      yield fileHead;
      onChunk(fileHead.length);
      let sent = 0;
      // `end` is inclusive; a file that grew is cut at the size announced in Content-Length.
      const stream = fileSize > 0 ? createReadStream(file.path, { highWaterMark: 64 * 1024, start: 0, end: fileSize - 1 }) : null;
      try {
        if (stream) {
          for await (const chunk of stream as AsyncIterable<Buffer>) {
            sent += chunk.length;
            yield chunk;
            onChunk(chunk.length);
          }
        }
      } catch {
        throw new DeskError('invalid_file', `The manuscript file ${basename(file.path)} could not be read while uploading.`);
      } finally {
        stream?.destroy();
      }
      if (sent !== fileSize) {
        throw new DeskError('invalid_file', `The manuscript file ${basename(file.path)} changed while it was being uploaded. Try again.`);
      }
    }
    yield tail;
    onChunk(tail.length);
  }

  return { boundary, contentType: `multipart/form-data; boundary=${boundary}`, length, open };
}
