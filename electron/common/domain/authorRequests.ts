// The authors' opposed and suggested reviewers, as pasted from a cover letter: the text is cut into one
// entry per person, each entry read for an ORCID iD, an e-mail, a name and an affiliation, and each
// matched to a known person (a candidate of the manuscript or a person of the reviewer ledger) by ORCID,
// then e-mail, then name and affiliation. Pure: core stores the outcome, the editor can fix a match.
import { normalizeEmail, normalizeName, normalizeOrcid } from './ledger';

export type RequestKind = 'opposed' | 'suggested';
/** Which rule matched an entry to a person; `editor` when the editor chose the person by hand. */
export type MatchRule = 'orcid' | 'email' | 'name_affiliation' | 'name' | 'editor';

/** Most characters and lines one paste may hold: a cover letter's list, not a whole letter. */
export const MAX_REQUEST_TEXT = 20_000;
export const MAX_REQUEST_LINES = 200;
/** Most people one paste may name. */
export const MAX_REQUEST_ENTRIES = 100;

/** One person as the authors wrote them. */
export interface RequestedPerson {
  /** The text the entry was read from, trimmed. */
  line: string;
  name: string;
  email: string | null;
  orcid: string | null;
  affiliation: string | null;
}

/** A known person an entry can match. */
export interface KnownPerson {
  authorId: number;
  name: string;
  email: string | null;
  orcid: string | null;
  affiliation: string | null;
}

export interface RequestMatch {
  authorId: number;
  rule: Exclude<MatchRule, 'editor'>;
}

/** The editor's words for a rule. */
export const MATCH_RULE_TEXT: Record<MatchRule, string> = {
  orcid: 'same ORCID',
  email: 'same e-mail',
  name_affiliation: 'same name and affiliation',
  name: 'same name (no affiliation to compare): check',
  editor: 'chosen by you',
};

/** Why a paste is refused, in the editor's words, or null when it can be read. */
export function pasteProblem(text: string): string | null {
  if (text.trim() === '') return 'Paste the names from the cover letter first.';
  if (text.length > MAX_REQUEST_TEXT)
    return (
      `This is ${text.length.toLocaleString('en')} characters; ` +
      `paste at most ${MAX_REQUEST_TEXT.toLocaleString('en')} (the list of names, not the whole letter).`
    );
  const lines = text.split(/\r\n|\r|\n/).length;
  if (lines > MAX_REQUEST_LINES)
    return `This is ${lines} lines; paste at most ${MAX_REQUEST_LINES} (the list of names, not the whole letter).`;
  return null;
}

const TITLES = /^(?:(?:dr|prof|professor|mr|mrs|ms|miss|mx|sir|dame|assoc|assist|associate|assistant|emeritus|pd|priv\.?-?doz)\.?\s+)+/i;
const EMAIL = /(?:mailto:)?<?([^\s<>(),;:"[\]@]+@[^\s<>(),;:"[\]@]+\.[^\s<>(),;:"[\].@]+)>?/i;
const ORCID = /(?:https?:\/\/)?(?:www\.)?(?:orcid\.org\/)?(\d{4}[\s-]?\d{4}[\s-]?\d{4}[\s-]?\d{3}[\dXx])\b/;
// Words that introduce the list or a field rather than naming a person.
const LEAD_IN = new RegExp(
  [
    String.raw`^(?:[-*•·–—\d.)\s]+`,
    String.raw`(?:we|the authors?)\s+(?:would\s+)?(?:like\s+to\s+)?(?:suggest|propose|recommend|oppose|ask|request)\w*\s+(?:that\s+)?` +
      String.raw`(?:the\s+following\s+)?(?:reviewers?|referees?|people)?\s*(?:not\s+be\s+(?:invited|asked|contacted))?[:,]?\s*`,
    String.raw`(?:suggested|opposed|preferred|excluded|potential)\s+(?:reviewers?|referees?)\s*[:,-]?\s*`,
    String.raw`please\s+(?:do\s+not|don't)\s+(?:invite|contact|ask)\s*[:,-]?\s*)`,
  ].join('|'),
  'i',
);
// Prose after the person: "… (Uppsala University) as a potential reviewer", "…, who works on lichens".
const TRAILER = /[\s,]+(?:as\s+(?:an?\s+)?(?:possible\s+|potential\s+|additional\s+)?(?:reviewers?|referees?)|who\s|since\s|because\s).*$/i;
const FIELD_LABEL = /\b(?:orcid(?:\s*id|\s*iD)?|e-?mail|email\s+address|affiliation|institution)\s*[:=]?\s*/gi;

/**
 * Cuts a paste into one piece of text per person. One person a line is the common case; prose ("We
 * suggest Dr. A (X University, a@x.org); Prof. B, Y Institute and Dr. C.") is cut at semicolons, at
 * sentence ends that do not follow a title or an initial, and at "and" before a title.
 */
export function splitEntries(text: string): string[] {
  const out: string[] = [];
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const line = rawLine.trim();
    if (line === '') continue;
    // Sentence ends: a full stop after a word of 3+ letters (not "Dr.", "Prof." or "J."), before a capital.
    const sentences = line.split(/;|(?<!\b(?:Prof|Mrs|Miss|Assoc|Assist|Dept|Univ|Inst|Sen|Jun))(?<=[\p{Ll}\p{N})]{3}|\))\.\s+(?=\p{Lu})/u);
    for (const sentence of sentences) {
      const parts = sentence.split(/,?\s+(?:and|&)\s+(?=(?:dr|prof|professor|mr|mrs|ms)\.?\s)/i);
      for (const p of parts) {
        const s = p.replace(/\.\s*$/, '').trim();
        if (s !== '') out.push(s);
      }
    }
  }
  return out;
}

/** One piece of text read as a person; null when no name is left (a heading, a lone e-mail gives the e-mail as the name). */
export function readEntry(piece: string): RequestedPerson | null {
  const line = piece.trim().slice(0, 1000);
  let rest = line.replace(LEAD_IN, '').replace(TRAILER, '').trim();
  const orcidMatch = ORCID.exec(rest);
  const orcid = orcidMatch ? normalizeOrcid(orcidMatch[1]) : null;
  if (orcidMatch) rest = rest.replace(orcidMatch[0], ' ');
  const emailMatch = EMAIL.exec(rest);
  const email = emailMatch ? normalizeEmail(emailMatch[1]) : null;
  if (emailMatch) rest = rest.replace(emailMatch[0], ' ');
  rest = rest
    .replace(FIELD_LABEL, ' ')
    .replace(/[()[\]]/g, ',')
    .replace(/\s*[-–—|/]\s*(?=,|$)/g, '')
    .replace(/\s+/g, ' ');
  const fields = rest
    .split(/,|\s[-–—|]\s|\t/)
    .map((f) => f.trim().replace(/^[:.\s]+|[:\s]+$/g, ''))
    .filter((f) => f !== '' && /\p{L}/u.test(f));
  let name = (fields[0] ?? '')
    .replace(TITLES, '')
    .replace(/\s+(?:PhD|Ph\.D\.|MD|M\.D\.|FRS)$/i, '')
    .trim();
  let affiliation: string | null = fields.slice(1).join(', ') || null;
  // "Smith, J." or "van der Berg, Anna": a family name and given names split by the first comma.
  if (
    affiliation !== null &&
    isGivenNames(fields[1]!) &&
    !/\s/.test(name.replace(/^(?:van der|van den|van|von|de la|de|del|da|di|le|la)\s+/i, ''))
  ) {
    name = `${fields[1]!.trim()} ${name}`;
    affiliation = fields.slice(2).join(', ') || null;
  }
  if (name === '') {
    if (email === null && orcid === null) return null;
    name = email ?? orcid!;
  }
  return { line, name, email, orcid, affiliation };
}

/** "J.", "J. A.", "Anna", "Anna-Lena M." — given names or initials only (no institution words). */
function isGivenNames(s: string): boolean {
  const t = s.trim();
  return /^(?:\p{Lu}\.\s*){1,3}$/u.test(t) || /^\p{Lu}[\p{Ll}'-]+(?:\s+\p{Lu}\.?)?$/u.test(t);
}

/** Reads a whole paste: one entry per person, at most MAX_REQUEST_ENTRIES. Call `pasteProblem` first. */
export function parseRequests(text: string): RequestedPerson[] {
  const out: RequestedPerson[] = [];
  for (const piece of splitEntries(text)) {
    const p = readEntry(piece);
    if (p !== null) out.push(p);
    if (out.length === MAX_REQUEST_ENTRIES) break;
  }
  return out;
}

// Family-name particles: "Ludwig van Beethoven", "L. van Beethoven" and "Beethoven" share a family name.
const PARTICLES = new Set([
  'van',
  'von',
  'der',
  'den',
  'de',
  'del',
  'della',
  'da',
  'das',
  'do',
  'dos',
  'di',
  'du',
  'la',
  'le',
  'ten',
  'ter',
  'y',
  'zu',
  'af',
  'al',
  'el',
  'bin',
  'ibn',
]);
const HONORIFICS = new Set([
  'dr',
  'prof',
  'professor',
  'mr',
  'mrs',
  'ms',
  'miss',
  'mx',
  'sir',
  'dame',
  'phd',
  'md',
  'jr',
  'sr',
  'ii',
  'iii',
]);

/** A name as its family name (accents, case and particles dropped) and its given names' initials. */
export function nameParts(raw: string): { family: string; initials: string; given: string[] } | null {
  let text = raw;
  // "Family, Given" order.
  const comma = raw.indexOf(',');
  if (comma > 0) text = `${raw.slice(comma + 1)} ${raw.slice(0, comma)}`;
  const words = normalizeName(text)
    .split(' ')
    .filter((w) => w !== '' && !HONORIFICS.has(w));
  if (words.length === 0) return null;
  const core = words.filter((w) => !PARTICLES.has(w));
  if (core.length === 0) return null;
  const family = core[core.length - 1]!;
  const given = core.slice(0, -1);
  return { family, initials: given.map((g) => g[0]).join(''), given };
}

/** Same family name and compatible given names: the first initial agrees, and two full first names are equal. */
export function sameName(a: string, b: string): boolean {
  const x = nameParts(a);
  const y = nameParts(b);
  if (!x || !y || x.family !== y.family) return false;
  if (x.given.length === 0 || y.given.length === 0) return false;
  if (x.initials[0] !== y.initials[0]) return false;
  const fx = x.given[0]!;
  const fy = y.given[0]!;
  return fx.length === 1 || fy.length === 1 || fx === fy;
}

const STOP = new Set([
  'university',
  'of',
  'the',
  'and',
  'for',
  'de',
  'des',
  'du',
  'der',
  'und',
  'institute',
  'department',
  'dept',
  'school',
  'faculty',
  'centre',
  'center',
  'college',
  'laboratory',
  'lab',
  'research',
  'sciences',
  'science',
  'national',
  'universidad',
  'universite',
  'universitat',
  'universita',
  'institut',
  'instituto',
]);
const words = (s: string) =>
  new Set(
    normalizeName(s)
      .split(' ')
      .filter((w) => w.length > 2 && !STOP.has(w)),
  );

/** Two affiliations share a distinctive word ("Uppsala University" and "Dept. of Ecology, Uppsala"). */
export function sameAffiliation(a: string, b: string): boolean {
  const x = words(a);
  for (const w of words(b)) if (x.has(w)) return true;
  return false;
}

/**
 * The known person an entry names, by the first rule that finds exactly one: ORCID, e-mail, name and
 * affiliation, then name alone when the entry or the person has no affiliation to compare. Two people
 * found by a rule match nobody (the editor picks). A different ORCID on both sides rules a person out.
 */
export function matchRequest(who: RequestedPerson, known: readonly KnownPerson[]): RequestMatch | null {
  const unique = (list: readonly KnownPerson[]): number | null => {
    const ids = new Set(list.map((k) => k.authorId));
    return ids.size === 1 ? list[0]!.authorId : null;
  };
  if (who.orcid !== null) {
    const id = unique(known.filter((k) => normalizeOrcid(k.orcid) === who.orcid));
    if (id !== null) return { authorId: id, rule: 'orcid' };
  }
  const compatible = known.filter((k) => who.orcid === null || normalizeOrcid(k.orcid) === null || normalizeOrcid(k.orcid) === who.orcid);
  if (who.email !== null) {
    const id = unique(compatible.filter((k) => normalizeEmail(k.email) === who.email));
    if (id !== null) return { authorId: id, rule: 'email' };
  }
  const named = compatible.filter((k) => sameName(who.name, k.name));
  if (named.length === 0) return null;
  if (who.affiliation !== null) {
    const id = unique(named.filter((k) => k.affiliation !== null && sameAffiliation(who.affiliation!, k.affiliation)));
    if (id !== null) return { authorId: id, rule: 'name_affiliation' };
    // Affiliations that differ rule the name out; a person with none cannot be compared.
    const id2 = unique(named.filter((k) => k.affiliation === null));
    return id2 !== null ? { authorId: id2, rule: 'name' } : null;
  }
  const id = unique(named);
  return id !== null ? { authorId: id, rule: 'name' } : null;
}

/**
 * The key a person is shared under (the office, another cache): the ORCID iD when known, else the
 * e-mail, else the name folded — never a cache's own row id.
 */
export function personKey(p: { orcid: string | null; email: string | null; name: string }): string {
  const orcid = normalizeOrcid(p.orcid);
  if (orcid !== null) return `orcid:${orcid}`;
  const email = normalizeEmail(p.email);
  if (email !== null) return `email:${email}`;
  return `name:${normalizeName(p.name)}`;
}

/**
 * Who made a decision about a person when a colleague did, through the editorial office, in the editor's
 * words ("set by ann on 28 Nov 2026"); the empty string for the editor's own.
 */
export function setByText(by: { login: string; at: number } | null | undefined, verb = 'set'): string {
  if (!by) return '';
  const day = new Date(by.at).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
  return `${verb} by ${by.login} on ${day}`;
}
