// Bounds of the first-page preview beside the upload form: one page, a bounded bitmap, a time limit.

export const PREVIEW_BOUNDS = {
  /** Widest bitmap in device pixels (a 500 px pane on a 2× screen). */
  maxWidth: 1000,
  /** Tallest bitmap in device pixels (a long page is scaled down to it). */
  maxHeight: 1600,
  /** Pages drawn: the first. */
  pages: 1,
  /** Time opening the PDF and drawing its first page may take before the preview is given up. */
  timeoutMs: 8_000,
} as const;

/**
 * The scale that draws a page of `width`×`height` points `paneWidth` CSS pixels wide on a screen of
 * `pixelRatio`, within the bitmap bounds; null for a page or pane with no usable size.
 */
export function previewScale(
  page: { width: number; height: number },
  paneWidth: number,
  pixelRatio = 1,
  bounds: { maxWidth: number; maxHeight: number } = PREVIEW_BOUNDS,
): number | null {
  const { width, height } = page;
  const ok = (n: number) => Number.isFinite(n) && n > 0;
  if (!ok(width) || !ok(height) || !ok(paneWidth)) return null;
  const ratio = ok(pixelRatio) ? Math.min(pixelRatio, 3) : 1;
  const targetWidth = Math.min(bounds.maxWidth, paneWidth * ratio);
  return Math.min(targetWidth / width, bounds.maxHeight / height);
}
