// mark_as_proposal_referee deliveries (§3, §6): queued in SQLite, sent per receiver in order,
// retried with exponential backoff until a 2xx, every attempt logged.
import { EventEmitter } from 'node:events';
import type { Db } from './db';
import { nowIso } from './db';
import { stringify } from './json';

export interface WebhookOptions {
  retryInitialMs: number;
  retryMaxMs: number;
  timeoutMs: number;
  log: (line: string) => void;
}

export interface DeliveryRow {
  id: number;
  receiver_id: number;
  event_order: number;
  body: string;
  status: 'pending' | 'delivered';
  attempts: number;
  next_attempt_at: number;
  last_status: number | null;
  last_error: string | null;
  delivered_at: string | null;
  created_at: string;
  log: string;
}

export interface AttemptLog {
  at: string;
  status: number | null;
  error: string | null;
  ms: number;
}

export class Webhooks extends EventEmitter {
  private timer: NodeJS.Timeout | null = null;
  private readonly inFlight = new Map<number, AbortController>();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly opts: WebhookOptions,
  ) {
    super();
  }

  /** Next value of the organisation's strictly increasing order counter (call inside a transaction). */
  nextOrder(orgId: number): number {
    this.db.prepare('UPDATE orgs SET webhook_order = webhook_order + 1 WHERE id = ?').run(orgId);
    return (this.db.prepare('SELECT webhook_order AS o FROM orgs WHERE id = ?').get(orgId) as { o: number }).o;
  }

  /** Queues a body for every receiver of the organisation (call inside the request's transaction). */
  enqueue(orgId: number, order: number, body: unknown): number {
    const receivers = this.db.prepare('SELECT id FROM webhook_receivers WHERE org_id = ?').all(orgId) as Array<{ id: number }>;
    const text = stringify(body);
    const ins = this.db.prepare(
      "INSERT INTO webhook_deliveries (receiver_id, event_order, body, status, next_attempt_at, created_at) VALUES (?, ?, ?, 'pending', ?, ?)",
    );
    for (const r of receivers) ins.run(r.id, order, text, Date.now(), nowIso());
    return receivers.length;
  }

  /** Looks for due deliveries; call after the transaction that queued them has committed. */
  kick(): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const heads = this.db
      .prepare(
        `SELECT d.* FROM webhook_deliveries d WHERE d.status = 'pending'
         AND d.id = (SELECT MIN(id) FROM webhook_deliveries WHERE receiver_id = d.receiver_id AND status = 'pending')`,
      )
      .all() as DeliveryRow[];
    let wake = Infinity;
    for (const d of heads) {
      if (this.inFlight.has(d.receiver_id)) continue;
      if (d.next_attempt_at <= Date.now()) void this.attempt(d);
      else wake = Math.min(wake, d.next_attempt_at);
    }
    if (Number.isFinite(wake)) this.timer = setTimeout(() => this.kick(), Math.max(0, wake - Date.now()));
  }

  private async attempt(d: DeliveryRow): Promise<void> {
    const receiver = this.db.prepare('SELECT url FROM webhook_receivers WHERE id = ?').get(d.receiver_id) as { url: string } | undefined;
    if (!receiver) return;
    const ctl = new AbortController();
    this.inFlight.set(d.receiver_id, ctl);
    const result = await this.post(receiver.url, d.body, ctl);
    this.inFlight.delete(d.receiver_id);
    if (this.closed) return;
    const ok = result.status !== null && result.status >= 200 && result.status < 300;
    const attempts = d.attempts + 1;
    const log = [...(JSON.parse(d.log) as AttemptLog[]), result];
    const delay = Math.min(this.opts.retryMaxMs, this.opts.retryInitialMs * 2 ** (attempts - 1));
    this.db
      .prepare(
        'UPDATE webhook_deliveries SET status = ?, attempts = ?, next_attempt_at = ?, last_status = ?, last_error = ?, delivered_at = ?, log = ? WHERE id = ?',
      )
      .run(
        ok ? 'delivered' : 'pending',
        attempts,
        Date.now() + (ok ? 0 : delay),
        result.status,
        result.error,
        ok ? nowIso() : null,
        JSON.stringify(log),
        d.id,
      );
    this.opts.log(
      `webhook #${d.id} order ${d.event_order} → ${receiver.url}: ${result.status ?? result.error}${ok ? '' : `, retry in ${delay} ms`}`,
    );
    this.emit('attempt', {
      id: d.id,
      receiver_id: d.receiver_id,
      order: d.event_order,
      attempt: attempts,
      ok,
      status: result.status,
      error: result.error,
    });
    if (ok) this.emit('delivered', { id: d.id, receiver_id: d.receiver_id, order: d.event_order });
    this.kick();
  }

  private async post(url: string, body: string, ctl: AbortController): Promise<AttemptLog> {
    const started = Date.now();
    const timer = setTimeout(() => ctl.abort(), this.opts.timeoutMs);
    try {
      // fetch refuses URLs with credentials: send user:password@ as a Basic Authorization header.
      const target = new URL(url);
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (target.username || target.password) {
        headers.Authorization = `Basic ${Buffer.from(`${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`).toString('base64')}`;
        target.username = '';
        target.password = '';
      }
      const res = await fetch(target, { method: 'POST', headers, body, signal: ctl.signal, redirect: 'manual' });
      await res.arrayBuffer().catch(() => undefined);
      return { at: new Date(started).toISOString(), status: res.status, error: null, ms: Date.now() - started };
    } catch (err) {
      const e = err as Error & { cause?: { code?: string; message?: string } };
      const error = ctl.signal.aborted ? 'timeout' : (e.cause?.code ?? e.cause?.message ?? e.message);
      return { at: new Date(started).toISOString(), status: null, error, ms: Date.now() - started };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Connectivity check: one POST with test: true, answered with what the receiver replied. */
  async check(url: string, body: unknown): Promise<AttemptLog & { ok: boolean }> {
    const r = await this.post(url, stringify(body), new AbortController());
    return { ...r, ok: r.status !== null && r.status >= 200 && r.status < 300 };
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    for (const ctl of this.inFlight.values()) ctl.abort();
    this.inFlight.clear();
  }
}
