// Runs every bench/*.bench.ts (or those whose name contains one of the arguments) in this
// process, one after the other, and prints one table. Usage: npm run bench [-- name ...]
import { readdirSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cpus, totalmem } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { Bench, BenchRow } from '../bench/types';

const dir = resolve(import.meta.dirname, '..', 'bench');
const filters = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

const rows: BenchRow[] = [];
const failures: string[] = [];
for (const file of files) {
  process.stderr.write(`bench: ${file} …\n`);
  try {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as { default: Bench };
    rows.push(...(await mod.default()));
  } catch (err) {
    failures.push(`${file}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  }
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n >= 100 ? n.toFixed(0) : n >= 1 ? n.toFixed(2) : n.toPrecision(3));
const table = [
  ['suite', 'metric', 'value', 'target', 'ok', 'note'],
  ...rows.map((r) => [
    r.suite,
    r.metric,
    `${fmt(r.value)} ${r.unit}`,
    r.target ?? '',
    r.ok === undefined ? '' : r.ok ? 'yes' : 'NO',
    r.note ?? '',
  ]),
];
const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
const line = (row: string[]) => `| ${row.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
const out = [
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`,
  line(table[0]!),
  `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
  ...table.slice(1).map(line),
].join('\n');
console.log(out);
mkdirSync('bench-results', { recursive: true });
writeFileSync(join('bench-results', 'latest.md'), out + '\n');
writeFileSync(join('bench-results', 'latest.json'), JSON.stringify(rows, null, 2));
if (failures.length) {
  console.error(`\n${failures.length} bench file(s) failed:\n${failures.join('\n')}`);
  process.exitCode = 1;
}
