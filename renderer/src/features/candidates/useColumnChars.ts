import { useEffect, useState } from 'react';

/** Average width of an e-mail's characters in the table's small text, in ems (Inter: lower case, digits, dots). */
const CHAR_EM = 0.58;
/** What the cell gives to other things than the text: its padding and the copy button. */
const CELL_EXTRA_PX = 44;

/**
 * How many characters of the table's small text fit on one line of a column, from the width of its header cell
 * (one ResizeObserver for the column, not one measure per cell); `fallback` until the header is laid out.
 */
export const useColumnChars = (tableSelector: string, column: string, fallback: number): number =>
  useFitChars(`${tableSelector} [role="columnheader"][data-col="${column}"]`, fallback, CELL_EXTRA_PX);

/**
 * How many characters of the small text fit on one line of every element `selector` finds (a column the rows
 * share; the narrowest wins, as one row may give room to a button the others lack), less `extraPx` they give to
 * other things; `fallback` until they are laid out. A null selector measures nothing (nothing to show yet);
 * `element` names what is measured, so that other elements taking their place are measured in their turn.
 */
export function useFitChars(selector: string | null, fallback: number, extraPx: number, element?: unknown): number {
  const [chars, setChars] = useState(fallback);
  useEffect(() => {
    if (selector === null) return;
    let observer: ResizeObserver | null = null;
    let frame = 0;
    const attach = () => {
      const cells = [...document.querySelectorAll<HTMLElement>(selector)];
      if (cells.length === 0) {
        frame = requestAnimationFrame(attach);
        return;
      }
      // The cells' small text (--text-sm), not the header's size.
      const px = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--text-sm')) || 12;
      const measure = () => {
        const width = Math.min(...cells.map((cell) => cell.getBoundingClientRect().width));
        setChars(Math.max(8, Math.floor((width - extraPx) / (px * CHAR_EM))));
      };
      measure();
      observer = new ResizeObserver(measure);
      for (const cell of cells) observer.observe(cell);
    };
    attach();
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
    };
  }, [selector, extraPx, element]);
  return chars;
}
