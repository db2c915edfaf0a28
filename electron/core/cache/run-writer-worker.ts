// The run writer's worker thread (run-writer.ts): its own better-sqlite3 connection on the cache's file,
// writing the candidate rows and the links of upload runs with the same code as the main thread's
// fallback (run-writes.ts). One job at a time, in the order posted; each slice is one IMMEDIATE
// transaction of at most `sliceMs`, started only while the main connection is outside its transactions.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';
import { lowerThisThread } from '../background';
import { ChangeFeed } from './changes';
import { LedgerRepository } from './ledger';
import { RunWrites } from './run-writes';
import type { RunWriterData, RunWriterRequest, RunWriterResponse } from './run-writer';
import { readUploadAnswer, type ReadUpload } from './upload-answer';

const port = parentPort!;
// writing gives way to core's loop when both want a core (background.ts)
lowerThisThread();
const data = workerData as RunWriterData;
const Database = createRequire(import.meta.url)(data.driver) as typeof BetterSqlite3;
const db = new Database(data.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('foreign_keys = ON');
// As the main thread's slices commit (withoutCommitSync): staged rows are hidden until the upload's commit
// (a power cut that loses them loses it too, and the upload is sent again), and a lost link slice rolls
// runs.links_next back with it.
db.pragma('synchronous = NORMAL');
db.pragma('temp_store = MEMORY');

const gate = new Int32Array(data.gate);
let jobNow = Date.now();
// The job's time, as the main thread's clock gave it: the rows say when the run was linked, as in-thread.
const clock = { now: () => jobNow };
const ledger = new LedgerRepository(db, clock, new ChangeFeed(db));
const writes = new RunWrites(db, clock, ledger);

type Job = Extract<RunWriterRequest, { type: 'stage' | 'link' | 'stageRead' }>;
const queue: Job[] = [];
/** Upload answers read here and not yet written, by the number of their read request. */
const answers = new Map<number, ReadUpload>();
let stopRequested = false;
let pumping = false;
/** Stage jobs of runs that failed: their later chunks are not written (the main thread drops the run). */
const failedRuns = new Set<number>();

const send = (m: RunWriterResponse) => port.postMessage(m);

/** Waits while the main connection is inside a transaction (it may already wait for our lock), then lets timers run. */
async function turn(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  for (let v = Atomics.load(gate, 0); v !== 0; v = Atomics.load(gate, 0)) Atomics.wait(gate, 0, v, 20);
}

const slice = <T>(fn: () => T): T => db.transaction(fn).immediate();

async function runStage(job: Extract<RunWriterRequest, { type: 'stage' }>): Promise<void> {
  if (failedRuns.has(job.run.runId)) throw new Error('an earlier part of this run could not be written');
  const to = job.from + job.candidates.length;
  for (let rank = job.from; rank < to;) {
    await turn();
    rank = slice(() =>
      writes.insertCandidateRows(job.run, job.candidates, job.raws, rank, to, { offset: job.from, sliceMs: data.sliceMs }),
    );
  }
}

async function runStageRead(job: Extract<RunWriterRequest, { type: 'stageRead' }>): Promise<void> {
  const answer = answers.get(job.answer);
  answers.delete(job.answer);
  if (!answer) throw new Error('the upload answer is no longer held by the run writer');
  const candidates = answer.response.candidates ?? [];
  for (let rank = 0; rank < candidates.length;) {
    await turn();
    rank = slice(() => writes.insertCandidateRows(job.run, candidates, answer.raws, rank, candidates.length, { sliceMs: data.sliceMs }));
  }
}

async function runLink(job: Extract<RunWriterRequest, { type: 'link' }>): Promise<boolean> {
  jobNow = job.now;
  for (;;) {
    if (stopRequested) return false;
    await turn();
    const r = slice(() => writes.linkSlice(job.runId, data.sliceMs));
    if (!r.more) return r.finished;
  }
}

async function pump(): Promise<void> {
  if (pumping) return;
  pumping = true;
  for (let job = queue.shift(); job; job = queue.shift()) {
    try {
      const finished =
        job.type === 'stage'
          ? (await runStage(job), true)
          : job.type === 'stageRead'
            ? (await runStageRead(job), true)
            : await runLink(job);
      send({ type: 'done', id: job.id, finished });
    } catch (err) {
      if (job.type === 'stage') failedRuns.add(job.run.runId);
      const e = err as { message?: unknown; code?: unknown };
      send({
        type: 'failed',
        id: job.id,
        error: { message: String(e.message ?? err), ...(typeof e.code === 'string' ? { code: e.code } : {}) },
      });
    }
  }
  pumping = false;
  if (stopRequested) {
    db.close();
    port.close();
  }
}

/** Reading an answer does not wait for the jobs queued (a long link job): it takes only this thread's CPU. */
function read(m: Extract<RunWriterRequest, { type: 'read' }>): void {
  let result: Extract<RunWriterResponse, { type: 'read' }>['result'];
  try {
    const d = readUploadAnswer(m.bytes, m.contentType, m.keys);
    if (d.ok) answers.set(m.id, d.value);
    result = d.ok ? { ok: true, value: { head: d.value.head, held: m.id }, raw: null } : d;
  } catch (err) {
    send({ type: 'failed', id: m.id, error: { message: String((err as { message?: unknown }).message ?? err) } });
    return;
  }
  send({ type: 'read', id: m.id, result });
}

port.on('message', (m: RunWriterRequest) => {
  if (m.type === 'stop') stopRequested = true;
  else if (m.type === 'read') return read(m);
  else if (m.type === 'forget') return void answers.delete(m.answer);
  else queue.push(m);
  void pump();
});
send({ type: 'ready' });
