// The HTTP endpoint the referee-finder service posts mark_as_proposal_referee events to (§6).
// Only POST to /hooks/<random token> gets through; basic auth is optional; bodies are capped; at
// most a few deliveries are handled at once and the rest wait in a bounded queue or get 503.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { http } from '../node-http';
import type { AddressInfo, Socket } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { Clock } from '../ports';
import { systemClock } from '../ports';
import { handleDelivery, type DeliveryDeps, type DeliveryOutcome, type DeliveryReply } from './delivery';
import { BoundedQueue } from './queue';
import { newWebhookSecret, safeEqual, SECRET_PATTERN } from './secrets';
import { trimEndWhere } from '../../common/linear';

export interface WebhookLimits {
  /** Largest body accepted, in bytes (default 1 MiB); larger → 413 and reading stops. */
  maxBodyBytes: number;
  /** Deliveries handled at the same time (default 1). */
  concurrency: number;
  /** Deliveries waiting for a turn (default 64); one more → 503 with Retry-After. */
  maxWaiting: number;
  /** Time allowed to receive a body once its turn has come (default 10 s) → 408. */
  bodyTimeoutMs: number;
  /** Seconds suggested in Retry-After when the queue is full (default 2). */
  retryAfterSeconds: number;
  /** Open connections (default 128). One more closes the oldest connection still waiting for its
   * request headers, or is itself closed when every connection is busy with a request. */
  maxConnections: number;
  /** Open connections from one address (default 32), with the same rule within that address. */
  maxConnectionsPerIp: number;
  /** Time for a connection to send its request headers, from its opening or its previous answer (default 10 s). */
  headersTimeoutMs: number;
}

export const DEFAULT_LIMITS: WebhookLimits = {
  maxBodyBytes: 1024 * 1024,
  concurrency: 1,
  maxWaiting: 64,
  bodyTimeoutMs: 10_000,
  retryAfterSeconds: 2,
  maxConnections: 128,
  maxConnectionsPerIp: 32,
  headersTimeoutMs: 10_000,
};

/** A connection and whether it is waiting for request headers (evictable) or busy with a request. */
interface Conn {
  ip: string;
  waiting: boolean;
  timer: ReturnType<typeof setTimeout> | null;
}

export interface WebhookStartOptions {
  /** Interface to listen on (default 127.0.0.1). */
  bindAddress?: string;
  /** TCP port; 0 (default) picks a free one. */
  port?: number;
  /** Secret path segment: /hooks/<token>. Pass a stored one to keep the address across restarts;
   * a new random one is made when absent. */
  token?: string;
  /** Basic auth the service must present; it can carry it in the address as user:password@. */
  basicAuth?: { user: string; password: string };
  /** Scheme, host and port the service reaches the app at, when that is not the bind address
   * (a tunnel or reverse proxy), e.g. https://desk.example.org. */
  publicBaseUrl?: string;
  limits?: Partial<WebhookLimits>;
}

export interface WebhookReceiverDeps extends DeliveryDeps {
  clock?: Clock;
  /** Told of every answer to a request on the secret path (the delivery history keeps them). */
  onAnswer?: (answer: AnsweredDelivery) => void;
}

/** A request to the secret path and what the receiver answered. */
export interface AnsweredDelivery extends DeliveryReply {
  at: number;
  remote: string;
}

export interface LastDelivery {
  at: number;
  status: number;
  outcome: DeliveryOutcome;
  serviceManuscriptId: number | null;
  order: number | null;
}

export interface WebhookStatus {
  listening: boolean;
  /** The address to give the service (secret path, and credentials when basic auth is on). */
  url: string | null;
  bindAddress: string | null;
  port: number | null;
  basicAuth: boolean;
  /** Deliveries acknowledged with 2xx (applied, stale, parked, connectivity checks). */
  deliveries: number;
  /** Requests to the secret path that were refused (bad body, key, auth, size, or queue full). */
  rejected: number;
  lastDelivery: LastDelivery | null;
}

export interface RunningReceiver {
  url: string;
  stop(): Promise<void>;
}

const BASIC_REALM = 'Basic realm="Referee Desk webhook", charset="UTF-8"';

/** The mark_as_proposal_referee receiver. One instance serves one address at a time. */
export class WebhookReceiver {
  private server: Server | null = null;
  private queue: BoundedQueue | null = null;
  private limits: WebhookLimits = DEFAULT_LIMITS;
  private path = '';
  private credentials: string | null = null;
  private current: { url: string; bindAddress: string; port: number } | null = null;
  private deliveries = 0;
  private rejected = 0;
  private last: LastDelivery | null = null;
  /** Deliveries admitted and not finished (running or waiting for their turn). */
  private readonly running = new Set<Promise<void>>();
  /** Open connections, oldest first (Map keeps insertion order), and their count per address. */
  private readonly conns = new Map<Socket, Conn>();
  private readonly perIp = new Map<string, number>();
  private readonly clock: Clock;

  constructor(private readonly deps: WebhookReceiverDeps) {
    this.clock = deps.clock ?? systemClock;
  }

  async start(opts: WebhookStartOptions = {}): Promise<RunningReceiver> {
    if (this.server) throw new Error('the webhook receiver is already running; stop it first');
    const token = opts.token ?? newWebhookSecret();
    if (!SECRET_PATTERN.test(token)) throw new Error('the webhook token must be 16 or more characters of A-Z a-z 0-9 _ -');
    if (opts.basicAuth) {
      const { user, password } = opts.basicAuth;
      if (user === '' || user.includes(':')) throw new Error('the basic-auth user must be non-empty and contain no colon');
      if (password.length < 12) throw new Error('the basic-auth password must have at least 12 characters');
    }
    if (opts.publicBaseUrl !== undefined && !/^https?:$/.test(safeUrl(opts.publicBaseUrl)?.protocol ?? '')) {
      throw new Error('the public base URL must be an http or https address');
    }
    const limits = { ...DEFAULT_LIMITS, ...opts.limits };
    const bindAddress = opts.bindAddress ?? '127.0.0.1';

    // Node checks headersTimeout only every connectionsCheckingInterval (30 s by default): the
    // receiver enforces it per connection itself (admit), and Node's check is a backstop.
    const server = http.createServer(
      { requestTimeout: 60_000, headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: 1_000, keepAliveTimeout: 5_000 },
      (req, res) => this.route(req, res),
    );
    server.on('connection', (socket: Socket) => this.admit(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port ?? 0, bindAddress, () => {
        server.off('error', reject);
        resolve();
      });
    });

    const port = (server.address() as AddressInfo).port;
    this.server = server;
    this.queue = new BoundedQueue(limits.concurrency, limits.maxWaiting);
    this.limits = limits;
    this.conns.clear();
    this.perIp.clear();
    this.path = `/hooks/${token}`;
    this.credentials = opts.basicAuth ? `${opts.basicAuth.user}:${opts.basicAuth.password}` : null;
    const url = publicUrl(opts.publicBaseUrl ?? baseUrlOf(bindAddress, port), this.path, opts.basicAuth);
    this.current = { url, bindAddress, port };
    this.deps.logger.log('info', 'webhook receiver listening', { bindAddress, port, basicAuth: opts.basicAuth !== undefined });
    return { url, stop: () => this.stop() };
  }

  /**
   * Stops listening and drops open connections (deliveries in progress get no answer, so the
   * service delivers them again). Resolves once no delivery touches the cache any more, so the
   * cache can be closed right after.
   */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    this.current = null;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await Promise.all([closed, Promise.allSettled([...this.running])]);
    this.deps.logger.log('info', 'webhook receiver stopped');
  }

  status(): WebhookStatus {
    return {
      listening: this.current !== null,
      url: this.current?.url ?? null,
      bindAddress: this.current?.bindAddress ?? null,
      port: this.current?.port ?? null,
      basicAuth: this.current !== null && this.credentials !== null,
      deliveries: this.deliveries,
      rejected: this.rejected,
      lastDelivery: this.last,
    };
  }

  /**
   * A new connection: over the total or per-address cap, the oldest connection (of that address)
   * still waiting for its request headers is closed to make room — a slow or idle one, never one
   * being served; with none to close, the new one is closed. Each connection has headersTimeoutMs
   * to send its headers, from its opening and again after each answer.
   */
  private admit(socket: Socket): void {
    const ip = socket.remoteAddress ?? 'unknown';
    if (this.conns.size >= this.limits.maxConnections && !this.evict(null)) {
      socket.destroy();
      return;
    }
    if ((this.perIp.get(ip) ?? 0) >= this.limits.maxConnectionsPerIp && !this.evict(ip)) {
      socket.destroy();
      return;
    }
    const conn: Conn = { ip, waiting: true, timer: null };
    this.conns.set(socket, conn);
    this.perIp.set(ip, (this.perIp.get(ip) ?? 0) + 1);
    this.awaitHeaders(socket, conn);
    socket.once('close', () => {
      if (conn.timer) clearTimeout(conn.timer);
      if (this.conns.get(socket) === conn) this.forget(socket, conn);
    });
  }

  private awaitHeaders(socket: Socket, conn: Conn): void {
    conn.waiting = true;
    if (conn.timer) clearTimeout(conn.timer);
    conn.timer = setTimeout(() => {
      if (conn.waiting) socket.destroy();
    }, this.limits.headersTimeoutMs);
    conn.timer.unref();
  }

  /** Closes the oldest connection waiting for headers (of `ip`, or any); false when there is none. */
  private evict(ip: string | null): boolean {
    for (const [socket, c] of this.conns) {
      if (c.waiting && (ip === null || c.ip === ip)) {
        socket.destroy();
        this.forget(socket, c); // its 'close' comes later; the slot is free now
        return true;
      }
    }
    return false;
  }

  private forget(socket: Socket, c: Conn): void {
    this.conns.delete(socket);
    const n = (this.perIp.get(c.ip) ?? 1) - 1;
    if (n > 0) this.perIp.set(c.ip, n);
    else this.perIp.delete(c.ip);
  }

  private route(req: IncomingMessage, res: ServerResponse): void {
    const conn = this.conns.get(req.socket);
    if (conn) {
      conn.waiting = false;
      if (conn.timer) clearTimeout(conn.timer);
      res.once('finish', () => {
        if (!req.socket.destroyed && this.conns.get(req.socket) === conn) this.awaitHeaders(req.socket, conn);
      });
    }
    const pathname = (req.url ?? '').split('?', 1)[0]!;
    if (!safeEqual(pathname, this.path)) {
      // Connection: close — the body of a request without the token is never read.
      send(res, 404, { ok: false, error: 'not found' }, { Connection: 'close' });
      return;
    }
    const remote = req.socket.remoteAddress ?? 'unknown';
    if (this.credentials !== null && !this.basicAuthOk(req.headers.authorization)) {
      this.refuse(res, remote, 401, 'authentication required', { 'WWW-Authenticate': BASIC_REALM, Connection: 'close' });
      return;
    }
    if (req.method !== 'POST') {
      this.refuse(res, remote, 405, 'only POST is accepted', { Allow: 'POST', Connection: 'close' });
      return;
    }
    if (!isJson(req.headers['content-type'])) {
      this.refuse(res, remote, 415, 'Content-Type must be application/json', { Connection: 'close' });
      return;
    }
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > this.limits.maxBodyBytes) {
      this.refuse(res, remote, 413, `body larger than ${this.limits.maxBodyBytes} bytes`, { Connection: 'close' });
      return;
    }
    const run = this.queue!.tryRun(() => this.deliver(req, res, remote));
    if (run === null) {
      this.refuse(
        res,
        remote,
        503,
        'too many deliveries at once; deliver again later',
        { 'Retry-After': String(this.limits.retryAfterSeconds), Connection: 'close' },
        'busy',
      );
      return;
    }
    this.running.add(run);
    run
      .catch((err: unknown) => {
        this.deps.logger.log('error', 'webhook delivery failed', { remote, error: (err as Error).message });
        send(res, 500, { ok: false, error: 'internal error' });
      })
      .finally(() => this.running.delete(run));
  }

  /** Runs in the delivery's turn: reads the body, then hands it to handleDelivery. */
  private async deliver(req: IncomingMessage, res: ServerResponse, remote: string): Promise<void> {
    if (req.destroyed || res.destroyed) return;
    const body = await readBody(req, this.limits);
    if (body.kind === 'gone') return;
    if (body.kind === 'too-large') {
      this.refuse(res, remote, 413, `body larger than ${this.limits.maxBodyBytes} bytes`, { Connection: 'close' });
      return;
    }
    if (body.kind === 'timeout') {
      this.refuse(res, remote, 408, 'the body was not received in time', { Connection: 'close' });
      return;
    }
    const reply = await handleDelivery(this.deps, body.bytes, remote);
    this.answer(res, remote, reply);
  }

  private basicAuthOk(header: string | undefined): boolean {
    const m = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(header?.trim() ?? '');
    const presented = m ? Buffer.from(m[1]!, 'base64').toString('utf8') : '';
    // A missing header is compared as an empty string: it takes the same path as a wrong one.
    return safeEqual(presented, this.credentials!);
  }

  private refuse(
    res: ServerResponse,
    remote: string,
    status: number,
    message: string,
    headers: Record<string, string> = {},
    outcome: DeliveryOutcome = 'rejected',
  ): void {
    this.deps.logger.log('warn', 'webhook delivery refused', { status, reason: message, remote });
    this.answer(res, remote, { status, outcome, message, serviceManuscriptId: null, order: null }, headers);
  }

  private answer(res: ServerResponse, remote: string, reply: DeliveryReply, headers: Record<string, string> = {}): void {
    const ok = reply.status >= 200 && reply.status < 300;
    if (ok) this.deliveries++;
    else this.rejected++;
    const at = this.clock.now();
    this.last = {
      at,
      status: reply.status,
      outcome: reply.outcome,
      serviceManuscriptId: reply.serviceManuscriptId,
      order: reply.order,
    };
    const extra = reply.retryAfter !== undefined ? { ...headers, 'Retry-After': String(reply.retryAfter) } : headers;
    send(res, reply.status, ok ? { ok: true, outcome: reply.outcome, message: reply.message } : { ok: false, error: reply.message }, extra);
    try {
      this.deps.onAnswer?.({ ...reply, at, remote });
    } catch (err) {
      this.deps.logger.log('error', 'webhook onAnswer listener failed', { error: (err as Error).message });
    }
  }
}

type BodyResult = { kind: 'ok'; bytes: Buffer } | { kind: 'too-large' } | { kind: 'timeout' } | { kind: 'gone' };

function safeUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** Reads the body up to the cap; past it (or past the timeout) stops reading at once. */
function readBody(req: IncomingMessage, limits: WebhookLimits): Promise<BodyResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: BodyResult): void => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      req.off('error', onClose);
      if (result.kind !== 'ok') {
        chunks.length = 0;
        req.pause();
      }
      resolve(result);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limits.maxBodyBytes) finish({ kind: 'too-large' });
      else chunks.push(chunk);
    };
    const onEnd = (): void => finish({ kind: 'ok', bytes: Buffer.concat(chunks, size) });
    const onClose = (): void => finish({ kind: 'gone' });
    const timer = setTimeout(() => finish({ kind: 'timeout' }), limits.bodyTimeoutMs);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
    req.on('error', onClose);
  });
}

function isJson(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
  return type === 'application/json';
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(text);
}

/** The address reachable from the service for the bind address: a wildcard bind is shown with
 * this machine's first external address (loopback when it has none). */
function baseUrlOf(bindAddress: string, port: number): string {
  let host = bindAddress;
  if (bindAddress === '0.0.0.0' || bindAddress === '::') {
    const external = Object.values(networkInterfaces())
      .flat()
      .find((i) => i !== undefined && !i.internal && i.family === 'IPv4');
    host = external?.address ?? '127.0.0.1';
  }
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

function publicUrl(base: string, path: string, auth: WebhookStartOptions['basicAuth']): string {
  const u = new URL(base);
  u.pathname = `${trimEndWhere(u.pathname, (c) => c === '/')}${path}`;
  if (auth) {
    u.username = auth.user;
    u.password = auth.password;
  }
  return u.toString();
}
