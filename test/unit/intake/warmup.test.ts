import { describe, expect, it } from 'vitest';
import { InflateBudget, withBudget } from '../../../electron/core/intake/bounds';
import { extractPdf } from '../../../electron/core/intake/pdf';
import { warmupPdf } from '../../../electron/core/intake/warmup';

// Each intake worker reads this page once before it says it is ready (worker.ts), so that the first dropped
// file does not pay for compiling the reader. It only warms what it reaches: a page the reader refused or read
// as nothing would leave the title, author and abstract paths cold.
describe('the warm-up manuscript', () => {
  it('goes through the whole header reader: title, authors with their e-mail, abstract', async () => {
    const got = await withBudget(new InflateBudget(), () => extractPdf(warmupPdf()));
    expect(got.title).toBe('Warm-up of the intake reader');
    expect(got.authors.map((a) => a.name)).toEqual(['Ada Example', 'Ben Sample']);
    expect(got.authors[0]!.email).toBe('ada@example.org');
    expect(got.abstract).toMatch(/^A short abstract with a few words in it/);
  });

  it('is a well-formed PDF: every xref offset points at its object', () => {
    const pdf = warmupPdf();
    const text = pdf.toString('latin1');
    const startxref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(6);
    offsets.forEach((o, i) => expect(text.startsWith(`${i + 1} 0 obj\n`, o)).toBe(true));
  });
});
