// The run writer: an upload answer's bulk writes — its candidate rows and, once the run is committed, its
// author links and reviewer-ledger suggestions — made by a worker thread with a better-sqlite3 connection of
// its own on the cache's file (issue 14; Signal's ts/sql/main.main.ts runs its SQLite the same way). On the
// main thread they were 6 ms slices plus their commits and the disk's waits, every turn of the loop while a
// run was written. ManuscriptsRepository posts the work here when the writer runs and falls back to its own
// slices otherwise; both run the same code (run-writes.ts).
//
// Two connections write one WAL file, one at a time: the worker writes in slices of at most
// WORKER_SLICE_MS, each its own IMMEDIATE transaction (busy_timeout), and starts none while the main
// connection is inside a ChangeFeed transaction (the shared `writerGate`), so a write of the main thread
// waits at most for the slice under way.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Database } from 'better-sqlite3';
import type { Candidate } from '../../common/service';
import type { Logger } from '../ports';
import { runnableWorker } from '../worker-source';
import type { Decoded } from '../api/answer';
import type { RunHead, RunTarget } from './run-writes';

/** Longest transaction of the worker: what a write of the main thread may have to wait for. */
export const WORKER_SLICE_MS = 4;

/** main → worker */
export type RunWriterRequest =
  | {
      type: 'stage';
      id: number;
      run: RunTarget;
      /** Ranks [from, from + candidates.length). */
      from: number;
      candidates: readonly Candidate[];
      raws: readonly unknown[] | null;
    }
  | { type: 'link'; id: number; runId: number; now: number }
  /** An upload answer's bytes: read, validated and kept here (its head goes back), see readUploadAnswer. */
  | { type: 'read'; id: number; bytes: Uint8Array; contentType: string | undefined; keys: readonly string[] }
  /** Writes every candidate row of an answer read here (then lets it go). */
  | { type: 'stageRead'; id: number; run: RunTarget; answer: number }
  /** Lets an answer read here go unwritten. */
  | { type: 'forget'; answer: number }
  | { type: 'stop' };

/** An upload answer read by the worker: what the main thread needs, and the answer's number there. */
export interface HeldAnswer {
  head: RunHead;
  held: number;
}

/** worker → main */
export type RunWriterResponse =
  | { type: 'ready' }
  | { type: 'done'; id: number; finished: boolean }
  | { type: 'read'; id: number; result: Decoded<HeldAnswer> }
  | { type: 'failed'; id: number; error: { message: string; code?: string } };

export interface RunWriterData {
  file: string;
  driver: string;
  gate: SharedArrayBuffer;
  sliceMs: number;
}

/** The worker is gone (it died, or could not start): what it had not written is the main thread's to write. */
export class RunWriterGone extends Error {
  constructor(why: string) {
    super(`the run writer stopped: ${why}`);
    this.name = 'RunWriterGone';
  }
}

export interface RunWriter {
  /** Resolves when the worker has its connection open; rejects with its error when it could not start. */
  readonly ready: Promise<void>;
  /** True from start until the worker fails, dies or is closed. */
  readonly running: boolean;
  /** Writes candidate rows [from, from + candidates.length) of a staged run, in slices. */
  stage(run: RunTarget, from: number, candidates: readonly Candidate[], raws: readonly unknown[] | null): Promise<void>;
  /**
   * Links a committed run from runs.links_next to its end, `now` as its time. `finished`: this job linked
   * its last candidates (false when there was nothing to link, or the writer was closed before the end).
   */
  link(runId: number, now: number): Promise<{ finished: boolean }>;
  /**
   * Reads an upload answer's bytes in the worker (redacting `keys`): its head, and the answer kept there
   * until stageRead writes it or forget lets it go; or why it cannot be used, in the editor's words.
   */
  read(bytes: Uint8Array, contentType: string | undefined, keys: readonly string[]): Promise<Decoded<HeldAnswer>>;
  /** Writes every candidate row of an answer read by the worker into a staged run, in slices. */
  stageRead(run: RunTarget, held: number): Promise<void>;
  /** Lets an answer read by the worker go unwritten. */
  forget(held: number): void;
  /** Lets the worker finish the candidate rows it was given, stops linking at the next slice, waits for it to exit. */
  close(): Promise<void>;
}

export interface RunWriterOptions {
  logger: Logger;
  /** The main connection's ChangeFeed.writerGate. */
  gate: Int32Array;
  /** The better-sqlite3 entry the worker loads; default: the one this module resolves. */
  driver?: string;
  /** The worker entry; default: the built `run-writer.js`, or `run-writer-worker.ts` from source. */
  entry?: URL;
}

/**
 * The worker file, fixed at build time: electron.vite.config.ts emits `run-writer` as an entry and writes
 * its path, relative to the output chunk holding this module, over this marker. From source the marker
 * stays and the worker is `run-writer-worker.ts` next to this file (bundled by runnableWorker).
 */
const BUNDLED_WORKER = '__RUN_WRITER_FILE__' as string;

function defaultEntry(): URL {
  if (BUNDLED_WORKER.endsWith('.js')) return new URL(BUNDLED_WORKER, import.meta.url);
  return new URL('./run-writer-worker.ts', import.meta.url);
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  kind: 'stage' | 'link' | 'read';
}

function workerError(e: { message: string; code?: string }): Error {
  const err = new Error(e.message) as Error & { code?: string };
  if (e.code !== undefined) err.code = e.code;
  return err;
}

/** Starts the worker. If it cannot start or dies, `running` turns false and the log says why. */
export function startRunWriter(db: Database, opts: RunWriterOptions): RunWriter {
  const driver = opts.driver ?? createRequire(import.meta.url).resolve('better-sqlite3');
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let running = true;
  let stopping = false;
  let worker: Worker;
  const data: RunWriterData = { file: db.name, driver, gate: opts.gate.buffer as SharedArrayBuffer, sliceMs: WORKER_SLICE_MS };
  try {
    const entry = opts.entry ?? defaultEntry();
    if (!existsSync(fileURLToPath(entry))) throw new Error(`its entry is missing: ${fileURLToPath(entry)}`);
    // no loader flags of the parent (tsx): the worker is plain JavaScript
    worker = new Worker(runnableWorker(entry), { workerData: data, execArgv: [] });
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    opts.logger.log('warn', 'The run writer could not start; upload answers are written on the main thread', { reason: why });
    const failed = Promise.reject(new RunWriterGone(why));
    failed.catch(() => undefined);
    return {
      ready: failed,
      running: false,
      stage: () => Promise.reject(new RunWriterGone(why)),
      link: () => Promise.reject(new RunWriterGone(why)),
      read: () => Promise.reject(new RunWriterGone(why)),
      stageRead: () => Promise.reject(new RunWriterGone(why)),
      forget: () => undefined,
      close: () => Promise.resolve(),
    };
  }
  worker.unref(); // never what keeps the process alive
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));

  // The worker is gone: whatever it had not answered goes back to the main thread (a link job stopped by
  // close() just ends: the run is linked at the next start, from runs.links_next).
  const gone = (why: string) => {
    if (!running) return;
    running = false;
    if (!stopping) opts.logger.log('warn', 'The run writer stopped; upload answers are written on the main thread', { reason: why });
    for (const p of pending.values()) {
      if (stopping && p.kind === 'link') p.resolve(false);
      else p.reject(new RunWriterGone(why));
    }
    pending.clear();
  };

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (m: RunWriterResponse) => {
      if (m.type === 'ready') return resolve();
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if (m.type === 'done') p.resolve(m.finished);
      else if (m.type === 'read') p.resolve(m.result);
      else p.reject(workerError(m.error));
    });
    worker.once('error', (err) => {
      gone(err.message);
      reject(new RunWriterGone(err.message));
    });
    worker.once('exit', (code) => {
      gone(`the worker exited (code ${code})`);
      reject(new RunWriterGone(`the worker exited (code ${code})`));
    });
  });
  ready.catch(() => undefined); // reported through the logger; awaiting it is optional

  const post = <T>(kind: Pending['kind'], build: (id: number) => RunWriterRequest): Promise<T> => {
    if (!running || stopping) return Promise.reject(new RunWriterGone(stopping ? 'it was closed' : 'it is not running'));
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject, kind });
      worker.postMessage(build(id));
    });
  };

  return {
    ready,
    get running() {
      return running;
    },
    stage: async (run, from, candidates, raws) => {
      await post('stage', (id) => ({ type: 'stage', id, run: { runId: run.runId, profileId: run.profileId }, from, candidates, raws }));
    },
    link: async (runId, now) => ({ finished: await post<boolean>('link', (id) => ({ type: 'link', id, runId, now })) }),
    // the bytes are copied into the message (not transferred), so the caller can still read them itself if the worker dies
    read: (bytes, contentType, keys) => post<Decoded<HeldAnswer>>('read', (id) => ({ type: 'read', id, bytes, contentType, keys })),
    stageRead: async (run, held) => {
      await post('stage', (id) => ({ type: 'stageRead', id, run: { runId: run.runId, profileId: run.profileId }, answer: held }));
    },
    forget: (held) => {
      if (running && !stopping) worker.postMessage({ type: 'forget', answer: held } satisfies RunWriterRequest);
    },
    close: async () => {
      if (!running) return exited;
      stopping = true;
      worker.postMessage({ type: 'stop' } satisfies RunWriterRequest);
      const timeout = setTimeout(() => void worker.terminate(), 5000);
      await exited;
      clearTimeout(timeout);
    },
  };
}
