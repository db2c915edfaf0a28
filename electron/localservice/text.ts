// Text normalisation shared by the index, the manuscript parser and record matching.
import { oneOf, trimEndWhere } from '../common/linear';

const STOPWORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between both but by can ' +
    'could did do does doing down during each few for from further had has have having he her here hers him his how i if in into is ' +
    'it its itself just me more most my no nor not now of off on once only or other our ours out over own same she should so some ' +
    'such than that the their theirs them then there these they this those through to too under until up very was we were what ' +
    'when where which while who whom why will with would you your yours et al fig figure table tables figures however thus using ' +
    'used use based study studies result results show shows shown showed found may might within without across among via per ' +
    'one two three four five six seven eight nine ten first second third new well also e g ie eg i.e e.g doi http https www org ' +
    'com vol pp journal press university department paper article method methods data analysis approach role effect effects'
  ).split(/\s+/),
);

/** Lower-case ASCII folding: strips diacritics so "Müller" and "Muller" compare equal. */
export function fold(s: string): string {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(s)) return s.toLowerCase();
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** A deliberately light stemmer (plural and a few suffixes): enough to join "networks"/"network". */
export function stem(w: string): string {
  if (w.length <= 4) return w;
  if (w.endsWith('ies') && w.length > 5) return w.slice(0, -3) + 'y';
  if (w.endsWith('sses')) return w.slice(0, -2);
  if (w.endsWith('ss') || w.endsWith('us') || w.endsWith('is')) return w;
  if (w.endsWith('s')) return w.slice(0, -1);
  return w;
}

const WORD = /[a-z][a-z0-9-]*[a-z0-9]|[a-z]/g;

/** Raw lower-case word tokens (no stop-word removal), used for phrase matching. */
export function words(text: string): string[] {
  return fold(text).match(WORD) ?? [];
}

/** Index terms: folded, stop words and short tokens removed, stemmed. */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const w of words(text)) {
    if (w.length < 3 || STOPWORDS.has(w)) continue;
    out.push(stem(w));
  }
  return out;
}

/** Stemmed word sequence of a phrase, for matching concept phrases in text. */
export function phraseKey(text: string): string {
  return words(text).map(stem).join(' ');
}

/** Normalised person-name key: "given-initial-free first name + last name", folded. */
export function nameKey(name: string): string {
  const parts = splitName(name);
  return `${fold(parts.first).replace(/[^a-z]/g, '')} ${fold(parts.last).replace(/[^a-z]/g, '')}`.trim();
}

const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv']);

export interface NameParts {
  first: string;
  middle: string | null;
  last: string;
  suffix: string | null;
}

/** Splits "First M. Last Jr" or "Last, First M." into parts. */
export function splitName(raw: string): NameParts {
  let s = raw.trim().replace(/\s+/g, ' ');
  let suffix: string | null = null;
  if (s.includes(',')) {
    const [a, ...rest] = s.split(',').map((x) => x.trim());
    const tail = rest.join(' ').trim();
    if (tail && SUFFIXES.has(tail.toLowerCase().replace(/\./g, ''))) {
      suffix = tail;
      s = a!;
    } else if (a && tail) {
      s = `${tail} ${a}`;
    }
  }
  const tokens = s.split(' ').filter(Boolean);
  const lastTok = tokens[tokens.length - 1];
  if (tokens.length > 2 && lastTok && SUFFIXES.has(lastTok.toLowerCase().replace(/\./g, ''))) {
    suffix = lastTok;
    tokens.pop();
  }
  if (tokens.length === 0) return { first: '', middle: null, last: '', suffix };
  if (tokens.length === 1) return { first: '', middle: null, last: tokens[0]!, suffix };
  const first = tokens[0]!;
  const last = tokens[tokens.length - 1]!;
  const middle = tokens.length > 2 ? tokens.slice(1, -1).join(' ') : null;
  return { first, middle, last, suffix };
}

export function normEmail(e: string): string {
  return e.trim().toLowerCase();
}

/** ORCID in its bare form 0000-0000-0000-000X (accepts URLs), or null when it is not one. */
export function normOrcid(o: string): string | null {
  const m = /(\d{4}-\d{4}-\d{4}-\d{3}[\dX])/i.exec(o);
  return m ? m[1]!.toUpperCase() : null;
}

/** DOI in lower case without resolver prefix, or null. */
export function normDoi(d: string): string | null {
  const m = /(10\.\d{4,9}\/[^\s"<>]+)/i.exec(d);
  return m ? trimEndWhere(m[1]!, oneOf('.,;)]')).toLowerCase() : null;
}

/** Title key for loose equality: folded alphanumerics separated by single spaces. */
export function titleKey(t: string): string {
  return words(t).join(' ');
}
