// Worker-thread entry of the IntakeService. Self-contained: it imports only the intake modules and
// ../background (and through them pdfjs-dist and yauzl), so the main-process build emits it as its own entry file (intake-worker.js).
// The parent starts it with resourceLimits (bounds.ts): a file that needs more heap kills this worker only.
// Protocol: the parent posts {id, file, opts}; the worker answers {id, result}. A result never throws.
import { parentPort } from 'node:worker_threads';
import { lowerThisThread } from '../background';
import { InflateBudget, withBudget } from './bounds';
import { inspectFile } from './inspect';
import { extractPdf } from './pdf';
import { boundPdfjs } from './pdftext';
import { warmupPdf } from './warmup';
import type { IntakeOptions, IntakeResult } from './types';

export interface WorkerRequest {
  id: number;
  file: string;
  opts: IntakeOptions;
}

export type WorkerResponse =
  | { id: number; result: IntakeResult }
  /** pdf.js is loaded and has read the warm-up manuscript once: this worker is warm. */
  | { ready: true };

if (parentPort) {
  const port = parentPort;
  // parsing gives way to core's loop when both want a core (background.ts)
  lowerThisThread();
  // a warm worker has pdf.js loaded and its reading code compiled (one parse of warmup.ts's page) before the
  // first file arrives; a failed warm-up only leaves the worker cold
  void boundPdfjs()
    .then(() => withBudget(new InflateBudget(), () => extractPdf(warmupPdf())))
    .catch(() => undefined)
    .then(() => port.postMessage({ ready: true } satisfies WorkerResponse));
  port.on('message', (msg: WorkerRequest) => {
    void inspectFile(msg.file, msg.opts).then((result) => port.postMessage({ id: msg.id, result } satisfies WorkerResponse));
  });
}
