import { useEffect, useState } from 'react';

/** Average width of an e-mail's characters in the table's small text, in ems (Inter: lower case, digits, dots). */
const CHAR_EM = 0.58;
/** What the cell gives to other things than the text: its padding and the copy button. */
const CELL_EXTRA_PX = 44;

/**
 * How many characters of the table's small text fit on one line of a column, from the width of its header cell
 * (one ResizeObserver for the column, not one measure per cell); `fallback` until the header is laid out.
 */
export function useColumnChars(tableSelector: string, column: string, fallback: number): number {
  const [chars, setChars] = useState(fallback);
  useEffect(() => {
    let observer: ResizeObserver | null = null;
    let frame = 0;
    const attach = () => {
      const cell = document.querySelector<HTMLElement>(`${tableSelector} [role="columnheader"][data-col="${column}"]`);
      if (!cell) {
        frame = requestAnimationFrame(attach);
        return;
      }
      // The cells' small text (--text-sm), not the header's size.
      const px = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--text-sm')) || 12;
      const measure = () => setChars(Math.max(8, Math.floor((cell.getBoundingClientRect().width - CELL_EXTRA_PX) / (px * CHAR_EM))));
      measure();
      observer = new ResizeObserver(measure);
      observer.observe(cell);
    };
    attach();
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
    };
  }, [tableSelector, column]);
  return chars;
}
