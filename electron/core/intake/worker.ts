// Worker-thread entry of the IntakeService. Self-contained: it imports only the intake modules (and through
// them pdfjs-dist, mammoth-free DOCX parsing, yauzl), so a bundler can emit it as one extra entry file.
// Protocol: the parent posts {id, file, opts}; the worker answers {id, result}. A result never throws.
import { parentPort } from 'node:worker_threads';
import { inspectFile } from './inspect';
import type { IntakeOptions, IntakeResult } from './types';

export interface WorkerRequest {
  id: number;
  file: string;
  opts: IntakeOptions;
}

export interface WorkerResponse {
  id: number;
  result: IntakeResult;
}

if (parentPort) {
  const port = parentPort;
  port.on('message', (msg: WorkerRequest) => {
    void inspectFile(msg.file, msg.opts).then((result) => port.postMessage({ id: msg.id, result } satisfies WorkerResponse));
  });
}
