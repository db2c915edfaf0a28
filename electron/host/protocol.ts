// The WebSocket wire format: the renderer sends {id, channel, input}; the host answers
// {id, result: Envelope}. Core events go out as {event, payload}. A file crosses as a text announcement
// {id, stage: {name, size}} and binary pieces (electron/common/stage-file.ts, handled by uploads.ts); an
// answer carrying bytes is its text then one binary message per byte field (electron/common/socket-bytes.ts).
import type { Envelope } from '../common/contract';
import { splitAnswer } from '../common/socket-bytes';
import type { Core } from '../core/composition';
import type { SocketUploads } from './uploads';

export interface SocketRequest {
  id: number;
  channel: string;
  input: unknown;
}

export interface SocketReply {
  id: number | null;
  result: Envelope<unknown>;
}

/** What to send back: the text, then the binary messages (an answer's bytes), in order. */
export interface SocketOutput {
  text: string;
  /** The request's id, which each binary message carries. */
  id: number | null;
  pieces: Uint8Array[];
}

/** Returns the reply to send, or null when nothing should be sent (now: an announced file is answered by uploads). */
export async function handleSocketMessage(core: Core, text: string, uploads?: SocketUploads): Promise<SocketOutput | null> {
  let msg: unknown;
  try {
    msg = JSON.parse(text);
  } catch {
    msg = undefined;
  }
  if (uploads && isAnnouncement(msg)) {
    await uploads.announce(msg.id, msg.stage);
    return null;
  }
  if (!isRequest(msg)) {
    const id = typeof (msg as { id?: unknown } | undefined)?.id === 'number' ? (msg as { id: number }).id : null;
    const reply: SocketReply = {
      id,
      result: {
        ok: false,
        error: { code: 'invalid_input', message: 'Malformed message: expected {id, channel, input} or {id, stage} as JSON text.' },
      },
    };
    return { text: JSON.stringify(reply), id, pieces: [] };
  }
  const result = await core.router.handle(msg.channel, msg.input, { transport: 'websocket' });
  const { answer, pieces } = splitAnswer(msg.id, result);
  return { text: JSON.stringify(answer), id: msg.id, pieces };
}

function isRequest(v: unknown): v is SocketRequest {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return typeof o.id === 'number' && Number.isSafeInteger(o.id) && typeof o.channel === 'string';
}

function isAnnouncement(v: unknown): v is { id: number; stage: unknown } {
  return typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'number' && 'stage' in v;
}
