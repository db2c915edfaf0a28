// Wire helpers: the error body {"error": {"code", "message", "field"?}}, JSON bodies, responses.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { stringify } from './json';

export type WireCode =
  | 'unauthorized'
  | 'feature_not_in_plan'
  | 'not_found'
  | 'invalid_request'
  | 'method_not_allowed'
  | 'conflict'
  | 'payload_too_large'
  | 'rate_limited'
  | 'server_error';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: WireCode,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, 'invalid_request', message, field);
export const notFound = (message: string, field?: string) => new HttpError(404, 'not_found', message, field);

export function errorBody(code: WireCode, message: string, field?: string): Record<string, unknown> {
  return { error: field === undefined ? { code, message } : { code, message, field } };
}

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Raw text body (HTML pages); JSON otherwise. */
  html?: string;
}

export function replyOf(err: unknown): Reply {
  if (err instanceof HttpError) return { status: err.status, body: errorBody(err.code, err.message, err.field), headers: err.headers };
  return { status: 500, body: errorBody('server_error', 'internal error in the sandbox') };
}

export function encode(reply: Reply): { bytes: Buffer; contentType: string } {
  if (reply.html !== undefined) return { bytes: Buffer.from(reply.html), contentType: 'text/html; charset=utf-8' };
  return { bytes: Buffer.from(stringify(reply.body)), contentType: 'application/json' };
}

export function send(res: ServerResponse, reply: Reply): void {
  if (res.headersSent || res.destroyed) return;
  const { bytes, contentType } = encode(reply);
  res.writeHead(reply.status, { 'Content-Type': contentType, 'Content-Length': String(bytes.length), ...reply.headers });
  res.end(bytes);
}

export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        req.resume();
        reject(new HttpError(413, 'payload_too_large', `request body exceeds ${limit} bytes`));
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function readJson(req: IncomingMessage, limit = 1 << 20): Promise<unknown> {
  const ct = req.headers['content-type'] ?? '';
  const buf = await readBody(req, limit);
  if (!/application\/json/i.test(ct)) throw badRequest('Content-Type must be application/json');
  try {
    return JSON.parse(buf.toString('utf8') || 'null');
  } catch {
    throw badRequest('request body is not valid JSON');
  }
}

export function jsonObject(v: unknown): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw badRequest('request body must be a JSON object');
  return v as Record<string, unknown>;
}
