// The window draws its own selects and date fields (components/Select.tsx, components/DateInput.tsx): the platform's
// native <select> and <input type="date"> differ per system and ignore the theme. A source scan of every renderer file.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../../renderer/src');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.(tsx|ts)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
const NATIVE = [
  { what: '<select>', re: /<select\b/ },
  { what: 'a native date, time or month input', re: /type=\{?["'`](date|datetime-local|month|week|time)["'`]\}?/ },
  { what: "createElement('select')", re: /createElement\(\s*["']select["']/ },
];

/** Each use of a native control, as "file: what". */
function nativeControls(sources: { file: string; code: string }[]): string[] {
  return sources.flatMap(({ file, code }) => NATIVE.filter((n) => n.re.test(code)).map((n) => `${file}: ${n.what}`));
}

describe('native selects and date inputs', () => {
  it('the scan finds each kind it looks for (so an empty result means something)', () => {
    expect(
      nativeControls([
        { file: 'a.tsx', code: '<select value={x}>' },
        { file: 'b.tsx', code: '<input type="date" />' },
        { file: 'c.tsx', code: "<input type={'time'} />" },
        { file: 'd.ts', code: "document.createElement('select')" },
        { file: 'e.tsx', code: '<Select label="x" /> <input type="text" /> <datalist><option value="a" /></datalist>' },
      ]),
    ).toEqual([
      'a.tsx: <select>',
      'b.tsx: a native date, time or month input',
      'c.tsx: a native date, time or month input',
      "d.ts: createElement('select')",
    ]);
  });

  it('none is left in the renderer', () => {
    const sources = files(ROOT).map((f) => ({ file: relative(ROOT, f), code: readFileSync(f, 'utf8') }));
    expect(sources.length).toBeGreaterThan(50);
    expect(sources.some((s) => s.file === join('components', 'Select.tsx'))).toBe(true);
    expect(nativeControls(sources)).toEqual([]);
  });
});
