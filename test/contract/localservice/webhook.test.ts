import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../electron/localservice/index';
import { authorTopic, CANDIDATE_BASE_FIELDS, createGroup, sandbox, useSandboxes, type TestSandbox, type Json } from './helpers';

useSandboxes();

interface Received {
  headers: IncomingMessage['headers'];
  body: Json;
}

/** A receiving address: answers with the next status of `statuses` (then 200) and records every body. */
class Receiver {
  readonly received: Received[] = [];
  private waiters: Array<{ n: number; resolve: () => void }> = [];
  private server!: Server;
  url = '';
  constructor(private statuses: number[] = []) {}
  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.received.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        res.writeHead(this.statuses.shift() ?? 200).end('ok');
        this.waiters = this.waiters.filter((w) => (this.received.length >= w.n ? (w.resolve(), false) : true));
      });
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
    return this;
  }
  /** Replaces the statuses still to answer. */
  answerWith(statuses: number[]): void {
    this.statuses = statuses;
  }
  /** Resolves once `n` requests have arrived. */
  waitFor(n: number): Promise<void> {
    if (this.received.length >= n) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ n, resolve }));
  }
  close(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }
}

const receivers: Receiver[] = [];
afterEach(async () => {
  for (const r of receivers.splice(0)) await r.close();
});
async function receiver(statuses: number[] = []): Promise<Receiver> {
  const r = await new Receiver(statuses).start();
  receivers.push(r);
  return r;
}

async function uploaded(sb: TestSandbox) {
  const { fields } = await authorTopic(sb, (a) => a.articles_count >= 8);
  const r = await sb.upload(fields);
  return { fields, manuscriptId: r.body.manuscript_id as number, candidates: r.body.candidates as Array<Record<string, Json>> };
}

describe('§3 / §6 mark_as_proposal_referee webhook', () => {
  it('§6 marking sends every receiver the body of §6 with all marked candidates; unmarking sends the rest', async () => {
    const sb = await sandbox();
    const [r1, r2] = [await receiver(), await receiver()];
    for (const r of [r1, r2]) expect((await sb.admin('POST', '/admin/orgs/1/webhooks/', { url: r.url })).status).toBe(200);
    const g = await createGroup(sb);
    const { manuscriptId, candidates } = await uploaded(sb);
    const [a, b] = candidates as [Record<string, Json>, Record<string, Json>];
    await sb.api('POST', `/api/external/author-from-group/${g}/cid-a/`, {
      json: { name: a.name, emails: a.email ? [a.email] : null, orcids: a.orcid ? [a.orcid] : null, affiliations: [a.affiliation] },
    });
    await sb.admin('PUT', '/admin/orgs/1/folders/F1/settings/', { authors_groups: [{ id: g, label: 'L' }], effect: 'highlight' });

    await sb.admin('POST', '/admin/orgs/1/manuscripts/ms-1/marks/', { author_id: a.author_id, marked_by: 'first@editor.org' });
    await sb.admin('POST', '/admin/orgs/1/manuscripts/ms-1/marks/', { author_id: b.author_id, marked_by: 'second@editor.org' });
    await sb.admin('DELETE', `/admin/orgs/1/manuscripts/ms-1/marks/${a.author_id}/`);
    await Promise.all([r1.waitFor(3), r2.waitFor(3)]);

    for (const r of [r1, r2]) {
      expect(r.received.map((x) => x.headers['content-type'])).toEqual(Array(3).fill('application/json'));
      const bodies = r.received.map((x) => x.body);
      for (const body of bodies) {
        expect(Object.keys(body).sort()).toEqual(['action', 'api_key', 'order', 'payload', 'test', 'timestamp']);
        expect(body).toMatchObject({ action: 'mark_as_proposal_referee', api_key: sb.apiKey, test: false });
        expect(Number.isInteger(body.timestamp)).toBe(true);
        expect(body.payload).toMatchObject({ version: 5, manuscript_id: manuscriptId, origin_id: 'ms-1' });
        expect(body.payload.authors_groups_settings).toEqual({
          authors_groups: [{ id: g, name: 'Reviewers A', label: 'L' }],
          effect: 'highlight',
        });
      }
      const orders = bodies.map((x) => x.order as number);
      expect(orders[0]! < orders[1]! && orders[1]! < orders[2]!).toBe(true);
      expect(bodies.map((x) => x.payload.candidates.map((c: { author_id: number }) => c.author_id))).toEqual([
        [a.author_id],
        [a.author_id, b.author_id],
        [b.author_id],
      ]);
      const first = bodies[1].payload.candidates[0];
      expect(Object.keys(first).sort()).toEqual([...CANDIDATE_BASE_FIELDS, 'marked_by'].sort());
      expect(first).toMatchObject({
        marked: true,
        marked_by: 'first@editor.org',
        authors_groups: [{ group_id: g, client_id: 'cid-a' }],
        score: a.score,
        relevant_concepts: a.relevant_concepts,
      });
      expect(bodies[2].payload.candidates[0]).toMatchObject({ marked: true, marked_by: 'second@editor.org', authors_groups: [] });
    }
    const log = (await sb.admin('GET', '/admin/orgs/1/webhooks/deliveries/')).body.deliveries as Array<Record<string, Json>>;
    expect(log).toHaveLength(6);
    expect(log.every((d) => d.status === 'delivered' && d.attempts === 1 && d.last_status === 200)).toBe(true);
  });

  it('§6 score and relevant_concepts keep the values of the first mark', async () => {
    const sb = await sandbox();
    const r = await receiver();
    await sb.admin('POST', '/admin/orgs/1/webhooks/', { url: r.url });
    const { fields, candidates } = await uploaded(sb);
    const a = candidates[0]!;
    await sb.admin('POST', '/admin/orgs/1/manuscripts/ms-1/marks/', { author_id: a.author_id, marked_by: 'e@x.org' });
    // the manuscript changes: new text, new score for the same candidate
    const changed = await sb.upload({
      ...fields,
      title: 'Something else entirely',
      abstract: fields.abstract!.split('. ').slice(-3).join('. '),
    });
    const now = (changed.body.candidates as Array<Record<string, Json>>).find((c) => c.author_id === a.author_id);
    expect(now?.score).not.toBe(a.score);
    await sb.admin('DELETE', `/admin/orgs/1/manuscripts/ms-1/marks/${a.author_id}/`);
    await sb.admin('POST', '/admin/orgs/1/manuscripts/ms-1/marks/', { author_id: a.author_id, marked_by: 'e@x.org' });
    await r.waitFor(3);
    const last = r.received[2]!.body.payload.candidates[0];
    expect(last.score).toBe(a.score);
    expect(last.relevant_concepts).toEqual(a.relevant_concepts);
  });

  it('§6 the connectivity check sends test: true and reports the reply', async () => {
    const sb = await sandbox();
    const r = await receiver([204]);
    const { id } = (await sb.admin('POST', '/admin/orgs/1/webhooks/', { url: r.url })).body;
    const check = await sb.admin('POST', `/admin/orgs/1/webhooks/${id}/check/`);
    expect(check.body).toMatchObject({ ok: true, status: 204 });
    expect(r.received).toHaveLength(1);
    expect(r.received[0]!.body).toMatchObject({
      action: 'mark_as_proposal_referee',
      test: true,
      api_key: sb.apiKey,
      payload: { version: 5, candidates: [] },
    });
    const dead = (await sb.admin('POST', '/admin/orgs/1/webhooks/', { url: 'http://127.0.0.1:9/nothing' })).body.id;
    expect((await sb.admin('POST', `/admin/orgs/1/webhooks/${dead}/check/`)).body).toMatchObject({ ok: false, status: null });
  });

  it('§6 deliveries retry with backoff until a 2xx, in order, and every attempt is logged', async () => {
    const sb = await sandbox();
    const r = await receiver([500, 503, 404]);
    await sb.admin('POST', '/admin/orgs/1/webhooks/', { url: r.url });
    const { candidates } = await uploaded(sb);
    const delivered: number[] = [];
    const done = new Promise<void>((resolve) =>
      sb.webhooks.on('delivered', (e: { order: number }) => {
        delivered.push(e.order);
        if (delivered.length === 2) resolve();
      }),
    );
    await sb.admin('POST', '/admin/orgs/1/manuscripts/ms-1/marks/', { author_id: candidates[0]!.author_id });
    await sb.admin('POST', '/admin/orgs/1/manuscripts/ms-1/marks/', { author_id: candidates[1]!.author_id });
    await done;
    expect(r.received.map((x) => x.body.order)).toEqual([1, 1, 1, 1, 2]);
    const log = (await sb.admin('GET', '/admin/orgs/1/webhooks/deliveries/')).body.deliveries as Array<Record<string, Json>>;
    expect(log[0]).toMatchObject({ order: 1, status: 'delivered', attempts: 4, last_status: 200 });
    expect(log[0]!.log.map((l: { status: number }) => l.status)).toEqual([500, 503, 404, 200]);
    const at = log[0]!.log.map((l: { at: string }) => Date.parse(l.at));
    expect(at[2] - at[1]).toBeGreaterThanOrEqual(at[1] - at[0]); // backoff grows
    expect(log[1]).toMatchObject({ order: 2, status: 'delivered', attempts: 1 });
  });

  it('§6 pending deliveries survive a restart and are delivered after it', async () => {
    const sb = await sandbox();
    const r = await receiver(Array(1000).fill(500));
    await sb.admin('POST', '/admin/orgs/1/webhooks/', { url: r.url });
    const { candidates } = await uploaded(sb);
    await sb.admin('POST', '/admin/orgs/1/manuscripts/ms-1/marks/', { author_id: candidates[0]!.author_id });
    await r.waitFor(1);
    await sb.close();
    r.answerWith([]);
    const again = await startSandbox({ dataDir: sb.dir, config: { webhooks: { retry_initial_ms: 20, retry_max_ms: 200 } } });
    try {
      const delivered = new Promise<{ order: number }>((resolve) => again.webhooks.once('delivered', resolve));
      expect((await delivered).order).toBe(1);
      expect(r.received.at(-1)!.body.payload.candidates[0].author_id).toBe(candidates[0]!.author_id);
    } finally {
      await again.close();
    }
  });

  it('§3 marking twice or unmarking an unmarked candidate is refused (409) and sends nothing', async () => {
    const sb = await sandbox();
    const r = await receiver();
    await sb.admin('POST', '/admin/orgs/1/webhooks/', { url: r.url });
    const { candidates } = await uploaded(sb);
    const id = candidates[0]!.author_id;
    expect((await sb.admin('POST', '/admin/orgs/1/manuscripts/ms-1/marks/', { author_id: id })).status).toBe(200);
    expect((await sb.admin('POST', '/admin/orgs/1/manuscripts/ms-1/marks/', { author_id: id })).status).toBe(409);
    expect((await sb.admin('DELETE', `/admin/orgs/1/manuscripts/ms-1/marks/${candidates[1]!.author_id}/`)).status).toBe(409);
    await r.waitFor(1);
    expect((await sb.admin('GET', '/admin/orgs/1/webhooks/deliveries/')).body.deliveries).toHaveLength(1);
  });
});
