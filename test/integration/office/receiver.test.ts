// The office's headless receiver (`npm run office -- receive`, core/office/receiver.ts) as its own process on a
// throwaway cluster, with two editors' cores (Ann's demo service is the organization's service):
// - Ann's service delivers a real mark_as_proposal_referee to the receiver; Ann's and Bob's cores show the mark
//   (who marked it too) after a sync, and Bob's Settings name the office's receiver;
// - the receiver answers 2xx only with the mark in its cache and its office event queued: killed (SIGKILL) after
//   answering but before pushing (the office out of its reach), it pushes the event when restarted;
// - killed in the middle of a delivery (the body half sent), it answers nothing, and the delivery sent again to
//   the restarted receiver is applied once; the service's deliveries while it is down are retried until it is back;
// - SIGTERM pushes what waits and exits 0; every mark is in the office once, from the receiver only (no echo);
//   neither the API key nor the office password is in its output.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidatePage, ManuscriptRow, RunRow, WebhookStatusView } from '../../../electron/common/shapes';
import { startCoreWithService, type CoreWithService } from '../../support/core-with-service';
import { officeWithEditors } from '../../support/office';
import { asAdmin, pgAvailable, PG_MISSING, type PgCluster } from '../../support/pg-cluster';
import { until } from '../../support/poll';
import { TcpRelay } from '../../support/tcp-relay';
import { SMALL_CORPUS } from '../../support/web-app';
import { markedCandidate } from '../../unit/webhook/samples';

if (!pgAvailable()) console.warn(`office receiver: skipped, ${PG_MISSING}`);

const ROOT = resolve(import.meta.dirname, '../../..');
const PW = { ann: 'ann-password-1', bob: 'bob-password-1', receiver: 'receiver-password-1' };
const PUBLIC = 'https://marks.office.test';

/** The receiver process; `output` holds what it printed (stdout and its JSON log lines on stderr). */
class Receiver {
  readonly lines: string[] = [];
  readonly closed: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly proc: ChildProcess;
  private readonly watchers = new Set<() => void>();

  constructor(args: string[], env: Record<string, string>) {
    this.proc = spawn(process.execPath, ['--import', 'tsx', 'scripts/office.ts', 'receive', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const s of [this.proc.stdout!, this.proc.stderr!])
      createInterface({ input: s }).on('line', (line) => {
        this.lines.push(line);
        for (const w of this.watchers) w();
      });
    this.closed = new Promise((done) => this.proc.on('close', (code, signal) => done({ code, signal })));
  }

  get output(): string {
    return this.lines.join('\n');
  }

  /** The first line matching `re` (now or later), or an error if the process ends first. */
  line(re: RegExp, ms = 60_000): Promise<RegExpExecArray> {
    return new Promise((resolve, reject) => {
      const look = () => {
        for (const l of this.lines) {
          const m = re.exec(l);
          if (m) return done(() => resolve(m));
        }
      };
      const timer = setTimeout(() => done(() => reject(new Error(`receiver: no line ${re} within ${ms} ms:\n${this.output}`))), ms);
      const done = (f: () => void) => {
        clearTimeout(timer);
        this.watchers.delete(look);
        f();
      };
      this.watchers.add(look);
      void this.closed.then(() => done(() => reject(new Error(`receiver ended before ${re}:\n${this.output}`))));
      look();
    });
  }

  /** Log lines of answered deliveries (outcome applied/stale/parked). */
  deliveries(): Array<{ outcome: string; order: number }> {
    return this.lines
      .filter((l) => l.includes('"message":"webhook delivery"'))
      .map((l) => JSON.parse(l) as { outcome: string; order: number });
  }

  kill(signal: NodeJS.Signals): void {
    this.proc.kill(signal);
  }
}

describe.skipIf(!pgAvailable())('the office’s headless receiver', () => {
  let pg: PgCluster;
  let database: string;
  let relay: TcpRelay;
  let url: string;
  let ann: CoreWithService;
  let bob: CoreWithService;
  let dataDir: string;
  let port = 0;
  let receiver: Receiver | null = null;
  const runs: Receiver[] = [];

  const start = async (): Promise<Receiver> => {
    const officeUrl = `postgres://receiver@127.0.0.1:${relay.port}/${database}`;
    const r = new Receiver(['--office', officeUrl, '--port', String(port), '--data', dataDir, '--public-url', PUBLIC], {
      REFEREE_DESK_API_KEY: ann.service.apiKey,
      REFEREE_DESK_OFFICE_PASSWORD: PW.receiver,
    });
    runs.push(r);
    port = Number((await r.line(/^Receiving marks on port (\d+)/))[1]);
    receiver = r;
    return r;
  };
  /** The address the local service calls: the bound port with the secret path the receiver keeps. */
  const localAddress = () => `http://127.0.0.1:${port}${new URL(readFileSync(join(dataDir, 'webhook-address'), 'utf8').trim()).pathname}`;
  const admin = async (method: string, path: string, json?: unknown) => {
    const res = await fetch(`${ann.service.baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${ann.service.adminToken}`, ...(json === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  };
  const mark = (originId: string, authorId: number, by: string) =>
    admin('POST', `/admin/orgs/1/manuscripts/${originId}/marks/`, { author_id: authorId, marked_by: by });
  const marksInOffice = () =>
    asAdmin<{ author: string; n: string }>(
      pg,
      database,
      "SELECT author, count(*) AS n FROM office.events WHERE kind = 'marks.set' GROUP BY author",
    );
  const candidatesOf = async (t: CoreWithService, originId: string) => {
    const m = (await t.call<ManuscriptRow[]>('manuscripts.list', {})).find((x) => x.originId === originId);
    if (!m) return undefined;
    const runs = (await t.call<{ runs: RunRow[] }>('manuscripts.get', { id: m.id })).runs;
    return (await t.call<CandidatePage>('candidates.query', { runId: runs.at(-1)!.id, query: { limit: 200 } })).rows;
  };
  /** Waits until `t` shows exactly `authorIds` marked on `originId` (syncing with the office meanwhile), by `by`. */
  const shows = (t: CoreWithService, originId: string, marks: Record<number, string>) =>
    until(`marks ${JSON.stringify(marks)} on ${originId}`, async () => {
      await t.call('office.syncNow', {});
      const rows = await candidatesOf(t, originId);
      const got = Object.fromEntries((rows ?? []).filter((c) => c.marked).map((c) => [c.authorId, c.markedBy ?? null]));
      return JSON.stringify(got) === JSON.stringify(marks) ? rows : undefined;
    });

  beforeAll(async () => {
    let plain: string;
    ({ pg, url: plain } = await officeWithEditors(PW, ['DEMO']));
    database = new URL(plain).pathname.slice(1);
    relay = new TcpRelay(pg.port);
    await relay.up();
    url = plain;
    const config = { ...SMALL_CORPUS, webhooks: { retry_initial_ms: 200, retry_max_ms: 1_000 } };
    ann = await startCoreWithService({ prefix: 'rcv-ann', admin: true, config });
    bob = await startCoreWithService({ prefix: 'rcv-bob', config });
    for (const [t, login] of [
      [ann, 'ann'],
      [bob, 'bob'],
    ] as const)
      expect(await t.call('office.link', { url, login, password: PW[login] })).toMatchObject({ ok: true });
    dataDir = mkdtempSync(join(tmpdir(), 'desk-office-receiver-'));
    await start();
    await admin('POST', '/admin/orgs/1/webhooks/', { url: localAddress() });
  }, 120_000);
  afterAll(async () => {
    for (const r of runs) r.kill('SIGKILL');
    for (const t of [ann, bob]) {
      await t?.close();
      if (t) rmSync(t.dataDir, { recursive: true, force: true });
    }
    await relay?.down();
    await pg?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  let people: number[] = [];

  it('takes a delivery from the service; Ann’s and Bob’s cores show the mark and who made it; Settings name the receiver', async () => {
    const m = await ann.call<ManuscriptRow>('manuscripts.upload', {
      form: {
        folder: 'DEMO',
        origin_id: 'rcv-1',
        title: 'Protein folding with attention',
        abstract: 'Deep learning.',
        authors_count: 0,
        authors: [],
      },
    });
    await ann.core.workspace()!.sync.syncNow();
    expect(m.originId).toBe('rcv-1');
    people = (await until('Ann’s candidates', () => candidatesOf(ann, 'rcv-1'))).slice(0, 4).map((c) => c.authorId);
    await until('Ann’s run is in the office', async () => (ann.core.status.get().office?.waiting === 0 ? true : undefined));

    await mark('rcv-1', people[0]!, 'carol@org.example');
    await shows(ann, 'rcv-1', { [people[0]!]: 'carol@org.example' });
    await shows(bob, 'rcv-1', { [people[0]!]: 'carol@org.example' });
    // Applied at once, or parked until the receiver had pulled Ann's run and applied then.
    expect(receiver!.deliveries()).toEqual([expect.objectContaining({ outcome: expect.stringMatching(/^(applied|parked)$/) })]);
    const status = await until('Bob’s Settings name the office’s receiver', async () => {
      await bob.call('office.syncNow', {});
      const s = await bob.call<WebhookStatusView>('webhook.status', {});
      return s.officeReceiver ? s : undefined;
    });
    expect(status.officeReceiver).toMatchObject({ url: PUBLIC, login: 'receiver' });
    expect(await marksInOffice()).toEqual([{ author: 'receiver', n: '1' }]);
  }, 120_000);

  it('killed after answering but before pushing, it pushes the mark when restarted', async () => {
    await relay.down(); // the office out of the receiver's reach (the editors connect directly)
    const answered = receiver!.deliveries().length;
    const delivered = new Promise<void>((r) => ann.service.webhooks.once('delivered', () => r()));
    await mark('rcv-1', people[1]!, 'dave@org.example');
    await delivered; // the service had its 2xx
    expect(receiver!.deliveries().slice(answered)).toEqual([expect.objectContaining({ outcome: 'applied' })]);
    receiver!.kill('SIGKILL');
    await receiver!.closed;
    expect(await marksInOffice()).toEqual([{ author: 'receiver', n: '1' }]);
    await relay.up();
    await start();
    await shows(bob, 'rcv-1', { [people[0]!]: 'carol@org.example', [people[1]!]: 'dave@org.example' });
    expect(await marksInOffice()).toEqual([{ author: 'receiver', n: '2' }]);
  }, 120_000);

  it('killed in the middle of a delivery it answers nothing; sent again after the restart it is applied once; deliveries while it is down wait', async () => {
    await shows(ann, 'rcv-1', { [people[0]!]: 'carol@org.example', [people[1]!]: 'dave@org.example' });
    const serviceId = (await ann.call<ManuscriptRow[]>('manuscripts.list', {})).find((x) => x.originId === 'rcv-1')!.serviceId!;
    // The service's own next order, as it would send it: the marked set after marking people[2].
    const body = JSON.stringify({
      action: 'mark_as_proposal_referee',
      timestamp: Math.floor(Date.now() / 1000),
      order: 100,
      api_key: ann.service.apiKey,
      test: false,
      payload: {
        version: 5,
        manuscript_id: serviceId,
        origin_id: 'rcv-1',
        candidates: [people[0]!, people[1]!, people[2]!].map((id, i) =>
          markedCandidate(id, { marked_by: ['carol@org.example', 'dave@org.example', 'erin@org.example'][i]! }),
        ),
        authors_groups_settings: null,
      },
    });
    const path = new URL(localAddress()).pathname;
    // Half the body, then the receiver dies: the sender gets no answer, so it will send again.
    const socket = connect(port, '127.0.0.1');
    const gone = new Promise<string>((r) => {
      let got = '';
      socket.on('data', (d) => (got += d.toString()));
      socket.on('close', () => r(got));
      socket.on('error', () => undefined);
    });
    await new Promise<void>((r) => socket.once('connect', () => r()));
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    socket.write(body.slice(0, body.length >> 1));
    await new Promise((r) => setTimeout(r, 300));
    receiver!.kill('SIGKILL');
    await receiver!.closed;
    expect(await gone).toBe('');

    // While it is down, the service marks another person: its deliveries fail and are retried.
    const failed = new Promise<void>((r) => ann.service.webhooks.once('attempt', () => r()));
    await mark('rcv-1', people[3]!, 'frank@org.example');
    await failed;

    await start();
    const res = await fetch(localAddress(), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    const answer = (await res.json()) as { outcome: string };
    expect(res.status).toBe(200);
    // The service's own retry (order ≤ 100 by its counter) may come first or after: one of the two is stale.
    await until('the service’s retried delivery is answered', async () => (receiver!.deliveries().length >= 2 ? true : undefined));
    const outcomes = receiver!.deliveries().map((d) => d.outcome);
    expect(outcomes.filter((o) => o === 'applied').length).toBeGreaterThanOrEqual(1);
    expect(answer.outcome).toMatch(/^(applied|stale)$/);
    // The order-100 set was applied once: people[3] (the service's lower order) came before it or was stale after it.
    await shows(bob, 'rcv-1', {
      [people[0]!]: 'carol@org.example',
      [people[1]!]: 'dave@org.example',
      [people[2]!]: 'erin@org.example',
    });
    // Sent again: stale, nothing new in the office.
    const again = await fetch(localAddress(), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    expect(await again.json()).toMatchObject({ outcome: 'stale' });
    const inOffice = await marksInOffice();
    expect(inOffice.map((r) => r.author)).toEqual(['receiver']);
    expect(Number(inOffice[0]!.n)).toBe(2 + outcomes.filter((o) => o === 'applied').length);
  }, 120_000);

  it('SIGTERM pushes what waits and exits 0; the key and the password are in none of its output', async () => {
    await relay.down();
    const answered = receiver!.deliveries().length;
    const res = await fetch(localAddress(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        action: 'mark_as_proposal_referee',
        timestamp: Math.floor(Date.now() / 1000),
        order: 101,
        api_key: ann.service.apiKey,
        payload: {
          version: 5,
          manuscript_id: (await ann.call<ManuscriptRow[]>('manuscripts.list', {})).find((x) => x.originId === 'rcv-1')!.serviceId!,
          origin_id: 'rcv-1',
          candidates: [markedCandidate(people[0]!, { marked_by: 'carol@org.example' })],
          authors_groups_settings: null,
        },
      }),
    });
    expect(await res.json()).toMatchObject({ outcome: 'applied' });
    expect(receiver!.deliveries().length).toBe(answered + 1);
    const before = Number((await marksInOffice())[0]!.n);
    setTimeout(() => void relay.up(), 500); // back while it stops: the flush pushes the waiting set
    receiver!.kill('SIGTERM');
    expect(await receiver!.closed).toEqual({ code: 0, signal: null });
    expect(receiver!.output).toMatch(/Stopped\.$/);
    expect(Number((await marksInOffice())[0]!.n)).toBe(before + 1);
    await shows(bob, 'rcv-1', { [people[0]!]: 'carol@org.example' });
    for (const r of runs) {
      expect(r.output).not.toContain(ann.service.apiKey);
      expect(r.output).not.toContain(PW.receiver);
    }
  }, 120_000);
});
