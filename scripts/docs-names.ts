// The paths and code names the docs mention, checked against the tree: a recipe or a map that names a
// file that moved or a function that was renamed is found by the test (test/unit/scripts/docs-names.test.ts)
// instead of by a newcomer following it. A name counts as code when it is written in backticks and is
// a repository path (electron/…, renderer/…, test/…) or a camelCase / PascalCase identifier of six
// letters or more; placeholders in capitals (NAME, NNN) and names of other projects' APIs are left out.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Names the docs mention that are not ours: other software's APIs (Electron, the DOM, better-sqlite3, Excel),
 * the service's examples, a recipe's example field.
 */
export const FOREIGN_NAMES = new Set([
  'safeStorage',
  'sqliteTransaction',
  'setAttribute',
  'isScrolling',
  'authorK_orcid',
  'authorK_email',
  '_x005F_xHHHH_',
  'newField',
]);

const TOP = /^(electron|renderer|test|scripts|bench|build|docs|\.github|\.ci|\.eslint-plugin-local)\//;
const PLACEHOLDER = /(^|[/_.-])(NAME|NNN|N)([/_.-]|$)/;
const IDENT = /^([A-Za-z_$][\w$]*)(?:\(\))?$/;
const CASED = /[a-z][A-Z]|^[A-Z][a-z]+[A-Z]/;

export interface StaleName {
  doc: string;
  kind: 'path' | 'name';
  text: string;
}

/**
 * The backticked paths that do not exist and code names that no source file contains, in one doc.
 * `exists` answers for a repository path; `inSource` for a whole-word name.
 */
export function staleNames(doc: string, text: string, exists: (path: string) => boolean, inSource: (name: string) => boolean): StaleName[] {
  const out: StaleName[] = [];
  for (const m of text.matchAll(/`([^`\n]+)`/g)) {
    const t = m[1]!.trim();
    if (TOP.test(t) && /^[\w./@*#:-]+$/.test(t)) {
      const path = t.replace(/[#:].*$/, '').replace(/\/$/, '');
      if (path.includes('*') || PLACEHOLDER.test(path)) continue;
      if (!exists(path)) out.push({ doc, kind: 'path', text: t });
      continue;
    }
    const id = IDENT.exec(t);
    if (!id || id[1]!.length < 6 || !CASED.test(id[1]!) || FOREIGN_NAMES.has(id[1]!)) continue;
    if (!inSource(id[1]!)) out.push({ doc, kind: 'name', text: t });
  }
  return out;
}

const SOURCE_DIRS = ['electron', 'renderer', 'scripts', 'test', 'bench', 'build', '.github', '.ci', '.eslint-plugin-local'];
const SKIP = new Set(['node_modules', 'out', 'dist', 'release', 'generated', '.git']);

/** Every doc of the repository at `root` (README.md and docs/*.md), checked against its tree. */
export function staleNamesIn(root: string): StaleName[] {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (SKIP.has(name)) continue;
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ts|tsx|mts|mjs|cjs|js|json|ya?ml|sh|css)$/.test(name) || name === 'run') texts.push(readFileSync(p, 'utf8'));
    }
  };
  for (const d of SOURCE_DIRS) if (existsSync(join(root, d))) walk(join(root, d));
  // What .gitignore names is made by a build or an install (out/, .ci/node/): it need not exist in a clone.
  const made = readFileSync(join(root, '.gitignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim().replace(/\/$/, ''))
    .filter((l) => l !== '' && !l.startsWith('#') && !l.includes('*'));
  const generated = (p: string) => made.some((m) => p === m || p.startsWith(`${m}/`));
  const words = new Set(texts.join('\n').match(/[A-Za-z_$][\w$]*/g) ?? []);
  const docs = [
    'README.md',
    ...readdirSync(join(root, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  return docs.flatMap((doc) =>
    staleNames(
      doc,
      readFileSync(join(root, doc), 'utf8'),
      (p) => generated(p) || existsSync(join(root, p)),
      (n) => words.has(n),
    ),
  );
}
