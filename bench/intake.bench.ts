// Intake accuracy and speed on ../shared/material (skipped, with a note row, when that folder is absent).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { FIELDS, TARGETS, evaluate } from '../electron/core/intake/evaluate';
import type { Bench, BenchRow } from './types';

const repoRoot = resolve(import.meta.dirname, '..');
const material = resolve(repoRoot, '..', 'shared', 'material');

const LABELS: Record<(typeof FIELDS)[number], string> = {
  title: 'title (normalised match or Levenshtein ≥ 0.8)',
  authors: 'authors F1 (normalised names)',
  emails: 'e-mails F1',
  orcids: 'ORCIDs F1',
  contacts: 'e-mails + ORCIDs F1',
  abstract: 'abstract (Levenshtein ratio ≥ 0.8)',
};

const bench: Bench = async () => {
  if (!existsSync(resolve(material, 'MANIFEST.json'))) {
    return [{ suite: 'intake', metric: 'accuracy on ../shared/material', value: 0, unit: 'files', note: `skipped: ${material} not found` }];
  }
  const report = await evaluate(material);
  const rows: BenchRow[] = [];
  for (const f of FIELDS) {
    const s = report.fields[f];
    const per = Object.entries(report.byFormat)
      .map(([fmt, x]) => `${fmt} ${(100 * x[f].score).toFixed(1)}% n=${x[f].files}`)
      .join(', ');
    rows.push({
      suite: 'intake',
      metric: LABELS[f],
      value: Math.round(1000 * s.score) / 10,
      unit: '%',
      target: `≥ ${100 * TARGETS[f]}%`,
      ok: s.score >= TARGETS[f],
      note: `${s.files} files with this field; ${per}`,
    });
  }
  rows.push(
    {
      suite: 'intake',
      metric: 'time per PDF (median)',
      value: Math.round(report.pdfMs.median),
      unit: 'ms',
      target: `≤ ${TARGETS.pdfMedianMs} ms`,
      ok: report.pdfMs.median <= TARGETS.pdfMedianMs,
      note: `${report.pdfMs.n} PDFs, in-process after one warm-up file; CPU time median ${Math.round(report.pdfCpuMs.median)} ms`,
    },
    { suite: 'intake', metric: 'time per PDF (p95)', value: Math.round(report.pdfMs.p95), unit: 'ms', note: `${report.pdfMs.n} PDFs` },
  );
  return rows;
};

export default bench;
