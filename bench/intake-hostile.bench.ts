// Hostile manuscripts (issue 17): peak memory of reading each one above the intake's idle, and the time until
// a good file dropped right after it is pre-filled. Each file runs in its own child process that holds only
// an IntakeService (bench/intake-hostile.child.ts), so the figures are the intake's, not this runner's.
// The local service's rows (issue 40): the same files uploaded to a child process that holds only the local
// service; its peak above idle, the time until it answered, and whether it read a good upload right after.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { deflateBombPdf, hiddenEncryptPdf, manyPagesPdf, paddedDocx, unclosedTagsDocx } from '../test/fixtures/intake/hostile';
import { makeManuscriptPdf } from '../test/fixtures/intake/make';
import type { Bench, BenchRow } from './types';

const PEAK_TARGET_MB = 256;
const GOOD_TARGET_MS = 1000;
const SERVICE_ANSWER_TARGET_MS = 5000;
const MB = 1024 * 1024;

interface ChildReport {
  idle: number;
  pool: number;
  peak: number;
  hostile: { ms: number; error: string | null; status?: number };
  good: { ms: number; title: string | null; error: string | null; status?: number };
}

/** The files the local service is measured with: the PDF bomb and the DOCX files under the ZIP guards. */
const SERVICE_FILES = ['bomb-1g.pdf', 'padded.docx', 'unclosed.docx'];

const HOSTILE: { name: string; what: string; make: () => Buffer }[] = [
  { name: 'bomb-1g.pdf', what: 'PDF whose page inflates to 1 GB', make: () => deflateBombPdf(1024) },
  { name: 'bomb-256m.pdf', what: 'PDF whose page inflates to 256 MB', make: () => deflateBombPdf(256) },
  { name: 'million-pages.pdf', what: 'PDF whose page tree lists 1,000,000 pages', make: () => manyPagesPdf(1_000_000) },
  { name: 'padded.docx', what: 'DOCX with a 190 MB document.xml under the ratio guard', make: () => paddedDocx(190) },
  { name: 'unclosed.docx', what: 'DOCX of 2 MB of unclosed tags', make: () => unclosedTagsDocx(2) },
  { name: 'encr-escaped.pdf', what: 'RC4 PDF with /Encr#79pt', make: () => hiddenEncryptPdf('escaped') },
  { name: 'encr-comment.pdf', what: 'RC4 PDF with a comment after /Encrypt', make: () => hiddenEncryptPdf('comment') },
];

/** The detail in brackets at the end of a refusal, or its first sentence. */
function brief(message: string): string {
  const open = message.lastIndexOf('(');
  if (open > 0 && message.endsWith(')')) return message.slice(open + 1, -1);
  const stop = message.indexOf('. ');
  return stop > 0 ? message.slice(0, stop) : message;
}

async function runChild(child: string, dir: string, hostile: string, mode?: 'service'): Promise<ChildReport> {
  const args = ['--import', 'tsx', child, dir, hostile, 'good.pdf', ...(mode ? [mode] : [])];
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: MB });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as ChildReport;
}

const bench: Bench = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'intake-hostile-bench-'));
  const child = resolve(import.meta.dirname, 'intake-hostile.child.ts');
  const rows: BenchRow[] = [];
  try {
    writeFileSync(join(dir, 'good.pdf'), await makeManuscriptPdf());
    for (const h of HOSTILE) {
      const data = h.make();
      writeFileSync(join(dir, h.name), data);
      const r = await runChild(child, dir, h.name);
      const above = (r.peak - r.idle) / MB;
      const size = data.length >= MB ? `${(data.length / MB).toFixed(1)} MB` : `${Math.ceil(data.length / 1024)} KB`;
      const outcome = r.hostile.error ? `refused ("${brief(r.hostile.error)}")` : 'read';
      rows.push(
        {
          suite: 'intake-hostile',
          metric: `peak RSS above idle: ${h.what}`,
          value: Math.round(above),
          unit: 'MB',
          target: `≤ ${PEAK_TARGET_MB} MB`,
          ok: above <= PEAK_TARGET_MB,
          note:
            `${size} file, ${outcome} in ${Math.round(r.hostile.ms)} ms; intake idle ` +
            `${Math.round(r.idle / MB)} MB (child process with only the warm pool of ${r.pool} workers, under tsx)`,
        },
        {
          suite: 'intake-hostile',
          metric: `good PDF dropped right after: ${h.what} → pre-filled`,
          value: Math.round(r.good.ms),
          unit: 'ms',
          target: `≤ ${GOOD_TARGET_MS} ms`,
          ok: r.good.error === null && r.good.title !== null && r.good.ms <= GOOD_TARGET_MS,
          note: r.good.error ? `good file failed: ${r.good.error}` : `title "${r.good.title}"`,
        },
      );
      if (!SERVICE_FILES.includes(h.name)) continue;
      const sr = await runChild(child, dir, h.name, 'service');
      const sAbove = (sr.peak - sr.idle) / MB;
      const answer = sr.hostile.error ? `${sr.hostile.status} ("${brief(sr.hostile.error)}")` : `${sr.hostile.status}`;
      const alive = sr.good.status === 200;
      rows.push(
        {
          suite: 'intake-hostile',
          metric: `local service peak RSS above idle: ${h.what}`,
          value: Math.round(sAbove),
          unit: 'MB',
          target: `≤ ${PEAK_TARGET_MB} MB`,
          ok: sAbove <= PEAK_TARGET_MB,
          note: `${size} file uploaded; service idle ${Math.round(sr.idle / MB)} MB (child process with only the local service, under tsx)`,
        },
        {
          suite: 'intake-hostile',
          metric: `local service answers: ${h.what}`,
          value: Math.round(sr.hostile.ms),
          unit: 'ms',
          target: `≤ ${SERVICE_ANSWER_TARGET_MS} ms, alive after`,
          ok: sr.hostile.ms <= SERVICE_ANSWER_TARGET_MS && alive,
          note:
            `answered ${answer}; a good PDF uploaded right after: ` +
            (alive ? `${sr.good.status} in ${Math.round(sr.good.ms)} ms (${sr.good.title})` : `${sr.good.status} ${sr.good.error ?? ''}`),
        },
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
};

export default bench;
