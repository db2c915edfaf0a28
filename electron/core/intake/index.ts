// IntakeService: checks and reads dropped manuscripts in worker threads, so the main process never stalls
// on a large PDF. Public API of electron/core/intake.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DeskError } from '../../common/errors';
import { emptyResult } from './inspect';
import type { WorkerRequest, WorkerResponse } from './worker';
import type { IntakeOptions, IntakeResult } from './types';

export type { IntakeAuthor, IntakeFormat, IntakeOptions, IntakeResult } from './types';
export { DEFAULT_LIMITS } from './types';
export { inspectFile } from './inspect';
export { checkFile } from './check';

export interface IntakeServiceOptions {
  /**
   * Where the worker entry lives. Default: `worker.ts` next to this module when running from source
   * (tsx, vitest), else `intake-worker.js` next to the bundle that contains this module. A bundled main
   * process passes the URL of the worker entry it emitted (see docs/intake.md).
   */
  workerUrl?: URL;
  /** Number of worker threads, 1–2. Default 1. */
  poolSize?: number;
  /** Per-file time limit in ms; the worker is then restarted and the file reported as too slow. Default 20 s. */
  timeoutMs?: number;
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
}

/** The worker entry URL for the current layout (source or bundle). */
export function defaultWorkerUrl(): URL {
  const here = import.meta.url;
  if (/\.ts$/.test(new URL(here).pathname)) return new URL('./worker.ts', here);
  return new URL('./intake-worker.js', here);
}

export class IntakeService {
  private readonly workerUrl: URL;
  private readonly poolSize: number;
  private readonly timeoutMs: number;
  private readonly defaults: IntakeOptions;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(opts: IntakeServiceOptions = {}) {
    this.workerUrl = opts.workerUrl ?? defaultWorkerUrl();
    this.poolSize = Math.min(2, Math.max(1, opts.poolSize ?? 1));
    this.timeoutMs = opts.timeoutMs ?? 20_000;
    this.defaults = opts.defaults ?? {};
    if (this.workerUrl.protocol === 'file:' && !existsSync(fileURLToPath(this.workerUrl))) {
      throw new DeskError('internal', `intake worker entry not found: ${fileURLToPath(this.workerUrl)}`);
    }
  }

  /** Checks and reads one file off the main thread. Resolves with `error` set on refusal, never rejects. */
  inspect(file: string, opts: IntakeOptions = {}): Promise<IntakeResult> {
    if (this.closed) return Promise.resolve({ ...emptyResult(file), error: new DeskError('cancelled', 'Intake has been shut down.').toShape() });
    return new Promise((resolve) => {
      const id = this.nextId++;
      this.queue.push({ id, req: { id, file, opts: { ...this.defaults, ...opts } }, resolve });
      this.pump();
    });
  }

  /** Stops the workers; queued and running files resolve as cancelled. */
  async close(): Promise<void> {
    this.closed = true;
    const cancelled = (j: Job) => j.resolve({ ...emptyResult(j.req.file), error: new DeskError('cancelled', 'Intake has been shut down.').toShape() });
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
    const ts = this.workerUrl.pathname.endsWith('.ts');
    // from source the worker needs the tsx loader (imports are extension-less TypeScript)
    const worker = new Worker(this.workerUrl, ts ? { execArgv: [...process.execArgv.filter((a) => !a.startsWith('--input-type')), '--import', 'tsx'] } : {});
    worker.unref();
    const slot: Slot = { worker, job: null };
    worker.on('message', (msg: WorkerResponse) => {
      const job = slot.job;
      if (!job || job.id !== msg.id) return;
      clearTimeout(job.timer);
      slot.job = null;
      job.resolve(msg.result);
      this.pump();
    });
    const fail = (why: string) => {
      const job = slot.job;
      slot.job = null;
      this.remove(slot);
      if (job) {
        clearTimeout(job.timer);
        job.resolve({ ...emptyResult(job.req.file), error: new DeskError('internal', why).toShape() });
      }
      this.pump();
    };
    worker.on('error', () => fail('The file reader stopped unexpectedly while reading this file. Fill in the fields by hand.'));
    worker.on('exit', (code) => {
      if (slot.job) fail(`The file reader stopped (exit ${code}) while reading this file. Fill in the fields by hand.`);
      else this.remove(slot);
    });
    this.slots.push(slot);
    return slot;
  }

  private remove(slot: Slot): void {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
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
          error: new DeskError('timeout', `Reading the file took longer than ${Math.round(this.timeoutMs / 1000)} s and was stopped. Fill in the fields by hand.`).toShape(),
        });
        this.pump();
      }, this.timeoutMs);
      slot.worker.postMessage(job.req);
    }
  }
}
