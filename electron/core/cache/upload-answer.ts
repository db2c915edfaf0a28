// An upload's answer read from its bytes: redacted, parsed as JSON, validated with the contract's schema, and
// split into what the main thread needs to write and commit the run (RunHead) and the candidates. The run
// writer runs it on its own thread so that core's thread neither parses nor copies the candidates (issue 14);
// ManuscriptsRepository runs it in place when the writer is gone.
import { uploadResponseSchema, type UploadResponse } from '../../common/service';
import { decodeAnswer, type Decoded } from '../api/answer';
import { OPERATION_LABEL } from '../api/errors';
import { rawCandidates, runHead, type RunHead } from './run-writes';

export interface ReadUpload {
  head: RunHead;
  response: UploadResponse;
  /** Each candidate as the service sent it (unknown fields included), or null when the body did not have them. */
  raws: unknown[] | null;
}

export function readUploadAnswer(bytes: Uint8Array, contentType: string | undefined, keys: readonly string[]): Decoded<ReadUpload> {
  // decodeAnswer redacts `keys` from every string of the parsed body; nothing else of the text is kept
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  const d = decodeAnswer(uploadResponseSchema, text, contentType, OPERATION_LABEL.uploadManuscript, keys);
  if (!d.ok) return d;
  const response = d.value;
  const raws = response.candidates === null ? null : rawCandidates(d.raw, response.candidates.length);
  return { ok: true, value: { head: runHead(response, d.raw), response, raws }, raw: null };
}
