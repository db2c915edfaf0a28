// Hostile manuscripts (issue 17): peak memory of reading each one above the intake's idle, and the time until
// a good file dropped right after it is pre-filled. Each file runs in its own child process that holds only
// an IntakeService (bench/intake-hostile.child.ts), so the figures are the intake's, not this runner's.
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
const MB = 1024 * 1024;

interface ChildReport {
  idle: number;
  pool: number;
  peak: number;
  hostile: { ms: number; error: string | null };
  good: { ms: number; title: string | null; error: string | null };
}

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

const bench: Bench = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'intake-hostile-bench-'));
  const child = resolve(import.meta.dirname, 'intake-hostile.child.ts');
  const rows: BenchRow[] = [];
  try {
    writeFileSync(join(dir, 'good.pdf'), await makeManuscriptPdf());
    for (const h of HOSTILE) {
      const data = h.make();
      writeFileSync(join(dir, h.name), data);
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', child, dir, h.name, 'good.pdf'], {
        maxBuffer: MB,
      });
      const r = JSON.parse(stdout.trim().split('\n').at(-1)!) as ChildReport;
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
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
};

export default bench;
