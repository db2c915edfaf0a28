// Fits the role model (electron/core/intake/roles.ts) on the labelled lines of a generated corpus and writes
// its weights to electron/core/intake/role-weights.json. The fit is deterministic (fixed steps from zero).
//   python3 scripts/intake-corpus/generate.py .tmp/intake-corpus --per-family 10
//   npx tsx scripts/intake-corpus/fit-roles.ts .tmp/intake-corpus
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { roleExamples } from '../../electron/core/intake/evaluate';
import { ROLES, fitRoles } from '../../electron/core/intake/roles';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: tsx scripts/intake-corpus/fit-roles.ts CORPUS_DIR');
  process.exit(2);
}
const examples = await roleExamples(resolve(dir));
const counts = ROLES.map((r) => `${r} ${examples.filter((e) => e.role === r).length}`).join(', ');
console.log(`${examples.length} lines (${counts})`);
const model = fitRoles(examples);
const out = resolve(import.meta.dirname, '..', '..', 'electron', 'core', 'intake', 'role-weights.json');
writeFileSync(out, await format(JSON.stringify(model), { ...(await resolveConfig(out)), filepath: out }));
console.log(`wrote ${out}`);
