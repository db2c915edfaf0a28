// Accuracy of intake against a folder laid out like ../shared/material (MANIFEST.json, pdf/, docx/,
// groundtruth/ID.json). Used by scripts/bench-intake.ts, bench/intake.bench.ts and the material test.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { docxRoleLines } from './docx';
import { inspectFile } from './inspect';
import { pdfRoleLines } from './pdf';
import { AFFILIATION, FEATURES, labelLine, roleTruth, type Features, type Role, type RoleModel } from './roles';
import { looksLikeName, splitAuthorLine } from './text';
import type { IntakeResult } from './types';

export interface GroundTruth {
  title?: string | null;
  abstract?: string | null;
  authors?:
    { name: string; email?: string | null; orcid?: string | null; affiliation?: string | null; affiliations?: string[] | null }[] | null;
}

export interface ManifestEntry {
  id: string;
  /** Where the material file came from (the cross-validation's groups). */
  source_repo?: string;
  file: string;
  format: string;
  ground_truth?: string;
  /** Layout family (generated set); derived from `description` for the material. */
  family?: string;
  description?: string;
}

/**
 * The layout family of a material file, from how it was made (its manifest description): LaTeX classes,
 * Word and other word processors, publisher typesetting, and the DOCX files.
 */
export function layoutFamily(entry: { format: string; family?: string; description?: string }): string {
  if (entry.family) return entry.family;
  if (entry.format === 'docx') return 'docx';
  const d = entry.description ?? '';
  if (/\b(Word|OpenOffice|Chromium|HTML)\b/i.test(d)) return 'pdf-word-processor';
  if (/\b(LaTeX|TeX|LuaTeX|LuaLaTeX|dvips|dvipdfmx|MiKTeX|acmart|AASTeX\d*|arXiv)\b/i.test(d)) return 'pdf-latex';
  return 'pdf-typeset';
}

export interface FieldScore {
  /** Files whose ground truth has the field. */
  files: number;
  /** Title/abstract: files matched; authors/emails/ORCIDs: micro-averaged F1 over all those files. */
  score: number;
  tp?: number;
  fp?: number;
  fn?: number;
}

export type FieldName = 'title' | 'authors' | 'emails' | 'orcids' | 'contacts' | 'abstract';
/** `contacts` is e-mails and ORCIDs together (one micro-F1 over both sets). */
export const FIELDS: FieldName[] = ['title', 'authors', 'emails', 'orcids', 'contacts', 'abstract'];

export interface FileReport {
  id: string;
  file: string;
  format: string;
  family: string;
  ms: number;
  /** CPU time of the process over the same span (user + system): what the file cost, whatever else the machine ran. */
  cpuMs: number;
  result: IntakeResult;
  /** Fields that missed, with what was expected and what came out. */
  misses: { field: FieldName; expected: string; got: string }[];
  /** The ground truth the file was scored against. */
  truth: GroundTruth;
  /** The manifest entry (source repository: the cross-validation's group). */
  entry: ManifestEntry;
  /** Per field scored: matched (title, abstract) or set counts (authors, e-mails, ORCIDs, both). */
  counts: Partial<Record<FieldName, boolean | Counts>>;
}

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

export interface EvalReport {
  files: FileReport[];
  fields: Record<FieldName, FieldScore>;
  byFormat: Record<string, Record<FieldName, FieldScore>>;
  byFamily: Record<string, Record<FieldName, FieldScore>>;
  pdfMs: { median: number; p95: number; n: number };
  pdfCpuMs: { median: number; p95: number };
}

/**
 * Letters whose diacritic is part of the letter, so NFKD leaves them whole: folded like every other accent.
 * Turkish dotless ı matters most: set in capitals ("YILMAZ") it cannot be told from i.
 */
const WHOLE_DIACRITICS: Record<string, string> = { ı: 'i', ł: 'l', ø: 'o', đ: 'd', ħ: 'h', ŧ: 't' };

/** Lower case, accents folded, punctuation and extra spaces removed. */
export function normalise(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[ıłøđħŧ]/g, (c) => WHOLE_DIACRITICS[c]!)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  let cur = new Array<number>(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length]!;
}

/** 1 − distance / longer length, on the raw strings with whitespace collapsed. */
export function levenshteinRatio(a: string, b: string): number {
  const x = a.replace(/\s+/g, ' ').trim();
  const y = b.replace(/\s+/g, ' ').trim();
  const n = Math.max(x.length, y.length);
  return n === 0 ? 1 : 1 - levenshtein(x, y) / n;
}

export function titleMatches(got: string | null, want: string): boolean {
  if (!got) return false;
  return normalise(got) === normalise(want) || levenshteinRatio(normalise(got), normalise(want)) >= 0.8;
}

export function abstractMatches(got: string | null, want: string): boolean {
  return !!got && levenshteinRatio(got, want) >= 0.8;
}

function setCounts(got: string[], want: string[]): Counts {
  const g = new Set(got);
  const w = new Set(want);
  let tp = 0;
  for (const x of g) if (w.has(x)) tp++;
  return { tp, fp: g.size - tp, fn: w.size - tp };
}

function f1(tp: number, fp: number, fn: number): number {
  return tp === 0 ? (fp === 0 && fn === 0 ? 1 : 0) : (2 * tp) / (2 * tp + fp + fn);
}

function emptyScores(): Record<FieldName, FieldScore> {
  return {
    title: { files: 0, score: 0 },
    authors: { files: 0, score: 0, tp: 0, fp: 0, fn: 0 },
    emails: { files: 0, score: 0, tp: 0, fp: 0, fn: 0 },
    orcids: { files: 0, score: 0, tp: 0, fp: 0, fn: 0 },
    contacts: { files: 0, score: 0, tp: 0, fp: 0, fn: 0 },
    abstract: { files: 0, score: 0 },
  };
}

function finish(s: Record<FieldName, FieldScore>): void {
  for (const f of FIELDS) {
    const x = s[f];
    x.score = x.tp === undefined ? (x.files ? x.score / x.files : 0) : f1(x.tp, x.fp!, x.fn!);
  }
}

function pool(parts: Record<FieldName, FieldScore>[]): Record<FieldName, FieldScore> {
  const out = emptyScores();
  for (const p of parts) {
    for (const f of FIELDS) {
      const x = out[f];
      const y = p[f];
      x.files += y.files;
      if (y.tp === undefined) x.score += y.score * y.files;
      else {
        x.tp! += y.tp;
        x.fp! += y.fp!;
        x.fn! += y.fn!;
      }
    }
  }
  finish(out);
  return out;
}

export interface HeldOutRow {
  family: string;
  field: FieldName;
  /** Score on this family (the held-out one). */
  held: FieldScore;
  /** Pooled score on every other family. */
  rest: FieldScore;
  /** Mean of the per-family scores of this field (families that have it). */
  mean: number;
  /** True when the family scores more than 5 points under the mean of the families. */
  flagged: boolean;
}

/**
 * Leave-one-family-out view of a report. The extraction is rules, not a trained model, so nothing is
 * re-fitted: each family is scored on its own and set against the pooled score of the others and the mean
 * over families; a family more than 5 points under that mean is flagged (a rule tuned to one layout shows
 * up as a drop on the others).
 */
export function heldOut(report: EvalReport): HeldOutRow[] {
  const fams = Object.keys(report.byFamily).sort();
  const rows: HeldOutRow[] = [];
  for (const field of FIELDS) {
    const having = fams.filter((f) => report.byFamily[f]![field].files > 0);
    const mean = having.reduce((a, f) => a + report.byFamily[f]![field].score, 0) / Math.max(1, having.length);
    for (const family of having) {
      const held = report.byFamily[family]![field];
      const rest = pool(having.filter((f) => f !== family).map((f) => report.byFamily[f]!))[field];
      rows.push({ family, field, held, rest, mean, flagged: held.score < mean - 0.05 });
    }
  }
  return rows;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

/**
 * Runs intake over every file of the manifest and scores it against the ground truth. A field is scored
 * only on files whose ground truth has it (title/abstract non-empty, authors a non-empty list; e-mails and
 * ORCIDs on every file with authors, as sets of addresses/iDs).
 */
export async function evaluate(
  dir: string,
  onFile?: (r: FileReport) => void,
  opts: { model?: RoleModel; families?: string[]; filter?: (e: ManifestEntry) => boolean; warm?: boolean } = {},
): Promise<EvalReport> {
  const manifest = (JSON.parse(readFileSync(join(dir, 'MANIFEST.json'), 'utf8')) as ManifestEntry[]).filter(
    (m) => (!opts.families || opts.families.includes(layoutFamily(m))) && (!opts.filter || opts.filter(m)),
  );
  const files: FileReport[] = [];
  // warm-up: the first pdf.js call loads modules and fonts tables
  const firstPdf = manifest.find((m) => m.format === 'pdf');
  if (firstPdf && opts.warm !== false) await inspectFile(join(dir, firstPdf.file));
  for (const entry of manifest) {
    const gtPath = join(dir, entry.ground_truth ?? join('groundtruth', `${entry.id}.json`));
    if (!existsSync(gtPath)) continue;
    const gt = JSON.parse(readFileSync(gtPath, 'utf8')) as GroundTruth;
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const result = await inspectFile(join(dir, entry.file), {}, opts.model);
    const ms = performance.now() - t0;
    const c1 = process.cpuUsage(c0);
    const cpuMs = (c1.user + c1.system) / 1000;
    const rep = scoreFile(entry, gt, result, ms, cpuMs);
    files.push(rep);
    onFile?.(rep);
  }
  return summarise(files);
}

/** Scores one file's result against its ground truth. */
export function scoreFile(entry: ManifestEntry, gt: GroundTruth, result: IntakeResult, ms = 0, cpuMs = 0): FileReport {
  const family = layoutFamily(entry);
  const rep: FileReport = {
    id: entry.id,
    file: entry.file,
    format: entry.format,
    family,
    ms,
    cpuMs,
    result,
    misses: [],
    truth: gt,
    entry,
    counts: {},
  };
  const add = (field: FieldName, ok: boolean | Counts, expected: string, got: string) => {
    rep.counts[field] = ok;
    const miss = typeof ok === 'boolean' ? !ok : ok.fp + ok.fn > 0;
    if (miss) rep.misses.push({ field, expected, got });
  };
  if (gt.title) add('title', titleMatches(result.title, gt.title), gt.title, result.title ?? '∅');
  if (gt.abstract)
    add('abstract', abstractMatches(result.abstract, gt.abstract), gt.abstract.slice(0, 160), (result.abstract ?? '∅').slice(0, 160));
  if (gt.authors && gt.authors.length) {
    const want = gt.authors.map((a) => normalise(a.name));
    const got = result.authors.map((a) => normalise(a.name));
    add('authors', setCounts(got, want), want.join(' | '), got.join(' | '));
    const we = gt.authors.flatMap((a) => (a.email ? [a.email.toLowerCase()] : []));
    const ge = result.authors.flatMap((a) => (a.email ? [a.email.toLowerCase()] : []));
    const e = setCounts(ge, we);
    add('emails', e, we.join(' '), ge.join(' '));
    const wo = gt.authors.flatMap((a) => (a.orcid ? [a.orcid.toUpperCase()] : []));
    const go = result.authors.flatMap((a) => (a.orcid ? [a.orcid.toUpperCase()] : []));
    const o = setCounts(go, wo);
    add('orcids', o, wo.join(' '), go.join(' '));
    rep.counts.contacts = { tp: e.tp + o.tp, fp: e.fp + o.fp, fn: e.fn + o.fn };
  }
  return rep;
}

/** The scores of a set of scored files, pooled (micro-F1 for sets), by format and by layout family. */
export function summarise(files: FileReport[]): EvalReport {
  const total = emptyScores();
  const byFormat: Record<string, Record<FieldName, FieldScore>> = {};
  const byFamily: Record<string, Record<FieldName, FieldScore>> = {};
  for (const rep of files) {
    const fmt = (byFormat[rep.format] ??= emptyScores());
    const fam = (byFamily[rep.family] ??= emptyScores());
    for (const field of FIELDS) {
      const ok = rep.counts[field];
      if (ok === undefined) continue;
      for (const s of [total, fmt, fam]) {
        s[field].files++;
        if (typeof ok === 'boolean') s[field].score += ok ? 1 : 0;
        else {
          s[field].tp! += ok.tp;
          s[field].fp! += ok.fp;
          s[field].fn! += ok.fn;
        }
      }
    }
  }
  for (const s of [total, ...Object.values(byFormat), ...Object.values(byFamily)]) finish(s);
  const sorted = (k: 'ms' | 'cpuMs') =>
    files
      .filter((f) => f.format === 'pdf')
      .map((f) => f[k])
      .sort((a, b) => a - b);
  const pdfTimes = sorted('ms');
  const pdfCpu = sorted('cpuMs');
  return {
    files,
    fields: total,
    byFormat,
    byFamily,
    pdfMs: { median: percentile(pdfTimes, 0.5), p95: percentile(pdfTimes, 0.95), n: pdfTimes.length },
    pdfCpuMs: { median: percentile(pdfCpu, 0.5), p95: percentile(pdfCpu, 0.95) },
  };
}

const pairsOf = (s: string): string[] => {
  const w = normalise(s).split(' ').filter(Boolean);
  return w.slice(1).map((x, i) => `${w[i]} ${x}`);
};

/**
 * A real line the exact match missed (a formula's letters, a hyphen at the line's end, a footnote mark in
 * it): title or abstract text when at least 80 % of its word pairs are word pairs of that field (three
 * pairs at least for the title, five for the abstract).
 */
export function alignLoosely(line: string, truth: { title: string; abstract: string }): Role {
  const pairs = pairsOf(line);
  const within = (field: string, least: number) => {
    if (pairs.length < least || !field) return false;
    const have = new Set(pairsOf(field));
    return pairs.filter((p) => have.has(p)).length >= 0.8 * pairs.length;
  };
  if (within(truth.title, 3)) return 'title';
  if (within(truth.abstract, 5)) return 'abstract';
  return 'other';
}

/** One labelled line: where it comes from, its text and features, and its role by the ground truth. */
export interface RoleExample {
  family: string;
  /** The file's id and source repository (the cross-validation's group; the family for a generated file). */
  id: string;
  group: string;
  text: string;
  features: Features;
  role: Role;
}

/**
 * The labelled lines of every file of a folder for fitting the role model (roles.ts fitRoles): each line's
 * features and its role by the ground truth. PDF lines in the lower 40 % of the first page are body text in
 * every layout and are left out to keep the fit small.
 *
 * Real material (`real`): its ground truth often lacks a field (only the title, no abstract, no
 * affiliations), and a line of a field the truth does not give would be labelled "other" although it is
 * not. So only files whose truth has the title and the authors are used, and a line labelled "other" is left
 * out when it could be text of a field the truth lacks: running text (12 words or more) without an abstract
 * in the truth, an address line (an affiliation word) without affiliations.
 */
export async function roleExamples(
  dir: string,
  opts: { real?: boolean; filter?: (e: ManifestEntry) => boolean } = {},
): Promise<RoleExample[]> {
  const manifest = (JSON.parse(readFileSync(join(dir, 'MANIFEST.json'), 'utf8')) as ManifestEntry[]).filter(
    (m) => !opts.filter || opts.filter(m),
  );
  const out: RoleExample[] = [];
  for (const entry of manifest) {
    const gtPath = join(dir, entry.ground_truth ?? join('groundtruth', `${entry.id}.json`));
    if (!existsSync(gtPath)) continue;
    const gt = JSON.parse(readFileSync(gtPath, 'utf8')) as GroundTruth;
    if (opts.real && !(gt.title && gt.authors?.length)) continue;
    const truth = roleTruth(gt);
    const surnames = (gt.authors ?? []).map((a) => normalise(a.name).split(' ').pop() ?? '').filter((n) => n.length >= 3);
    const bytes = readFileSync(join(dir, entry.file));
    const lines =
      entry.format === 'pdf'
        ? (await pdfRoleLines(bytes)).filter((l) => l.features[FEATURES.indexOf('position')]! < 0.6)
        : await docxRoleLines(bytes);
    const family = layoutFamily(entry);
    const group = entry.source_repo ?? family;
    for (const l of lines) {
      let role = labelLine(l, truth);
      if (opts.real && role === 'other') role = alignLoosely(l.plain, truth);
      if (opts.real && role === 'other' && surnames.some((n) => ` ${normalise(l.plain)} `.includes(` ${n} `))) {
        // a name printed otherwise than the truth spells it ("D. S. Weld", "WELD"): an author line when most
        // of its parts read as names, else too unsure to teach anything
        const parts = splitAuthorLine(l.text);
        if (parts.length && parts.filter((p) => looksLikeName(p.name)).length >= 0.6 * parts.length) role = 'author';
        else continue;
      }
      if (opts.real && role === 'other') {
        const words = l.plain.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;
        if (!truth.abstract && words >= 12) continue;
        if (!truth.affiliations.length && AFFILIATION.test(l.plain)) continue;
      }
      out.push({ family, id: entry.id, group, text: l.plain, features: l.features, role });
    }
  }
  return out;
}

/** Targets of the intake issues (16: layouts not used for tuning), as fractions (time in ms). */
export const TARGETS: Record<FieldName, number> & { pdfMedianMs: number } = {
  title: 0.97,
  authors: 0.95,
  emails: 0.97,
  orcids: 0.97,
  contacts: 0.97,
  abstract: 0.92,
  pdfMedianMs: 150,
};
