// How sure intake is of each field it read, from what the readers saw while reading (the trace): the same
// rules for PDF and DOCX, in one place. Confidence is 0–1; the upload form highlights fields under 0.7
// (electron/common/domain/intake.ts fieldsToCheck).
import { endsWithCountry } from './roles';
import type { IntakeAuthor, IntakeConfidence } from './types';

/** How an author's affiliation, e-mail or ORCID was attached. */
export type Attachment = 'marker' | 'name' | 'layout' | 'order' | null;

export interface AuthorTrace {
  /** Affiliation: by a superscript/leading marker, or from the layout (address lines under the name). */
  affiliation: Attachment;
  /** E-mail: matched to the name (local part), or given in list order. */
  email: Attachment;
  /** ORCID: printed next to the name, or given in list order. */
  orcid: Attachment;
  /** The markers the name carried (¹, a, *). */
  markers: string[];
}

export interface Trace {
  title: {
    text: string | null;
    /** Title size over the body text size (PDF); DOCX: 1.5 for a Title style, else size over body. */
    sizeRatio: number;
  };
  abstract: {
    text: string | null;
    /** heading: under an "Abstract" heading and ended at a section/keyword/gap; open: under a heading but ran out of its
     * column; guess: first long paragraph. */
    how: 'heading' | 'open' | 'guess' | null;
  };
  authors: IntakeAuthor[];
  perAuthor: AuthorTrace[];
  emails: number;
  affiliationMarkers: string[];
}

const CONNECTOR_END = /\b(of|and|the|for|in|on|a|an|with|to|from|by|via|at|or|using|towards?)$/i;

function titleConfidence(t: Trace['title']): number {
  if (!t.text) return 0;
  const words = t.text.split(/\s+/).length;
  let c = t.sizeRatio >= 1.3 ? 0.95 : t.sizeRatio >= 1.1 ? 0.8 : 0.6;
  if (CONNECTOR_END.test(t.text.trim())) c = Math.min(c, 0.4); // cut at a line break
  if (words > 30) c = Math.min(c, 0.5); // took a following line
  if (words < 3) c = Math.min(c, 0.5);
  return c;
}

function abstractConfidence(a: Trace['abstract']): number {
  if (!a.text) return 0;
  const words = a.text.split(/\s+/).length;
  let c = a.how === 'heading' ? 0.95 : a.how === 'open' ? 0.8 : 0.55;
  if (words < 40) c *= 0.7;
  if (words > 600) c *= 0.8;
  return c;
}

/** A name that reads as a person's: letters only, 2–5 words, not a single long capitalised run. */
function nameConfidence(name: string): number {
  const words = name.split(/\s+/);
  if (name.length > 45 || words.length > 5) return 0.5;
  if (/^\p{Lu}\.?$/u.test(words[words.length - 1]!)) return 0.5; // "Smith J": surname first, or a cut name
  return 0.9;
}

const LEADING_NOTE = /^\s*(correspond|speaker|part of|e-?mail|tel\b|phone|fax|present address|current address|on leave)/i;
const INSTITUTION = new RegExp(
  String.raw`\b(univ|institut|depart|dept|centr|center|school|college|facult|laborator|lab|hospital|clinic|academy|` +
    String.raw`foundation|inc|ltd|gmbh|corporation|company|division|unit|research|ministry|council|agency|museum|` +
    String.raw`observatory|polytechnic|ecole|école)`,
  'i',
);

/**
 * An affiliation's own text looks cut or mixed with other text: a part that ends on a connector word or a
 * possessive ("Department of", "Shanghai No.9 People's"), a citation or running text in it, a note's label
 * ("Correspondence to:", "Speaker"), an iD, or no institution word at all.
 */
export function affiliationLooksWrong(aff: string): boolean {
  const parts = aff.split(/;\s*/);
  if (parts.some((p) => CONNECTOR_END.test(p.trim()) || /[’']s$/.test(p.trim()) || /\b(of|and|the)\s*,/i.test(p))) return true;
  if (/\[\d|\d{4}-\d{4}-\d{4}/.test(aff) || LEADING_NOTE.test(aff)) return true;
  const words = aff.split(/\s+/).filter((w) => /^\p{L}/u.test(w));
  const lower = words.filter(
    (w) =>
      /^\p{Ll}/u.test(w) && !/^(of|and|the|for|de|del|della|di|da|do|dos|das|du|des|la|le|et|für|und|van|von|der|y|e|in|at|on)$/i.test(w),
  );
  if (words.length >= 6 && lower.length >= 0.3 * words.length) return true;
  return !INSTITUTION.test(aff) && words.length <= 1;
}

/**
 * An affiliation's confidence: by how it was attached, lower when its text looks cut or mixed; one taken
 * from the layout that reads as a whole address (an institution's word and a country at its end) is as sure
 * as a marked one.
 */
function affiliationConfidence(aff: string, how: Exclude<Attachment, null>): number {
  if (affiliationLooksWrong(aff)) return 0.5;
  if (how === 'layout' && INSTITUTION.test(aff) && endsWithCountry(aff)) return ATTACH.marker;
  return ATTACH[how];
}

const ATTACH: Record<Exclude<Attachment, null>, number> = { marker: 0.9, name: 0.95, layout: 0.65, order: 0.6 };

export function confidenceOf(t: Trace): IntakeConfidence {
  const assigned = new Set(t.authors.flatMap((a) => (a.email ? [a.email.toLowerCase()] : [])));
  const unassignedEmails = Math.max(0, t.emails - assigned.size);
  const markers = new Set(t.affiliationMarkers);
  const carried = new Set(t.perAuthor.flatMap((p) => p.markers));
  const markersWithoutAuthor = [...markers].filter((m) => !carried.has(m)).length;
  const marked = t.perAuthor.filter((p) => p.markers.length > 0).length;

  let authors = t.authors.length === 0 ? 0 : 0.9;
  if (unassignedEmails > 0) authors -= 0.4;
  if (markersWithoutAuthor > 0) authors -= 0.3;
  if (markers.size > 0 && marked > 0 && marked < t.authors.length) authors -= 0.15; // some names carry markers, others none
  if (t.emails > t.authors.length && t.authors.length > 0) authors -= 0.2;

  const perAuthor = t.authors.map((a, i) => {
    const p = t.perAuthor[i] ?? { affiliation: null, email: null, orcid: null, markers: [] };
    return {
      name: nameConfidence(a.name),
      affiliation: a.affiliation && p.affiliation ? affiliationConfidence(a.affiliation, p.affiliation) : 0.5,
      email: a.email && p.email ? ATTACH[p.email] : unassignedEmails > 0 ? 0.4 : 0.8,
      orcid: a.orcid && p.orcid ? ATTACH[p.orcid] : 0.85,
    };
  });
  return {
    title: titleConfidence(t.title),
    abstract: abstractConfidence(t.abstract),
    authors: Math.max(0, Math.round(authors * 100) / 100),
    perAuthor,
    signals: { emails: t.emails, unassignedEmails, affiliationMarkers: markers.size, markersWithoutAuthor },
  };
}
