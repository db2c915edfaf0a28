/* eslint-disable no-control-regex -- superscript runs are delimited by U+0001 … U+0002 (layout.ts SUP_OPEN/SUP_CLOSE) */
// Page layout from pdf.js text items: rows by baseline, superscripts folded into the row they mark
// (as \u0001…\u0002), rows split into segments at column-sized gaps, and reading order by columns.

/** One positioned run of text (top = distance of the baseline from the top of the page). */
export interface Glyphs {
  str: string;
  x: number;
  w: number;
  top: number;
  size: number;
  font: string;
}

/** A piece of a row: text between two wide gaps. Superscript runs are wrapped as \u0001…\u0002 in `text`. */
export interface Segment {
  text: string;
  /** The text without superscripts. */
  plain: string;
  x0: number;
  x1: number;
  top: number;
  size: number;
  /** The font that carries most of the segment's characters (pdf.js font id, only compared for equality). */
  font: string;
  page: number;
}

export const SUP_OPEN = '\u0001';
export const SUP_CLOSE = '\u0002';

export function stripSup(s: string): string {
  return s.replace(/\u0001[^\u0002]*\u0002/g, ' ').replace(/\s+/g, ' ').trim();
}

interface Row {
  items: (Glyphs & { sup: boolean })[];
  top: number;
  size: number;
}

function dominantSize(items: Glyphs[]): number {
  const weight = new Map<number, number>();
  for (const it of items) {
    const k = Math.round(it.size * 2) / 2;
    weight.set(k, (weight.get(k) ?? 0) + Math.max(1, it.str.trim().length));
  }
  let best = 0;
  let bestW = -1;
  for (const [k, w] of weight) if (w > bestW || (w === bestW && k > best)) [best, bestW] = [k, w];
  return best;
}

/** Groups runs into rows and folds raised, smaller runs into the row below them as superscripts. */
function buildRows(runs: Glyphs[]): Row[] {
  const sorted = runs.filter((r) => r.str.length > 0 && r.size > 0).sort((a, b) => a.top - b.top || a.x - b.x);
  const rows: Row[] = [];
  for (const r of sorted) {
    const row = rows.find((x) => Math.abs(x.top - r.top) <= 0.3 * Math.min(x.size, r.size) && Math.abs(x.size - r.size) <= 0.2 * Math.max(x.size, r.size));
    if (row) row.items.push({ ...r, sup: false });
    else rows.push({ items: [{ ...r, sup: false }], top: r.top, size: r.size });
  }
  for (const row of rows) row.size = dominantSize(row.items);
  // superscripts: a row of smaller text whose baseline sits up to ~0.75 em above a row of larger text that
  // it interleaves with horizontally
  const out: Row[] = [];
  const candidates = [...rows].sort((a, b) => a.size - b.size);
  const merged = new Set<Row>();
  for (const small of candidates) {
    if (!small.items.some((i) => i.str.trim())) continue;
    const host = rows.find(
      (big) =>
        big !== small &&
        !merged.has(big) &&
        small.size <= 0.85 * big.size &&
        big.top - small.top > 0.1 * big.size &&
        big.top - small.top < 0.75 * big.size &&
        small.items.every((s) => s.str.trim().length <= 12) &&
        small.items.every((s) => big.items.some((b) => s.x >= b.x - 1.5 * big.size && s.x <= b.x + b.w + 1.5 * big.size)),
    );
    if (host) {
      host.items.push(...small.items.map((i) => ({ ...i, sup: true })));
      merged.add(small);
    }
  }
  for (const row of rows) if (!merged.has(row)) out.push(row);
  for (const row of out) row.items.sort((a, b) => a.x - b.x);
  return out.sort((a, b) => a.top - b.top);
}

/** Splits each row into segments at gaps wider than about one em (column gutters, separated author blocks). */
export function segmentsOf(runs: Glyphs[], page: number): Segment[] {
  const segs: Segment[] = [];
  for (const row of buildRows(runs)) {
    let cur: { text: string; x0: number; x1: number; fonts: Map<string, number> } | null = null;
    const flush = () => {
      if (!cur) return;
      const text = cur.text.replace(/\u0002\s*\u0001/g, ',').replace(/\s+/g, ' ').trim();
      const plain = stripSup(text);
      const font = [...cur.fonts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
      if (plain || text) segs.push({ text, plain, x0: cur.x0, x1: cur.x1, top: row.top, size: row.size, font, page });
      cur = null;
    };
    for (const it of row.items) {
      const str = it.sup ? `${SUP_OPEN}${it.str.trim()}${SUP_CLOSE}` : it.str;
      if (!it.str.trim()) {
        if (cur !== null) {
          const c = cur;
          if (it.x - c.x1 > Math.max(1.1 * row.size, 8)) flush();
          else if (!/\s$/.test(c.text)) c.text += ' ';
        }
        continue;
      }
      if (cur !== null) {
        const c = cur;
        const gap = it.x - c.x1;
        if (gap > Math.max(1.1 * row.size, 8) && !it.sup) flush();
        else {
          const needsSpace = gap > 0.15 * row.size && !/\s$/.test(c.text) && !/^\s/.test(str) && !it.sup;
          c.text += (needsSpace ? ' ' : '') + str;
          c.x1 = Math.max(c.x1, it.x + it.w);
          if (!it.sup) c.fonts.set(it.font, (c.fonts.get(it.font) ?? 0) + it.str.length);
          continue;
        }
      }
      cur = { text: str, x0: it.x, x1: it.x + it.w, fonts: new Map(it.sup ? [] : [[it.font, it.str.length]]) };
    }
    flush();
  }
  return segs;
}

/**
 * Orders segments for reading: full-width segments break the flow; between them, a left column is read
 * before a right column.
 */
export function readingOrder(segs: Segment[], pageWidth: number): Segment[] {
  const mid = pageWidth / 2;
  const isLeft = (s: Segment) => s.x1 <= mid + 0.02 * pageWidth;
  const isRight = (s: Segment) => s.x0 >= mid - 0.02 * pageWidth;
  const out: Segment[] = [];
  let left: Segment[] = [];
  let right: Segment[] = [];
  const flush = () => {
    out.push(...left, ...right);
    left = [];
    right = [];
  };
  const sorted = [...segs].sort((a, b) => a.top - b.top || a.x0 - b.x0);
  for (const s of sorted) {
    if (isLeft(s) && !isRight(s)) left.push(s);
    else if (isRight(s) && !isLeft(s)) right.push(s);
    else {
      flush();
      out.push(s);
    }
  }
  flush();
  return out;
}
