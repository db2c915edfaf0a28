// The WebSocket wire format: the renderer sends {id, channel, input}; the host answers
// {id, result: Envelope}. Core events go out as {event, payload}.
import type { Envelope } from '../common/contract';
import type { Core } from '../core/composition';

export interface SocketRequest {
  id: number;
  channel: string;
  input: unknown;
}

export interface SocketReply {
  id: number | null;
  result: Envelope<unknown>;
}

/** Returns the reply to send, or null when nothing should be sent. */
export async function handleSocketMessage(core: Core, text: string | null): Promise<string | null> {
  let msg: unknown;
  try {
    msg = text === null ? undefined : JSON.parse(text);
  } catch {
    msg = undefined;
  }
  if (!isRequest(msg)) {
    const id = typeof (msg as { id?: unknown } | undefined)?.id === 'number' ? (msg as { id: number }).id : null;
    const reply: SocketReply = {
      id,
      result: { ok: false, error: { code: 'invalid_input', message: 'Malformed message: expected {id, channel, input} as JSON text.' } },
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
