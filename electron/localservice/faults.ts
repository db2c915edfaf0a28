// Fault injection for the client's reliability tests: per route or global, with a seeded PRNG.
import type { ServerResponse } from 'node:http';
import type { FaultRule } from './config';
import { faultRuleSchema } from './config';
import { encode, errorBody, type Reply } from './http';
import { Rng } from './prng';

export interface ActiveRule extends FaultRule {
  id: string;
  fired: number;
}

export const LOGIN_PAGE = `<!DOCTYPE html>
<html><head><title>Log in · Referee Finder</title></head>
<body><form method="post" action="/login/"><h1>Log in</h1>
<label>Email <input name="email" type="email"></label> <label>Password <input name="password" type="password"></label>
<button type="submit">Log in</button></form></body></html>
`;

/** What the server does with one request, decided before the handler runs. */
export interface FaultPlan {
  latencyMs: number;
  /** Answer instead of the handler (status, 429, HTML login page) or never answer (hang). */
  before?: ActiveRule;
  /** Run the handler (its writes commit), then spoil the response (reset, truncate, malformed JSON). */
  after?: ActiveRule;
}

const BEFORE = new Set(['status', 'rate_limit', 'hang', 'html_login']);

export class Faults {
  private rules: ActiveRule[] = [];
  private nextId = 1;
  private readonly rng: Rng;

  constructor(seed: number, initial: FaultRule[] = []) {
    this.rng = new Rng(seed ^ 0x5eed);
    for (const r of initial) this.add(r);
  }

  list(): ActiveRule[] {
    return this.rules.map((r) => ({ ...r }));
  }

  add(input: unknown): ActiveRule {
    const rule = faultRuleSchema.parse(input);
    const active: ActiveRule = { ...rule, id: rule.id ?? `f${this.nextId++}`, fired: 0 };
    this.rules = this.rules.filter((r) => r.id !== active.id);
    this.rules.push(active);
    return { ...active };
  }

  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((r) => r.id !== id);
    return this.rules.length < before;
  }

  clear(): void {
    this.rules = [];
  }

  plan(route: string, path: string, method: string): FaultPlan {
    const plan: FaultPlan = { latencyMs: 0 };
    for (const r of this.rules) {
      if (r.times !== undefined && r.fired >= r.times) continue;
      if (r.method && r.method.toUpperCase() !== method) continue;
      const matches = r.route === '*' || r.route === route || (r.route.startsWith('/') && path.startsWith(r.route));
      if (!matches) continue;
      if (r.kind !== 'latency' && (plan.before || plan.after)) continue;
      if (r.rate < 1 && this.rng.next() >= r.rate) continue;
      r.fired++;
      if (r.kind === 'latency') plan.latencyMs += r.latency_ms ?? 1000;
      else if (BEFORE.has(r.kind)) plan.before = r;
      else plan.after = r;
    }
    return plan;
  }
}

/** The reply of a "before" fault, or null for hang (the caller keeps the request open). */
export function beforeReply(rule: ActiveRule): Reply | null {
  switch (rule.kind) {
    case 'status': {
      const status = rule.status ?? 500;
      return { status, body: errorBody('server_error', `injected fault: HTTP ${status}`) };
    }
    case 'rate_limit': {
      const s = rule.retry_after_s ?? 1;
      return {
        status: 429,
        body: errorBody('rate_limited', `injected fault: rate limited, retry after ${s} s`),
        headers: { 'Retry-After': String(s) },
      };
    }
    case 'html_login':
      return { status: 200, body: null, html: LOGIN_PAGE };
    default:
      return null;
  }
}

/** Sends the handler's reply spoiled as the "after" rule says. */
export function sendSpoiled(res: ServerResponse, rule: ActiveRule, reply: Reply): void {
  const { bytes, contentType } = encode(reply);
  const half = bytes.subarray(0, Math.max(1, Math.floor(bytes.length / 2)));
  if (rule.kind === 'malformed_json') {
    const broken = Buffer.concat([half, Buffer.from('\u0000<!-- not json')]);
    res.writeHead(reply.status, { 'Content-Type': 'application/json', 'Content-Length': String(broken.length) });
    res.end(broken);
    return;
  }
  res.writeHead(reply.status, { 'Content-Type': contentType, 'Content-Length': String(bytes.length) });
  res.write(half, () => {
    if (rule.kind === 'reset') res.socket?.resetAndDestroy();
    else res.socket?.destroy();
  });
}
