// Countries and UN M49 regions read from affiliations. The table is data with its source
// (countries.json: ISO 3166-1 alpha-2 codes, M49 regions, the address forms of each country, US states).
import DATA from './countries.json';

export interface Country {
  /** ISO 3166-1 alpha-2 (XK for Kosovo). */
  code: string;
  /** The English short name used in addresses. */
  name: string;
  /** The M49 region: Africa, Americas, Asia, Europe, Oceania (Antarctica apart). */
  region: string;
  /** The M49 intermediate region where there is one, else the M49 sub-region ("Western Europe", "Eastern Asia", "South America"). */
  subregion: string;
}

export const COUNTRIES: readonly Country[] = DATA.countries.map(({ code, name, region, subregion }) => ({ code, name, region, subregion }));
const BY_CODE = new Map(COUNTRIES.map((c) => [c.code, c]));
export const countryByCode = (code: string): Country | undefined => BY_CODE.get(code);

/** Every code in the table, for the contract's bounded filters. */
export const COUNTRY_CODES = COUNTRIES.map((c) => c.code) as [string, ...string[]];
/** The M49 regions and sub-regions an editor can filter on (regions first, then sub-regions, each alphabetical). */
export const REGION_NAMES = [
  ...[...new Set(COUNTRIES.map((c) => c.region))].sort(),
  ...[...new Set(COUNTRIES.map((c) => c.subregion))].filter((s) => !COUNTRIES.some((c) => c.region === s)).sort(),
] as [string, ...string[]];
/** The codes of the countries in a region or sub-region. */
export const countriesIn = (region: string): string[] =>
  COUNTRIES.filter((c) => c.region === region || c.subregion === region).map((c) => c.code);

/** Every name and address form of every country (what intake takes for the end of an address line). */
export const ADDRESS_NAMES: readonly string[] = DATA.countries.flatMap((c) => [c.name, ...c.forms]);

const US = 'US';
/** Accents and curly apostrophes dropped, spaces collapsed: "México" reads as "Mexico", "Côte d’Ivoire" as "Cote d'Ivoire". */
const fold = (s: string): string =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[‘’`´]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
/** A form without a lower-case letter (USA, UK, U.K., UAE) is matched as written; every other name in any case. */
const exact = (s: string): boolean => !/\p{Ll}/u.test(s);

// Names to codes: countries first, so a name that is a country and a US state ("Georgia") is the country.
const NAMED = new Map<string, string>();
const ABBREVIATED = new Map<string, string>();
for (const c of DATA.countries)
  for (const n of [c.name, ...c.forms]) (exact(n) ? ABBREVIATED : NAMED).set(exact(n) ? fold(n) : fold(n).toLowerCase(), c.code);
const STATE_NAMES = new Set(DATA.usStates.map((s) => fold(s.name).toLowerCase()));
const STATE_CODES = new Set(DATA.usStates.map((s) => s.code));

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const alternation = (names: Iterable<string>) =>
  [...names]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|');
// Longest first, so "New Mexico" is found before "Mexico" and "Papua New Guinea" before "Guinea".
const SCAN_NAMES = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${alternation([...NAMED.keys(), ...STATE_NAMES])})(?![\p{L}\p{N}])`, 'giu');
const SCAN_ABBREVIATED = new RegExp(String.raw`(?<![\p{L}\p{N}.])(?:${alternation(ABBREVIATED.keys())})(?![\p{L}\p{N}])`, 'gu');
/** A US state's code or name with a ZIP code: "GA 30332", "Georgia 30602", "CA 94305-4125". */
const STATE_ZIP = /^(?<state>[A-Za-z][A-Za-z .]*?)\.? (?<zip>\d{5}(?:-\d{4})?)$/;
const SCAN_STATE_ZIP = /(?<![\p{L}\p{N}])(?<state>[A-Z]{2}) \d{5}(?:-\d{4})?(?![\p{N}])/gu;

const lookup = (name: string): string | undefined => {
  const s = fold(name);
  return ABBREVIATED.get(s) ?? NAMED.get(s.toLowerCase());
};
const isState = (s: string): boolean => STATE_CODES.has(s) || STATE_NAMES.has(s.toLowerCase());

/**
 * The country an affiliation names, read from its end. Rules, in order:
 * 1. the last part (after the last comma or semicolon) with its postcode, a trailing full stop and
 *    a bracketed note taken off: a US state with a ZIP code ("GA 30332", "New Mexico 87545") is the
 *    United States; a country's name or address form ("USA", "P.R. China", "Scotland") is that
 *    country; a US state's name or code alone ("New Mexico", "NM") is the United States;
 * 2. otherwise the known name nearest the end anywhere in the text (a country, a US state, or a state
 *    code followed by a ZIP code), the longest at one place ("New Mexico" is not Mexico).
 * A name that is both a country and a US state is the country when it stands alone: "Tbilisi,
 * Georgia" and "Atlanta, Georgia" are both Georgia the country, while "Atlanta, GA", "Georgia
 * 30332" and "Atlanta, Georgia, USA" are the United States. Unknown (null) when nothing is found.
 */
export function countryOf(affiliation: string | null | undefined): Country | null {
  if (!affiliation) return null;
  const text = fold(affiliation);
  if (text === '') return null;
  const parts = text
    .split(/[,;]/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const last = parts[parts.length - 1] ?? '';
  const found = (code: string | undefined) => (code === undefined ? null : (BY_CODE.get(code) ?? null));
  const zip = STATE_ZIP.exec(last)?.groups;
  if (zip && isState(zip.state!.trim())) return found(US);
  const bare = last
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  for (const candidate of [
    last,
    bare,
    bare.replace(/\.$/, ''),
    bare
      .split(' ')
      .filter((w) => !/\d/.test(w))
      .join(' '),
  ]) {
    if (candidate === '') continue;
    const code = lookup(candidate);
    if (code) return found(code);
  }
  if (isState(bare.replace(/\.$/, ''))) return found(US);
  let best: { end: number; length: number; code: string } | undefined;
  const consider = (end: number, length: number, code: string | undefined) => {
    if (code === undefined) return;
    if (!best || end > best.end || (end === best.end && length > best.length)) best = { end, length, code };
  };
  for (const m of text.matchAll(SCAN_NAMES)) {
    const key = m[0].toLowerCase();
    consider(m.index + m[0].length, m[0].length, NAMED.get(key) ?? (STATE_NAMES.has(key) ? US : undefined));
  }
  for (const m of text.matchAll(SCAN_ABBREVIATED)) consider(m.index + m[0].length, m[0].length, ABBREVIATED.get(m[0]));
  for (const m of text.matchAll(SCAN_STATE_ZIP)) if (STATE_CODES.has(m.groups!.state!)) consider(m.index + m[0].length, m[0].length, US);
  return best ? found(best.code) : null;
}
