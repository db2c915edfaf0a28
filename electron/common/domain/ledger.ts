// The reviewer ledger's identity rules: one record per person across manuscripts and profiles,
// keyed by the service's author_id and merged when a normalised ORCID or e-mail matches. A merge
// happens only when an author_id is first seen; an author_id already in the ledger never moves
// by itself, so a merge the editor split stays split.

/** Why an author_id belongs to its person: its own record, a shared ORCID or e-mail, or a split by the editor. */
export type MergeRule = 'author_id' | 'orcid' | 'email' | 'split';

/**
 * An ORCID iD as 0000-0000-0000-000X, from a bare iD or an orcid.org URL, or null when it is not
 * one (wrong shape or check digit, ISO 7064 MOD 11-2): a malformed value never merges anyone.
 */
export function normalizeOrcid(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const m = /(\d{4})[\s-]?(\d{4})[\s-]?(\d{4})[\s-]?(\d{3}[\dXx])/.exec(raw.trim());
  if (!m) return null;
  const digits = (m[1]! + m[2]! + m[3]! + m[4]!).toUpperCase();
  let total = 0;
  for (const ch of digits.slice(0, 15)) total = (total + Number(ch)) * 2;
  const check = (12 - (total % 11)) % 11;
  if (digits[15] !== (check === 10 ? 'X' : String(check))) return null;
  return `${digits.slice(0, 4)}-${digits.slice(4, 8)}-${digits.slice(8, 12)}-${digits.slice(12)}`;
}

/**
 * An e-mail address trimmed, without a mailto: prefix or angle brackets, Unicode-normalised and
 * lower-cased; null when it is not one address. Plus tags and dots are kept: two addresses that
 * differ there may be two people, and a wrong merge costs more than a missed one.
 */
export function normalizeEmail(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const s = raw
    .trim()
    .replace(/^mailto:/i, '')
    .replace(/^<(.*)>$/, '$1')
    .normalize('NFC')
    .toLowerCase();
  if (s.length > 254 || /[\s,;<>"]/.test(s)) return null;
  const at = s.lastIndexOf('@');
  if (at <= 0 || at === s.length - 1 || s.indexOf('@') !== at) return null;
  if (!s.slice(at + 1).includes('.')) return null;
  return s;
}

/** An author_id seen in a run, with its identifiers already normalised. */
export interface LedgerIdentity {
  authorId: number;
  orcid: string | null;
  email: string | null;
}

/** A person already in the ledger that shares an ORCID or e-mail with the newcomer, with all its members' identifiers. */
export interface LedgerPersonIds {
  personId: number;
  members: ReadonlyArray<{ orcid: string | null; email: string | null }>;
}

export interface MergeDecision {
  /** The person to join, or null for a new person. */
  personId: number | null;
  rule: Exclude<MergeRule, 'split'>;
}

/**
 * Where a newly seen author_id goes. A shared ORCID wins; a shared e-mail merges unless the
 * person already carries a different ORCID than the newcomer (two researchers behind one
 * lab address). Ties go to the oldest person (lowest id), so the outcome does not depend on order.
 */
export function chooseMerge(who: LedgerIdentity, candidates: readonly LedgerPersonIds[]): MergeDecision {
  const sorted = [...candidates].sort((a, b) => a.personId - b.personId);
  if (who.orcid !== null) {
    const byOrcid = sorted.find((p) => p.members.some((m) => m.orcid === who.orcid));
    if (byOrcid) return { personId: byOrcid.personId, rule: 'orcid' };
  }
  if (who.email !== null) {
    const byEmail = sorted.find(
      (p) =>
        p.members.some((m) => m.email === who.email) &&
        !(who.orcid !== null && p.members.some((m) => m.orcid !== null && m.orcid !== who.orcid)),
    );
    if (byEmail) return { personId: byEmail.personId, rule: 'email' };
  }
  return { personId: null, rule: 'author_id' };
}

/** A name for matching: diacritics, case, punctuation and extra spaces removed. */
export function normalizeName(raw: string | null | undefined): string {
  return (raw ?? '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export interface ManuscriptAuthors {
  manuscriptId: number;
  title: string;
  authors: ReadonlyArray<{ name?: string | undefined; email?: string | undefined; orcid?: string | undefined }>;
}

export interface AuthorConflict {
  manuscriptId: number;
  title: string;
  /** The author of that manuscript who matched. */
  author: string;
  by: 'orcid' | 'email' | 'name';
}

/** "J. A. Smith" and "John Smith" give ('smith', 'j'): last word and first initial. */
function nameKey(name: string): string | null {
  const words = normalizeName(name)
    .split(' ')
    .filter((w) => w.length > 0);
  if (words.length < 2) return null;
  return `${words[words.length - 1]} ${words[0]![0]}`;
}

/**
 * A matcher over the authors of the other manuscripts of a folder (normalised once): for a
 * candidate, the manuscripts they are an author of, by ORCID, by e-mail, or by name (same last
 * name and first initial). A warning, not a verdict, so the name rule errs on the side of showing it.
 */
export function authorMatcher(
  others: readonly ManuscriptAuthors[],
): (candidate: { name: string; email: string | null; orcid: string | null }) => AuthorConflict[] {
  const index = {
    orcid: new Map<string, AuthorConflict[]>(),
    email: new Map<string, AuthorConflict[]>(),
    name: new Map<string, AuthorConflict[]>(),
  };
  const put = (map: Map<string, AuthorConflict[]>, key: string | null, c: AuthorConflict) => {
    if (key === null) return;
    const list = map.get(key) ?? [];
    if (!list.some((x) => x.manuscriptId === c.manuscriptId)) list.push(c);
    map.set(key, list);
  };
  for (const m of others) {
    for (const a of m.authors) {
      const author = a.name ?? a.email ?? a.orcid ?? '';
      put(index.orcid, normalizeOrcid(a.orcid), { manuscriptId: m.manuscriptId, title: m.title, author, by: 'orcid' });
      put(index.email, normalizeEmail(a.email), { manuscriptId: m.manuscriptId, title: m.title, author, by: 'email' });
      put(index.name, a.name === undefined ? null : nameKey(a.name), { manuscriptId: m.manuscriptId, title: m.title, author, by: 'name' });
    }
  }
  return (candidate) => {
    const found = new Map<number, AuthorConflict>();
    const take = (list: AuthorConflict[] | undefined) => {
      for (const c of list ?? []) if (!found.has(c.manuscriptId)) found.set(c.manuscriptId, c);
    };
    const orcid = normalizeOrcid(candidate.orcid);
    const email = normalizeEmail(candidate.email);
    const key = nameKey(candidate.name);
    if (orcid !== null) take(index.orcid.get(orcid));
    if (email !== null) take(index.email.get(email));
    if (key !== null) take(index.name.get(key));
    return [...found.values()];
  };
}

/** The other manuscripts (same folder, in the cache) that the candidate is an author of. */
export const authorConflicts = (
  candidate: { name: string; email: string | null; orcid: string | null },
  others: readonly ManuscriptAuthors[],
): AuthorConflict[] => authorMatcher(others)(candidate);
