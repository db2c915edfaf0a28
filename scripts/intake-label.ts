// Labels the real manuscripts' front-matter lines for the role model: each line the readers
// measure (page 1 of a PDF, upper 60 %; the first 60 paragraphs of a DOCX) gets the role the ground truth
// gives it (roles.ts labelLine: the title, an author's name, an e-mail/iD, an affiliation, the abstract, or
// other), with evaluate.ts roleExamples' rules for material whose truth lacks fields. Re-runnable: it reads
// the material where it lies and writes nothing but its output folder.
//   npx tsx scripts/intake-label.ts [--out DIR] [MATERIAL_DIR...]   (default ../shared/material ../shared/material-more)
// Writes DIR/ID.tsv (role, file, group, text per line; default .tmp/intake-labels) and prints the counts.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { roleExamples } from '../electron/core/intake/evaluate';
import { ROLES } from '../electron/core/intake/roles';

const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const repo = resolve(import.meta.dirname, '..');
const out = resolve(outAt >= 0 ? args[outAt + 1]! : resolve(repo, '.tmp', 'intake-labels'));
const dirs = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--out');
const material = (dirs.length ? dirs : [resolve(repo, '..', 'shared', 'material'), resolve(repo, '..', 'shared', 'material-more')]).map(
  (d) => resolve(d),
);

mkdirSync(out, { recursive: true });
let total = 0;
const counts = new Map<string, number>(ROLES.map((r) => [r, 0]));
for (const dir of material) {
  if (!existsSync(resolve(dir, 'MANIFEST.json'))) {
    console.log(`skipped: no MANIFEST.json in ${dir}`);
    continue;
  }
  const lines = await roleExamples(dir, { real: true });
  const byFile = new Map<string, typeof lines>();
  for (const l of lines) byFile.set(l.id, [...(byFile.get(l.id) ?? []), l]);
  for (const [id, ls] of byFile) {
    writeFileSync(
      resolve(out, `${id}.tsv`),
      ls.map((l) => [l.role, id, l.group, l.text.replace(/[\t\n]/g, ' ')].join('\t')).join('\n') + '\n',
    );
    for (const l of ls) counts.set(l.role, counts.get(l.role)! + 1);
  }
  total += lines.length;
  console.log(`${dir}: ${byFile.size} files labelled, ${lines.length} lines`);
}
console.log(`${total} lines: ${[...counts].map(([r, n]) => `${r} ${n}`).join(', ')}; written to ${out}`);
