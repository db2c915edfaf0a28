// Format-independent text heuristics shared by the PDF and DOCX readers: e-mail and ORCID patterns,
// name recognition, author-line splitting and section headings. Which author an address or iD belongs to is
// decided in decisions.ts.
import { isSpace, oneOf, replaceSpans, trimEndWhere, trimStartWhere } from '../../common/linear';

/** Collapses whitespace and trims. */
export function clean(s: string): string {
  return s.replace(/[\s\u00a0\u2000-\u200b\u202f]+/g, ' ').trim();
}

/** The number of words with a letter in them. */
export function wordCount(s: string): number {
  return s.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;
}

/** Lower-case ASCII letters only: for comparing a name with an e-mail local part. */
export function fold(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

// ---------------------------------------------------------------- e-mail and ORCID

const LOCAL = "[A-Za-z0-9][A-Za-z0-9._%+'-]*";
const DOMAIN = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\\.[A-Za-z]{2,}';
const GROUPED = new RegExp(`[{(\\[]([A-Za-z0-9._%+'\\s,|;-]+)[})\\]]\\s*@\\s*(${DOMAIN})`, 'g');
// starts only where a run of local-part characters starts (its leading punctuation in the first group)
const SINGLE = new RegExp(`(?<![A-Za-z0-9._%+'-])([._%+'-]*)(${LOCAL})\\s?@\\s?(${DOMAIN})`, 'g');

/**
 * Every e-mail address in the text, in order of appearance, lower-cased domain, without duplicates.
 * Understands grouped forms: "{a, b}@x.org", "(a|b)@x.org", "[a,b]@x". A handle written "@name@server" (a
 * Mastodon account) is not an address.
 */
export function findEmails(text: string): string[] {
  const out: string[] = [];
  const push = (local: string, domain: string) => {
    const l = trimEndWhere(trimStartWhere(local, oneOf(".'-")), oneOf(".'-"));
    const d = trimEndWhere(domain, (c) => c === '.').toLowerCase();
    if (!l || !/\.[a-z]{2,}$/.test(d)) return;
    const e = `${l}@${d}`;
    if (!out.some((x) => x.toLowerCase() === e.toLowerCase())) out.push(e);
  };
  const t = text.replace(/(?:(?<!\s)\s+)?@\s*/g, '@');
  const covered: [number, number][] = [];
  for (const m of t.matchAll(GROUPED)) {
    const locals = m[1]!.split(/[\s,|;]+/).filter(Boolean);
    if (locals.length < 1 || locals.some((l) => !new RegExp(`^${LOCAL}$`).test(l))) continue;
    for (const l of locals) push(l, m[2]!);
    covered.push([m.index, m.index + m[0].length]);
  }
  for (const m of t.matchAll(SINGLE)) {
    const at = m.index + m[1]!.length;
    if (covered.some(([a, b]) => at >= a && at < b)) continue;
    if (t[m.index - 1] === '@') continue; // "@name@server.social": a fediverse handle, not an address
    push(m[2]!, m[3]!);
  }
  return out;
}

/** ISO 7064 MOD 11-2 check of an ORCID iD. */
export function validOrcid(id: string): boolean {
  const digits = id.replace(/-/g, '');
  if (!/^\d{15}[\dX]$/.test(digits)) return false;
  let total = 0;
  for (let i = 0; i < 15; i++) total = (total + Number(digits[i])) * 2;
  const check = (12 - (total % 11)) % 11;
  return digits[15] === (check === 10 ? 'X' : String(check));
}

/**
 * Groups joined by spaces, hyphens or the minus/dash signs TeX classes set (llncs prints "0000−0002−…"); a
 * hyphen may end a line ("ORCID: 0000-0300-" / "1515-6938").
 */
const SEP = '(?:[\\-\\u2010-\\u2013\\u2212]\\s?|\\s)?';
const ORCID_RE = new RegExp(`(\\d{4})${SEP}(\\d{4})${SEP}(\\d{4})${SEP}(\\d{3}[\\dXx])\\b`, 'g');

/** ORCID iDs (checksum-valid) in order of appearance, each with its position in the text. */
export function findOrcids(text: string): { id: string; index: number }[] {
  const out: { id: string; index: number }[] = [];
  for (const m of text.matchAll(ORCID_RE)) {
    const id = `${m[1]}-${m[2]}-${m[3]}-${m[4]!.toUpperCase()}`;
    if (validOrcid(id) && !out.some((o) => o.id === id)) out.push({ id, index: m.index });
  }
  return out;
}

// ---------------------------------------------------------------- names

/** Lower-case words inside a name in European languages ("Jan van der Berg", "Marta da Silva"): shared by the
 * name rules here and the PDF reader's name-list test (pdf.ts), each adding its own few. */
export const NAME_PARTICLES = ['da', 'das', 'de', 'del', 'della', 'der', 'den', 'di', 'dos', 'du', 'la', 'le', 'van', 'von', 'ter', 'ten'];

/** Lower-case joiners in Arabic and Iberian names ("Ahmed bin Said", "José Ortega y Gasset"). */
export const NAME_JOINERS = ['bin', 'ibn', 'al', 'y', 'e'];

/** Lower-case words that are part of a name but not a given name or surname. */
export const PARTICLES = new Set([...NAME_PARTICLES, ...NAME_JOINERS, 'zu', 'st.']);
const DEGREES =
  /^(Ph\.?D\.?|PHD|M\.?D\.?|M\.?Sc\.?N?|B\.?Sc\.?N?|MBBS|MBChB|M\.?P\.?H\.?|MS|MA|BA|BS|RN|FRCPC?|FACS|DPhil|Dr\.?|Prof\.?|Professor|Mr\.?|Mrs\.?|Ms\.?)$/;
const SUFFIXES = /^(jr\.?|sr\.?|ii|iii|iv)$/i;
const TITLES = /^(dr|prof|professor|mr|mrs|ms|sir)\.?$/i;

/** Words that mark an organisation, address or prose rather than a person's name (whole words: "in" is not the start of "Inês"). */
const NON_NAME = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(univ|universit|institut|department|dept|school|college|faculty|laborator|lab|` +
    String.raw`centre|center|hospital|clinic|research|academy|foundation|inc|ltd|gmbh|corporation|corp|company|` +
    String.raw`group|division|unit|program|programme|science|sciences|engineering|technology|medicine|medical|` +
    String.raw`street|road|avenue|way|drive|boulevard|square|place|state|email|e-mail|correspond|abstract|` +
    String.raw`introduction|keywords|journal|vol|proceedings|conference|workshop|received|accepted|published|` +
    String.raw`copyright|licen[cs]e|article|paper|review|study|analysis|using|based|model|approach|data|system|` +
    String.raw`systems|open access|citation|editor|http|www|doi|arxiv|preprint|author|authors|affiliation|` +
    String.raw`contributed|equally|equal|contribution|note|address|present|current|visiting|national|international|` +
    String.raw`ministry|council|agency|society|association|museum|observatory|china|usa|germany|canada|france|` +
    String.raw`italy|japan|india|uk|spain|brazil|australia|switzerland|netherlands|the|of|for|in|on|at|to|with|by|` +
    String.raw`from|we|our|this|that|is|are|was|were|has|have|summary|background|methods|results|conclusions?|` +
    String.raw`objectives?)(?![\p{L}\p{N}])`,
  'iu',
);

/** True for a word that can be part of a personal name ("Anne", "J.", "Yu.A.", "QUIRK", "O'Neil", "Britto-Borges"). */
function nameWord(w: string): boolean {
  if (PARTICLES.has(w.toLowerCase())) return true;
  if (SUFFIXES.test(w)) return true;
  if (/^(\p{Lu}\p{Ll}?\.){1,3}$/u.test(w) || /^\p{Lu}\.?$/u.test(w)) return true; // initials
  if (/^\p{Lu}\.-?\p{Lu}\.$/u.test(w)) return true;
  return /^(\p{Lu}[\p{Ll}\p{Lu}'’]*\.?)([-‐'’]\p{Lu}?[\p{Ll}\p{Lu}]+)*$/u.test(w) && !/^\p{Lu}{2,}\.$/u.test(w);
}

/** Strips degrees, titles, markers and stray punctuation from a candidate name. */
export function tidyName(raw: string): string {
  let s = clean(raw.replace(/[*∗†‡§¶#✉⁎⋆♠♢♡♣♦♥◊•∘⊥⊤\u2020\u2021]/g, ' ').replace(/\(\s*\)/g, ' '));
  s = trimStartWhere(trimEndWhere(s.replace(/^(and|&)\s+/i, ''), oneOf(',;:', true)), oneOf(',;:', true));
  s = stripMarkerNumbers(s);
  const words = s
    .split(' ')
    .filter((w) => w && !(DEGREES.test(w.replace(/,$/, '')) && !SUFFIXES.test(w.replace(/,$/, ''))) && !TITLES.test(w));
  return words
    .join(' ')
    .replace(/,\s*$/, '')
    .replace(/(\p{Lu}\.)(?=\p{Lu}\p{Ll})/gu, '$1 ')
    .trim();
}

/** Whether a tidied string reads as one personal name (2–6 words, capitalised, no organisation words). */
/** Word starts that mark an organisation or address. */
const NON_NAME_PREFIX = new RegExp(
  String.raw`\b(univ|institu|laborat|depart|facult|hospit|academ|foundat|corporat|compan|divisi|scien|engineer|` +
    String.raw`technolog|medic|correspond|contribut|affiliat|observat|minist|associat|museu|polytech|strasse|` +
    String.raw`straße)`,
  'i',
);

export function looksLikeName(s: string): boolean {
  if (!s || s.length > 60 || /\d|@|\//.test(s)) return false;
  if (NON_NAME.test(s) || NON_NAME_PREFIX.test(s)) return false;
  const words = s
    .replace(/,\s*(jr|sr)\.?$/i, ' $1')
    .split(' ')
    .filter(Boolean);
  if (words.length < 2 || words.length > 6) return false;
  // "Redmond WA": a place and a state code; in a name set all in capitals ("YU T. LI") two capitals are a surname
  if (/^\p{Lu}{2}$/u.test(words[words.length - 1]!) && /\p{Ll}/u.test(s)) return false;
  if (!words.every(nameWord)) return false;
  const substantial = words.filter((w) => /[\p{Ll}\p{Lu}]{2,}/u.test(w.replace(/\./g, '')) && !PARTICLES.has(w.toLowerCase()));
  if (substantial.length === 0) return false;
  const last = words[words.length - 1]!;
  return !/^\p{Lu}\.?$/u.test(last) || words.length >= 2;
}

/** Particles written in lower case inside a name ("Marta da Silva", "Jan van der Berg"). */
const LOWER_PARTICLES = new Set([...NAME_PARTICLES, 'do', 'zu']);

/**
 * A name as the form should show it. Names set all in capitals are a typographic style of the class (acmart's
 * small capitals, "MEHMET YILMAZ"), not how the authors write them, so they come back in title case
 * ("Mehmet Yilmaz", "Marta da Silva", "Seo-Yeon P. Choi", "O'Neil", "McAllister"); a name with any lower-case
 * letter is kept as printed ("Chris QUIRK"). What capitals cannot tell (Turkish dotless ı, "Yılmaz") stays lost.
 */
export function casedName(name: string): string {
  if (/\p{Ll}/u.test(name) || !/\p{Lu}{2}/u.test(name)) return name;
  return name
    .split(' ')
    .map((w, i) => {
      const lower = w.toLowerCase();
      if (i > 0 && LOWER_PARTICLES.has(lower)) return lower;
      if (/^(ii|iii|iv)$/.test(lower) || /^(\p{Lu}\.)+$/u.test(w)) return w;
      return lower
        .replace(/(^|[-‐'’])(\p{Ll})/gu, (_, sep: string, c: string) => sep + c.toUpperCase())
        .replace(/^Mc(\p{Ll})/u, (_, c: string) => `Mc${c.toUpperCase()}`);
    })
    .join(' ');
}

/** Splits an author line ("A. Smith1, B. Jones2* and C. Wu") into candidate names with their markers. */
export function splitAuthorLine(line: string): { name: string; markers: string[] }[] {
  // an IEEE membership grade after a name ("Avideh Zakhor, Member, IEEE") is no name
  const bare = line.replace(/\b(?:(?:Life|Senior|Student) )?(?:Member|Fellow),? IEEE\b/g, '');
  const parts = replaceSpans(bare, '\u0001', '\u0002', (m) => `\u0001${m.replace(/[\s,]+/g, '+')}\u0002, `)
    .replace(/(?<!\s)\s+(and|&)\s+/gi, ', ')
    .replace(/,\s*(and|&)\s+/gi, ', ')
    .split(/(?:(?<!\s)\s+)?[,;·•]\s*|(?<!\s)\s{3,}|\t/)
    .map((p) => p.trim())
    .filter(Boolean);
  const out: { name: string; markers: string[] }[] = [];
  for (const p of parts) {
    const markers: string[] = [];
    const body = replaceSpans(p, '\u0001', '\u0002', (m) => {
      markers.push(...m.split(/[+,\s]+|(?<=\d)(?=\D)|(?<=\D)(?=\d)/).filter(Boolean));
      return ' ';
    });
    if (!body.trim()) {
      if (out.length > 0) out[out.length - 1]!.markers.push(...markers);
      continue;
    }
    if (/^(\p{Lu}\.?|[a-z]|\d+|[*∗†‡§¶✉]+)$/u.test(body.trim()) && out.length > 0 && markers.length === 0) {
      // a stray marker separated by a comma ("Tinker ,1"): belongs to the previous name
      out[out.length - 1]!.markers.push(body.trim());
      continue;
    }
    if (/^(jr|sr)\.?$/i.test(body.trim()) && out.length > 0) {
      out[out.length - 1]!.name += `, ${body.trim()}`;
      continue;
    }
    const trailing = body.match(/^(.*?\p{L}[.']?)\s*((?:(?:(?<!\d)\d{1,2}(?!\d)|[*∗†‡§¶#✉])(?:\s*,\s*)?)+)$/u);
    let name = body;
    if (trailing && /\d|[*∗†‡§¶#✉]/.test(trailing[2]!)) {
      name = trailing[1]!;
      markers.push(...trailing[2]!.split(/[,\s]+/).filter(Boolean));
    }
    name = tidyName(name);
    if (name) out.push({ name, markers });
  }
  return out;
}

// ---------------------------------------------------------------- sections

/** An abstract's heading, also numbered as the first or second section ("2. Abstract": Manubot). */
export const ABSTRACT_HEAD = /^\s*(?:[12]\.? (?=abstract))?(a\s?b\s?s\s?t\s?r\s?a\s?c\s?t|summary)\b\s*[:.—–-]?\s*/i;
export const STOP_HEAD = new RegExp(
  String.raw`^\s*((\d+(\.\d+)*\.?|[IVX]+\.|[A-Z]\.)\s*)?(introduction|background and motivation|keywords?|` +
    String.raw`key\s?words|index terms|ccs concepts|acm reference format|general terms|subjects?|` +
    String.raw`categories and subject descriptors|significance( statement)?|author summary|motivation|` +
    String.raw`plain language summary|highlights|contents|table of contents|pacs( numbers)?|jel( classification)?|` +
    String.raw`msc|mathematics subject classification|references|acknowl?edge?ments?)\b`,
  'i',
);
export const REFERENCES_HEAD =
  /^\s*((\d+|[IVX]+)\.?\s*)?(references( and notes)?|bibliography|literature cited|works cited|cited literature|reference list)\s*(?::\s*)?$/i;

/** Joins lines of running text: removes end-of-line hyphenation, keeps hyphens inside e-mail domains. */
export function joinLines(lines: string[]): string {
  let out = '';
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    if (!out) {
      out = line;
      continue;
    }
    if (/\p{Ll}-$/u.test(out) && /^\p{Ll}/u.test(line) && !emailOpenAtEnd(out)) out = out.slice(0, -1) + line;
    else if (emailOpenAtEnd(out) && /[-.]$/.test(out) && !out.endsWith('@') && /^[a-z0-9]/.test(line)) out += line;
    else out += ' ' + line;
  }
  return clean(out);
}

/** Counts entries in a reference list given as lines (numbered labels when present, else entry starts). */
export function countReferenceLines(lines: { text: string; indent: number }[]): number | null {
  const body = lines.filter((l) => l.text.trim());
  if (body.length === 0) return null;
  const labels = body.map((l) => l.text.match(/^\s*[[(]?(\d{1,3})[\].)]?\s+\S/)?.[1]).filter((x): x is string => x !== undefined);
  const bracketed = body.filter((l) => /^\s*\[\d{1,3}\]/.test(l.text)).length;
  if (bracketed >= 2 || labels.length >= Math.max(2, body.length * 0.2)) {
    let expected = 1;
    for (const l of labels) if (Number(l) === expected) expected++;
    if (expected > 2) return expected - 1;
  }
  const minIndent = Math.min(...body.map((l) => l.indent));
  const starts = body.filter((l, i) => {
    if (l.indent > minIndent + 2) return false;
    const prev = body[i - 1];
    return (
      i === 0 ||
      prev === undefined ||
      prev.indent > minIndent + 2 ||
      /[.)\]]\s*$/.test(prev.text) ||
      /^\p{Lu}[\p{L}'’-]+,\s*\p{Lu}/u.test(l.text)
    );
  });
  return starts.length || null;
}

/** Whether the text ends inside an e-mail address: an "@" with no white space after it (`/@\S*$/`). */
function emailOpenAtEnd(s: string): boolean {
  const at = s.lastIndexOf('@');
  if (at < 0) return false;
  for (let i = at + 1; i < s.length; i++) if (isSpace(s[i]!)) return false;
  return true;
}

/** A name without its trailing affiliation numbers ("Smith 1, 2" → "Smith"): `/\s*\d+(\s*,\s*\d+)*\s*$/`. */
function stripMarkerNumbers(s: string): string {
  const isDigit = (c: string) => c >= '0' && c <= '9';
  let i = trimEndWhere(s, isSpace).length;
  let cut = -1;
  for (;;) {
    let j = i;
    while (j > 0 && isDigit(s[j - 1]!)) j--;
    if (j === i) break;
    let k = j;
    while (k > 0 && isSpace(s[k - 1]!)) k--;
    cut = k;
    if (k === 0 || s[k - 1] !== ',') break;
    i = k - 1;
    while (i > 0 && isSpace(s[i - 1]!)) i--;
  }
  return cut < 0 ? s : s.slice(0, cut);
}
