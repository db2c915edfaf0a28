// WAL checkpoints off the main thread. SQLite's automatic checkpoint runs inside whichever commit takes the
// WAL past 1,000 pages: that commit then copies ~4 MB into the database file and fsyncs it twice, on the
// thread that committed — during an upload, one of the sliced writes of the main thread (issue 14).
// Here the cache's connection stops checkpointing (wal_autocheckpoint = 0) and a worker thread with a
// connection of its own looks at the WAL every `everyMs` and runs a PASSIVE checkpoint once it holds
// `minFrames` frames: PASSIVE never waits for the main connection's readers or writer (what it cannot copy
// yet it copies next time), and the main thread only appends to the WAL. If the worker cannot run (it fails
// to start, or dies), the cache's connection goes back to checkpointing itself, so the WAL never grows
// without bound.
//
// Why not checkpoint at every look: once a checkpoint has copied the whole WAL, the next commit starts the
// WAL over from its first frame and SQLite then fsyncs the new WAL header inside that commit, at
// synchronous = NORMAL too (only OFF skips it, and OFF can corrupt the file on a power cut). That commit is
// the main thread's, so a checkpoint after every few commits cost core's loop an fsync at its next write,
// several per upload. Waiting for `minFrames` frames (SQLite's own threshold) makes it one per ~4 MB written.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Database } from 'better-sqlite3';
import { BACKGROUND_PRIORITY } from '../background';
import type { Logger } from '../ports';

/** SQLite's default, restored when the worker is gone. */
const AUTO_CHECKPOINT_PAGES = 1000;

// Plain CommonJS run with `eval`, so the build needs no entry of its own; better-sqlite3 is loaded from the
// path the main thread resolved.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
// copying pages gives way to core's loop when both want a core: this thread's own nice value on Linux,
// as background.ts's lowerThisThread (this source is eval'd and cannot import it)
if (process.platform === 'linux') {
  try {
    const os = require('node:os');
    const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
    if (os.getPriority(tid) < workerData.priority) os.setPriority(tid, workerData.priority);
  } catch {}
}
let last = '';
const timer = setInterval(() => {
  // NOOP copies nothing and takes no lock: how many frames the WAL holds, and how many are in the database file
  const [wal] = db.pragma('wal_checkpoint(NOOP)');
  if (wal.log < workerData.minFrames || wal.checkpointed >= wal.log) return;
  const [r] = db.pragma('wal_checkpoint(PASSIVE)');
  const now = r.log + '/' + r.checkpointed;
  if (r.checkpointed > 0 && now !== last) parentPort.postMessage({ type: 'checkpointed', frames: r.checkpointed, log: r.log });
  last = now;
}, workerData.everyMs);
parentPort.on('message', (m) => {
  if (m !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
parentPort.postMessage({ type: 'ready' });
`;

export interface CheckpointerOptions {
  logger: Logger;
  /** How often the worker looks at the WAL. Default 500 ms. */
  everyMs?: number;
  /** How many frames the WAL holds before the worker checkpoints it. Default 1,000 (SQLite's own). */
  minFrames?: number;
  /** Told when a checkpoint copied frames: how many of the WAL's frames are now in the database file. */
  onCheckpoint?: (frames: number) => void;
  /** The better-sqlite3 entry the worker loads; default: the one this module resolves. */
  driver?: string;
}

export interface WalCheckpointer {
  /** Resolves when the worker has its connection open; rejects with its error when it could not start. */
  readonly ready: Promise<void>;
  /** True while the worker is running (false once it failed, died or was closed). */
  readonly running: boolean;
  /** Stops the worker (its connection closed) and waits for it to exit. */
  close(): Promise<void>;
}

export function checkpointInWorker(db: Database, opts: CheckpointerOptions): WalCheckpointer {
  const driver = opts.driver ?? createRequire(import.meta.url).resolve('better-sqlite3');
  db.pragma('wal_autocheckpoint = 0');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      file: db.name,
      driver,
      everyMs: opts.everyMs ?? 500,
      minFrames: opts.minFrames ?? AUTO_CHECKPOINT_PAGES,
      priority: BACKGROUND_PRIORITY,
    },
  });
  worker.unref(); // never what keeps the process alive
  let running = true;
  let stopping = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  // The worker is gone: the cache checkpoints itself again (said in the log unless it was asked to stop).
  const fallBack = (why: string) => {
    if (!running) return;
    running = false;
    if (!stopping) opts.logger.log('warn', 'WAL checkpoints are back on the main thread', { reason: why });
    if (db.open) db.pragma(`wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
  };
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (m: { type: 'ready' } | { type: 'checkpointed'; frames: number }) => {
      if (m.type === 'ready') resolve();
      else opts.onCheckpoint?.(m.frames);
    });
    worker.once('error', (err) => {
      fallBack(err.message);
      reject(err);
    });
    worker.once('exit', (code) => {
      fallBack(`the checkpoint worker exited (code ${code})`);
      reject(new Error(`the checkpoint worker exited (code ${code})`));
    });
  });
  ready.catch(() => undefined); // reported through the logger; awaiting it is optional
  return {
    ready,
    get running() {
      return running;
    },
    close: async () => {
      if (!running) return exited;
      stopping = true;
      worker.postMessage('stop');
      const timeout = setTimeout(() => void worker.terminate(), 2000);
      await exited;
      clearTimeout(timeout);
    },
  };
}
