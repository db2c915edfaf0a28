// The WebSocket wire format: the renderer sends {id, channel, input}; the host answers
// {id, result: Envelope}. Core events go out as {event, payload}. A file crosses as a text announcement
// {id, stage: {name, size}} and binary pieces (electron/common/stage-file.ts, handled by uploads.ts).
import type { Envelope } from '../common/contract';
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

/** Returns the reply to send, or null when nothing should be sent (now: an announced file is answered by uploads). */
export async function handleSocketMessage(core: Core, text: string, uploads?: SocketUploads): Promise<string | null> {
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
    return JSON.stringify(reply);
  }
  const result = await core.router.handle(msg.channel, msg.input, { transport: 'websocket' });
  return JSON.stringify({ id: msg.id, result } satisfies SocketReply);
}

function isRequest(v: unknown): v is SocketRequest {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return typeof o.id === 'number' && Number.isSafeInteger(o.id) && typeof o.channel === 'string';
}

function isAnnouncement(v: unknown): v is { id: number; stage: unknown } {
  return typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'number' && 'stage' in v;
}
