// "Why this candidate": the candidate's relevant concepts found in the manuscript's title and abstract.
// Matching is by word stems (lower case, diacritics and punctuation ignored, a plural or -ing/-ed ending
// folded), so "lichen" finds "Lichens" and "symbiotic fungi" finds "symbiotic fungus" only where each
// word matches. Pure: no DOM, no Node.

export interface ConceptMatch {
  concept: string;
  /** Where each of the concept's occurrences lies in the text: [start, end) in UTF-16 units. */
  spans: Array<[number, number]>;
}

export interface TextPart {
  text: string;
  /** The concept this part matches, or null for plain text. */
  concept: string | null;
}

const WORD = /[\p{L}\p{N}]+/gu;

function fold(word: string): string {
  return word
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** A light stem: enough to meet plurals and common endings, never shorter than 3 letters. */
export function stem(word: string): string {
  let w = fold(word);
  for (const [suffix, keep] of [
    ['ies', 'y'],
    ['us', ''],
    ['es', ''],
    ['s', ''],
    ['ing', ''],
    ['ed', ''],
    ['i', ''],
  ] as const) {
    if (w.length - suffix.length >= 3 && w.endsWith(suffix) && !(suffix === 's' && w.endsWith('ss'))) {
      w = w.slice(0, -suffix.length) + keep;
      break;
    }
  }
  return w;
}

function words(text: string): Array<{ stem: string; start: number; end: number }> {
  return [...text.matchAll(WORD)].map((m) => ({ stem: stem(m[0]), start: m.index, end: m.index + m[0].length }));
}

/** Each concept with the places it occurs in `text` (every word of the concept, in order, adjacent). */
export function matchConcepts(concepts: readonly string[], text: string): ConceptMatch[] {
  const tokens = words(text);
  return concepts.map((concept) => {
    const parts = words(concept).map((w) => w.stem);
    const spans: Array<[number, number]> = [];
    if (parts.length > 0) {
      for (let i = 0; i + parts.length <= tokens.length; i++) {
        if (parts.every((p, j) => tokens[i + j]!.stem === p)) spans.push([tokens[i]!.start, tokens[i + parts.length - 1]!.end]);
      }
    }
    return { concept, spans };
  });
}

/** The text cut into plain parts and matched parts (for highlighting); overlapping matches keep the first. */
export function highlightParts(text: string, matches: readonly ConceptMatch[]): TextPart[] {
  const spans = matches.flatMap((m) => m.spans.map(([s, e]) => ({ s, e, concept: m.concept }))).sort((a, b) => a.s - b.s || b.e - a.e);
  const out: TextPart[] = [];
  let at = 0;
  for (const { s, e, concept } of spans) {
    if (s < at) continue;
    if (s > at) out.push({ text: text.slice(at, s), concept: null });
    out.push({ text: text.slice(s, e), concept });
    at = e;
  }
  if (at < text.length) out.push({ text: text.slice(at), concept: null });
  return out;
}
