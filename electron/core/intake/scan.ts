// A text layer that is noise: an OCR scan whose recogniser turned formulas, stains and small print into strings
// such as "(tanh^): - 2 ^ ( 0 [ - 8 4 0 a / # 2". Measured without a dictionary, over the first page's tokens:
// a token reads as a word when it is letters (a capital, then lower case; or all capitals) with inner hyphens or
// apostrophes, a number, a mixed letters-then-digits label, an address or a link. Typeset pages, also those with
// formulas and author lists full of markers, keep under 16 % of other tokens (the real material: the highest
// 15 %, the OCR scan 39 %); so a page of 60 or more tokens with 30 % others is read as a scan's guesses.

import { oneOf, trimEndWhere, trimStartWhere } from '../../common/linear';

/** Fewest tokens a page needs before its share is trusted (a title page with a few lines says little). */
const MIN_TOKENS = 60;
/** Share of tokens that read as no word from which the text layer is taken for noise. */
const NOISE_SHARE = 0.3;
/** Share under which a piece of such a page (its abstract) still reads as text and is kept. */
const CLEAN_SHARE = 0.1;

const LEADING = oneOf('("\'“‘[');
const TRAILING = oneOf(')"\'”’],.;:!?*');
const WORDLIKE = [
  /^\p{L}[\p{Ll}\p{M}'’]*(?:-\p{L}[\p{Ll}\p{M}'’]*)*$/u, // Word, word, Fifth-order, Woo-Pyo, don't
  /^[\p{Lu}\p{M}]+(?:-[\p{Lu}\p{M}]+)*$/u, // IEEE, CAPITALS
  /^\d+(?:[.,:/–-]\d+)*$/u, // 272, 712-702, 1.5
  /^\p{L}+\d*$/u, // P027, v2
  /@|https?:|www\./u, // addresses and links
];

/** How many tokens the texts hold and the share of them that read as no word, number or address. */
export function nonWordShare(texts: readonly string[]): { tokens: number; share: number } {
  let tokens = 0;
  let other = 0;
  for (const text of texts)
    for (const raw of text.split(/\s+/)) {
      const t = trimEndWhere(trimStartWhere(raw, LEADING), TRAILING);
      if (!t) continue;
      tokens++;
      if (!WORDLIKE.some((re) => re.test(t))) other++;
    }
  return { tokens, share: tokens ? other / tokens : 0 };
}

/** Whether a page's text reads as an OCR layer's noise rather than typeset text. */
export function looksLikeScanGuesses(texts: readonly string[]): boolean {
  const { tokens, share } = nonWordShare(texts);
  return tokens >= MIN_TOKENS && share >= NOISE_SHARE;
}

/** Whether texts read as running text (few tokens that are no word): what of a noisy page may still be kept. */
export function readsAsText(texts: readonly string[]): boolean {
  const { tokens, share } = nonWordShare(texts);
  return tokens > 0 && share < CLEAN_SHARE;
}
