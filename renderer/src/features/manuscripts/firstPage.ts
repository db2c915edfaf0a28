// The staged PDF's first page drawn into a canvas with pdf.js, whose parser runs in its own worker (a script
// of the app's, CSP worker-src 'self'). pdf.js loads only when a form with a preview opens.
import type * as PdfJsModule from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { desk } from '../../platform/instance';
import { PREVIEW_BOUNDS, previewScale } from './preview-bounds';

export type FirstPageOutcome = 'drawn' | 'docx' | 'too-large' | 'failed';

type PdfJs = typeof PdfJsModule;
let lib: Promise<PdfJs> | null = null;

function pdfjs(): Promise<PdfJs> {
  lib ??= import('pdfjs-dist').then((m) => {
    m.GlobalWorkerOptions.workerPort = new Worker(workerUrl, { type: 'module' });
    return m;
  });
  return lib;
}

/**
 * Draws page 1 of the staged file `fileId` into `canvas`, sized for a pane `paneWidth` CSS pixels wide.
 * Never throws: a Word file, a PDF too large to send, or one that cannot be drawn in time says so.
 */
export async function drawFirstPage(
  fileId: string,
  canvas: HTMLCanvasElement,
  paneWidth: number,
  signal: AbortSignal,
): Promise<FirstPageOutcome> {
  let task: { destroy(): Promise<void> } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let finished = false;
  const work = async (): Promise<FirstPageOutcome> => {
    const source = await desk().invoke('intake.preview', { fileId });
    if (source.kind !== 'pdf' || source.data === null) return source.kind === 'pdf' ? 'failed' : source.kind;
    const { getDocument } = await pdfjs();
    if (signal.aborted) return 'failed';
    const loading = getDocument({
      data: source.data,
      disableFontFace: true,
      enableXfa: false,
      stopAtErrors: false,
      verbosity: 0,
    });
    task = loading;
    const doc = await loading.promise;
    if (finished) {
      void loading.destroy().catch(() => undefined);
      return 'failed';
    }
    const page = await doc.getPage(PREVIEW_BOUNDS.pages);
    const base = page.getViewport({ scale: 1 });
    const scale = previewScale(base, paneWidth, window.devicePixelRatio);
    if (scale === null || signal.aborted) return 'failed';
    const viewport = page.getViewport({ scale });
    canvas.width = Math.max(1, Math.floor(viewport.width));
    canvas.height = Math.max(1, Math.floor(viewport.height));
    const ctx = canvas.getContext('2d');
    if (!ctx) return 'failed';
    // paper is white in both themes
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas, canvasContext: ctx, viewport, annotationMode: 0 }).promise;
    return 'drawn';
  };
  const late = new Promise<FirstPageOutcome>((resolve) => {
    timer = setTimeout(() => resolve('failed'), PREVIEW_BOUNDS.timeoutMs);
    signal.addEventListener('abort', () => resolve('failed'), { once: true });
  });
  try {
    return await Promise.race([work().catch((): FirstPageOutcome => 'failed'), late]);
  } finally {
    finished = true;
    clearTimeout(timer);
    // the document and its worker-side state go as soon as the page is drawn (the bitmap stays in the canvas)
    void (task as { destroy(): Promise<void> } | null)?.destroy().catch(() => undefined);
  }
}
