// Redaction of the API key from a service's answer (issue 40): a 10,000-candidate upload answer read as
// the run writer reads it (parse, redact every string and key of the parsed value, validate),
// and the text pass alone; each the median of 7 runs after a warm-up. Without the key in it (the usual
// case) and with it echoed in 20 encodings into 200 candidates.
import { performance } from 'node:perf_hooks';
import { redact } from '../electron/core/api/redact';
import { readUploadAnswer } from '../electron/core/cache/upload-answer';
import { range, response } from '../test/integration/cache/fixtures';
import { keyEncodings } from '../test/support/key-encodings';
import type { BenchRow } from './types';

const N = 10_000;
const KEY = 'sk-live-7f3a9c2e81d44b0e9a55';

function median(fn: () => void): number {
  fn();
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[3]!;
}

export default async function bench(): Promise<BenchRow[]> {
  const clean = response(1, 'bench', range(1, N));
  const forms = Object.values(keyEncodings(KEY));
  const echoed = structuredClone(clean);
  echoed.candidates!.forEach((c, i) => {
    if (i % 50 === 0) (c as { name: string }).name = `Dr ${forms[(i / 50) % forms.length]}`;
  });
  const rows: BenchRow[] = [];
  for (const [what, answer] of [
    ['no key in it', clean],
    ['key echoed in 200 candidates', echoed],
  ] as const) {
    const text = JSON.stringify(answer);
    const bytes = Buffer.from(text);
    const note = `${(bytes.length / 2 ** 20).toFixed(1)} MiB answer, ${what}, median of 7`;
    const read = median(() => {
      const d = readUploadAnswer(bytes, 'application/json', [KEY]);
      if (!d.ok) throw new Error(d.message);
    });
    const textOnly = median(() => void redact(text, [KEY]));
    const parseOnly = median(() => void JSON.parse(text));
    rows.push(
      {
        suite: 'redact',
        metric: `read a 10,000-candidate upload answer (parse, redact, validate): ${what}`,
        value: Math.round(read),
        unit: 'ms',
        note,
      },
      { suite: 'redact', metric: `redact the answer's text only: ${what}`, value: Math.round(textOnly), unit: 'ms', note },
      { suite: 'redact', metric: `JSON.parse of the answer (reference): ${what}`, value: Math.round(parseOnly), unit: 'ms', note },
    );
  }
  return rows;
}
