// The linear helpers that replaced quadratic regexes on untrusted text (issue 17): same results as the regex
// forms on random strings over the characters that matter, and linear on the attack strings.
import { describe, expect, it } from 'vitest';
import { oneOf, replaceSpans, trimEndWhere, trimStartWhere } from '../../../electron/common/linear';
import { findEmails, tidyName } from '../../../electron/core/intake/text';

function randomStrings(alphabet: string, n: number, seed = 7): string[] {
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) & 0x7fffffff);
  return Array.from({ length: n }, () => Array.from({ length: next() % 24 }, () => alphabet[next() % alphabet.length]).join(''));
}

describe('linear string helpers', () => {
  it('trim like the regex forms they replace', () => {
    for (const s of randomStrings('ab /;,. \t', 2000)) {
      expect(trimEndWhere(s, (c) => c === '/')).toBe(s.replace(/\/+$/, ''));
      expect(trimEndWhere(s, oneOf(';,.', true))).toBe(s.replace(/[;,.\s]+$/, ''));
      expect(trimStartWhere(s, oneOf(';,.', true))).toBe(s.replace(/^[;,.\s]+/, ''));
    }
  });

  it('replaceSpans matches the marker regex, including unclosed and nested opens', () => {
    for (const s of randomStrings('a\u0001\u0002 ', 2000)) {
      // eslint-disable-next-line no-control-regex -- the regex form, as the reference
      expect(replaceSpans(s, '\u0001', '\u0002', (m) => `[${m}]`)).toBe(s.replace(/\u0001([^\u0002]*)\u0002/g, (_, m: string) => `[${m}]`));
    }
  });

  it('name tidying keeps its results: trailing marker numbers and punctuation go', () => {
    expect(tidyName('Ada Lovelace 1, 2;')).toBe('Ada Lovelace');
    expect(tidyName('Grace Hopper2,3')).toBe('Grace Hopper');
    expect(tidyName('Alan Turing , ,')).toBe('Alan Turing');
    expect(findEmails('Mail .ada.l@Example.ORG. or grace @ navy.mil')).toEqual(['ada.l@example.org', 'grace@navy.mil']);
  });

  it('finishes on the attack strings (a million-character run of the repeated character) within the test timeout', () => {
    const run = 1_000_000;
    expect(trimEndWhere(`${'/'.repeat(run)}x`, (c) => c === '/')).toHaveLength(run + 1);
    expect(replaceSpans('\u0001'.repeat(run), '\u0001', '\u0002', () => ' ')).toHaveLength(run);
    expect(tidyName(`A${' '.repeat(run)}x`)).toBe('A x');
    expect(findEmails('a.'.repeat(run / 2))).toEqual([]);
    expect(findEmails(' '.repeat(run))).toEqual([]);
  });
});
