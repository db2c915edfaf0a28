// Bytes in the browser host's answers. An answer whose value has fields holding bytes (a Uint8Array, e.g.
// intake.preview's PDF) crosses the WebSocket as its JSON text with each such field set to null and named in
// `bytes`, followed at once by one binary message per field, in that order: the request's id (4 bytes,
// unsigned big-endian, as a staged piece carries its announcement's: stage-file.ts) then the bytes. Nothing
// is base64-encoded or written into JSON, so the host's thread never turns a file into text; in Electron the
// same value crosses IPC as it is (structured clone keeps a Uint8Array). Pure, shared by host and page.
import type { Envelope } from './contract';
import { readStagePiece } from './stage-file';

/** The text part of an answer on the browser host's socket. */
export interface SocketAnswer {
  id: number | null;
  result: Envelope<unknown>;
  /** The value's fields whose bytes follow as binary messages, in this order (absent: none). */
  bytes?: string[];
}

/** Host side: the answer's text part and the bytes to send after it. A value without byte fields is left as it is. */
export function splitAnswer(id: number | null, result: Envelope<unknown>): { answer: SocketAnswer; pieces: Uint8Array[] } {
  if (!result.ok || result.value === null || typeof result.value !== 'object' || Array.isArray(result.value)) {
    return { answer: { id, result }, pieces: [] };
  }
  const value = result.value as Record<string, unknown>;
  const fields = Object.keys(value).filter((k) => value[k] instanceof Uint8Array);
  if (fields.length === 0) return { answer: { id, result }, pieces: [] };
  const rest: Record<string, unknown> = { ...value };
  for (const f of fields) rest[f] = null;
  return { answer: { id, result: { ok: true, value: rest }, bytes: fields }, pieces: fields.map((f) => value[f] as Uint8Array) };
}

/** Page side: an answer waiting for its binary messages. */
export class PendingBytes {
  private readonly got: Uint8Array[] = [];

  constructor(private readonly answer: SocketAnswer & { id: number; bytes: string[] }) {}

  get id(): number {
    return this.answer.id;
  }

  /** Takes the next binary message; returns the whole answer once every field has its bytes, else null. */
  add(bytes: Uint8Array): Envelope<unknown> | null {
    this.got.push(bytes);
    const fields = this.answer.bytes;
    if (this.got.length < fields.length) return null;
    const value = { ...(this.answer.result as { ok: true; value: Record<string, unknown> }).value };
    fields.forEach((f, i) => (value[f] = this.got[i]));
    return { ok: true, value };
  }
}

/** Whether a text answer is followed by binary messages. */
export function awaitsBytes(answer: SocketAnswer): answer is SocketAnswer & { id: number; bytes: string[] } {
  return typeof answer.id === 'number' && Array.isArray(answer.bytes) && answer.bytes.length > 0 && answer.result.ok;
}

/** A binary message of an answer: its request's id and a view of its bytes (null when too short to carry an id). */
export const readAnswerPiece = readStagePiece;
