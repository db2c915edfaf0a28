// Office crash safety: a core process (crash-child.ts) syncing with a real office is
// killed with SIGKILL in the middle of a push (10 trials) and in the middle of pulling a large
// backlog (10 trials), at a seeded random moment, then restarted to finish. After each trial:
// - push: every event id on the server is unique, no logical change is on the server twice (each of
//   the child's shortlist states is distinct, so two events with one body would be one change sent
//   under two ids), and per entry the server's winning state is the child's final local state (an
//   entry the child has is on the server as it is; one it removed is removed there); nothing waits.
// - pull: the child kept every server event once, its folded entries equal a fold of the server's
//   events in (xid, seq) order, its cursor is at the last event, and its local shortlists hold the
//   winning states of the entries of its manuscripts.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHORTLIST_STATUSES } from '../../../electron/common/domain/shortlist';
import type { EntryBody } from '../../../electron/core/cache/office';
import { addEditor, initOffice } from '../../../electron/core/office/admin';
import { asAdmin, freshDatabase, pgAvailable, PG_MISSING, startPgCluster, type PgCluster } from '../../support/pg-cluster';
import { prng } from '../crash/plan';
import type { CrashCommand } from './crash-child';

const TRIALS = { push: 10, pull: 10 };
const SEED = Number(process.env.OFFICE_CRASH_SEED ?? 3303);
const ROOT = resolve(import.meta.dirname, '../../..');
const CHILD = join(import.meta.dirname, 'crash-child.ts');
const PUSH_FOLDER = 'CRASH-PUSH';
const PULL_FOLDER = 'CRASH-PULL';
const PW = 'crash-password-1';
/** The pull trials' backlog: pages of 500, each inserted in its own transaction. */
const BACKLOG = 5_000;
const BACKLOG_ORIGINS = 40;
const AUTHORS = Array.from({ length: 100 }, (_, i) => i + 1);

if (!pgAvailable()) console.warn(`office crash trials: skipped, ${PG_MISSING}`);

/** The core process: reads commands on stdin; `kill` arms a SIGKILL `delayMs` after the `nth` line starting with `prefix`. */
class Child {
  readonly lines: string[] = [];
  stderr = '';
  readonly closed: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly proc: ChildProcess;
  private watchers: Array<(line: string) => void> = [];
  private kill: { prefix: string; nth: number; delayMs: number; seen: number } | null = null;

  constructor(dataDir: string) {
    this.proc = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    this.proc.stderr!.on('data', (d: Buffer) => (this.stderr += d.toString()));
    this.proc.stdin!.on('error', () => undefined); // a command written as it dies
    createInterface({ input: this.proc.stdout! }).on('line', (line) => {
      this.lines.push(line);
      const k = this.kill;
      if (k && line.startsWith(k.prefix) && ++k.seen === k.nth) setTimeout(() => this.proc.kill('SIGKILL'), k.delayMs);
      for (const w of this.watchers) w(line);
    });
    this.closed = new Promise((done) => this.proc.on('close', (code, signal) => done({ code, signal })));
  }

  /** The next line starting with `prefix`, or null if the process ends first. */
  next(prefix: string): Promise<string | null> {
    return new Promise((resolve) => {
      const w = (line: string) => {
        if (!line.startsWith(prefix)) return;
        this.watchers = this.watchers.filter((x) => x !== w);
        resolve(line);
      };
      this.watchers.push(w);
      void this.closed.then(() => resolve(null));
    });
  }

  run(cmd: CrashCommand, kill?: { prefix: string; nth: number; delayMs: number }): Promise<string | null> {
    this.kill = kill ? { ...kill, seen: 0 } : null;
    const done = this.next('done');
    this.proc.stdin!.write(JSON.stringify(cmd) + '\n');
    return done;
  }

  end(): Promise<unknown> {
    this.proc.stdin!.end();
    return this.closed;
  }
}

interface ServerEvent {
  id: string;
  author: string;
  body: string;
  xid: string;
  seq: string;
}

const key = (originId: string, authorId: number) => `${originId}/${authorId}`;

/** The last state of every entry in the server's order. */
function fold(events: readonly ServerEvent[]): Map<string, EntryBody & { xid: number; seq: number }> {
  const out = new Map<string, EntryBody & { xid: number; seq: number }>();
  for (const e of events) {
    const b = JSON.parse(e.body) as EntryBody;
    out.set(key(b.originId, b.authorId), { ...b, xid: Number(e.xid), seq: Number(e.seq) });
  }
  return out;
}

/** A valid entry state by a colleague, for the backlog. */
function backlogBody(i: number, random: () => number): EntryBody {
  const status = SHORTLIST_STATUSES[Math.floor(random() * SHORTLIST_STATUSES.length)]!;
  const authorId = AUTHORS[Math.floor(random() * AUTHORS.length)]!;
  const invited = status === 'shortlisted' ? null : 1_700_000_000_000 + i;
  return {
    originId: `bk-${Math.floor(random() * BACKLOG_ORIGINS)}`,
    title: `Backlog manuscript ${i % BACKLOG_ORIGINS}`,
    authorId,
    name: `Ada${authorId} Lovelace${authorId}`,
    email: null,
    orcid: null,
    affiliation: 'ETH Zürich',
    status,
    invitedAt: invited,
    answeredAt: status === 'accepted' || status === 'declined' ? invited! + 1000 : null,
    closedAt: status === 'closed' ? invited! + 2000 : null,
    dueDate: null,
    note: `colleague's change ${i}`,
    removed: random() < 0.1,
  };
}

describe.skipIf(!pgAvailable())(`office crash safety: ${TRIALS.push + TRIALS.pull} kill -9 trials (seed ${SEED})`, () => {
  let pg: PgCluster;
  let db: string;
  let backlog: ServerEvent[];
  const kills = { push: 0, pull: 0 };
  const timings: string[] = [];

  let dataDir: string;
  let child: Child | null = null;

  const command = (mode: CrashCommand['mode'], profile: string, login: string, over: Partial<CrashCommand> = {}): CrashCommand => ({
    mode,
    profile,
    url: pg.urlFor(db, login, PW),
    password: PW,
    login,
    seed: 0,
    manuscripts: [],
    ops: 0,
    ...over,
  });

  /**
   * Runs a trial's command in the core process, SIGKILLed as told; a killed process is replaced by
   * one that finishes the trial. Returns the cache, opened read-only, for checking.
   */
  async function killThenFinish(cmd: CrashCommand, kill: { prefix: string; nth: number; delayMs: number }): Promise<Database.Database> {
    const started = async () => {
      const c = new Child(dataDir);
      expect(await c.next('ready'), c.stderr).not.toBeNull();
      return c;
    };
    child ??= await started();
    const t0 = Date.now();
    const first = await child.run(cmd, kill);
    const ms = Date.now() - t0;
    if (first === null) {
      const how = await child.closed;
      expect(how.signal, `${cmd.profile}: ${child.lines.slice(-5).join(' | ')}\n${child.stderr}`).toBe('SIGKILL');
      kills[cmd.mode === 'push' ? 'push' : 'pull']++;
      const story = `${cmd.profile} killed after "${child.lines.at(-1)}"`;
      child = await started();
      const t1 = Date.now();
      expect(await child.run({ ...cmd, mode: 'finish' }), `${story}\n${child.stderr}`).not.toBeNull();
      timings.push(`${ms} + ${Date.now() - t1}`);
    } else timings.push(`${ms} (not killed)`);
    return new Database(join(dataDir, 'cache.db'), { readonly: true });
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'desk-office-crash-'));
    pg = await startPgCluster();
    db = await freshDatabase(pg);
    await initOffice({ url: pg.urlFor(db) });
    await addEditor({ url: pg.urlFor(db) }, 'ann', [PUSH_FOLDER], PW);
    await addEditor({ url: pg.urlFor(db) }, 'carl', [PULL_FOLDER], PW);
    // Bob's backlog, written straight into the office by the administrator, in transactions of 500.
    const random = prng(SEED);
    for (let from = 0; from < BACKLOG; from += 500) {
      const bodies = Array.from({ length: 500 }, (_, j) => JSON.stringify(backlogBody(from + j, random)));
      await asAdmin(
        pg,
        db,
        `INSERT INTO office.events (id, folder, author, kind, body)
         SELECT gen_random_uuid(), $1, 'bob', 'shortlist.entry', b::jsonb FROM unnest($2::text[]) WITH ORDINALITY AS t(b, n) ORDER BY n`,
        [PULL_FOLDER, bodies],
      );
    }
    backlog = await asAdmin<ServerEvent & Record<string, unknown>>(
      pg,
      db,
      'SELECT id::text, author, body::text, xid::text, seq::text FROM office.events e WHERE folder = $1 ORDER BY e.xid, e.seq',
      [PULL_FOLDER],
    );
  }, 60_000);

  afterAll(async () => {
    await child?.end();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await pg?.stop();
    console.info(
      `office crash trials: ${kills.push}/${TRIALS.push} push runs and ${kills.pull}/${TRIALS.pull} pull runs killed mid-way; ` +
        `ms per trial (killed run + restarted run): ${timings.join(', ')}`,
    );
  });

  for (let trial = 1; trial <= TRIALS.push; trial++) {
    it(`push trial ${trial}: killed during a push, restarted: nothing lost or doubled`, { timeout: 30_000 }, async () => {
      const random = prng(SEED + trial);
      const prefix = `t${trial}-`;
      const manuscripts = [0, 1, 2].map((i) => ({ originId: `${prefix}${i}`, folder: PUSH_FOLDER, authors: AUTHORS }));
      const kill = { prefix: 'push-begin', nth: 1 + Math.floor(random() * 3), delayMs: Math.floor(random() * 40) };
      const cache = await killThenFinish(
        command('push', `push-${trial}`, 'ann', { manuscripts, ops: 600, seed: SEED * 100 + trial }),
        kill,
      );
      try {
        const server = await asAdmin<ServerEvent & Record<string, unknown>>(
          pg,
          db,
          `SELECT id::text, author, body::text, xid::text, seq::text FROM office.events e
           WHERE folder = $1 AND body->>'originId' LIKE $2 ORDER BY e.xid, e.seq`,
          [PUSH_FOLDER, `${prefix}%`],
        );
        expect(server.length).toBeGreaterThan(0);
        expect(new Set(server.map((e) => e.id)).size).toBe(server.length);
        expect(server.every((e) => e.author === 'ann')).toBe(true);
        // No state twice: each of the child's changes made a state no other change made.
        const bodies = new Map<string, number>();
        for (const e of server) bodies.set(e.body, (bodies.get(e.body) ?? 0) + 1);
        expect([...bodies].filter(([, n]) => n > 1).map(([b]) => b)).toEqual([]);

        expect(cache.prepare('SELECT count(*) FROM office_outbox').pluck().get()).toBe(0);
        const local = cache
          .prepare(
            `SELECT ms.origin_id AS originId, s.author_id AS authorId, s.status, s.note, s.invited_at AS invitedAt,
               s.answered_at AS answeredAt, s.closed_at AS closedAt, s.due_date AS dueDate
             FROM shortlist s JOIN manuscripts ms ON ms.id = s.manuscript_id WHERE ms.origin_id LIKE ?`,
          )
          .all(`${prefix}%`) as Array<
          Pick<EntryBody, 'originId' | 'authorId' | 'status' | 'note' | 'invitedAt' | 'answeredAt' | 'closedAt' | 'dueDate'>
        >;
        expect(local.length).toBeGreaterThan(0);
        const won = fold(server);
        for (const l of local) {
          expect(won.get(key(l.originId, l.authorId)), `entry ${key(l.originId, l.authorId)} on the server`).toMatchObject({
            ...l,
            removed: false,
          });
        }
        // Every entry on the server the child no longer has was removed by it, and the removal won.
        const have = new Set(local.map((l) => key(l.originId, l.authorId)));
        const gone = [...won].filter(([k]) => !have.has(k));
        for (const [k, b] of gone) expect(b.removed, `entry ${k} removed locally`).toBe(true);
      } finally {
        cache.close();
      }
    });
  }

  for (let trial = 1; trial <= TRIALS.pull; trial++) {
    it(
      `pull trial ${trial}: killed while pulling ${BACKLOG.toLocaleString('en')} events, restarted: the fold is the server's`,
      { timeout: 30_000 },
      async () => {
        const random = prng(SEED + 1000 + trial);
        const manuscripts = [0, 1, 2, 3, 4].map((i) => ({ originId: `bk-${i}`, folder: PULL_FOLDER, authors: AUTHORS }));
        const kill = { prefix: 'pulled', nth: 1 + Math.floor(random() * 8), delayMs: Math.floor(random() * 30) };
        const profile = `pull-${trial}`;
        const cache = await killThenFinish(command('pull', profile, 'carl', { manuscripts }), kill);
        try {
          const ids = cache
            .prepare('SELECT id FROM office_events WHERE profile_id = ? AND folder = ?')
            .pluck()
            .all(profile, PULL_FOLDER) as string[];
          expect(ids.length).toBe(backlog.length);
          expect(new Set(ids)).toEqual(new Set(backlog.map((e) => e.id)));
          const last = backlog.at(-1)!;
          expect(
            cache.prepare('SELECT xid, seq FROM office_cursors WHERE profile_id = ? AND folder = ?').get(profile, PULL_FOLDER),
          ).toEqual({
            xid: Number(last.xid),
            seq: Number(last.seq),
          });

          const want = fold(backlog);
          const entries = cache
            .prepare(
              `SELECT origin_id AS originId, author_id AS authorId, status, note, removed, changed_by AS changedBy, xid, seq
             FROM office_entries WHERE profile_id = ? AND folder = ?`,
            )
            .all(profile, PULL_FOLDER) as Array<{
            originId: string;
            authorId: number;
            status: string;
            note: string;
            removed: number;
            changedBy: string;
            xid: number;
            seq: number;
          }>;
          expect(new Map(entries.map((e) => [key(e.originId, e.authorId), e]))).toEqual(
            new Map(
              [...want].map(([k, b]) => [
                k,
                {
                  originId: b.originId,
                  authorId: b.authorId,
                  status: b.status,
                  note: b.note,
                  removed: b.removed ? 1 : 0,
                  changedBy: 'bob',
                  xid: b.xid,
                  seq: b.seq,
                },
              ]),
            ),
          );
          // The child's own manuscripts hold the winning states of their entries.
          const local = cache
            .prepare(
              `SELECT ms.origin_id AS originId, s.author_id AS authorId, s.status, s.note
             FROM shortlist s JOIN manuscripts ms ON ms.id = s.manuscript_id WHERE s.profile_id = ?`,
            )
            .all(profile) as Array<{ originId: string; authorId: number; status: string; note: string }>;
          const mine = new Set(manuscripts.map((m) => m.originId));
          const expected = [...want.values()]
            .filter((b) => mine.has(b.originId) && !b.removed)
            .map((b) => ({ originId: b.originId, authorId: b.authorId, status: b.status, note: b.note }));
          const order = (a: { originId: string; authorId: number }, b: { originId: string; authorId: number }) =>
            a.originId.localeCompare(b.originId) || a.authorId - b.authorId;
          expect(local.sort(order)).toEqual(expected.sort(order));
          expect(local.length).toBeGreaterThan(0);
        } finally {
          cache.close();
        }
      },
    );
  }
});
