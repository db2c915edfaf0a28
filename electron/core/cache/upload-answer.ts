// An upload's answer read from its bytes: redacted, parsed as JSON, validated with the contract's schema, and
// split into what the main thread needs to write and commit the run (RunHead) and the candidates. The run
// writer runs it on its own thread so that core's thread neither parses nor copies the candidates (issue 14);
// ManuscriptsRepository runs it in place when the writer is gone.
import { uploadResponseSchema, type UploadResponse } from '../../common/service';
import { decodeAnswer, type Decoded } from '../api/answer';
import { OPERATION_LABEL } from '../api/errors';
import { redact } from '../api/redact';
import { rawCandidates, runHead, type RunHead } from './run-writes';

export interface ReadUpload {
  head: RunHead;
  response: UploadResponse;
  /** Each candidate as the service sent it (unknown fields included), or null when the body did not have them. */
  raws: unknown[] | null;
}

export function readUploadAnswer(bytes: Uint8Array, contentType: string | undefined, keys: readonly string[]): Decoded<ReadUpload> {
  const text = redact(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'), keys);
  const d = decodeAnswer(uploadResponseSchema, text, contentType, OPERATION_LABEL.uploadManuscript, keys);
  if (!d.ok) return d;
  const response = d.value;
  const raws = response.candidates === null ? null : rawCandidates(d.raw, response.candidates.length);
  return { ok: true, value: { head: runHead(response, d.raw), response, raws }, raw: null };
}
