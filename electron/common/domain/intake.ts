// Which pre-filled fields of the upload form the editor should check: the ones intake was unsure of, and the
// author list when its length disagrees with what the page shows (e-mails or affiliation markers that went to
// no author). Pure; the upload form highlights what this returns.
import type { IntakeView } from '../shapes';

/** Below this confidence a pre-filled field is highlighted. */
export const LOW_CONFIDENCE = 0.7;

export type AuthorPart = 'name' | 'aff' | 'email' | 'orcid';

/** A form field to check, named as in the upload form (UploadFormInput: title, abstract, authors_count, authors[i].part). */
export type FieldToCheck =
  { field: 'title' | 'abstract' | 'authors_count'; reason: string } | { field: 'author'; index: number; part: AuthorPart; reason: string };

/** From this many authors a list is long enough that its end (a last page, a second column) is easily cut. */
export const LONG_AUTHOR_LIST = 15;

/** The words that name an institution (not a department): an affiliation naming two or more may hold others' too. */
const INSTITUTION = /\b(universi\w*|institut\w*|college|hospital|academy|laborator\w*|centre|center|foundation|polytechnic)\b/iu;

/**
 * Why an affiliation read with confidence may still not be this author's, or null: the same list of several
 * institutions given to more than one author (the page's whole list, not each one's), or text that stops on a
 * comma.
 */
export function affiliationDoubt(affiliation: string, sameForOthers: boolean): string | null {
  const text = affiliation.trim();
  if (/[,;]$/.test(text)) return 'This affiliation may be cut.';
  // Lower-case words after the address (keywords or running text read on).
  const last = text.split(/[;,]/).at(-1)!.trim();
  if (/^\p{Ll}[\p{Ll}\s-]*$/u.test(last) && text.includes(',')) return 'This affiliation may include other text.';
  // A department or an institution alone, with no place: the rest of the address may be on a line not read.
  if (!/[,;]/.test(text) && wordCount(text) <= 3) return 'This affiliation names no place: the rest of it may be missing.';
  // Each part between commas or semicolons that names an institution counts once.
  const institutions = text.split(/[;,]/).filter((part) => INSTITUTION.test(part));
  if (sameForOthers && institutions.length >= 2)
    return 'The same institutions were given to several authors: check which are this author’s.';
  return null;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * An address of the form initial + surname ("a.hock", "ahock") whose surname is one of the author's but whose
 * initial is none of the author's other names' (the address of a colleague with the same surname, or given
 * in list order).
 */
export function initialContradicts(email: string, name: string): boolean {
  const local = fold(email.split('@')[0] ?? '');
  const words = fold(name)
    .split(/[\s.-]+/)
    .filter((w) => /^\p{L}+$/u.test(w));
  if (words.length < 2) return false;
  const m = /^(\p{L})[._-]?(\p{L}{3,})$/u.exec(local);
  if (!m) return false;
  const [, initial, rest] = m as unknown as [string, string, string];
  const surname = words.findIndex((w, i) => i > 0 && w === rest);
  if (surname === -1) return false;
  return !words.some((w, i) => i !== surname && w.startsWith(initial));
}
const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;
/** Affiliations read cut on one page that make the page's short ones doubtful, and how short is short (words). */
const CUT_PAGE_MIN = 3;
const SHORT_AFFILIATION_WORDS = 4;

/**
 * The fields to highlight for an intake result, in form order. Empty for a refused file or a result without
 * confidence (older core). Empty fields are not listed for being empty (the form shows them empty anyway),
 * only when intake read something it doubts or the counts disagree — or when it left them empty on purpose
 * because the PDF's text layer is an OCR scan's noise.
 */
export function fieldsToCheck(view: IntakeView): FieldToCheck[] {
  const c = view.confidence;
  if (!c || view.error) return [];
  const out: FieldToCheck[] = [];
  if (c.signals.scanGuesses) {
    // the fields were left empty on purpose: say why, where the editor looks first
    const reason = 'This PDF’s text looks like a scan’s guesses; check the title and authors against the page.';
    // an abstract kept from such a page read as clean text on its own (scan.ts readsAsText): not flagged
    return [
      { field: 'title', reason },
      { field: 'authors_count', reason },
    ];
  }
  if (view.title && c.title < LOW_CONFIDENCE) out.push({ field: 'title', reason: 'The title may be cut or include other text.' });
  if (view.abstract && c.abstract < LOW_CONFIDENCE)
    out.push({ field: 'abstract', reason: 'The abstract may be incomplete or include other text.' });
  // A paragraph opens with a capital or a figure; one that opens on a lower-case word began before what was read.
  else if (view.abstract && /^\p{Ll}{2,}\s/u.test(view.abstract.trim()))
    out.push({ field: 'abstract', reason: 'The abstract starts mid-sentence: its beginning may be missing.' });

  const n = view.authors.length;
  const { unassignedEmails, markersWithoutAuthor, emails } = c.signals;
  if (n === 0) {
    out.push({
      field: 'authors_count',
      reason:
        emails > 0 || c.signals.affiliationMarkers > 0
          ? 'No author was recognised, but the first page has e-mail addresses or affiliations.'
          : 'No author was recognised: add them from the manuscript.',
    });
  } else if (n > 0 && (unassignedEmails > 0 || markersWithoutAuthor > 0 || emails > n)) {
    const bits = [
      emails > n ? `${plural(emails, 'e-mail address', 'e-mail addresses')} for ${plural(n, 'author', 'authors')}` : '',
      unassignedEmails > 0 && emails <= n
        ? `${plural(unassignedEmails, 'e-mail address', 'e-mail addresses')} not matched to an author`
        : '',
      markersWithoutAuthor > 0 ? `${plural(markersWithoutAuthor, 'affiliation', 'affiliations')} with no author` : '',
    ].filter(Boolean);
    out.push({ field: 'authors_count', reason: `An author may be missing: ${bits.join(', ')}.` });
  } else if (n > 0 && c.authors < LOW_CONFIDENCE) {
    out.push({ field: 'authors_count', reason: 'The author list may be incomplete.' });
  } else if (n >= LONG_AUTHOR_LIST) {
    out.push({ field: 'authors_count', reason: `A long author list (${n}): check that none is missing at its end.` });
  }

  const affCount = new Map<string, number>();
  for (const a of view.authors) if (a.affiliation) affCount.set(a.affiliation, (affCount.get(a.affiliation) ?? 0) + 1);
  const affFlagged = new Set<number>();
  view.authors.forEach((a, index) => {
    const p = c.perAuthor[index];
    if (!p) return;
    if (p.name < LOW_CONFIDENCE)
      out.push({ field: 'author', index, part: 'name', reason: 'This may not be a person’s name, or it may be cut.' });
    if (a.affiliation && p.affiliation < LOW_CONFIDENCE) {
      out.push({ field: 'author', index, part: 'aff', reason: 'The affiliation was guessed from the layout.' });
      affFlagged.add(index);
    } else if (a.affiliation) {
      const doubt = affiliationDoubt(a.affiliation, affCount.get(a.affiliation)! > 1);
      if (doubt) {
        out.push({ field: 'author', index, part: 'aff', reason: doubt });
        affFlagged.add(index);
      }
    }
    if (a.email && p.email < LOW_CONFIDENCE)
      out.push({
        field: 'author',
        index,
        part: 'email',
        reason: 'The e-mail address does not match the name; it was given in list order.',
      });
    else if (a.email && a.name && initialContradicts(a.email, a.name))
      out.push({
        field: 'author',
        index,
        part: 'email',
        reason: 'The e-mail address’s initial is not this author’s: it may be a colleague’s.',
      });
    if (a.orcid && p.orcid < LOW_CONFIDENCE)
      out.push({ field: 'author', index, part: 'orcid', reason: 'The ORCID iD was given in list order, not next to the name.' });
  });
  // A page whose affiliations were read cut (three or more, a third of those read): its short ones are likely cut too.
  const withAff = view.authors.filter((a) => a.affiliation).length;
  if (affFlagged.size >= CUT_PAGE_MIN && affFlagged.size * 3 >= withAff)
    view.authors.forEach((a, index) => {
      if (!a.affiliation || affFlagged.has(index) || wordCount(a.affiliation) > SHORT_AFFILIATION_WORDS) return;
      const at = out.findIndex((f) => f.field === 'author' && f.index > index);
      const flag: FieldToCheck = {
        field: 'author',
        index,
        part: 'aff',
        reason: 'Other affiliations on this page were read cut; this short one may be too.',
      };
      if (at === -1) out.push(flag);
      else out.splice(at, 0, flag);
    });
  return out;
}
