/* eslint-disable no-control-regex -- superscript runs are delimited by U+0001 … U+0002 (layout.ts SUP_OPEN/SUP_CLOSE) */
// One feature→role model for the front matter of PDFs and DOCX files. The format readers (pdf.ts, docx.ts)
// only measure each line — its size against the body text, font, centring, place on the page and what its
// words look like — and ask this model which role the line plays: title, author line, affiliation,
// e-mail/ORCID line, abstract text or anything else. The model is a multinomial logistic regression over
// the features below; its weights (role-weights.json) are fitted offline by scripts/intake-corpus/fit-roles.ts
// on lines of the generated corpus, labelled from the ground truth (see labelLine), with a fixed number of
// full-batch gradient steps from zero, so the fit is deterministic. The decisions that span lines — where the
// title and the abstract start and end, which author an address or iD belongs to — are in decisions.ts, with
// every threshold in its RULES table; they ask this model about single lines (an author line under the title).
import { ABSTRACT_HEAD, STOP_HEAD, findOrcids, looksLikeName, splitAuthorLine } from './text';
import WEIGHTS from './role-weights.json';
import { ADDRESS_NAMES } from '../../common/domain/countries';

export const ROLES = ['title', 'author', 'affiliation', 'contact', 'abstract', 'other'] as const;
export type Role = (typeof ROLES)[number];

export const FEATURES = [
  'bias',
  'relSize', // size over the body text size, minus 1 (clamped to −0.5…1.5)
  'distinctFont', // PDF: a font other than the body's; DOCX: bold
  'centred',
  'position', // PDF: top of the line over the page height; DOCX: paragraph index / 30 (capped at 1)
  'nameShare', // share of the comma/"and" parts that read as a personal name
  'nameCount', // names on the line / 6 (capped)
  'leadName', // the first part reads as a name ("INGRID KIERKEGAARD, Institute …" opens with one)
  'affiliationWord', // university, department, institute …
  'email',
  'orcid',
  'markerShare', // share of parts carrying a superscript or trailing marker (¹, *, a)
  'leadMarker', // the line opens with a marker ("¹ Department of …")
  'words', // words / 40 (capped)
  'lowerShare', // share of words starting in lower case (running text)
  'heading', // "Abstract", "Keywords", "1 Introduction" …
  'note', // copyright, received/accepted, correspondence
  'digitShare', // share of characters that are digits
  'sameStyleAsNext', // the next line has the same size and font (a block goes on)
] as const;

export type Features = number[];

/** What a format reader knows about one line. */
export interface LineInput {
  /** The line with superscript runs wrapped in \u0001…\u0002. */
  text: string;
  /** The line without superscripts. */
  plain: string;
  size: number;
  bodySize: number;
  distinctFont: boolean;
  centred: boolean;
  position: number;
  sameStyleAsNext: boolean;
}

export interface RoleModel {
  features: readonly string[];
  roles: readonly string[];
  /** One row of weights per role, one column per feature. */
  weights: number[][];
}

export const ROLE_MODEL: RoleModel = WEIGHTS as RoleModel;

/** Words that make a line an affiliation/address (shared by both formats). */
export const AFFILIATION = new RegExp(
  String.raw`\b(univ|universit|institut|depart|dept\.?|centro|school|college|faculty|laborator|lab\b|centre|` +
    String.raw`center|hospital|clinic|academy|foundation|inc\b|ltd|gmbh|corporation|company|division|unit\b|` +
    String.raw`research|ministry|council|agency|museum|observatory|polytechnic|ecole|école|universidad|università|` +
    String.raw`universität|hochschule|ag\b|llc|program\b)`,
  'i',
);

const COUNTRY = new RegExp(
  String.raw`(^|[\s,;(])(` + ADDRESS_NAMES.map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|') + String.raw`)($|[\s,;).])`,
  'i',
);
const COUNTRY_PART = new RegExp(
  String.raw`^(` + ADDRESS_NAMES.map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|') + String.raw`)\.?$`,
  'i',
);
/** An address line: an institution's word or a country's name (common/domain/countries.json, with its source). */
export const looksLikeAddress = (s: string): boolean => AFFILIATION.test(s) || COUNTRY.test(s);
/** The line's last part (after its last comma, semicolon or bullet) is a country: it ends an address ("IRISA, France"). */
export const endsWithCountry = (s: string): boolean =>
  COUNTRY_PART.test(
    s
      .split(/[,;·•]/)
      .pop()!
      .trim(),
  );

const NOTE = /^\s*(©|copyright|\(c\) \d{4}|received\b|accepted\b|published\b|correspond|\*\s*correspond|e-?mail\b|http|doi:)/i;
const KEYWORDS = /^\s*(keywords?|key\s?words|index terms|ccs concepts|acm reference format|general terms|pacs|jel|subjects?\b)/i;
const LEAD_MARKER = /^\s*(?:\u0001[^\u0002]{1,4}\u0002|(?:[1-9]\d?|[a-h*†‡§¶])(?=\s*\p{Lu}))/u;

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

export function lineFeatures(l: LineInput): Features {
  const parts = splitAuthorLine(l.text);
  const names = parts.filter((p) => looksLikeName(p.name));
  const ws = l.plain.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  const chars = l.plain.replace(/\s/g, '').length || 1;
  return [
    1,
    clamp(l.size / (l.bodySize || l.size || 1) - 1, -0.5, 1.5),
    l.distinctFont ? 1 : 0,
    l.centred ? 1 : 0,
    clamp(l.position, 0, 1),
    parts.length ? names.length / parts.length : 0,
    Math.min(names.length, 6) / 6,
    parts[0] && looksLikeName(parts[0].name) ? 1 : 0,
    AFFILIATION.test(l.plain) ? 1 : 0,
    /@/.test(l.plain) ? 1 : 0,
    findOrcids(l.text.replace(/[\u0001\u0002]/g, ' ')).length > 0 ? 1 : 0,
    parts.length ? parts.filter((p) => p.markers.length > 0).length / parts.length : 0,
    LEAD_MARKER.test(l.text) ? 1 : 0,
    Math.min(ws.length, 40) / 40,
    ws.length ? ws.filter((w) => /^\p{Ll}/u.test(w)).length / ws.length : 0,
    (ABSTRACT_HEAD.test(l.plain) && ws.length <= 3) || KEYWORDS.test(l.plain) || (STOP_HEAD.test(l.plain) && ws.length <= 6) ? 1 : 0,
    NOTE.test(l.plain) ? 1 : 0,
    (l.plain.match(/\d/g)?.length ?? 0) / chars,
    l.sameStyleAsNext ? 1 : 0,
  ];
}

/** Scores (logits) of every role for a feature vector. */
export function roleScores(f: Features, model: RoleModel = ROLE_MODEL): Record<Role, number> {
  const out = {} as Record<Role, number>;
  model.roles.forEach((r, i) => {
    const w = model.weights[i]!;
    let s = 0;
    for (let j = 0; j < f.length; j++) s += (w[j] ?? 0) * f[j]!;
    out[r as Role] = s;
  });
  return out;
}

/** The most likely role of a line. */
export function roleOf(f: Features, model: RoleModel = ROLE_MODEL): Role {
  const s = roleScores(f, model);
  let best: Role = 'other';
  for (const r of ROLES) if (s[r] > s[best]) best = r;
  return best;
}

/**
 * The role of a line. A line that opens with names and goes on with something else ("INGRID KIERKEGAARD,
 * Institute …, Norway") is asked about again by its leading names alone, with the line's geometry: the
 * reader then keeps the names and reads the rest as the address.
 */
export function classifyLine(l: LineInput, model: RoleModel = ROLE_MODEL): Role {
  const role = roleOf(lineFeatures(l), model);
  if (role === 'author') return role;
  const parts = splitAuthorLine(l.text);
  let lead = 0;
  while (lead < parts.length && looksLikeName(parts[lead]!.name)) lead++;
  if (lead === 0 || lead === parts.length) return role;
  const names = parts
    .slice(0, lead)
    .map((p) => p.name)
    .join(', ');
  return roleOf(lineFeatures({ ...l, text: names, plain: names }), model) === 'author' ? 'author' : role;
}

// ---------------------------------------------------------------- fitting (offline and in the bench)

/** A line as the readers see it, for fitting: its text and features. */
export interface RoleLine {
  plain: string;
  text: string;
  features: Features;
}

/** What the ground truth says about a document, normalised (lower case, accents folded, punctuation out). */
export interface RoleTruth {
  title: string;
  abstract: string;
  names: string[];
  affiliations: string[];
  contacts: string[];
}

const norm = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}@.]+/gu, ' ')
    .replace(/\.(?!\w)|(?<!\w)\./g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export function roleTruth(gt: {
  title?: string | null;
  abstract?: string | null;
  authors?:
    { name: string; email?: string | null; orcid?: string | null; affiliation?: string | null; affiliations?: string[] | null }[] | null;
}): RoleTruth {
  const authors = gt.authors ?? [];
  return {
    title: norm(gt.title ?? ''),
    abstract: norm(gt.abstract ?? ''),
    names: authors.map((a) => norm(a.name)).filter(Boolean),
    affiliations: authors
      .flatMap((a) => a.affiliations ?? (a.affiliation ? a.affiliation.split('; ') : []))
      .map(norm)
      .filter((a) => a.length >= 6),
    contacts: authors.flatMap((a) => [a.email, a.orcid]).flatMap((x) => (x ? [norm(x)] : [])),
  };
}

/** The role of a line by the ground truth (the label it is fitted to). */
export function labelLine(line: { plain: string; text: string }, t: RoleTruth): Role {
  const bare = norm(line.plain);
  if (bare.length < 2) return 'other';
  const names = splitAuthorLine(line.text).map((p) => norm(p.name));
  const hasName = names.some((n) => t.names.includes(n)) || t.names.some((n) => n.includes(' ') && ` ${bare} `.includes(` ${n} `));
  const hasContact = t.contacts.some((c) => bare.includes(c)) || /@/.test(bare);
  if (hasName) return 'author';
  if (hasContact) return 'contact';
  if (bare.length >= 8 && t.title.includes(bare)) return 'title';
  if (bare.length >= 8 && t.affiliations.some((a) => a.includes(bare) || bare.includes(a))) return 'affiliation';
  if (bare.length >= 20 && t.abstract.includes(bare)) return 'abstract';
  return 'other';
}

/**
 * Multinomial logistic regression by full-batch gradient descent from zero weights (deterministic). Each
 * role's examples are weighted by the inverse of its share, so the rare roles (title, author) count as much
 * as the many body lines; `l2` keeps the weights small.
 */
export function fitRoles(examples: { features: Features; role: Role }[], steps = 300, rate = 0.5, l2 = 1e-3): RoleModel {
  const k = ROLES.length;
  const d = FEATURES.length;
  const n = examples.length;
  const x = new Float64Array(n * d);
  examples.forEach((e, i) => e.features.forEach((v, j) => (x[i * d + j] = v)));
  const ys = examples.map((e) => ROLES.indexOf(e.role));
  const counts = ROLES.map((_, c) => ys.filter((y) => y === c).length);
  const weightOf = counts.map((m) => (m ? n / (k * m) : 0));
  const total = ys.reduce((a, y) => a + weightOf[y]!, 0) || 1;
  const w = new Float64Array(k * d);
  const grad = new Float64Array(k * d);
  const z = new Float64Array(k);
  for (let step = 0; step < steps; step++) {
    grad.fill(0);
    for (let i = 0; i < n; i++) {
      let max = -Infinity;
      for (let c = 0; c < k; c++) {
        let v = 0;
        for (let j = 0; j < d; j++) v += w[c * d + j]! * x[i * d + j]!;
        z[c] = v;
        if (v > max) max = v;
      }
      let sum = 0;
      for (let c = 0; c < k; c++) sum += z[c] = Math.exp(z[c]! - max);
      const cw = weightOf[ys[i]!]!;
      for (let c = 0; c < k; c++) {
        const g = cw * (z[c]! / sum - (c === ys[i] ? 1 : 0));
        for (let j = 0; j < d; j++) grad[c * d + j]! += g * x[i * d + j]!;
      }
    }
    for (let m = 0; m < k * d; m++) w[m]! -= rate * (grad[m]! / total + l2 * w[m]!);
  }
  return {
    features: [...FEATURES],
    roles: [...ROLES],
    weights: ROLES.map((_, c) => Array.from(w.subarray(c * d, (c + 1) * d), (v) => Math.round(v * 1000) / 1000)),
  };
}
