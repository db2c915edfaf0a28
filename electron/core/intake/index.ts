// IntakeService: checks and reads dropped manuscripts in a pool of bounded worker threads, so the main
// process never stalls on a large PDF and a hostile file kills only its worker. Public API of
// electron/core/intake.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DeskError } from '../../common/errors';
import { INTAKE_BOUNDS } from './bounds';
import { runnableWorker } from '../worker-source';
import { emptyResult } from './result';
import type { WorkerRequest, WorkerResponse } from './worker';
import type { IntakeOptions, IntakeResult } from './types';

export type { IntakeAuthor, IntakeFormat, IntakeOptions, IntakeResult } from './types';
export { DEFAULT_LIMITS } from './types';
export { INTAKE_BOUNDS } from './bounds';
export { checkFile } from './check';

export interface IntakeServiceOptions {
  /** Where the worker entry lives. Default: defaultWorkerUrl(). */
  workerUrl?: URL;
  /** Number of worker threads, 1–4. Default: defaultPoolSize() (from the machine's cores, 2–3). */
  poolSize?: number;
  /** Per-file time limit in ms; the worker is then replaced and the file reported as too slow. Default 15 s. */
  timeoutMs?: number;
  /** V8 heap of each worker in MB (resourceLimits.maxOldGenerationSizeMb). Default 160. */
  heapMb?: number;
  /** Options applied to every file (root folder, limits); per-call options override them. */
  defaults?: IntakeOptions;
}

interface Job {
  id: number;
  req: WorkerRequest;
  resolve: (r: IntakeResult) => void;
  timer?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  /** pdf.js loaded (the worker said so). */
  ready: boolean;
}

/**
 * The worker file, fixed at build time: electron.vite.config.ts emits `intake-worker` as its own entry and
 * writes its path, relative to whichever output chunk holds this module, over this marker. From source
 * (tsx, vitest) the marker stays and the worker is `worker.ts` next to this file.
 */
const BUNDLED_WORKER = '__INTAKE_WORKER_FILE__' as string;

/** The worker entry URL: the emitted `intake-worker.js` in a build, `worker.ts` from source. */
export function defaultWorkerUrl(): URL {
  if (BUNDLED_WORKER.endsWith('.js')) return new URL(BUNDLED_WORKER, import.meta.url);
  return new URL('./worker.ts', import.meta.url);
}

/** Workers kept warm: one fewer than the cores, at least 2 (a hostile file never holds up the next) and at most 3. */
export function defaultPoolSize(cores = availableParallelism()): number {
  return Math.min(3, Math.max(2, cores - 1));
}

const OUT_OF_MEMORY =
  'This file is too complex to read: it needs more memory than a manuscript does, so reading it ' +
  'was stopped. Fill in the fields by hand, or export the file again.';

export class IntakeService {
  private workerUrl: URL;
  readonly poolSize: number;
  private readonly timeoutMs: number;
  private readonly heapMb: number;
  private readonly defaults: IntakeOptions;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private warmed = false;
  private closed = false;
  private readonly warmWaiters: Array<() => void> = [];

  constructor(opts: IntakeServiceOptions = {}) {
    this.workerUrl = opts.workerUrl ?? defaultWorkerUrl();
    this.poolSize = Math.min(4, Math.max(1, Math.round(opts.poolSize ?? defaultPoolSize())));
    this.timeoutMs = opts.timeoutMs ?? INTAKE_BOUNDS.timeoutMs;
    this.heapMb = opts.heapMb ?? INTAKE_BOUNDS.workerHeapMb;
    this.defaults = opts.defaults ?? {};
    if (this.workerUrl.protocol === 'file:' && !existsSync(fileURLToPath(this.workerUrl))) {
      throw new DeskError('internal', `intake worker entry not found: ${fileURLToPath(this.workerUrl)}`);
    }
    this.workerUrl = runnableWorker(this.workerUrl);
  }

  /**
   * Starts the whole pool now (call it after the first paint), so a dropped file costs only its parsing.
   * Workers that die later are replaced straight away. Without it, workers start at the first file.
   */
  warm(): void {
    if (this.closed) return;
    this.warmed = true;
    while (this.slots.length < this.poolSize) this.spawn();
  }

  /** Settles when every worker in the pool has pdf.js loaded (at once when there is none). */
  whenWarm(): Promise<void> {
    return new Promise((resolve) => {
      this.warmWaiters.push(resolve);
      this.tellWarm();
    });
  }

  private tellWarm(): void {
    if (this.closed || this.slots.every((s) => s.ready)) for (const w of this.warmWaiters.splice(0)) w();
  }

  /** Threads alive in the pool (busy or idle). */
  get size(): number {
    return this.slots.length;
  }

  /** Checks and reads one file off the main thread. Resolves with `error` set on refusal, never rejects. */
  inspect(file: string, opts: IntakeOptions = {}): Promise<IntakeResult> {
    if (this.closed)
      return Promise.resolve({ ...emptyResult(file), error: new DeskError('cancelled', 'Intake has been shut down.').toShape() });
    return new Promise((resolve) => {
      const id = this.nextId++;
      this.queue.push({ id, req: { id, file, opts: { ...this.defaults, ...opts } }, resolve });
      this.pump();
    });
  }

  /** Stops the workers; queued and running files resolve as cancelled. */
  async close(): Promise<void> {
    this.closed = true;
    this.tellWarm();
    const cancelled = (j: Job) =>
      j.resolve({ ...emptyResult(j.req.file), error: new DeskError('cancelled', 'Intake has been shut down.').toShape() });
    for (const j of this.queue.splice(0)) cancelled(j);
    await Promise.all(
      this.slots.splice(0).map(async (s) => {
        if (s.job) {
          clearTimeout(s.job.timer);
          cancelled(s.job);
        }
        await s.worker.terminate();
      }),
    );
  }

  private spawn(): Slot {
    const worker = new Worker(this.workerUrl, {
      // no loader flags of the parent (tsx): the worker is plain JavaScript
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: this.heapMb, maxYoungGenerationSizeMb: INTAKE_BOUNDS.workerYoungMb },
    });
    worker.unref();
    const slot: Slot = { worker, job: null, ready: false };
    worker.on('message', (msg: WorkerResponse) => {
      if ('ready' in msg) {
        slot.ready = true;
        this.tellWarm();
        return;
      }
      const job = slot.job;
      if (!job || job.id !== msg.id) return;
      clearTimeout(job.timer);
      slot.job = null;
      job.resolve(msg.result);
      this.pump();
    });
    // the worker is gone: its file gets the reason, and a warm pool gets a fresh worker
    const gone = (error: DeskError | null) => {
      if (!this.slots.includes(slot)) return;
      const job = slot.job;
      slot.job = null;
      this.remove(slot);
      if (job) {
        clearTimeout(job.timer);
        job.resolve({ ...emptyResult(job.req.file), error: (error ?? crashed()).toShape() });
        this.refill();
      } else this.pump(); // an idle worker that died is not restarted in a loop; the next file starts one
    };
    worker.on('error', (err: NodeJS.ErrnoException) => {
      gone(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new DeskError('invalid_file', OUT_OF_MEMORY) : crashed());
    });
    worker.on('exit', () => gone(null));
    this.slots.push(slot);
    return slot;
  }

  private remove(slot: Slot): void {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    this.tellWarm();
  }

  /** After a worker died or was stopped: keep a warm pool full, then hand out queued files. */
  private refill(): void {
    if (this.closed) return;
    if (this.warmed) while (this.slots.length < this.poolSize) this.spawn();
    this.pump();
  }

  private pump(): void {
    if (this.closed) return;
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => s.job === null) ?? (this.slots.length < this.poolSize ? this.spawn() : null);
      if (!slot) return;
      const job = this.queue.shift()!;
      slot.job = job;
      job.timer = setTimeout(() => {
        if (slot.job !== job) return;
        slot.job = null;
        this.remove(slot);
        void slot.worker.terminate();
        job.resolve({
          ...emptyResult(job.req.file),
          error: new DeskError(
            'timeout',
            `Reading the file took longer than ${Math.round(this.timeoutMs / 1000)} s and was stopped. Fill in the fields by hand.`,
          ).toShape(),
        });
        this.refill();
      }, this.timeoutMs);
      slot.worker.postMessage(job.req);
    }
  }
}

function crashed(): DeskError {
  return new DeskError('internal', 'The file reader stopped unexpectedly while reading this file. Fill in the fields by hand.');
}
