// An in-process HTTP server on 127.0.0.1 whose answers each test scripts, and a client wired to
// it with a recorded (instant) sleep, a fake clock and fixed jitter, so retry tests never wait.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ServiceClient } from '../../../electron/core/api';
import type { ServiceClientOptions } from '../../../electron/core/api';
import { MemoryLogger } from '../../support/fakes';

/** The one MemoryLogger (test/support/fakes.ts), for the tests that import their fixtures from here. */
export { MemoryLogger };

export const KEY = 'sk-live-7f3a9c2e81d44b0e9a55';

export interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;

export class ScriptedServer {
  readonly seen: Seen[] = [];
  private readonly queue: Handler[] = [];
  private fallback: Handler = (_req, res) => json(res, 500, { error: { code: 'unscripted', message: 'no handler left' } });
  private readonly sockets = new Set<Socket>();
  private constructor(private readonly server: Server) {}

  static async start(): Promise<ScriptedServer> {
    const server = createServer();
    const s = new ScriptedServer(server);
    server.on('connection', (sock) => {
      s.sockets.add(sock);
      sock.on('close', () => s.sockets.delete(sock));
    });
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        s.seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        (s.queue.shift() ?? s.fallback)(req, res, body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return s;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Answers the next requests in order; `always` answers every request after the queue. */
  on(...handlers: Handler[]): this {
    this.queue.push(...handlers);
    return this;
  }

  always(handler: Handler): this {
    this.fallback = handler;
    return this;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export const reply =
  (status: number, body: unknown, headers: Record<string, string> = {}): Handler =>
  (_req, res) =>
    json(res, status, body, headers);

export const replyText =
  (status: number, text: string, contentType = 'text/plain'): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(text) });
    res.end(text);
  };

/** Closes the connection without any response. */
export const hangUp: Handler = (req) => req.socket.destroy();

export interface Harness {
  client: ServiceClient;
  sleeps: number[];
  logger: MemoryLogger;
  clock: { t: number };
}

/** A client with instant sleeps (recorded, and advancing the fake clock), jitter fixed at 0.5. */
export function harness(baseUrl: string, opts: Partial<ServiceClientOptions> = {}): Harness {
  const sleeps: number[] = [];
  const clock = { t: 1_700_000_000_000 };
  const logger = new MemoryLogger();
  const client = new ServiceClient({
    baseUrl,
    apiKey: async () => KEY,
    profileName: 'Test',
    logger,
    clock: { now: () => clock.t },
    random: () => 0.5,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw signal.reason;
      sleeps.push(ms);
      clock.t += ms;
    },
    ...opts,
  });
  return { client, sleeps, logger, clock };
}
