/* eslint-disable no-control-regex -- superscript runs are delimited by U+0001 … U+0002 (layout.ts SUP_OPEN/SUP_CLOSE) */
// Grouped cross-validation of intake on real manuscripts. The real files are split into folds by
// the repository they were gathered from (`source_repo` in the manifest), so every file of one source — the
// same journal template, the same pipeline, a DOCX and its PDF — lands in one fold. For each fold the role
// model is refitted on the generated lines and on the real lines of the other folds only, then the fold is
// read with it: no source is both fitted and scored. Misses are sorted into the kinds the issue names, by
// what the result and the ground truth show, so a fix can be measured by the count of its kind.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fieldsToCheck, type FieldToCheck } from '../../common/domain/intake';
import {
  evaluate,
  normalise,
  roleExamples,
  summarise,
  type EvalReport,
  type FileReport,
  type ManifestEntry,
  type RoleExample,
} from './evaluate';
import { openPdf, readPage } from './pdftext';
import { fitRoles, looksLikeAddress, type RoleModel } from './roles';
import { findOrcids } from './text';

/** A real-material folder and the files in it. */
export interface RealSet {
  dir: string;
  entries: ManifestEntry[];
}

export function readSet(dir: string): RealSet {
  return { dir, entries: JSON.parse(readFileSync(join(dir, 'MANIFEST.json'), 'utf8')) as ManifestEntry[] };
}

/** The cross-validation group of a file: its source repository. */
export const groupOf = (e: ManifestEntry): string => e.source_repo ?? e.id;

/**
 * Deterministic grouped folds: groups from the largest (then by name) each go to the fold with the fewest
 * files so far (the lowest index on a tie). Returns the fold index of every group.
 */
export function groupFolds(entries: ManifestEntry[], k: number): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const e of entries) sizes.set(groupOf(e), (sizes.get(groupOf(e)) ?? 0) + 1);
  const groups = [...sizes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const load = new Array<number>(k).fill(0);
  const out = new Map<string, number>();
  for (const [g, n] of groups) {
    let best = 0;
    for (let f = 1; f < k; f++) if (load[f]! < load[best]!) best = f;
    out.set(g, best);
    load[best]! += n;
  }
  return out;
}

// ---------------------------------------------------------------- miss kinds

export const MISS_KINDS = [
  'title: running head, heading or other line',
  'title: cut after its first line',
  'title: other text added',
  'title: none',
  'authors: affiliation or country read as author',
  'authors: other text read as author',
  'authors: long list (15+) cut',
  'authors: name missed',
  'authors: no author found',
  'authors: name cut or misspelt',
  'abstract: missed',
  'abstract: acknowledgements read as abstract',
  'abstract: other text',
  'words run together',
  'ORCID: only as a link annotation',
  'ORCID: printed, missed',
  'ORCID: wrong',
  'e-mail: missed',
  'e-mail: wrong',
] as const;
export type MissKind = (typeof MISS_KINDS)[number];

const tokens = (s: string) => normalise(s).split(' ').filter(Boolean);
const squeeze = (s: string) => normalise(s).replace(/ /g, '');

/** The words of `a` found in `b`, as a share of `a`'s words. */
function share(a: string[], b: string[]): number {
  if (!a.length) return 0;
  const set = new Set(b);
  return a.filter((w) => set.has(w)).length / a.length;
}

/** Text run together: the same letters as the truth once spaces are ignored (within 10 %), in fewer words. */
function runTogether(got: string, want: string): boolean {
  const g = squeeze(got);
  const w = squeeze(want);
  if (!g.length || tokens(got).length >= tokens(want).length) return false;
  return g === w || (Math.min(g.length, w.length) >= 0.9 * Math.max(g.length, w.length) && (w.includes(g) || g.includes(w)));
}

/** ORCID iDs given on pages 1–2 only as a link (an orcid.org annotation), not in the text layer. */
async function linkOnlyOrcids(file: string): Promise<Set<string>> {
  const out = new Set<string>();
  const { doc, close } = await openPdf(readFileSync(file));
  try {
    for (let n = 1; n <= Math.min(2, doc.numPages); n++) {
      const page = await readPage(doc, n, true);
      const printed = new Set(findOrcids(page.segments.map((s) => s.text.replace(/[\u0001\u0002]/g, ' ')).join('\n')).map((o) => o.id));
      for (const id of findOrcids(page.links.join('\n')).map((o) => o.id)) if (!printed.has(id)) out.add(id.toUpperCase());
    }
  } finally {
    await close();
  }
  return out;
}

/** The misses of one file, sorted into kinds (one entry per missed field, name, address or iD). */
export async function missKinds(f: FileReport): Promise<{ kind: MissKind; detail: string }[]> {
  const out: { kind: MissKind; detail: string }[] = [];
  const r = f.result;
  const gt = f.truth;
  if (f.counts.title === false && gt.title) {
    const got = r.title ?? '';
    const g = tokens(got);
    const w = tokens(gt.title);
    let kind: MissKind;
    if (!got) kind = 'title: none';
    else if (runTogether(got, gt.title)) kind = 'words run together';
    else if (g.length < w.length && w.slice(0, g.length).join(' ') === g.join(' ')) kind = 'title: cut after its first line';
    else if (share(w, g) >= 0.9) kind = 'title: other text added';
    else kind = 'title: running head, heading or other line';
    out.push({ kind, detail: got });
  }
  if (f.counts.abstract === false && gt.abstract) {
    const got = r.abstract ?? '';
    let kind: MissKind;
    if (!got) kind = 'abstract: missed';
    else if (runTogether(got, gt.abstract)) kind = 'words run together';
    else if (/^\s*acknowledg/i.test(got) || /\b(we thank|we are grateful|funded by|grant)\b/i.test(got.slice(0, 200)))
      kind = 'abstract: acknowledgements read as abstract';
    else kind = 'abstract: other text';
    out.push({ kind, detail: got.slice(0, 80) });
  }
  if (gt.authors?.length) {
    const want = gt.authors.map((a) => normalise(a.name));
    const got = r.authors.map((a) => normalise(a.name));
    const fps = got.filter((n) => !want.includes(n));
    const fns = want.filter((n) => !got.includes(n));
    const matchedFp = new Set<string>();
    for (const n of fns) {
      let kind: MissKind;
      const close = fps.find((p) => !matchedFp.has(p) && (squeeze(p) === n.replace(/ /g, '') || share(tokens(p), tokens(n)) >= 0.5));
      if (close !== undefined) {
        matchedFp.add(close);
        kind = squeeze(close) === n.replace(/ /g, '') ? 'words run together' : 'authors: name cut or misspelt';
      } else if (got.length === 0) kind = 'authors: no author found';
      else if (want.length >= 15) kind = 'authors: long list (15+) cut';
      else kind = 'authors: name missed';
      out.push({ kind, detail: n });
    }
    for (const p of fps) {
      if (matchedFp.has(p)) continue;
      const raw = r.authors.find((a) => normalise(a.name) === p)?.name ?? p;
      out.push({
        kind: looksLikeAddress(raw) ? 'authors: affiliation or country read as author' : 'authors: other text read as author',
        detail: raw,
      });
    }
    const we = new Set(gt.authors.flatMap((a) => (a.email ? [a.email.toLowerCase()] : [])));
    const ge = new Set(r.authors.flatMap((a) => (a.email ? [a.email.toLowerCase()] : [])));
    for (const e of we) if (!ge.has(e)) out.push({ kind: 'e-mail: missed', detail: e });
    for (const e of ge) if (!we.has(e)) out.push({ kind: 'e-mail: wrong', detail: e });
    const wo = new Set(gt.authors.flatMap((a) => (a.orcid ? [a.orcid.toUpperCase()] : [])));
    const go = new Set(r.authors.flatMap((a) => (a.orcid ? [a.orcid.toUpperCase()] : [])));
    const missed = [...wo].filter((o) => !go.has(o));
    const linkOnly = missed.length && f.format === 'pdf' ? await linkOnlyOrcids(r.file) : new Set<string>();
    for (const o of missed) out.push({ kind: linkOnly.has(o) ? 'ORCID: only as a link annotation' : 'ORCID: printed, missed', detail: o });
    for (const o of go) if (!wo.has(o)) out.push({ kind: 'ORCID: wrong', detail: o });
  }
  return out;
}

// ---------------------------------------------------------------- fields to check

/** A form field, named as `fieldsToCheck` names it. */
const fieldKey = (c: FieldToCheck) => (c.field === 'author' ? `author${c.index}.${c.part}` : c.field);

/** Words of an affiliation that tell it apart (three letters or more; postcodes left out). */
const affWords = (s: string) => new Set(tokens(s).filter((w) => w.length >= 3 && !/\d/.test(w)));

/**
 * An affiliation read for an author against the truth's: wrong when under 60 % of its words are the truth's
 * (other text read into it) or it holds under 40 % of the truth's words (cut, or another author's).
 */
function affiliationWrong(got: string, want: string[]): boolean {
  const g = affWords(got);
  const w = affWords(want.join(' '));
  if (!g.size || !w.size) return false;
  const both = [...g].filter((x) => w.has(x)).length;
  return both < 0.6 * g.size || both < 0.4 * w.size;
}

/**
 * The form fields that are wrong, by the ground truth, named as the upload form names them: the title, the
 * abstract, the author count, and per author read its name (not one of the truth's), affiliation, e-mail and
 * iD (not the ones the truth gives that author). Only filled fields the truth has are judged: a field left
 * empty shows as empty in the form, and the check list does not name empty fields (`empty` counts them).
 */
export function wrongFields(f: FileReport): Set<string> {
  return judged(f).wrong;
}

function judged(f: FileReport): { wrong: Set<string>; empty: number } {
  const wrong = new Set<string>();
  let empty = 0;
  const r = f.result;
  const gt = f.truth;
  if (f.counts.title === false) {
    if (r.title) wrong.add('title');
    else empty++;
  }
  if (f.counts.abstract === false) {
    if (r.abstract) wrong.add('abstract');
    else empty++;
  }
  if (gt.authors?.length) {
    if (r.authors.length !== gt.authors.length) wrong.add('authors_count');
    const byName = new Map(gt.authors.map((a) => [normalise(a.name), a]));
    const emails = new Set(gt.authors.flatMap((a) => (a.email ? [a.email.toLowerCase()] : [])));
    const orcids = new Set(gt.authors.flatMap((a) => (a.orcid ? [a.orcid.toUpperCase()] : [])));
    r.authors.forEach((a, i) => {
      const truth = byName.get(normalise(a.name));
      if (!truth) wrong.add(`author${i}.name`);
      const affs = truth ? (truth.affiliations ?? (truth.affiliation ? [truth.affiliation] : [])) : [];
      if (a.affiliation && affs.length && affiliationWrong(a.affiliation, affs)) wrong.add(`author${i}.aff`);
      if (a.email && (truth ? (truth.email ?? '').toLowerCase() !== a.email.toLowerCase() : !emails.has(a.email.toLowerCase())))
        wrong.add(`author${i}.email`);
      if (a.orcid && (truth ? (truth.orcid ?? '').toUpperCase() !== a.orcid.toUpperCase() : !orcids.has(a.orcid.toUpperCase())))
        wrong.add(`author${i}.orcid`);
      if (truth?.email && !a.email) empty++;
      if (truth?.orcid && !a.orcid) empty++;
    });
  }
  return { wrong, empty };
}

/** The fields the form would mark for checking (`fieldsToCheck` on the result). */
export function checkedFields(f: FileReport): Set<string> {
  const r = f.result;
  if (!r.confidence) return new Set();
  return new Set(fieldsToCheck({ ...r, fileId: f.id, confidence: r.confidence }).map(fieldKey));
}

export interface CheckScore {
  wrong: number;
  /** Fields the truth has that were left empty (not wrong: the form shows them empty). */
  empty: number;
  flagged: number;
  /** Wrong fields the check list names. */
  caught: number;
}

export function checkScore(files: FileReport[]): CheckScore {
  const s: CheckScore = { wrong: 0, empty: 0, flagged: 0, caught: 0 };
  for (const f of files) {
    const { wrong, empty } = judged(f);
    s.empty += empty;
    const flagged = checkedFields(f);
    s.wrong += wrong.size;
    s.flagged += flagged.size;
    for (const k of wrong) if (flagged.has(k)) s.caught++;
  }
  return s;
}

// ---------------------------------------------------------------- the cross-validation

export interface CrossValidation {
  k: number;
  /** Fold index of every group (source repository). */
  folds: Map<string, number>;
  /** Every real file, each read with the model fitted without its fold. */
  report: EvalReport;
  /** Labelled lines per fold used for fitting (generated + real). */
  fitted: { fold: number; generated: number; real: number }[];
}

/**
 * Reads every real file with a role model fitted on the generated lines and the real lines of the other
 * folds. `generated` = the labelled lines of the generated set (roleExamples of its folder).
 */
export async function crossValidate(
  sets: RealSet[],
  generated: RoleExample[],
  k = 5,
  onFile?: (r: FileReport, fold: number) => void,
): Promise<CrossValidation> {
  const folds = groupFolds(
    sets.flatMap((s) => s.entries),
    k,
  );
  const real: RoleExample[] = [];
  for (const s of sets) real.push(...(await roleExamples(s.dir, { real: true })));
  const files: FileReport[] = [];
  const fitted: CrossValidation['fitted'] = [];
  let warm = true;
  for (let fold = 0; fold < k; fold++) {
    const train = real.filter((e) => folds.get(e.group) !== fold);
    const model: RoleModel = fitRoles([...generated, ...train]);
    fitted.push({ fold, generated: generated.length, real: train.length });
    for (const s of sets) {
      const rep = await evaluate(s.dir, (r) => onFile?.(r, fold), { model, filter: (e) => folds.get(groupOf(e)) === fold, warm });
      warm = false;
      files.push(...rep.files);
    }
  }
  return { k, folds, report: summarise(files), fitted };
}

/** Counts of every miss kind over a set of files. */
export async function missCounts(files: FileReport[]): Promise<Map<MissKind, { count: number; files: Set<string> }>> {
  const out = new Map<MissKind, { count: number; files: Set<string> }>(MISS_KINDS.map((k) => [k, { count: 0, files: new Set() }]));
  for (const f of files) {
    for (const m of await missKinds(f)) {
      const c = out.get(m.kind)!;
      c.count++;
      c.files.add(f.id);
    }
  }
  return out;
}
