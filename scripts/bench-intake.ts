// Accuracy and speed of manuscript intake over a folder laid out like ../shared/material.
// Usage: npm run -s bench:intake -- DIR [--verbose]   (DIR defaults to ../shared/material)
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { FIELDS, TARGETS, evaluate, type FieldScore } from '../electron/core/intake/evaluate';

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const dir = resolve(args.find((a) => !a.startsWith('-')) ?? resolve(import.meta.dirname, '..', '..', 'shared', 'material'));
if (!existsSync(resolve(dir, 'MANIFEST.json'))) {
  console.error(`bench:intake: no MANIFEST.json in ${dir}`);
  process.exit(2);
}

const report = await evaluate(dir, (f) => {
  if (verbose) process.stderr.write(`${f.id} ${f.ms.toFixed(0)} ms ${f.misses.length ? 'misses: ' + f.misses.map((m) => m.field).join(',') : 'ok'}\n`);
});

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const cell = (s: FieldScore) => (s.files ? `${pct(s.score)} (n=${s.files})` : '—');
const formats = Object.keys(report.byFormat).sort((a, b) => (a === 'pdf' ? -1 : b === 'pdf' ? 1 : a.localeCompare(b)));
const rows = [
  ['field', 'all', ...formats, 'target', 'ok'],
  ...FIELDS.map((f) => [
    f,
    cell(report.fields[f]),
    ...formats.map((k) => cell(report.byFormat[k]![f])),
    `≥ ${pct(TARGETS[f])}`,
    report.fields[f].score >= TARGETS[f] ? 'yes' : 'NO',
  ]),
];
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
for (const r of rows) console.log(r.map((c, i) => c.padEnd(widths[i]!)).join('  '));
console.log(
  `\ntime per PDF: median ${report.pdfMs.median.toFixed(0)} ms, p95 ${report.pdfMs.p95.toFixed(0)} ms over ${report.pdfMs.n} PDFs ` +
    `(target median ≤ ${TARGETS.pdfMedianMs} ms: ${report.pdfMs.median <= TARGETS.pdfMedianMs ? 'yes' : 'NO'})`,
);
const micro = FIELDS.filter((f) => report.fields[f].tp !== undefined)
  .map((f) => `${f} tp=${report.fields[f].tp} fp=${report.fields[f].fp} fn=${report.fields[f].fn}`)
  .join('; ');
console.log(`counts: ${micro}`);

const failed = report.files.filter((f) => f.misses.length || f.result.error);
console.log(`\nfiles with misses: ${failed.length} of ${report.files.length}`);
for (const f of failed) {
  if (f.result.error) {
    console.log(`- ${f.id} ${f.file}: refused: ${f.result.error.message}`);
    continue;
  }
  for (const m of f.misses) {
    console.log(`- ${f.id} ${m.field}: expected ${JSON.stringify(m.expected)}`);
    console.log(`  ${' '.repeat(f.id.length + m.field.length + 1)}got      ${JSON.stringify(m.got)}`);
  }
}
