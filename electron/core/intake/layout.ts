/* eslint-disable no-control-regex -- superscript runs are delimited by U+0001 … U+0002 (layout.ts SUP_OPEN/SUP_CLOSE) */
// Page layout from pdf.js text items: rows by baseline, superscripts folded into the row they mark
// (as \u0001…\u0002), rows split into segments at column-sized gaps, and reading order by columns.

import { replaceSpans } from '../../common/linear';
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

/** The length of the overlap of two intervals (0 when they do not meet). */
export function overlap(a0: number, a1: number, b0: number, b1: number): number {
  return Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
}

export const SUP_OPEN = '\u0001';
export const SUP_CLOSE = '\u0002';

export function stripSup(s: string): string {
  return replaceSpans(s, '\u0001', '\u0002', () => ' ')
    .replace(/\s+/g, ' ')
    .trim();
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

/**
 * Whether raised runs sit over or right after the text of a row: each starts within about 1.5 em of a run
 * of the row, or directly after another raised run ("²[0000−0002−…]" continues past the line's end).
 */
function alongside(small: Glyphs[], big: Row): boolean {
  let prevEnd = -Infinity;
  for (const s of [...small].sort((a, b) => a.x - b.x)) {
    const near = big.items.some((b) => s.x >= b.x - 1.5 * big.size && s.x <= b.x + b.w + 1.5 * big.size);
    if (!near && s.x - prevEnd > 0.5 * big.size) return false;
    prevEnd = s.x + s.w;
  }
  return true;
}

/** Groups runs into rows and folds raised, smaller runs into the row below them as superscripts. */
function buildRows(runs: Glyphs[]): Row[] {
  const sorted = runs.filter((r) => r.str.length > 0 && r.size > 0).sort((a, b) => a.top - b.top || a.x - b.x);
  const rows: Row[] = [];
  for (const r of sorted) {
    const row = rows.find(
      (x) => Math.abs(x.top - r.top) <= 0.3 * Math.min(x.size, r.size) && Math.abs(x.size - r.size) <= 0.2 * Math.max(x.size, r.size),
    );
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
        alongside(small.items, big),
    );
    if (host) {
      host.items.push(...small.items.map((i) => ({ ...i, sup: true })));
      merged.add(small);
    }
  }
  for (const row of rows) if (!merged.has(row)) out.push(row);
  for (const row of out) row.items.sort((a, b) => a.x - b.x);
  return joinSideBySide(out).sort((a, b) => a.top - b.top);
}

/** Left and right ends of a row's visible text. */
function extent(row: Row): [number, number] {
  const its = row.items.filter((i) => !i.sup && i.str.trim());
  return its.length ? [Math.min(...its.map((i) => i.x)), Math.max(...its.map((i) => i.x + i.w))] : [Infinity, -Infinity];
}

/**
 * Joins a row to the one that continues it on (nearly) the same baseline in another size: small capitals
 * whose accented letters come from a larger font ("JOSÉ MARÍA PÉREZ," set at 11 pt, 3 pt higher, then
 * ", Universidad de Valmar" at 9 pt) are one line. Rows are joined only when they do not overlap and the
 * gap between them is under an em; the joined row takes the size that carries most characters.
 */
function joinSideBySide(rows: Row[]): Row[] {
  const out = [...rows].sort((a, b) => a.top - b.top);
  for (let i = 0; i < out.length; i++) {
    for (let j = i + 1; j < out.length; j++) {
      const a = out[i]!;
      const b = out[j]!;
      const small = Math.min(a.size, b.size);
      const big = Math.max(a.size, b.size);
      if (b.top - a.top > 0.4 * small) break;
      if (big > 1.3 * small || Math.abs(a.size - b.size) < 0.01) continue;
      const [a0, a1] = extent(a);
      const [b0, b1] = extent(b);
      const gap = a1 <= b0 ? b0 - a1 : b1 <= a0 ? a0 - b1 : -1;
      if (gap < -0.1 * small || gap > big) continue;
      const items = [...a.items, ...b.items].sort((x, y) => x.x - y.x);
      const size = dominantSize(items.filter((x) => !x.sup));
      out[i] = { items, top: size === b.size ? b.top : a.top, size };
      out.splice(j, 1);
      j = i;
    }
  }
  return out;
}

/** Spacing accents as TeX's OT1 fonts set them (a separate glyph before the letter) and their combining forms. */
const SPACING_ACCENT: Record<string, string> = {
  '\u02c7': '\u030c', // ˇ caron
  '\u00b4': '\u0301', // ´ acute
  '\u02dc': '\u0303', // ˜ tilde
  '\u00a8': '\u0308', // ¨ diaeresis
  '\u02c6': '\u0302', // ˆ circumflex
  '\u00af': '\u0304', // ¯ macron
  '\u02d8': '\u0306', // ˘ breve
  '\u02d9': '\u0307', // ˙ dot above
  '\u02da': '\u030a', // ˚ ring above
};
const ACCENT_THEN_LETTER = /([\u02c7\u00b4\u02dc\u00a8\u02c6\u00af\u02d8\u02d9\u02da])(\p{L})/gu;

/** An accent left before a space, a comma or the end: its letter is elsewhere ("PEREZ,´"). */
const STRAY_ACCENT = /[\u02c7\u00b4\u02dc\u00a8\u02c6\u00af\u02d8\u02d9\u02da](?!\p{L})/gu;
/** A cedilla is set after its letter ("GONC¸ALVES"). */
const LETTER_THEN_CEDILLA = /(\p{L})\u00b8/gu;

/** OT1's grave accent comes out as a backquote at the end of a run ("Universit`" + "a di Severo"); only before a vowel. */
const GRAVE_THEN_VOWEL = /`([aeiouAEIOU])/g;

/**
 * "Jiˇr´ı Dvoˇr´ak" → "Jiří Dvořák", "Gonc¸alves" → "Gonçalves", "Universit`a" → "Università": joins spacing
 * accents to their letter. Stray accents (not followed by a letter as read) are dropped first, so one that lost
 * its letter cannot stay in front of an accent that found its own ("MAR´´IA").
 */
export function composeAccents(s: string): string {
  if (!/[\u02c7\u00b4\u02dc\u00a8\u02c6\u00af\u02d8\u02d9\u02da\u00b8`]/.test(s)) return s;
  return (
    s
      .replace(STRAY_ACCENT, '')
      // a letter that already carries its accent (small caps set both) keeps it alone
      .replace(ACCENT_THEN_LETTER, (_, a: string, l: string) =>
        l.normalize('NFD').length > 1 ? l : (l === '\u0131' ? 'i' : l) + SPACING_ACCENT[a]!,
      )
      .replace(LETTER_THEN_CEDILLA, '$1\u0327')
      .replace(GRAVE_THEN_VOWEL, '$1\u0300')
      .normalize('NFC')
  );
}

/**
 * The page's column gutter, if it has one: an x range in the middle part of the text area that (almost) no
 * full-measure row crosses while at least six rows have text on both sides of it. Two-column layouts with a narrow gutter
 * (LaTeX's default 10 pt) are split there even when the gap is under the usual one-em split.
 */
export function findGutter(rows: { items: { x: number; w: number; sup: boolean }[] }[]): { x0: number; x1: number } | null {
  const items = rows.flatMap((r) => r.items.filter((i) => !i.sup && i.w > 0));
  if (items.length < 20) return null;
  const left = Math.floor(Math.min(...items.map((i) => i.x)));
  const right = Math.ceil(Math.max(...items.map((i) => i.x + i.w)));
  const span = right - left;
  if (span < 200) return null;
  const cover = new Int32Array(span + 1);
  const both = new Int32Array(span + 1);
  for (const r of rows) {
    const its = r.items.filter((i) => !i.sup && i.w > 0);
    if (its.length === 0) continue;
    const seen = new Uint8Array(span + 1);
    for (const i of its)
      for (let x = Math.max(0, Math.floor(i.x - left)); x <= Math.min(span, Math.ceil(i.x + i.w - left)); x++) seen[x] = 1;
    const a = Math.floor(Math.min(...its.map((i) => i.x)) - left);
    const b = Math.ceil(Math.max(...its.map((i) => i.x + i.w)) - left);
    // only rows set to the full measure count against a gutter: centred title and author lines cross the middle of two-column pages too
    const full = b - a >= 0.95 * span;
    for (let x = 0; x <= span; x++) {
      if (full) cover[x]! += seen[x]!;
      if (x > a && x < b && !seen[x]) both[x]!++;
    }
  }
  const lo = Math.floor(0.3 * span);
  const hi = Math.ceil(0.7 * span);
  let best = -1;
  for (let x = lo; x <= hi; x++) {
    const ok = both[x]! >= 6 && cover[x]! <= Math.max(4, 0.25 * both[x]!);
    if (ok && (best < 0 || both[x]! - 4 * cover[x]! > both[best]! - 4 * cover[best]!)) best = x;
  }
  if (best < 0) return null;
  const quiet = (x: number) => cover[x]! <= Math.max(4, 0.25 * both[best]!);
  let a = best;
  let b = best;
  while (a > lo && quiet(a - 1)) a--;
  while (b < hi && quiet(b + 1)) b++;
  if (b - a < 4) return null;
  return { x0: a + left, x1: b + left };
}

/**
 * Puts each accent that TeX set as a glyph of its own (a run holding only "´", "ˇ", "¨", …) into the run whose
 * letter it stands over, just before that letter (a cedilla just after it), so composeAccents joins it to the
 * right letter. Small capitals set the accent over a run of several letters ("E MAR" with "´" over the E):
 * in x order it would otherwise follow the whole run ("JOSE MAR´IA"). The letter is the one whose centre,
 * with the run's width shared evenly among its characters, lies nearest the accent's centre. Accents over
 * no run, and runs of more than the accent, are left as they are.
 */
export function placeAccents(runs: Glyphs[]): Glyphs[] {
  const isAccent = (r: Glyphs) => {
    const t = r.str.trim();
    return t.length === 1 && (t in SPACING_ACCENT || t === '\u00b8');
  };
  const out = runs.map((r) => ({ ...r }));
  const placed = new Set<Glyphs>();
  for (const acc of out) {
    if (!isAccent(acc)) continue;
    const centre = acc.x + acc.w / 2;
    const host = out.find(
      (r) =>
        r !== acc &&
        !isAccent(r) &&
        r.w > 0 &&
        centre >= r.x &&
        centre <= r.x + r.w &&
        acc.top <= r.top + 0.1 * r.size &&
        r.top - acc.top <= 0.8 * r.size &&
        Math.abs(acc.size - r.size) <= 0.3 * r.size,
    );
    if (!host) continue;
    const chars = [...host.str];
    const step = host.w / chars.length;
    let best = -1;
    for (let i = 0; i < chars.length; i++) {
      if (!/\p{L}/u.test(chars[i]!)) continue;
      if (best < 0 || Math.abs(host.x + (i + 0.5) * step - centre) < Math.abs(host.x + (best + 0.5) * step - centre)) best = i;
    }
    if (best < 0) continue;
    const mark = acc.str.trim();
    const at = mark === '\u00b8' ? best + 1 : best;
    host.str = [...chars.slice(0, at), mark, ...chars.slice(at)].join('');
    placed.add(acc);
  }
  return out.filter((r) => !placed.has(r));
}

/** Splits each row into segments at gaps wider than about one em (column gutters, separated author blocks). */
export function segmentsOf(runs: Glyphs[], page: number): Segment[] {
  const segs: Segment[] = [];
  const rows = buildRows(placeAccents(runs));
  const gutter = findGutter(rows);
  for (const row of rows) {
    let cur: { text: string; x0: number; x1: number; fonts: Map<string, number> } | null = null;
    const flush = () => {
      if (!cur) return;
      const text = composeAccents(
        cur.text
          .replace(/\u0002\s*\u0001/g, ',')
          .replace(/\s+/g, ' ')
          .trim(),
      );
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
        const acrossGutter = gutter !== null && c.x1 <= gutter.x0 + 1 && it.x >= gutter.x1 - 1 && gap > 0.3 * row.size;
        if ((gap > Math.max(1.1 * row.size, 8) || acrossGutter) && !it.sup) flush();
        else {
          // a space the run ends with cannot separate words when the next run starts inside it: pdf.js put it
          // for the kern before an accent ("SCHR " + "¨ODER,")
          if (gap < -0.05 * row.size && !it.sup && /\s$/.test(c.text)) c.text = c.text.trimEnd();
          const needsSpace = gap > 0.15 * row.size && !/\s$/.test(c.text) && !/^\s/.test(str) && !it.sup;
          // an iD set as one raised run in pieces ("²[0000", "−", "0725", …) stays one run
          const continuesRun =
            it.sup &&
            c.text.endsWith(SUP_CLOSE) &&
            gap < 0.3 * row.size &&
            (/^[\u2212\-\]]/.test(it.str.trim()) || /[\u2212\-[]\u0002$/.test(c.text));
          if (continuesRun) c.text = c.text.slice(0, -1) + it.str.trim() + SUP_CLOSE;
          else c.text += (needsSpace ? ' ' : '') + str;
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
