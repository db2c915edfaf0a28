import { describe, expect, it } from 'vitest';
import { PREVIEW_BOUNDS, previewScale } from '../../../renderer/src/features/manuscripts/preview-bounds';

const A4 = { width: 595, height: 842 };
const LETTER = { width: 612, height: 792 };

describe('first-page preview bounds', () => {
  it('draws the page as wide as the pane on a 1× screen', () => {
    const s = previewScale(A4, 430, 1)!;
    expect(Math.round(A4.width * s)).toBe(430);
  });

  it('uses the screen’s pixel ratio, up to the widest bitmap', () => {
    expect(Math.round(LETTER.width * previewScale(LETTER, 430, 2)!)).toBe(860);
    expect(Math.round(LETTER.width * previewScale(LETTER, 700, 2)!)).toBe(PREVIEW_BOUNDS.maxWidth);
    // a ratio past 3 counts as 3
    expect(previewScale(LETTER, 300, 10)).toBe(previewScale(LETTER, 300, 3));
  });

  it('scales a long page down to the tallest bitmap', () => {
    const strip = { width: 200, height: 20_000 };
    const s = previewScale(strip, 500, 2)!;
    expect(strip.height * s).toBeLessThanOrEqual(PREVIEW_BOUNDS.maxHeight);
    expect(strip.width * s).toBeLessThanOrEqual(PREVIEW_BOUNDS.maxWidth);
  });

  it('a huge page declared by the file stays within both bounds', () => {
    const poster = { width: 14_400, height: 14_400 };
    const s = previewScale(poster, 900, 2)!;
    expect(poster.width * s).toBeLessThanOrEqual(PREVIEW_BOUNDS.maxWidth);
    expect(poster.height * s).toBeLessThanOrEqual(PREVIEW_BOUNDS.maxHeight);
  });

  it('no scale for a page or pane with no usable size; a bad pixel ratio counts as 1', () => {
    expect(previewScale({ width: 0, height: 842 }, 400)).toBeNull();
    expect(previewScale({ width: Number.NaN, height: 842 }, 400)).toBeNull();
    expect(previewScale({ width: 595, height: -1 }, 400)).toBeNull();
    expect(previewScale(A4, 0)).toBeNull();
    expect(previewScale(A4, 400, Number.NaN)).toBe(previewScale(A4, 400, 1));
  });

  it('draws one page', () => {
    expect(PREVIEW_BOUNDS.pages).toBe(1);
  });
});
