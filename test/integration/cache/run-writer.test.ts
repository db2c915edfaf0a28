import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Cache } from '../../../electron/core/cache';
import { RunWriterGone, startRunWriter, type RunWriter } from '../../../electron/core/cache/run-writer';
import { decodeAnswer } from '../../../electron/core/api/answer';
import { OPERATION_LABEL } from '../../../electron/core/api/errors';
import { uploadResponseSchema, type UploadResponse } from '../../../electron/common/service';
import type { Logger } from '../../../electron/core/ports';
import { candidate, form, MemoryLogger, openWithProfile, range, response, tempDir } from './fixtures';

const P = 'prof-1';
let dir: string;
let cleanup: () => void;
const open: Cache[] = [];
const writers: RunWriter[] = [];

beforeEach(() => {
  ({ dir, cleanup } = tempDir());
});
afterEach(async () => {
  for (const w of writers.splice(0)) await w.close();
  for (const c of open.splice(0)) c.close();
  cleanup();
});

function cacheAt(name: string, logger: Logger = new MemoryLogger()): Cache {
  const cache = openWithProfile(join(dir, name), { profileId: P, logger });
  open.push(cache);
  return cache;
}

/** A writer whose calls are counted, so a test knows the worker (not the fallback) wrote. */
function counted(w: RunWriter): RunWriter & { calls: { stage: number; link: number; read: number; stageRead: number } } {
  const calls = { stage: 0, link: 0, read: 0, stageRead: 0 };
  writers.push(w);
  return {
    calls,
    get ready() {
      return w.ready;
    },
    get running() {
      return w.running;
    },
    stage: (...a) => (calls.stage++, w.stage(...a)),
    link: (...a) => (calls.link++, w.link(...a)),
    read: (...a) => (calls.read++, w.read(...a)),
    stageRead: (...a) => (calls.stageRead++, w.stageRead(...a)),
    forget: (held) => w.forget(held),
    close: () => w.close(),
  };
}

/**
 * 500 candidates, some sharing an ORCID or an e-mail (the ledger merges them into one person), one already
 * linked to the manuscript by an earlier run, with the raw JSON the service sent.
 */
function answer(n: number): { res: UploadResponse; raw: unknown } {
  const res = response(7, 'o1', range(1, n));
  res.candidates = res.candidates!.map((c, rank) =>
    rank % 50 === 1
      ? candidate(c.author_id, rank, { orcid: '0000-0002-1825-0097' })
      : rank % 40 === 3
        ? { ...c, email: 'shared@uni.example' }
        : c,
  );
  const raw = { ...res, candidates: res.candidates!.map((c) => ({ ...c, extra_field: `x${c.author_id}` })) };
  return { res, raw };
}

/** Stages, commits (as the outbox does) and links one answer. */
async function record(cache: Cache, res: UploadResponse, raw: unknown): Promise<number> {
  const ms = cache.runs;
  const staged = await ms.stageUploadRun(P, { form: form('o1') }, res, raw);
  const rec = cache.changes.transaction(() => ms.commitUploadRun(staged, { linkLater: true }));
  await ms.linkRun(rec.runId);
  return rec.runId;
}

/** As the outbox does while the writer runs: the answer's bytes read by the worker, staged from its copy, committed, linked. */
async function recordRead(cache: Cache, body: unknown): Promise<number> {
  const ms = cache.runs;
  const d = await ms.answerReader()!.read(Buffer.from(JSON.stringify(body)), 'application/json', []);
  if (!d.ok) throw new Error(d.message);
  expect(Object.keys(d.value).sort()).toEqual(['head', 'held']); // the candidates stay in the worker
  const staged = await ms.stageReadRun(P, { form: form('o1') }, d.value);
  const rec = cache.changes.transaction(() => ms.commitUploadRun(staged, { linkLater: true }));
  await ms.linkRun(rec.runId);
  return rec.runId;
}

const TABLES = {
  candidates: 'SELECT * FROM candidates ORDER BY run_id, rank',
  authors: 'SELECT * FROM authors ORDER BY profile_id, author_id',
  author_manuscripts: 'SELECT * FROM author_manuscripts ORDER BY author_id, manuscript_id',
  ledger_people: 'SELECT * FROM ledger_people ORDER BY id',
  ledger_members: 'SELECT * FROM ledger_members ORDER BY author_id',
  runs: 'SELECT id, manuscript_id, seq, complete, links_next, candidates_count, raw_json FROM runs ORDER BY id',
};
const dump = (cache: Cache) =>
  Object.fromEntries(Object.entries(TABLES).map(([t, sql]) => [t, cache.db.prepare(sql).all()])) as Record<keyof typeof TABLES, unknown[]>;

describe('the run writer (worker thread)', () => {
  it('writes exactly the rows the main thread writes for a 500-candidate answer, run after run', async () => {
    const { res, raw } = answer(500);
    const main = cacheAt('main.db');
    const viaWorker = cacheAt('worker.db');
    const writer = counted(startRunWriter(viaWorker.db, { logger: new MemoryLogger(), gate: viaWorker.changes.writerGate }));
    await writer.ready;
    viaWorker.runs.useRunWriter(writer);
    for (const cache of [main, viaWorker]) {
      await record(cache, res, raw);
      await record(cache, { ...res, candidates: res.candidates!.slice(100, 300) }, null); // a second run of the manuscript
    }
    expect(writer.calls).toEqual({ stage: 3, link: 2, read: 0, stageRead: 0 }); // 250 + 250 rows, then 200: chunks of RUN_CHUNK
    const expected = dump(main);
    expect(expected.candidates).toHaveLength(700);
    expect(expected.ledger_people.length).toBeLessThan(500); // the shared ORCID and e-mail merged people
    expect(JSON.parse((expected.candidates[1] as { raw_json: string }).raw_json)).toMatchObject({ extra_field: 'x2' });
    expect(dump(viaWorker)).toEqual(expected);
  });

  it('an answer read from its bytes by the worker is stored exactly as the main thread stores the parsed answer', async () => {
    const { res, raw } = answer(500);
    const second = { ...res, candidates: res.candidates!.slice(100, 300) };
    const main = cacheAt('main.db');
    const viaWorker = cacheAt('worker.db');
    const writer = counted(startRunWriter(viaWorker.db, { logger: new MemoryLogger(), gate: viaWorker.changes.writerGate }));
    await writer.ready;
    viaWorker.runs.useRunWriter(writer);
    await record(main, res, raw);
    await record(main, second, second);
    await recordRead(viaWorker, raw);
    await recordRead(viaWorker, second);
    // the worker held the candidates: the main thread never posted a chunk of them
    expect(writer.calls).toEqual({ stage: 0, link: 2, read: 2, stageRead: 2 });
    const expected = dump(main);
    expect(expected.candidates).toHaveLength(700);
    expect(dump(viaWorker)).toEqual(expected);
  });

  it("the worker reports a bad answer in the client's words and redacts the key from what it stores", async () => {
    const cache = cacheAt('c.db');
    const writer = counted(startRunWriter(cache.db, { logger: new MemoryLogger(), gate: cache.changes.writerGate }));
    await writer.ready;
    const { raw } = answer(3);
    const label = OPERATION_LABEL.uploadManuscript;
    for (const [text, type] of [
      ['{"version": 6, "candidates": [', 'application/json'],
      ['<html>login</html>', 'text/html'],
      ['not json', 'application/json'],
      [JSON.stringify({ ...(raw as object), manuscript_id: 'seven' }), 'application/json'],
    ] as const) {
      const d = await writer.read(Buffer.from(text), type, []);
      const onMain = decodeAnswer(uploadResponseSchema, text, type, label);
      expect(onMain.ok).toBe(false);
      expect(d).toEqual(onMain);
    }
    const key = 'sk-live-0123456789';
    const withKey = {
      ...(raw as { candidates: object[] }),
      candidates: (raw as { candidates: object[] }).candidates.map((c) => ({ ...c, note: `echo ${key}` })),
    };
    cache.runs.useRunWriter(writer);
    const d = await cache.runs.answerReader()!.read(Buffer.from(JSON.stringify(withKey)), 'application/json', [key]);
    if (!d.ok) throw new Error(d.message);
    const staged = await cache.runs.stageReadRun(P, { form: form('o1') }, d.value);
    cache.changes.transaction(() => cache.runs.commitUploadRun(staged));
    const stored = cache.db.prepare<[], string>('SELECT raw_json FROM candidates ORDER BY rank').pluck().all();
    expect(stored).toHaveLength(3);
    for (const r of stored) expect(r).toContain('echo [redacted]');
    expect(cache.db.prepare('SELECT count(*) AS n FROM author_manuscripts').get()).toEqual({ n: 3 }); // linked at the commit
  });

  it('a writer that stops while it holds an answer: no run is left, and a reader taken before reads the next answer itself', async () => {
    const { res, raw } = answer(300);
    const reference = cacheAt('main.db');
    await record(reference, res, raw);
    const cache = cacheAt('worker.db');
    const writer = counted(startRunWriter(cache.db, { logger: new MemoryLogger(), gate: cache.changes.writerGate }));
    await writer.ready;
    cache.runs.useRunWriter(writer);
    const reader = cache.runs.answerReader()!;
    const held = await reader.read(Buffer.from(JSON.stringify(raw)), 'application/json', []);
    if (!held.ok) throw new Error(held.message);
    await writer.close();
    await expect(cache.runs.stageReadRun(P, { form: form('o1') }, held.value)).rejects.toBeInstanceOf(RunWriterGone);
    expect(cache.db.prepare('SELECT count(*) AS n FROM runs').get()).toEqual({ n: 0 });
    expect(cache.runs.answerReader()).toBeNull();
    // the outbox uploads again; a reader it took before the writer stopped reads the answer on this thread
    const again = await reader.read(Buffer.from(JSON.stringify(raw)), 'application/json', []);
    if (!again.ok) throw new Error(again.message);
    expect('response' in again.value).toBe(true);
    const staged = await cache.runs.stageReadRun(P, { form: form('o1') }, again.value);
    const rec = cache.changes.transaction(() => cache.runs.commitUploadRun(staged, { linkLater: true }));
    await cache.runs.linkRun(rec.runId);
    expect(dump(cache)).toEqual(dump(reference));
  });

  it('tells the ledger topic once a run is linked, after the worker is done', async () => {
    const cache = cacheAt('c.db');
    const writer = counted(startRunWriter(cache.db, { logger: new MemoryLogger(), gate: cache.changes.writerGate }));
    await writer.ready;
    cache.runs.useRunWriter(writer);
    const topics: string[] = [];
    cache.changes.on((c) => topics.push(c.topic));
    const { res, raw } = answer(300);
    await record(cache, res, raw);
    expect(topics.filter((t) => t === 'ledger')).toHaveLength(1);
    expect(cache.db.prepare('SELECT count(*) AS n FROM author_manuscripts').get()).toEqual({ n: 300 });
  });

  it('a main-thread transaction that reads, then writes while the worker commits slices, waits its turn instead of failing', async () => {
    const cache = cacheAt('c.db');
    const writer = counted(startRunWriter(cache.db, { logger: new MemoryLogger(), gate: cache.changes.writerGate }));
    await writer.ready;
    const { res, raw } = answer(2000);
    const staged = await cache.runs.stageUploadRun(P, { form: form('o1') }, res, raw);
    const rec = cache.changes.transaction(() => cache.runs.commitUploadRun(staged, { linkLater: true }));
    cache.runs.useRunWriter(writer);
    const linking = cache.runs.linkRun(rec.runId);
    const touch = cache.db.prepare('UPDATE runs SET folder_name = folder_name WHERE id = ?');
    const linked = cache.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM author_manuscripts');
    let sawWorker = 0; // rounds that began after the worker had committed a slice since the last one
    for (let rounds = 0, last = 0, before = 0; rounds < 400 && before < 2000; rounds++) {
      // read first (a deferred transaction would take its snapshot here), give the worker time to commit, then write
      cache.changes.transaction(() => {
        before = linked.get()!.n;
        const until = performance.now() + 2;
        while (performance.now() < until);
        touch.run(rec.runId);
      });
      if (before > last) sawWorker++;
      last = before;
      await new Promise((r) => setTimeout(r, 1));
    }
    await linking;
    expect(sawWorker).toBeGreaterThan(3); // the worker committed between these transactions, not during them
    expect(linked.get()!.n).toBe(2000);
  });

  it('a worker that dies mid-run leaves the run resumable: linking goes on in the main thread from runs.links_next, nobody counted twice', async () => {
    const { res, raw } = answer(2000);
    const reference = cacheAt('main.db');
    await record(reference, res, raw);
    const seenAtDeath: Array<{ links_next: number | null; linked: number }> = [];
    const logger = new MemoryLogger();
    const watching: Logger = {
      log: (level, message, fields) => {
        if (message.startsWith('The run writer stopped'))
          seenAtDeath.push(
            cache.db
              .prepare<[], { links_next: number | null; linked: number }>(
                'SELECT links_next, (SELECT count(*) FROM author_manuscripts) AS linked FROM runs',
              )
              .get()!,
          );
        logger.log(level, message, fields);
      },
    };
    const cache = cacheAt('worker.db', watching);
    const entry = new URL('./run-writer-dies.fixture.ts', import.meta.url);
    const writer = counted(startRunWriter(cache.db, { logger: watching, gate: cache.changes.writerGate, entry }));
    await writer.ready;
    cache.runs.useRunWriter(writer);
    await record(cache, res, raw);
    expect(writer.calls.link).toBe(1);
    expect(writer.running).toBe(false);
    expect(seenAtDeath).toHaveLength(1);
    const [{ links_next, linked }] = seenAtDeath as [{ links_next: number; linked: number }];
    expect(links_next).toBeGreaterThan(0); // the worker had linked some ...
    expect(links_next).toBeLessThan(2000); // ... not all
    expect(linked).toBe(links_next); // and what runs.links_next says, no more
    expect(dump(cache)).toEqual(dump(reference));
    expect(cache.db.prepare('SELECT count(*) AS n FROM authors WHERE suggestions_count <> 1').get()).toEqual({ n: 0 });
  });

  it('falls back to the main thread with a warning when the worker cannot start', async () => {
    const { res, raw } = answer(500);
    const reference = cacheAt('main.db');
    await record(reference, res, raw);
    const logger = new MemoryLogger();
    const cache = cacheAt('worker.db');
    const writer = counted(
      startRunWriter(cache.db, { logger, gate: cache.changes.writerGate, driver: join(dir, 'no-such-driver', 'better-sqlite3.js') }),
    );
    await expect(writer.ready).rejects.toThrow(/run writer stopped/);
    expect(writer.running).toBe(false);
    expect(logger.lines.map((e) => e.message)).toContain('The run writer stopped; upload answers are written on the main thread');
    cache.runs.useRunWriter(writer);
    await record(cache, res, raw);
    expect(writer.calls).toEqual({ stage: 0, link: 0, read: 0, stageRead: 0 }); // never handed work once it was not running
    expect(dump(cache)).toEqual(dump(reference));
  });
});
