// The light extraction the local service makes from a manuscript's text lines: title, authors, e-mails,
// ORCIDs, abstract and the reference list. Pure code: it runs in the reader's worker thread (reader-worker.ts).

export interface ParsedManuscript {
  format: 'pdf' | 'docx';
  text: string;
  title: string | null;
  abstract: string | null;
  authors: string[];
  emails: string[];
  orcids: string[];
  references: string[];
}

export const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

const REF_HEADING = /^(\d+\.?\s*)?(references|bibliography|literature cited|works cited|reference list)\s*:?$/i;
const ABSTRACT_HEADING = /^(abstract|summary)\s*(?:[:.]\s*)?(\S.*|)$/i;
const SECTION_HEADING =
  /^(\d+(\.\d+)*\.?\s+)?(introduction|background|keywords|key words|methods|materials and methods|results|discussion|conclusions?|acknowledg[e]?ments)\b/i;
const NUMBERED_REF = /^(\[\d+\]|\d+\.\s|\d+\)\s)/;
const AUTHOR_YEAR_REF = /^[A-Z][\p{L}'’-]+,\s+(?:[A-Z]\.|[A-Z][\p{L}]+)/u;

export function extract(
  format: 'pdf' | 'docx',
  rawLines: string[],
  metaTitle: string | null,
  metaAuthors: string | null,
): ParsedManuscript {
  const lines = rawLines.filter((l) => l.length > 0);
  const text = lines.join('\n');
  const emails = unique(text.match(/(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g) ?? []).map((e) =>
    e.toLowerCase(),
  );
  const orcids = unique((text.match(/\b\d{4}-\d{4}-\d{4}-\d{3}[\dX]\b/g) ?? []).map((o) => o.toUpperCase()));

  let refStart = -1;
  for (let i = lines.length - 1; i >= 0; i--) {
    if (REF_HEADING.test(lines[i]!)) {
      refStart = i;
      break;
    }
  }
  const references = refStart >= 0 ? splitReferences(lines.slice(refStart + 1), format === 'docx') : [];

  let abstract: string | null = null;
  const absIdx = lines.findIndex((l) => ABSTRACT_HEADING.test(l));
  if (absIdx >= 0) {
    const parts: string[] = [];
    const first = ABSTRACT_HEADING.exec(lines[absIdx]!)![2]!;
    if (first) parts.push(first);
    for (let i = absIdx + 1; i < lines.length && !SECTION_HEADING.test(lines[i]!) && (refStart < 0 || i < refStart); i++) {
      parts.push(lines[i]!);
      if (parts.join(' ').split(/\s+/).length > 400) break;
    }
    abstract = parts.join(' ').trim() || null;
  }

  const title = metaTitle ?? lines.find((l) => l.length > 10 && !ABSTRACT_HEADING.test(l)) ?? null;
  const authors = metaAuthors
    ? metaAuthors
        .split(/(?:(?<!\s)\s+)?(?:;|\band\b|&)\s*|,\s+(?=[A-Z][a-z]+\s+[A-Z])/)
        .map((a) => a.trim())
        .filter((a) => a.length > 1)
    : [];
  return { format, text, title, abstract, authors, emails, orcids, references };
}

/** One entry per number, else per author-year start; in DOCX an unnumbered paragraph is an entry. */
function splitReferences(lines: string[], paragraphs: boolean): string[] {
  const refs: string[] = [];
  const numbered = lines.filter((l) => NUMBERED_REF.test(l)).length >= Math.max(1, lines.length / 4);
  for (const line of lines) {
    if (SECTION_HEADING.test(line) && !NUMBERED_REF.test(line)) break;
    const starts = numbered ? NUMBERED_REF.test(line) : paragraphs || AUTHOR_YEAR_REF.test(line) || refs.length === 0;
    if (starts) refs.push(line);
    else refs[refs.length - 1] += ` ${line}`;
  }
  return refs.map((r) => r.trim()).filter((r) => r.length > 0);
}

const unique = <T>(xs: T[]): T[] => [...new Set(xs)];
