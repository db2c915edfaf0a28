// Extraction from manuscripts the project generates (known title, authors, affiliations, e-mails, ORCIDs,
// abstract, references), and the text heuristics on their own.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectFile } from '../../../electron/core/intake/inspect';
import { findEmails, findOrcids, splitAuthorLine, validOrcid } from '../../../electron/core/intake/text';
import { KNOWN, makeManuscriptDocx, makeManuscriptPdf } from '../../fixtures/intake/make';

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'intake-ok-'));
  writeFileSync(join(dir, 'manuscript.pdf'), await makeManuscriptPdf());
  writeFileSync(join(dir, 'manuscript.docx'), await makeManuscriptDocx());
  writeFileSync(join(dir, 'indented.pdf'), await makeManuscriptPdf({ abstractIndent: 36 }));
  writeFileSync(join(dir, 'orcids-overleaf.pdf'), await makeManuscriptPdf({ orcidsOverleaf: true }));
  writeFileSync(join(dir, 'email-overleaf.pdf'), await makeManuscriptPdf({ emailOverleaf: true }));
  writeFileSync(join(dir, 'authors-title-size.pdf'), await makeManuscriptPdf({ authorSize: 20 }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(['pdf', 'docx'] as const)('generated %s manuscript', (format) => {
  it('yields title, abstract, authors with affiliation/e-mail/ORCID, and the reference count', async () => {
    const r = await inspectFile(join(dir, `manuscript.${format}`), { references: true });
    expect(r.error).toBeNull();
    expect(r.format).toBe(format);
    expect(r.title).toBe(KNOWN.title);
    expect(r.abstract).toBe(KNOWN.abstract);
    expect(r.authors).toEqual(KNOWN.authors.map((a) => ({ name: a.name, affiliation: a.affiliation, email: a.email, orcid: a.orcid })));
    expect(r.references).toBe(KNOWN.references.length);
  });
});

it('reads a PDF without its reference pages unless asked; a DOCX always counts (it is read whole)', async () => {
  const pdf = await inspectFile(join(dir, 'manuscript.pdf'));
  expect(pdf.title).toBe(KNOWN.title);
  expect(pdf.authors.map((a) => a.email)).toEqual(KNOWN.authors.map((a) => a.email));
  expect(pdf.references).toBeNull();
  expect((await inspectFile(join(dir, 'manuscript.docx'))).references).toBe(KNOWN.references.length);
});

it("reads an abstract whose first line is indented (Word's first-line indent) from the column's edge", async () => {
  const r = await inspectFile(join(dir, 'indented.pdf'));
  expect(r.abstract).toBe(KNOWN.abstract);
});

it('reads page 2 for the ORCID iDs when page 1 speaks of them but prints none', async () => {
  const r = await inspectFile(join(dir, 'orcids-overleaf.pdf'));
  expect(r.authors.map((a) => a.orcid)).toEqual(KNOWN.authors.map((a) => a.orcid));
  expect(r.authors.map((a) => a.email)).toEqual(KNOWN.authors.map((a) => a.email));
  expect(r.abstract).toBe(KNOWN.abstract);
});

it("reads page 2 for the corresponding author's address when page 1 names the author but not the address", async () => {
  const r = await inspectFile(join(dir, 'email-overleaf.pdf'));
  expect(r.authors.map((a) => a.email)).toEqual(KNOWN.authors.map((a) => a.email));
  expect(r.authors.map((a) => a.orcid)).toEqual(KNOWN.authors.map((a) => a.orcid));
});

it("ends the title at an author line set in the title's size (another font, superscript markers)", async () => {
  const r = await inspectFile(join(dir, 'authors-title-size.pdf'));
  expect(r.title).toBe(KNOWN.title);
  expect(r.authors.map((a) => a.name)).toEqual(KNOWN.authors.map((a) => a.name));
});

describe('text heuristics', () => {
  it('expands grouped e-mail forms', () => {
    expect(findEmails('(georgiana.dinu|marco.baroni)@unitn.it')).toEqual(['georgiana.dinu@unitn.it', 'marco.baroni@unitn.it']);
    expect(findEmails('{chrisq,chrisbkt, billdol}@microsoft.com')).toEqual([
      'chrisq@microsoft.com',
      'chrisbkt@microsoft.com',
      'billdol@microsoft.com',
    ]);
    expect(findEmails('E-mail: a.b@x.org and c_d@y.co.uk.')).toEqual(['a.b@x.org', 'c_d@y.co.uk']);
  });

  it('checks ORCID check digits and reads bare and URL forms', () => {
    expect(validOrcid('0000-0002-1825-0097')).toBe(true);
    expect(validOrcid('0000-0002-1825-0098')).toBe(false);
    expect(findOrcids('see https://orcid.org/0000-0003-0882-308X and 0000-0002-1825-0098').map((o) => o.id)).toEqual([
      '0000-0003-0882-308X',
    ]);
  });

  it('splits author lines with superscript markers, "and", initials and degrees', () => {
    const parts = splitAuthorLine('Yu.A.Pusep\u00011*\u0002, L.Fernandes dos Santos\u00011\u0002, Dr. Saeed Murtaza and Jane Roe, PhD');
    expect(parts.map((p) => p.name)).toEqual(['Yu.A. Pusep', 'L. Fernandes dos Santos', 'Saeed Murtaza', 'Jane Roe']);
    expect(parts[0]!.markers).toEqual(['1', '*']);
  });
});
