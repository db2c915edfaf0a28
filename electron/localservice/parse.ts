// Manuscript source files (PDF or DOCX) to text, with light extraction of title, authors, emails, ORCIDs,
// abstract and the reference list (manuscript-text.ts). Every file is read in one bounded worker thread
// (reader-worker.ts), never on the service's own thread: a hostile file costs at most the worker, and the
// service answers it with a 400 and reads the next file.
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { INTAKE_BOUNDS } from '../core/intake/bounds';
import { runnableWorker } from '../core/worker-source';
import type { ParsedManuscript } from './manuscript-text';
import type { ReaderAnswer, ReaderRequest, ReaderResult } from './reader-worker';

export type { ParsedManuscript } from './manuscript-text';

export class SourceFileError extends Error {}

const MB = 1024 * 1024;

/** What reading one source file may cost: a manuscript has tens of pages, not a million. The worker reads
 * with the intake's inflate and ZIP guards (INTAKE_BOUNDS: 32 MB per stream or XML part, 96 MB per file)
 * and the intake worker's heap; the parent also caps the worker's ArrayBuffer and other off-heap memory,
 * which the heap limit does not count, and stops it at the time limit. */
export const PARSE_LIMITS = {
  pages: INTAKE_BOUNDS.maxPages,
  textChars: 10_000_000,
  timeMs: 30_000,
  /** V8 heap of the reader worker, the intake worker's. */
  heapMb: INTAKE_BOUNDS.workerHeapMb,
  /** Off-heap memory of the reader worker (ArrayBuffers: the file itself, inflated streams, pdf.js's buffers). */
  externalMb: 192,
  /** How often the parent reads the worker's memory while a file is read. */
  memoryCheckMs: 25,
} as const;

export function sniffFormat(buf: Buffer): 'pdf' | 'docx' | null {
  if (buf.subarray(0, 1024).includes('%PDF-')) return 'pdf';
  if (buf.length > 4 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04 && buf.includes('word/')) return 'docx';
  return null;
}

/** The limits one file is read under; the heap limit is the worker's, set when it starts. */
export type FileLimits = Record<'pages' | 'textChars' | 'timeMs' | 'externalMb', number>;

export async function parseSourceFile(buf: Buffer, limits: FileLimits = PARSE_LIMITS): Promise<ParsedManuscript> {
  const format = sniffFormat(buf);
  if (!format) throw new SourceFileError('source_file must be a PDF or DOCX file');
  const answer = await readInWorker(format, buf, limits);
  if ('refused' in answer) throw new SourceFileError(answer.refused);
  return answer.parsed;
}

// ---------------------------------------------------------------- the reader worker

/**
 * The worker file, fixed at build time: electron.vite.config.ts emits `sandbox-reader` as its own entry and
 * writes its path, relative to whichever output chunk holds this module, over this marker. From source
 * (tsx, vitest) the marker stays and the worker is `reader-worker.ts`, bundled once per process.
 */
const BUNDLED_READER = '__SANDBOX_READER_FILE__' as string;

function readerUrl(): URL {
  if (BUNDLED_READER.endsWith('.js')) return new URL(BUNDLED_READER, import.meta.url);
  return runnableWorker(new URL('./reader-worker.ts', import.meta.url));
}

let reader: Worker | null = null;
let nextJob = 1;
/** Files are read one at a time: the service has one reader. */
let queue: Promise<unknown> = Promise.resolve();

function startReader(): Worker {
  const url = readerUrl();
  const worker = new Worker(url.protocol === 'file:' ? fileURLToPath(url) : url, {
    // no loader flags of the parent (tsx): the worker is plain JavaScript
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: PARSE_LIMITS.heapMb, maxYoungGenerationSizeMb: INTAKE_BOUNDS.workerYoungMb },
  });
  worker.unref();
  return worker;
}

const outOfMemory = (mb: number) => `source_file is too complex to read: it needs more than ${mb} MB of memory`;

function readInWorker(format: 'pdf' | 'docx', buf: Buffer, limits: FileLimits): Promise<ReaderResult> {
  const run = () =>
    new Promise<ReaderResult>((resolve) => {
      const worker = (reader ??= startReader());
      const id = nextJob++;
      let settled = false;
      const finish = (answer: ReaderResult, stop: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearInterval(watch);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (stop) {
          if (reader === worker) reader = null;
          void worker.terminate();
        }
        resolve(answer);
      };
      const onMessage = (msg: ReaderAnswer) => {
        if (msg.id === id) finish(msg, false);
      };
      const onError = (err: NodeJS.ErrnoException) =>
        finish(
          {
            refused:
              err.code === 'ERR_WORKER_OUT_OF_MEMORY'
                ? outOfMemory(PARSE_LIMITS.heapMb)
                : `source_file could not be parsed as ${format.toUpperCase()}: ${err.message}`,
          },
          true,
        );
      const onExit = () => finish({ refused: `source_file could not be parsed as ${format.toUpperCase()}: the reader stopped` }, true);
      const timer = setTimeout(
        () => finish({ refused: `source_file took longer than ${limits.timeMs / 1000} s to read` }, true),
        limits.timeMs,
      );
      // resourceLimits bound the V8 heap only; ArrayBuffers (the file, inflated data, pdf.js's buffers) are
      // external memory, read from the running worker and capped here
      const watch = setInterval(() => {
        worker.getHeapStatistics().then(
          (h) => {
            if (h.external_memory > limits.externalMb * MB) finish({ refused: outOfMemory(limits.externalMb) }, true);
          },
          () => undefined,
        );
      }, PARSE_LIMITS.memoryCheckMs);
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      const data = new Uint8Array(buf.byteLength);
      data.set(buf);
      const req: ReaderRequest = { id, format, data, limits: { pages: limits.pages, textChars: limits.textChars } };
      worker.postMessage(req, [data.buffer]);
    });
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}
