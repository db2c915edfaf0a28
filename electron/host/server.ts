// The browser host: core + a WebSocket transport + the built renderer, on loopback only. A random
// session token in the page URL is required to open the socket, and the socket's Origin and Host
// must be this server's own, so another local page (or a DNS-rebinding site) cannot drive core.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import { http } from '../core/node-http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { contentSecurityPolicy, securityHeaders } from '../common/csp';
import { MAX_MESSAGE_BYTES } from '../common/limits';
import { STAGE_PIECE_PREFIX } from '../common/stage-file';
import type { Core } from '../core/composition';
import { serveStatic } from '../core/static-files';
import { AdmissionGate, HOST_ADMISSION, type AdmissionLimits } from './admission';
import { handleSocketMessage } from './protocol';
import { HOST_UPLOADS, SocketUploads, type UploadLimits } from './uploads';

export interface HostOptions {
  core: Core;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  port?: number;
  /** Loopback only: 127.0.0.1 (default), ::1 or localhost. */
  bindHost?: '127.0.0.1' | '::1' | 'localhost';
  token?: string;
  /** Bounds on messages received and handled at once (HOST_ADMISSION unless a test sets its own). */
  admission?: AdmissionLimits;
  /** Sockets open at once; a further one is refused with 503 (a browser window needs one). */
  maxSockets?: number;
  /** Files received at once per socket and how long one may stall (HOST_UPLOADS unless a test sets its own). */
  uploads?: UploadLimits;
}

/** Sockets the host keeps open at once. */
export const MAX_HOST_SOCKETS = 16;

export interface Host {
  /** Open this in a browser: it carries the session token. */
  url: string;
  origin: string;
  token: string;
  /** Settles when the first answer has gone to a page (its shell has what it needs to paint). */
  firstReply: Promise<void>;
  close(): Promise<void>;
}

export async function startHost(opts: HostOptions): Promise<Host> {
  const token = opts.token ?? randomBytes(24).toString('base64url');
  const bindHost = opts.bindHost ?? '127.0.0.1';
  const server: Server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, bindHost, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const hostHeader = `${bindHost.includes(':') ? `[${bindHost}]` : bindHost}:${port}`;
  const origin = `http://${hostHeader}`;
  const headers = securityHeaders(contentSecurityPolicy({ connectSrc: `ws://${hostHeader}` }));

  server.on('request', (req, res) => {
    if (req.headers.host !== hostHeader) {
      res.writeHead(421, { 'Content-Type': 'text/plain' }).end('Wrong host');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    void serveStatic(opts.rendererDir, req.url ?? '/', headers).then((r) => {
      res.writeHead(r.status, r.headers);
      res.end(req.method === 'HEAD' ? undefined : r.body);
    });
  });

  let replied!: () => void;
  const firstReply = new Promise<void>((resolve) => (replied = resolve));
  // allowSynchronousEvents: false — one request per turn of the loop. ws's default emits every message
  // of a received chunk in the same tick, so a burst of requests (ten uploads) ran their synchronous
  // parts back to back; now each message is emitted from its own setImmediate, as Electron delivers each
  // IPC message to the main process as a task of its own.
  // maxPayload: a frame or message declared longer is refused before its bytes are read (close 1009).
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES, allowSynchronousEvents: false });
  // A malformed frame (bad UTF-8, a reserved bit, a length over maxPayload) makes ws emit 'error' on
  // that socket and close it with the matching code; with no listener the error would end the host.
  wss.on('error', () => {});
  server.on('clientError', (_err, socket) => socket.destroy());
  const sockets = new Set<WebSocket>();
  const gate = new AdmissionGate<WebSocket>(opts.admission ?? HOST_ADMISSION);
  const maxSockets = opts.maxSockets ?? MAX_HOST_SOCKETS;
  const expected = Buffer.from(token);

  server.on('upgrade', (req: IncomingMessage, socket, head) => {
    const url = new URL(req.url ?? '/', origin);
    const given = Buffer.from(url.searchParams.get('token') ?? '');
    const tokenOk = given.length === expected.length && timingSafeEqual(given, expected);
    if (url.pathname !== '/ws' || !tokenOk || req.headers.origin !== origin || req.headers.host !== hostHeader) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    if (sockets.size >= maxSockets) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
      return;
    }
    socket.on('error', () => {});
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      gate.add(ws);
      const send = (text: string) => {
        if (ws.readyState === ws.OPEN) ws.send(text, () => replied());
      };
      // An answer's bytes (electron/common/socket-bytes.ts): the request's id, then the bytes as the message's
      // second fragment, so the bytes are sent as they are, never copied behind a prefix.
      const sendBytes = (id: number, bytes: Uint8Array) => {
        if (ws.readyState !== ws.OPEN) return;
        const prefix = Buffer.alloc(STAGE_PIECE_PREFIX);
        prefix.writeUInt32BE(id);
        ws.send(prefix, { binary: true, fin: false });
        ws.send(bytes, { binary: true, fin: true });
      };
      const uploads = new SocketUploads(
        opts.core.staging,
        (id, result) => send(JSON.stringify({ id, result })),
        opts.uploads ?? HOST_UPLOADS,
      );
      socket.on('data', (chunk: Buffer) => gate.received(ws, chunk.length));
      ws.on('error', () => {});
      ws.on('close', () => {
        sockets.delete(ws);
        gate.remove(ws);
        void uploads.close();
      });
      ws.on('message', (data, isBinary) => {
        const bytes = messageBytes(data);
        const done = gate.message(ws, bytes);
        // A binary message is a piece of a file, written as it is (never decoded or parsed as text).
        const handled = isBinary
          ? uploads.piece(asBuffer(data))
          : handleSocketMessage(opts.core, data.toString(), uploads).then((reply) => {
              if (reply === null) return;
              send(reply.text);
              if (reply.id !== null) for (const bytes of reply.pieces) sendBytes(reply.id, bytes);
            });
        void handled.finally(done);
      });
    });
  });

  const unsubscribe = opts.core.events.onAny((event, payload) => {
    const message = JSON.stringify({ event, payload });
    for (const ws of sockets) if (ws.readyState === ws.OPEN) ws.send(message);
  });

  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    firstReply,
    close: async () => {
      unsubscribe();
      for (const ws of sockets) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function asBuffer(data: Buffer | ArrayBuffer | Buffer[]): Buffer {
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.isBuffer(data) ? data : Buffer.from(data);
}

function messageBytes(data: Buffer | ArrayBuffer | Buffer[]): number {
  if (Array.isArray(data)) return data.reduce((n, b) => n + b.length, 0);
  return data.byteLength;
}
