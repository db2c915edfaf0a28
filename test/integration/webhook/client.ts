// A small HTTP client for the webhook tests, on node:http so requests can be shaped at will
// (no body, a lying Content-Length, a body streamed in chunks). Credentials in the address are
// sent as basic auth, as a service would.
import { request, type Agent, type IncomingHttpHeaders } from 'node:http';
import { once } from 'node:events';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  json: Record<string, unknown> | null;
}

export interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  /** Sent whole with a Content-Length. */
  body?: string | Buffer;
  /** Streamed (chunked, no Content-Length): `chunk` repeated until `max` bytes or until the answer arrives. */
  stream?: { chunk: Buffer; max: number };
  /** Headers only, then this part of the body, then nothing more until the answer arrives. */
  partial?: { declaredLength: number; first: Buffer };
  agent?: Agent;
}

export async function send(url: string, opts: SendOptions = {}): Promise<Answer & { sent: number }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...opts.headers };
  if (opts.body !== undefined) headers['content-length'] = String(Buffer.byteLength(opts.body));
  if (opts.partial) headers['content-length'] = String(opts.partial.declaredLength);
  const req = request(new URL(url), { method: opts.method ?? 'POST', headers, agent: opts.agent });
  let answered = false;
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => {
        const text = Buffer.concat(parts).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: parseJson(text) });
      });
      res.on('error', reject);
    });
    // After an early answer the server may close while we are still writing: that is expected.
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
  });
  let sent = 0;
  if (opts.body !== undefined) {
    req.end(opts.body);
    sent = Buffer.byteLength(opts.body);
  } else if (opts.partial) {
    req.write(opts.partial.first);
    sent = opts.partial.first.length;
  } else if (opts.stream) {
    const { chunk, max } = opts.stream;
    while (!answered && sent < max && !req.destroyed) {
      sent += chunk.length;
      if (!req.write(chunk)) await Promise.race([once(req, 'drain'), answer.catch(() => undefined)]);
    }
    if (!answered && !req.destroyed) req.end();
  } else {
    req.end();
  }
  const a = await answer;
  if (!req.writableEnded) req.destroy();
  return { ...a, sent };
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
}

export const postJson = (url: string, body: unknown, opts: Omit<SendOptions, 'body'> = {}) =>
  send(url, { ...opts, body: JSON.stringify(body) });
