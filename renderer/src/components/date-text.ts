// Dates as the editor reads and types them, and as the app stores them (YYYY-MM-DD, a calendar day with no time zone).
import { format, isValid, parse } from 'date-fns';

/** How a day is shown: "28 Nov 2026". */
const SHOWN = 'd MMM yyyy';
/** The forms a typed date may take, besides the shown one: the stored form and the usual English orders. */
const TYPED = [SHOWN, 'yyyy-MM-dd', 'd MMMM yyyy', 'd MMM, yyyy', 'MMM d yyyy', 'MMM d, yyyy', 'MMMM d yyyy', 'MMMM d, yyyy'];
const ISO = /^\d{4}-\d{2}-\d{2}$/;
/** A year is always written whole: "28 Nov 26" or "2026-11-2" halfway through typing is not yet a date. */
const WHOLE_YEAR = /^\d{4}-\d{1,2}-\d{1,2}$|\D\d{4}$/;
/** A fixed day to parse against: nothing in TYPED leaves a field to it, so the result never depends on today. */
const REFERENCE = new Date(2000, 0, 1);

export const DATE_HINT = 'write it as 28 Nov 2026 or 2026-11-28';

/** The stored day as a local Date at midnight (what the calendar works with); null for no day or a malformed one. */
export function isoToDate(iso: string | null): Date | null {
  if (iso === null || !ISO.test(iso)) return null;
  const d = parse(iso, 'yyyy-MM-dd', REFERENCE);
  return isValid(d) ? d : null;
}

export function dateToIso(d: Date): string {
  return format(d, 'yyyy-MM-dd');
}

/** "28 Nov 2026" for 2026-11-28; a value that is not a stored day is shown as it is. */
export function formatDateText(iso: string | null): string {
  if (iso === null) return '';
  const d = isoToDate(iso);
  return d ? format(d, SHOWN) : iso;
}

export type ParsedDate = { date: string | null } | { error: string };

/**
 * What the editor typed, as a stored day: "2026-11-28", "28 Nov 2026", "28 november 2026", "Nov 28, 2026"
 * (case, extra spaces, a dot after the month and "Sept" do not matter). Empty is no date (null). Anything else,
 * and a day that does not exist (31 Feb), is an error in the editor's words.
 */
export function parseDateText(typed: string): ParsedDate {
  const text = typed
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/\b([a-z]{3,9})\./gi, '$1')
    .replace(/\bsept\b/gi, 'Sep');
  if (text === '') return { date: null };
  if (WHOLE_YEAR.test(text)) {
    for (const form of TYPED) {
      const d = parse(text, form, REFERENCE);
      if (isValid(d) && d.getFullYear() >= 1000) return { date: dateToIso(d) };
    }
  }
  return { error: `“${typed.trim().slice(0, 40)}” is not a date: ${DATE_HINT}` };
}

/**
 * Whether a date typed so far is complete enough to take at once, before the field is left: the stored form
 * with a two-digit day, or any form ending in a four-digit year. "2026-11-2" may still become 2026-11-28.
 */
export function isWholeDate(typed: string): boolean {
  const text = typed.trim();
  return ISO.test(text) || (/\D\d{4}$/.test(text) && !/^\d{4}-/.test(text));
}
