// The candidate exports against golden files written by the implementation before the screen's columns
// and the exports shared one definition (issue 18): CSV and XLSX must stay byte for byte what they were.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { candidateTable } from '../../../electron/common/domain/candidates';
import { toCsv } from '../../../electron/common/domain/csv';
import { toXlsx } from '../../../electron/common/domain/xlsx';
import { EXPORT_ROWS } from './golden/rows';

const GOLDEN = join(import.meta.dirname, 'golden');
/** `UPDATE_GOLDEN=1 npx vitest run <this file>` rewrites the files, for a change that means to alter the exports. */
const golden = (name: string, now: string) => {
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(join(GOLDEN, name), now);
  return readFileSync(join(GOLDEN, name), 'utf8');
};

describe('candidate exports: byte-identical to the golden files', () => {
  it('CSV', () => {
    const t = candidateTable(EXPORT_ROWS);
    const csv = toCsv(t.header, t.rows);
    expect(csv).toBe(golden('candidates.csv', csv));
  });

  it('XLSX', () => {
    const t = candidateTable(EXPORT_ROWS);
    const sha = createHash('sha256')
      .update(toXlsx('Candidates', t.header, t.rows))
      .digest('hex');
    expect(sha).toBe(golden('candidates.xlsx.sha256', `${sha}\n`).trim());
  });
});
