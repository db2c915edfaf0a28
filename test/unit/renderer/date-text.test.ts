// Dates as the editor types and reads them (renderer/src/components/date-text.ts): what the date field takes,
// what it refuses and in which words, what it shows, and when a date typed so far is taken before the field is left.
import { describe, expect, it } from 'vitest';
import { dateToIso, formatDateText, isWholeDate, isoToDate, parseDateText } from '../../../renderer/src/components/date-text';

describe('parseDateText', () => {
  it.each([
    ['2026-11-28', '2026-11-28'],
    ['28 Nov 2026', '2026-11-28'],
    ['28 nov 2026', '2026-11-28'],
    ['  28   Nov.  2026 ', '2026-11-28'],
    ['28 November 2026', '2026-11-28'],
    ['28 Nov, 2026', '2026-11-28'],
    ['Nov 28 2026', '2026-11-28'],
    ['Nov 28, 2026', '2026-11-28'],
    ['November 28, 2026', '2026-11-28'],
    ['5 Sept 2027', '2027-09-05'],
    ['2027-1-5', '2027-01-05'],
    ['29 Feb 2028', '2028-02-29'],
    ['1 Jan 2000', '2000-01-01'],
  ])('takes %j as %s', (typed, iso) => {
    expect(parseDateText(typed)).toEqual({ date: iso });
  });

  it('takes an empty field as no date', () => {
    expect(parseDateText('')).toEqual({ date: null });
    expect(parseDateText('   ')).toEqual({ date: null });
  });

  it.each([
    '31 Feb 2026',
    '29 Feb 2027',
    '2026-13-01',
    '2026-00-10',
    '28 Nov 26',
    '28 Nov',
    'tomorrow',
    '28/11/2026',
    '11/28/2026',
    'Nov 2026',
    '2026',
  ])('refuses %j in the editor’s words', (typed) => {
    const out = parseDateText(typed);
    expect(out).toEqual({ error: `“${typed}” is not a date: write it as 28 Nov 2026 or 2026-11-28` });
  });

  it('quotes at most 40 characters of what was typed', () => {
    const out = parseDateText('x'.repeat(500));
    expect('error' in out && out.error).toBe(`“${'x'.repeat(40)}” is not a date: write it as 28 Nov 2026 or 2026-11-28`);
  });
});

describe('formatDateText', () => {
  it('shows a stored day in the editor’s words', () => {
    expect(formatDateText('2026-11-28')).toBe('28 Nov 2026');
    expect(formatDateText('2027-01-05')).toBe('5 Jan 2027');
    expect(formatDateText(null)).toBe('');
  });

  it('shows a value that is not a stored day as it is, rather than an invented date', () => {
    expect(formatDateText('2026-02-31')).toBe('2026-02-31');
    expect(formatDateText('soon')).toBe('soon');
  });

  it('round-trips through the parser', () => {
    for (const iso of ['2026-11-28', '2026-01-01', '2028-02-29', '2030-12-31'])
      expect(parseDateText(formatDateText(iso))).toEqual({ date: iso });
  });
});

describe('isoToDate and dateToIso', () => {
  it('turn a stored day into a local midnight and back, whatever the time of day', () => {
    const d = isoToDate('2026-11-28')!;
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours()]).toEqual([2026, 10, 28, 0]);
    expect(dateToIso(d)).toBe('2026-11-28');
    expect(dateToIso(new Date(2026, 10, 28, 23, 59))).toBe('2026-11-28');
    expect(isoToDate(null)).toBeNull();
    expect(isoToDate('2026-02-31')).toBeNull();
    expect(isoToDate('28 Nov 2026')).toBeNull();
  });
});

describe('isWholeDate', () => {
  it('takes a date at once only when typing it cannot go on', () => {
    expect(isWholeDate('2026-11-28')).toBe(true);
    expect(isWholeDate('28 Nov 2026')).toBe(true);
    expect(isWholeDate('Nov 28, 2026')).toBe(true);
    // 2026-11-2 may become 2026-11-28; "28 Nov 202" may become 2026.
    expect(isWholeDate('2026-11-2')).toBe(false);
    expect(isWholeDate('28 Nov 202')).toBe(false);
    expect(isWholeDate('28 Nov')).toBe(false);
    expect(isWholeDate('')).toBe(false);
  });
});
