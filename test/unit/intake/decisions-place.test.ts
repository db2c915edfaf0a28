// The title, abstract-boundary, author-block, affiliation and attribution decisions live in one place
// (electron/core/intake/decisions.ts).
// This fails when a format reader (pdf.ts, docx.ts) or the shared text rules (text.ts) grow a threshold or a
// decision of their own: every fractional threshold left in them is listed here with what it measures (a role
// input, the reference list, the DOCX bold share) — exactly, so a new one or one moved away fails until the
// list says so — and they call the decisions instead of defining them.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../../electron/core/intake/decisions';

const dir = resolve(import.meta.dirname, '..', '..', '..', 'electron', 'core', 'intake');
/** Source without comments (a number in a comment is not a threshold). */
const source = (file: string) =>
  readFileSync(resolve(dir, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:\\])\/\/.*$/gm, '$1');
/** The fractional number literals of a source (whole numbers are counts, indices and regex quantifiers too). */
const fractions = (src: string) => new Set([...src.matchAll(/(?<![\w.])(\d+\.\d+)(?![\w.])/g)].map((m) => Number(m[1])));

/** What each fractional number left in the readers measures: none of it is a role decision (geometry for the role model, references, styling). */
const ALLOWED: Record<string, Record<number, string>> = {
  'pdf.ts': {
    0.04: 'role input: a centred line is within 4 % of the page width of its middle',
    0.85: 'role input: a centred line is narrower than 85 % of the page',
    0.05: 'role input: the next line has the same size (5 %)',
    0.3: 'role input: the next line starts 0.3 of a size lower',
    0.5: 'role input: the body font is the one set within half a point of the body size',
    2.5: 'role input: the next line of the same block lies within 2.5 of the size below',
    0.06: 'references: running heads in the top 6 % of a page are skipped',
    0.95: 'references: page numbers in the bottom 5 % are skipped',
  },
  'docx.ts': {
    0.6: 'a paragraph is bold when 60 % of its characters are',
  },
  'text.ts': {
    0.2: 'references: numbered when a fifth of the lines carry a label',
  },
};

describe('where the title, abstract and attribution decisions live', () => {
  it.each(Object.keys(ALLOWED))('%s has exactly its listed measurements as fractional numbers', (file) => {
    const found = [...fractions(source(file))].sort((a, b) => a - b);
    expect(found).toEqual(
      Object.keys(ALLOWED[file]!)
        .map(Number)
        .sort((a, b) => a - b),
    );
  });

  it('keeps every fractional rule of the table out of the readers, except values the readers measure other things with', () => {
    const shared = new Set(Object.values(ALLOWED).flatMap((m) => Object.keys(m).map(Number)));
    const ruleValues = Object.values(RULES)
      .map((r) => r.value)
      .filter((v) => !Number.isInteger(v) && !shared.has(v));
    expect(ruleValues.length).toBeGreaterThan(10);
    for (const file of Object.keys(ALLOWED))
      for (const v of ruleValues) expect(fractions(source(file)).has(v), `${v} in ${file}`).toBe(false);
  });

  it('has the readers call the decisions instead of defining them', () => {
    const pdf = source('pdf.ts');
    const docx = source('docx.ts');
    for (const name of [
      'pdfTitle',
      'pdfSubtitle',
      'abstractAfterHeading',
      'abstractWithoutHeading',
      'assignEmails',
      'assignOrcids',
      'attachByName',
      'contactsOverleaf',
      'authorZone',
      'overleafZone',
      'pdfAuthors',
      'pdfAffiliations',
    ])
      expect(pdf).toMatch(new RegExp(`\\b${name}\\(`));
    for (const name of [
      'docxTitle',
      'docxBounds',
      'docxAbstract',
      'assignEmails',
      'assignOrcids',
      'ownOrcid',
      'mostlyNames',
      'docxAffiliations',
      'ownAffiliation',
    ])
      expect(docx).toMatch(new RegExp(`\\b${name}\\(`));
    for (const src of [pdf, docx, source('text.ts')]) {
      expect(src).not.toMatch(/function\s+((assign|attach|pick|choose)\w*(title|abstract|email|orcid)|find\w*(title|abstract))/i);
      expect(src).not.toMatch(/function\s+(followColumn|paragraphLeft|nextColumn|emailNameScore)\b/);
      expect(src).not.toMatch(
        /function\s+(headerZone|isProse|authorsFrom|joinWrappedLines|continuesNames|assignAffiliations|trimPunctuation)\b/,
      );
    }
  });
});
