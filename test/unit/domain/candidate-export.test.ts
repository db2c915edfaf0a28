// The candidate exports against golden files written by the implementation before the screen's columns
// and the exports shared one definition (issue 18): CSV and XLSX must stay byte for byte what they were.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { candidateTable } from '../../../electron/common/domain/candidates';
import { toCsv } from '../../../electron/common/domain/csv';
import { toXlsx } from '../../../electron/common/domain/xlsx';
import { EXPORT_ROWS } from './golden/rows';

const GOLDEN = join(import.meta.dirname, 'golden');

describe('candidate exports: byte-identical to the golden files', () => {
  it('CSV', () => {
    const t = candidateTable(EXPORT_ROWS);
    expect(toCsv(t.header, t.rows)).toBe(readFileSync(join(GOLDEN, 'candidates.csv'), 'utf8'));
  });

  it('XLSX', () => {
    const t = candidateTable(EXPORT_ROWS);
    const sha = createHash('sha256')
      .update(toXlsx('Candidates', t.header, t.rows))
      .digest('hex');
    expect(sha).toBe(readFileSync(join(GOLDEN, 'candidates.xlsx.sha256'), 'utf8').trim());
  });
});
