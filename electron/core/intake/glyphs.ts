// Glyphs pdf.js could not map to Unicode. Old Type 1 and subset fonts with a custom encoding and no ToUnicode
// entry for their ligatures come out as U+0000 (or another control character, a private-use code point, U+FFFD)
// in the text layer: "Sha\u0000ei", "e\u0000cient". pdf.js does not hand its glyph names to the text layer, so
// the ligature is inferred without a dictionary: of fi, ff, fl, ffi and ffl the one that makes a word the same
// document prints elsewhere, else fi (the most common ligature). Any other such code point is dropped: the
// layout uses U+0001/U+0002 to mark raised text, and nothing of this kind may reach the form.

/** Ligatures a font may set as one glyph, the default first. */
export const LIGATURES = ['fi', 'ff', 'fl', 'ffi', 'ffl'] as const;

/** Code points with no text of their own: control characters, private use, the replacement character. */
const UNMAPPED = /[\p{Cc}\p{Co}\uFFFD]/u;
const WORD_WITH_UNMAPPED = /[\p{L}\p{M}\p{Cc}\p{Co}\uFFFD]+/gu;
/** Beyond this many unmapped glyphs in one word every combination is not tried: each becomes fi. */
const MAX_SLOTS = 3;

/** Whether a string holds a code point the form must never show. */
export function hasUnmapped(s: string): boolean {
  return UNMAPPED.test(s);
}

/** Removes control characters, private-use code points and U+FFFD (a last guard before the form). */
export function dropUnmapped(s: string): string {
  return s
    .replace(/[\p{Cc}\p{Co}\uFFFD]/gu, (c) => (/\s/.test(c) ? ' ' : ''))
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** Counts the lower-cased words of texts (words holding an unmapped glyph are left out), adding to `into`. */
export function wordCounts(texts: Iterable<string>, into = new Map<string, number>()): Map<string, number> {
  for (const t of texts)
    for (const token of t.split(/\s+/)) {
      if (!token || UNMAPPED.test(token)) continue;
      for (const w of token.toLowerCase().match(/\p{L}+/gu) ?? []) into.set(w, (into.get(w) ?? 0) + 1);
    }
  return into;
}

function combinations(slots: number): string[][] {
  let out: string[][] = [[]];
  for (let i = 0; i < slots; i++) out = out.flatMap((c) => LIGATURES.map((l) => [...c, l]));
  return out;
}

/** One word with unmapped glyphs, its letters around them: each slot becomes a ligature or nothing. */
function repairWord(word: string, known: ReadonlyMap<string, number>): string {
  const parts = word.split(/([\p{Cc}\p{Co}\uFFFD])/u);
  // parts alternate: text, glyph, text, glyph, …, text
  const slots: number[] = [];
  const endSlots: number[] = [];
  for (let i = 1; i < parts.length; i += 2) {
    const before = parts[i - 1]!;
    const after = parts[i + 1]!;
    if (/^\p{Ll}/u.test(after)) slots.push(i);
    else if (/\p{Ll}$/u.test(before) && after === '') endSlots.push(i); // "sta\u0000": only when the document knows the word
  }
  const build = (fill: Map<number, string>) => parts.map((p, i) => (i % 2 === 1 ? (fill.get(i) ?? '') : p)).join('');
  const all = [...slots, ...endSlots];
  if (all.length > 0 && all.length <= MAX_SLOTS) {
    let best: { text: string; count: number } | null = null;
    for (const combo of combinations(all.length)) {
      const text = build(new Map(all.map((slot, k) => [slot, combo[k]!])));
      const count = known.get(text.toLowerCase()) ?? 0;
      if (count > 0 && (best === null || count > best.count)) best = { text, count };
    }
    if (best) return best.text;
  }
  return build(new Map(slots.map((slot) => [slot, 'fi'])));
}

/**
 * A run's text with its unmapped glyphs resolved: ligatures inside or at the start of a word from the words the
 * document prints (`known`, from `wordCounts`), every other unmapped code point dropped (whitespace ones become
 * spaces).
 */
export function repairText(str: string, known: ReadonlyMap<string, number>): string {
  if (!UNMAPPED.test(str)) return str;
  const spaced = str.replace(/[\t\n\v\f\r\u0085]/g, ' ');
  return spaced.replace(WORD_WITH_UNMAPPED, (w) => (UNMAPPED.test(w) ? repairWord(w, known) : w));
}
