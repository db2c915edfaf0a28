// Group authors as editors know them: an author's id is made for them (from the ORCID, else the
// e-mail, else the name) unless the editor types one, and e-mails and ORCIDs are checked before a
// write is queued. Pure.
import { normalizeOrcid } from './ledger';

const EMAIL = /^[^\s@;,]+@(?:[^\s@;,.]+\.)+[^\s@;,.]+$/;
const ORCID = /^(?:https?:\/\/orcid\.org\/)?(\d{4}-\d{4}-\d{4}-\d{3}[\dX])$/i;

export function isEmail(s: string): boolean {
  return EMAIL.test(s.trim());
}

/** The bare ORCID (0000-0002-1825-0097) written as an ORCID or its https://orcid.org/ address, check digit unchecked; null if not. */
function orcidShape(s: string): string | null {
  const m = ORCID.exec(s.trim());
  return m ? m[1]!.toUpperCase() : null;
}

/** The bare ORCID (0000-0002-1825-0097) of an ORCID or its https://orcid.org/ address; null if it is not one or its check digit is wrong. */
export function orcidOf(s: string): string | null {
  const bare = orcidShape(s);
  // The check digit (ISO 7064 MOD 11-2) is computed once, in normalizeOrcid.
  return bare !== null && normalizeOrcid(bare) === bare ? bare : null;
}

/**
 * Problems with the e-mails and ORCIDs an author form or a CSV row holds, each starting with the
 * field as the form labels it (`labels`: the form's own words, "Emails" and "ORCIDs" by default).
 */
export function contactProblems(
  emails: readonly string[],
  orcids: readonly string[],
  labels: { emails: string; orcids: string } = { emails: 'Emails', orcids: 'ORCIDs' },
): string[] {
  const out: string[] = [];
  for (const e of emails) if (!isEmail(e)) out.push(`${labels.emails}: “${e}” is not an e-mail address (name@example.org).`);
  for (const o of orcids) {
    if (orcidShape(o) === null)
      out.push(`${labels.orcids}: “${o}” is not an ORCID (four groups of four digits, e.g. 0000-0002-1825-0097).`);
    else if (orcidOf(o) === null)
      out.push(`${labels.orcids}: “${o}” is not a valid ORCID: its last character does not match the others (check for a typo).`);
  }
  return out;
}

/** An id for an author the editor gave none: the ORCID, else the first e-mail, else the name; unique among `taken`. */
export function clientIdFor(
  author: { name: string; emails: readonly string[]; orcids: readonly string[] },
  taken: ReadonlySet<string>,
): string {
  const orcid = author.orcids.map(orcidOf).find((o): o is string => o !== null);
  const email = author.emails.map((e) => e.trim().toLowerCase()).find(isEmail);
  const slug =
    author.name
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'author';
  const base = orcid ?? email ?? slug;
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}
