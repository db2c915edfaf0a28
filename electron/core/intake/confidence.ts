// How sure intake is of each field it read, from what the readers saw while reading (the trace): the same
// rules for PDF and DOCX, in one place. Confidence is 0–1; the upload form highlights fields under 0.7
// (electron/common/domain/intake.ts fieldsToCheck).
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
      affiliation: a.affiliation && p.affiliation ? ATTACH[p.affiliation] : 0.5,
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
