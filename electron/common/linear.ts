// String trims and scans in linear time, for untrusted text (manuscripts, service answers, webhook bodies):
// the regex forms they replace (`[…]+$`, `\u0001[^\u0002]*\u0002`) are retried from every start position,
// which is quadratic on a long run of the repeated character (eslint regexp/no-super-linear-move).

const SPACE = /\s/;

/** Whether `ch` (one character) is white space as `\s` means it. */
export const isSpace = (ch: string): boolean => SPACE.test(ch);

/** `s` without the characters at its end for which `drop` is true (`s.replace(/[…]+$/, '')`). */
export function trimEndWhere(s: string, drop: (ch: string) => boolean): string {
  let end = s.length;
  while (end > 0 && drop(s[end - 1]!)) end--;
  return end === s.length ? s : s.slice(0, end);
}

/** `s` without the characters at its start for which `drop` is true (`s.replace(/^[…]+/, '')`). */
export function trimStartWhere(s: string, drop: (ch: string) => boolean): string {
  let start = 0;
  while (start < s.length && drop(s[start]!)) start++;
  return start === 0 ? s : s.slice(start);
}

/** A predicate for "one of these characters", plus white space when `space` is set. */
export const oneOf =
  (chars: string, space = false) =>
  (ch: string): boolean =>
    chars.includes(ch) || (space && isSpace(ch));

/**
 * Replaces every `open … close` span (the first `close` after each `open`) by `fn(inner)`:
 * `s.replace(/\u0001([^\u0002]*)\u0002/g, (_, inner) => fn(inner))` in one pass.
 */
export function replaceSpans(s: string, open: string, close: string, fn: (inner: string) => string): string {
  let out = '';
  let from = 0;
  for (;;) {
    const at = s.indexOf(open, from);
    if (at < 0) break;
    const end = s.indexOf(close, at + open.length);
    if (end < 0) break; // no close after this open: none after any later open either
    out += s.slice(from, at) + fn(s.slice(at + open.length, end));
    from = end + close.length;
  }
  return from === 0 ? s : out + s.slice(from);
}
