// Accuracy and speed of manuscript intake on (a) the real material and (b) the generated set, each split by
// layout family with a leave-one-family-out view (families more than 5 points under the mean are flagged).
// Then (c) a cross-validation on all the real material, grouped by source repository (crossval.ts).
// Usage: npm run -s bench:intake -- [--material DIR] [--more DIR] [--generated DIR] [--verbose] [--no-lofo] [--no-cv|--cv-only] [DIR]
//   --material   defaults to ../shared/material (skipped when absent)
//   --more       the second real folder, defaults to ../shared/material-more (cross-validation only)
//   --no-cv      skip (c); --cv-only runs (c) alone
//   --generated  defaults to the committed sample test/fixtures/intake/generated; pass the folder written by
//                scripts/intake-corpus/generate.py for the full set
//   --no-lofo    skip the leave-one-family-out refits (generated set)
//   DIR          a single folder laid out like the material: only that one is scored
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fitRoles } from '../electron/core/intake/roles';
import {
  MISS_KINDS,
  checkScore,
  checkedFields,
  wrongFields,
  crossValidate,
  groupOf,
  missCounts,
  missKinds,
  readSet,
  type RealSet,
} from '../electron/core/intake/crossval';
import {
  FIELDS,
  TARGETS,
  evaluate,
  heldOut,
  roleExamples,
  summarise,
  type EvalReport,
  type FieldName,
  type FieldScore,
  type FileReport,
} from '../electron/core/intake/evaluate';

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const noLofo = args.includes('--no-lofo');
const noCv = args.includes('--no-cv');
const cvOnly = args.includes('--cv-only');
const opt = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const positional = args.filter((a, i) => !a.startsWith('-') && !['--material', '--more', '--generated'].includes(args[i - 1] ?? ''));
const repo = resolve(import.meta.dirname, '..');
const sets: { label: string; dir: string }[] = positional.length
  ? positional.map((d) => ({ label: d, dir: resolve(d) }))
  : [
      { label: '(a) material', dir: resolve(opt('--material') ?? resolve(repo, '..', 'shared', 'material')) },
      { label: '(b) generated', dir: resolve(opt('--generated') ?? resolve(repo, 'test', 'fixtures', 'intake', 'generated')) },
    ];

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const cell = (s: FieldScore | undefined) => (s && s.files ? `${pct(s.score)} (n=${s.files})` : '—');
const table = (rows: string[][]) => {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows) console.log(r.map((c, i) => c.padEnd(widths[i]!)).join('  '));
};

function print(label: string, dir: string, report: EvalReport): void {
  console.log(`\n=== ${label}: ${dir} (${report.files.length} files)\n`);
  const formats = Object.keys(report.byFormat).sort((a, b) => (a === 'pdf' ? -1 : b === 'pdf' ? 1 : a.localeCompare(b)));
  table([
    ['field', 'all', ...formats, 'target', 'ok'],
    ...FIELDS.map((f) => [
      f,
      cell(report.fields[f]),
      ...formats.map((k) => cell(report.byFormat[k]![f])),
      `≥ ${pct(TARGETS[f])}`,
      report.fields[f].score >= TARGETS[f] ? 'yes' : 'NO',
    ]),
  ]);
  console.log(
    `\ntime per PDF: median ${report.pdfMs.median.toFixed(0)} ms, p95 ${report.pdfMs.p95.toFixed(0)} ms over ${report.pdfMs.n} PDFs ` +
      `(target median ≤ ${TARGETS.pdfMedianMs} ms: ${report.pdfMs.median <= TARGETS.pdfMedianMs ? 'yes' : 'NO'}); ` +
      `CPU time median ${report.pdfCpuMs.median.toFixed(0)} ms, p95 ${report.pdfCpuMs.p95.toFixed(0)} ms; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  console.log(
    `counts: ${FIELDS.filter((f) => report.fields[f].tp !== undefined)
      .map((f) => `${f} tp=${report.fields[f].tp} fp=${report.fields[f].fp} fn=${report.fields[f].fn}`)
      .join('; ')}`,
  );

  // by family, held out: each family's score, the pooled score of the others, flagged when > 5 points under the family mean
  const ho = heldOut(report);
  const fams = Object.keys(report.byFamily).sort();
  console.log(
    '\nby layout family (held-out family score / pooled score of the other families; * = more than 5 points under the mean of the families)\n',
  );
  table([
    ['family', 'files', ...FIELDS],
    ...fams.map((fam) => [
      fam,
      String(report.files.filter((f) => f.family === fam).length),
      ...FIELDS.map((field) => {
        const r = ho.find((x) => x.family === fam && x.field === field);
        return r ? `${pct(r.held.score)} / ${pct(r.rest.score)}${r.flagged ? ' *' : ''}` : '—';
      }),
    ]),
    ['mean', '', ...FIELDS.map((field) => pct(ho.find((x) => x.field === field)?.mean ?? 0))],
    ['min', '', ...FIELDS.map((field) => pct(Math.min(...ho.filter((x) => x.field === field).map((x) => x.held.score))))],
  ]);
  const flagged = ho.filter((r) => r.flagged);
  console.log(
    `\nflagged: ${flagged.length ? flagged.map((r) => `${r.family}/${r.field} ${pct(r.held.score)} (mean ${pct(r.mean)})`).join('; ') : 'none'}`,
  );

  const failed = report.files.filter((f) => f.misses.length || f.result.error);
  console.log(`\nfiles with misses: ${failed.length} of ${report.files.length}`);
  for (const fam of fams) {
    const inFam = failed.filter((f) => f.family === fam);
    if (!inFam.length) continue;
    const count = (field: string) => inFam.filter((f) => f.misses.some((m) => m.field === field)).length;
    console.log(
      `  ${fam}: ${inFam.length} files (${FIELDS.filter((f) => f !== 'contacts' && count(f))
        .map((f) => `${f} ${count(f)}`)
        .join(', ')})`,
    );
  }
  if (!verbose && report.files.length > 60) {
    console.log('  (every miss: --verbose)');
    return;
  }
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
}

/**
 * Real leave-one-family-out: for each family, the role model is fitted on the lines of the other families
 * only and the held-out family is read with that model. Run on a set whose families the shipped model was
 * fitted on (the generated set); the material is never used for fitting, so all of it is held out already.
 */
async function leaveOneFamilyOut(dir: string, report: EvalReport): Promise<void> {
  const examples = await roleExamples(dir);
  const fams = Object.keys(report.byFamily).sort();
  const rows: string[][] = [];
  const scores: Record<string, Record<string, number>> = {};
  for (const fam of fams) {
    const model = fitRoles(examples.filter((e) => e.family !== fam));
    const held = await evaluate(dir, undefined, { model, families: [fam] });
    scores[fam] = Object.fromEntries(FIELDS.map((f) => [f, held.fields[f].score]));
    rows.push([fam, ...FIELDS.map((f) => (held.fields[f].files ? pct(held.fields[f].score) : '—'))]);
  }
  const mean = (f: string) => fams.reduce((a, fam) => a + scores[fam]![f]!, 0) / fams.length;
  console.log('\nleave-one-family-out (role model fitted without the family, then that family read with it)\n');
  table([
    ['family', ...FIELDS],
    ...rows.map((r, i) => r.map((c, j) => (j > 0 && scores[fams[i]!]![FIELDS[j - 1]!]! < mean(FIELDS[j - 1]!) - 0.05 ? `${c} *` : c))),
    ['mean', ...FIELDS.map((f) => pct(mean(f)))],
    ['min', ...FIELDS.map((f) => pct(Math.min(...fams.map((fam) => scores[fam]![f]!))))],
  ]);
}

/**
 * (c) Grouped cross-validation on every real file: folds by source repository, the role model refitted per
 * fold on the generated lines and the other folds' real lines; beside it the shipped model on the same files.
 */
async function realCrossValidation(dirs: string[], generatedDir: string): Promise<void> {
  const sets: RealSet[] = dirs.filter((d) => existsSync(resolve(d, 'MANIFEST.json'))).map(readSet);
  if (!sets.length) {
    console.log(`\n=== (c) cross-validation: skipped, no MANIFEST.json in ${dirs.join(', ')}`);
    return;
  }
  const generated = existsSync(resolve(generatedDir, 'MANIFEST.json')) ? await roleExamples(generatedDir) : [];
  const all = sets.flatMap((s) => s.entries);
  console.log(
    `\n=== (c) real material, cross-validation grouped by source repository: ${sets.map((s) => `${s.dir} (${s.entries.length})`).join(', ')}`,
  );
  const shippedFiles = [];
  for (const s of sets) shippedFiles.push(...(await evaluate(s.dir)).files);
  const shipped = summarise(shippedFiles);
  // the same refit on the generated lines alone: what the real lines add, like for like
  const genModel = fitRoles(generated);
  const genFiles = [];
  for (const s of sets) genFiles.push(...(await evaluate(s.dir, undefined, { model: genModel })).files);
  const genOnly = summarise(genFiles);
  const cv = await crossValidate(sets, generated, 5, (f, fold) => {
    if (verbose)
      process.stderr.write(`fold ${fold} ${f.id} ${f.misses.length ? 'misses: ' + f.misses.map((m) => m.field).join(',') : 'ok'}\n`);
  });
  const inSet = (files: typeof cv.report.files, s: RealSet) => summarise(files.filter((f) => s.entries.some((e) => e.id === f.id)));
  console.log(
    `\n${all.length} files in ${cv.folds.size} groups, ${cv.k} folds; role model per fold fitted on ${generated.length} generated lines ` +
      `(${generatedDir}) + ${cv.fitted.map((f) => f.real).join('/')} real lines of the other folds\n`,
  );
  const main: FieldName[] = ['title', 'authors', 'emails', 'orcids', 'contacts', 'abstract'];
  table([
    [
      'field',
      'shipped model',
      'refit, generated only',
      'cross-validated',
      ...sets.map((s) => `CV ${s.dir.split('/').pop()}`),
      'target',
      'ok',
    ],
    ...main.map((f) => [
      f,
      cell(shipped.fields[f]),
      cell(genOnly.fields[f]),
      cell(cv.report.fields[f]),
      ...sets.map((s) => cell(inSet(cv.report.files, s).fields[f])),
      `≥ ${pct(TARGETS[f])}`,
      cv.report.fields[f].score >= TARGETS[f] ? 'yes' : 'NO',
    ]),
  ]);
  console.log('\nfolds (source repositories; files)\n');
  table([
    ['fold', 'files', 'title', 'authors', 'contacts', 'abstract', 'groups'],
    ...Array.from({ length: cv.k }, (_, fold) => {
      const files = cv.report.files.filter((f) => cv.folds.get(groupOf(f.entry)) === fold);
      const r = summarise(files);
      const groups = [...cv.folds].filter(([, k]) => k === fold).map(([g]) => g);
      return [
        String(fold),
        String(files.length),
        ...(['title', 'authors', 'contacts', 'abstract'] as const).map((f) => cell(r.fields[f])),
        groups.join(', '),
      ];
    }),
  ]);
  const kinds = await missCounts(cv.report.files);
  const before = await missCounts(shippedFiles);
  console.log('\nmisses by kind (cross-validated; shipped model in brackets): count, files\n');
  table([
    ['kind', 'count', 'files', 'which'],
    ...MISS_KINDS.map((k) => [
      k,
      `${kinds.get(k)!.count} (${before.get(k)!.count})`,
      String(kinds.get(k)!.files.size),
      [...kinds.get(k)!.files].join(' '),
    ]),
  ]);
  const chk = checkScore(cv.report.files);
  console.log(
    `\ncheck list (fieldsToCheck) on the cross-validation: ${chk.wrong} wrong fields (${chk.empty} more left empty), ${chk.caught} of them flagged ` +
      `(recall ${pct(chk.wrong ? chk.caught / chk.wrong : 1)}, target ≥ 90%); ${chk.flagged} fields flagged ` +
      `(${chk.wrong ? (chk.flagged / chk.wrong).toFixed(2) : '—'} × the wrong ones, target ≤ 2)`,
  );
  if (verbose) {
    for (const f of cv.report.files) {
      const ms = await missKinds(f);
      for (const m of ms) console.log(`- ${f.id} ${m.kind}: ${JSON.stringify(m.detail)}`);
      const flagged = checkedFields(f);
      for (const k of wrongFields(f))
        if (!flagged.has(k)) console.log(`- ${f.id} check list: ${k} wrong, not flagged (${fieldValue(f, k)})`);
      const wrong = wrongFields(f);
      for (const k of flagged) if (!wrong.has(k)) console.log(`- ${f.id} check list: ${k} flagged, right`);
    }
  }
}

let scored = 0;
if (!cvOnly)
  for (const { label, dir } of sets) {
    if (!existsSync(resolve(dir, 'MANIFEST.json'))) {
      console.log(`\n=== ${label}: skipped, no MANIFEST.json in ${dir}`);
      continue;
    }
    const report = await evaluate(dir, (f) => {
      if (verbose)
        process.stderr.write(
          `${f.id} ${f.ms.toFixed(0)} ms ${f.misses.length ? 'misses: ' + f.misses.map((m) => m.field).join(',') : 'ok'}\n`,
        );
    });
    print(label, dir, report);
    if (report.files.some((f) => f.family.startsWith('pdf-') || f.family === 'docx'))
      console.log('\n(material: never used for fitting the role model, so all of it is held out)');
    else if (!noLofo) await leaveOneFamilyOut(dir, report);
    scored++;
  }
if (!noCv && !positional.length) {
  await realCrossValidation(
    [
      resolve(opt('--material') ?? resolve(repo, '..', 'shared', 'material')),
      resolve(opt('--more') ?? resolve(repo, '..', 'shared', 'material-more')),
    ],
    resolve(opt('--generated') ?? resolve(repo, 'test', 'fixtures', 'intake', 'generated')),
  );
  scored++;
}
if (scored === 0) process.exit(2);

/** A form field's value as read (for the verbose check-list lines). */
function fieldValue(f: FileReport, key: string): string {
  const m = /^author(\d+)\.(\w+)$/.exec(key);
  const r = f.result;
  if (key === 'authors_count') return `${r.authors.length} read, ${f.truth.authors?.length ?? 0} true`;
  if (!m) return JSON.stringify(String((r as unknown as Record<string, unknown>)[key] ?? '').slice(0, 80));
  const a = r.authors[Number(m[1])];
  const field = { name: a?.name, aff: a?.affiliation, email: a?.email, orcid: a?.orcid }[m[2]!];
  return `${a?.name}: ${JSON.stringify(String(field ?? '').slice(0, 100))}`;
}
