// CSV as spreadsheet programs read it: RFC 4180 quoting, CRLF, a BOM for Excel, and text that a
// spreadsheet could run as a formula neutralised (CSV injection), whichever delimiter it splits on.

/**
 * Characters a spreadsheet may split a line on: the comma, the semicolon (the list separator where the
 * decimal separator is a comma), tab, the pipe (offered by import dialogs), and the line breaks of a
 * reader that ignores quotes. Space is offered by import dialogs too but is left out: a `'` before every
 * " -" or " +" in ordinary text would garble names and affiliations, and no locale splits on it by default.
 */
const DELIMITERS = new Set([',', ';', '\t', '|', '\r', '\n']);

/**
 * A field starting with one of these is read as a formula (OWASP CSV injection; ASVS 1.2.10 adds NUL),
 * and the full-width forms are turned into them by spreadsheets in East Asian locales.
 */
const TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r', '\0', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);

const ANY_DELIMITER = /[,;\t|\r\n]/;

/** What a reader may skip before a field's first character: spaces (when it trims) and quotes (when it unquotes). */
const SKIPPED = new Set([' ', '\u00A0', '"']);

/** A plain decimal number, which a spreadsheet reads as that number and never as a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;

/**
 * The cell's text with a `'` put before every place a field could start with a formula trigger: the
 * cell's start, and after each delimiter inside it. The `'` goes after leading spaces and before quotes,
 * so the field starts with it whether or not the reader trims or unquotes.
 */
function neutralise(s: string, numberAllowed: boolean): string {
  if (numberAllowed && PLAIN_NUMBER.test(s)) return s;
  if (!ANY_DELIMITER.test(s) && !SKIPPED.has(s[0] ?? '') && !TRIGGERS.has(s[0] ?? '')) return s;
  let out = '';
  let start = 0;
  for (let i = 0; i <= s.length; i++) {
    if (i < s.length && !DELIMITERS.has(s[i]!)) continue;
    // s[start, i) is one segment: from the cell's start or a delimiter to the next delimiter (or the end).
    let k = start;
    while (k < i && SKIPPED.has(s[k]!)) k++;
    const risky = TRIGGERS.has(s[k] ?? '') || (k === i && i < s.length && TRIGGERS.has(s[i]!));
    let at = start;
    while (at < k && s[at] !== '"') at++;
    out += risky ? `${s.slice(start, at)}'${s.slice(at, i)}` : s.slice(start, i);
    if (i < s.length) out += s[i];
    start = i + 1;
  }
  return out;
}

/**
 * One cell: lists joined with "; ", formula triggers neutralised, and quoted when it was neutralised or
 * holds a quote, a delimiter or a line break, so a reader that honours quotes keeps it one field on any
 * delimiter.
 * `numberAllowed`: a plain number (such as a score of -0.5) stays a number. Only the first cell of a
 * line is refused that: there a reader splitting on another delimiter than the comma would read the
 * number and the cells after it as one field starting with "-".
 */
export function csvCell(value: unknown, numberAllowed = true): string {
  if (value === null || value === undefined) return '';
  const text = Array.isArray(value) ? value.join('; ') : String(value);
  const s = neutralise(text, numberAllowed);
  return s !== text || s.includes('"') || ANY_DELIMITER.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly unknown[]>): string {
  return '\uFEFF' + [header, ...rows].map((r) => r.map((v, i) => csvCell(v, i > 0)).join(',')).join('\r\n') + '\r\n';
}

/** The delimiter of the header line: comma, semicolon (European Excel) or tab. */
export function detectDelimiter(text: string): string {
  const head = text.split(/\r?\n/, 1)[0] ?? '';
  const counts = [',', ';', '\t'].map((d) => [d, head.split(d).length] as const);
  return counts.sort((a, b) => b[1] - a[1])[0]![0];
}

/** Parses CSV text (RFC 4180: quotes, doubled quotes, CRLF) into rows of cells. */
export function parseCsv(text: string, delimiter = detectDelimiter(text)): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === delimiter) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push(cell);
      if (row.some((c) => c.trim() !== '')) rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  row.push(cell);
  if (row.some((c) => c.trim() !== '')) rows.push(row);
  return rows;
}
