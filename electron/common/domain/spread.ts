// A shortlist's spread: where its people are (country, M49 region), their career stage by h-index,
// and how many share an institution or a country with the manuscript's authors (docs/shortlist.md).
import { countryOf } from './countries';

/** Career stage by h-index: the one statement of the bands (docs/shortlist.md repeats it). */
export const CAREER_BANDS = [
  { id: 'early', label: 'early career', min: 0, max: 9 },
  { id: 'mid', label: 'mid-career', min: 10, max: 29 },
  { id: 'senior', label: 'senior', min: 30, max: Infinity },
] as const;
export type CareerBand = (typeof CAREER_BANDS)[number]['id'];

/** The bands in words: "early career below 10, mid-career 10–29, senior 30 or more". */
export const CAREER_BANDS_TEXT = CAREER_BANDS.map(
  (b) => `${b.label} ${b.max === Infinity ? `${b.min} or more` : b.min === 0 ? `below ${b.max + 1}` : `${b.min}–${b.max}`}`,
).join(', ');

/** The band of an h-index, or null when it is not known. */
export const careerBand = (hIndex: number | null | undefined): CareerBand | null =>
  hIndex === null || hIndex === undefined || !Number.isFinite(hIndex) || hIndex < 0
    ? null
    : CAREER_BANDS.find((b) => hIndex >= b.min && hIndex <= b.max)!.id;

/** A word that makes a part of an affiliation an institution (a university, an institute, a hospital, …). */
const INSTITUTION = new RegExp(
  String.raw`\b(univ\w*|universit\w*|institut\w*|college|polytechni\w*|hochschule|ecole|escola|escuela|academy|academia|akademie|` +
    String.raw`hospital\w*|klinik\w*|clinic|centre|center|centro|laborator\w*|cnrs|inserm|inria|csic|cnr|max planck|eth|epfl|kaist|` +
    String.raw`foundation|fondazione|council)\b`,
  'i',
);
/** A part naming a unit inside an institution, not the institution. */
const UNIT =
  /^(dep(ar)?t\w*|dept|faculty|facult\w*|division|section|unit|group|chair|school of|college of|laboratory (of|for)|lab (of|for)|programme|program)\b/i;
const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/^the\s+/, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The institutions an affiliation names: its comma- or semicolon-separated parts that carry an
 * institution's word and do not name a unit inside one, compared without case, accents or
 * punctuation ("Univ. of Oxford" and "University of Oxford" are different names).
 */
export function institutionsOf(affiliation: string | null | undefined): string[] {
  if (!affiliation) return [];
  return [
    ...new Set(
      affiliation
        .split(/[,;]/)
        .map((p) => p.trim())
        .filter((p) => INSTITUTION.test(fold(p)) && !UNIT.test(fold(p)))
        .map(fold)
        .filter((p) => p !== ''),
    ),
  ];
}

/** One person of the shortlist as the spread needs them. */
export interface SpreadPerson {
  affiliation: string | null;
  hIndex: number | null;
  /** The service flagged an affiliation shared with the manuscript's authors. */
  sameAffiliationFlag: boolean;
}

export interface ShortlistSpread {
  /** People counted (the shortlist less those who declined). */
  people: number;
  /** By country, most first (then by name). */
  countries: Array<{ code: string; name: string; count: number }>;
  /** By M49 sub-region (the intermediate region where M49 has one), most first. */
  regions: Array<{ name: string; count: number }>;
  /** People whose country could not be read from their affiliation. */
  unknownCountry: number;
  bands: Record<CareerBand | 'unknown', number>;
  /** People sharing an institution with one of the manuscript's authors (by name, or as the service flagged). */
  sharesInstitution: number;
  /** People in a country one of the manuscript's authors is in. */
  sharesCountry: number;
  /** The authors' countries (codes) read from their affiliations. */
  authorCountries: string[];
}

const counted = <K extends string>(m: Map<K, number>) => [...m.entries()];

/** The spread of a shortlist against the manuscript's authors' affiliations. */
export function shortlistSpread(
  people: readonly SpreadPerson[],
  authorAffiliations: readonly (string | null | undefined)[],
): ShortlistSpread {
  const authorCountries = new Set<string>();
  const authorInstitutions = new Set<string>();
  for (const aff of authorAffiliations) {
    const c = countryOf(aff);
    if (c) authorCountries.add(c.code);
    for (const i of institutionsOf(aff)) authorInstitutions.add(i);
  }
  const countries = new Map<string, { code: string; name: string; count: number }>();
  const regions = new Map<string, number>();
  const bands: ShortlistSpread['bands'] = { early: 0, mid: 0, senior: 0, unknown: 0 };
  let unknownCountry = 0;
  let sharesInstitution = 0;
  let sharesCountry = 0;
  for (const p of people) {
    const c = countryOf(p.affiliation);
    if (c) {
      const row = countries.get(c.code) ?? { code: c.code, name: c.name, count: 0 };
      row.count++;
      countries.set(c.code, row);
      regions.set(c.subregion, (regions.get(c.subregion) ?? 0) + 1);
      if (authorCountries.has(c.code)) sharesCountry++;
    } else unknownCountry++;
    bands[careerBand(p.hIndex) ?? 'unknown']++;
    if (p.sameAffiliationFlag || institutionsOf(p.affiliation).some((i) => authorInstitutions.has(i))) sharesInstitution++;
  }
  const byCount = <T extends { name: string; count: number }>(a: T, b: T) => b.count - a.count || a.name.localeCompare(b.name);
  return {
    people: people.length,
    countries: [...countries.values()].sort(byCount),
    regions: counted(regions)
      .map(([name, count]) => ({ name, count }))
      .sort(byCount),
    unknownCountry,
    bands,
    sharesInstitution,
    sharesCountry,
    authorCountries: [...authorCountries].sort(),
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The spread in one line of the editor's words, in parts:
 * "3 countries · 2 regions · Western Europe 2, Eastern Asia 1 · early career 1, mid-career 1, senior 1 · 1 shares a country with the authors".
 */
export function spreadParts(s: ShortlistSpread): string[] {
  if (s.people === 0) return [];
  const parts = [
    plural(s.countries.length, 'country', 'countries') + (s.unknownCountry > 0 ? ` (${s.unknownCountry} not known)` : ''),
    plural(s.regions.length, 'region', 'regions'),
  ];
  if (s.regions.length > 0) parts.push(s.regions.map((r) => `${r.name} ${r.count}`).join(', '));
  const bands = CAREER_BANDS.filter((b) => s.bands[b.id] > 0).map((b) => `${b.label} ${s.bands[b.id]}`);
  if (s.bands.unknown > 0) bands.push(`h-index not known ${s.bands.unknown}`);
  parts.push(bands.join(', '));
  const shares = (n: number, what: string) => `${n} ${n === 1 ? 'shares' : 'share'} ${what} with the authors`;
  if (s.sharesInstitution > 0) parts.push(shares(s.sharesInstitution, 'an institution'));
  parts.push(shares(s.sharesCountry, 'a country'));
  return parts;
}

/**
 * A person's conflicts with the manuscript's authors as far as their affiliations tell (for a person the
 * service never checked): an institution in common, a country in common (its name), else none found.
 */
export function localConflicts(
  affiliation: string | null | undefined,
  authorAffiliations: readonly (string | null | undefined)[],
): { sharesInstitution: boolean; sharesCountry: string | null } {
  const mine = new Set(institutionsOf(affiliation));
  const country = countryOf(affiliation);
  return {
    sharesInstitution: authorAffiliations.some((a) => institutionsOf(a).some((i) => mine.has(i))),
    sharesCountry: country && authorAffiliations.some((a) => countryOf(a)?.code === country.code) ? country.name : null,
  };
}
