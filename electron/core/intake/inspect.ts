// One file in, one IntakeResult out: admission checks, then the PDF or DOCX reader. Never throws.
import { DeskError, isDeskError } from '../../common/errors';
import { InflateBudget, tooComplex, withBudget } from './bounds';
import { checkFile } from './check';
import { extractDocx } from './docx';
import { extractPdf } from './pdf';
import { dropUnmapped } from './glyphs';
import { emptyResult } from './result';
import { casedName } from './text';
import type { RoleModel } from './roles';
import type { IntakeOptions, IntakeResult } from './types';

/**
 * Checks and reads one manuscript in the calling thread (the IntakeService runs this in a bounded worker).
 * Every inflated byte is charged to one InflateBudget; a file over it is refused as too complex, whatever
 * the parser made of the cut-off stream. `model` replaces the fitted role model (the bench's held-out fits).
 */
export async function inspectFile(file: string, opts: IntakeOptions = {}, model?: RoleModel): Promise<IntakeResult> {
  const result = emptyResult(file);
  const budget = new InflateBudget();
  try {
    const checked = await checkFile(file, opts);
    result.format = checked.format;
    const data = await withBudget(budget, () =>
      checked.format === 'pdf'
        ? extractPdf(checked.bytes, model, { references: opts.references === true })
        : extractDocx(checked.bytes, opts, model),
    );
    budget.check();
    // names set all in capitals by the layout come back as the authors write them (text.ts casedName)
    // and no control character, private-use code point or U+FFFD reaches the form (glyphs.ts)
    const text = (v: string | null) => (v === null ? null : dropUnmapped(v) || null);
    return {
      ...result,
      ...data,
      title: text(data.title),
      abstract: text(data.abstract),
      authors: data.authors.map((a) => ({
        name: dropUnmapped(casedName(a.name)),
        affiliation: text(a.affiliation),
        email: text(a.email),
        orcid: text(a.orcid),
      })),
    };
  } catch (e) {
    const err = budget.exceeded
      ? tooComplex(budget.exceeded)
      : isDeskError(e)
        ? e
        : new DeskError(
            'invalid_file',
            'The file could not be read as a manuscript. Fill in the fields by hand, or export the file again.',
            { cause: e },
          );
    return { ...result, title: null, abstract: null, authors: [], references: null, error: err.toShape() };
  }
}
