// `npm run -s stats`: figures about the shape of the code, read from the source as it is (issue 18's
// measures). Nothing runs the app: every figure comes from parsing the files with the TypeScript
// compiler's parser. Each measure is a pure function of a file tree, so test/unit/scripts/stats.test.ts
// runs them on a small tree of its own. `--json` prints the rows as JSON instead of a table.
//
// When a module on the drop path or the open path is renamed or moved, update DROP_PATH or OPEN_PATH
// below: the script refuses to guess and names the station it cannot find.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

/** Project-relative path (forward slashes) → file text. */
export type SourceTree = Map<string, string>;

const SOURCE_EXT = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const SKIP_DIRS = new Set([
  'node_modules',
  'out',
  'dist',
  'release',
  '.git',
  'test-results',
  'bench-results',
  '.tmp',
  '.tools',
  'generated',
]);

/** Reads the source files under `dirs` (relative to root), skipping build output and generated fixtures. */
export function readTree(root: string, dirs: readonly string[]): SourceTree {
  const tree: SourceTree = new Map();
  const walk = (abs: string) => {
    for (const name of readdirSync(abs)) {
      if (SKIP_DIRS.has(name)) continue;
      const p = join(abs, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (SOURCE_EXT.test(name) && !name.endsWith('.d.ts')) tree.set(relative(root, p).split(sep).join('/'), readFileSync(p, 'utf8'));
    }
  };
  for (const d of dirs) {
    try {
      if (statSync(join(root, d)).isDirectory()) walk(join(root, d));
    } catch {
      // a folder the tree does not have
    }
  }
  return tree;
}

const parsed = new WeakMap<SourceTree, Map<string, ts.SourceFile>>();
function sourceFile(tree: SourceTree, file: string): ts.SourceFile {
  let cache = parsed.get(tree);
  if (!cache) parsed.set(tree, (cache = new Map()));
  let sf = cache.get(file);
  if (!sf) {
    const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    sf = ts.createSourceFile(file, tree.get(file) ?? '', ts.ScriptTarget.Latest, true, kind);
    cache.set(file, sf);
  }
  return sf;
}

// ---------------------------------------------------------------------------------------------
// Imports

export interface ImportEdge {
  to: string;
  /** `import type …`, or every named binding is `type X`: nothing of it exists at run time. */
  typeOnly: boolean;
}

/** Resolves a relative, extension-less specifier (moduleResolution: Bundler) against the tree. */
export function resolveImport(tree: SourceTree, from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = posix.normalize(posix.join(posix.dirname(from), spec));
  for (const c of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`, base.replace(/\.js$/, '.ts')]) {
    if (tree.has(c)) return c;
  }
  return null;
}

/** The static imports and re-exports of every file, resolved to files of the tree (packages are left out). */
export function importGraph(tree: SourceTree): Map<string, ImportEdge[]> {
  const graph = new Map<string, ImportEdge[]>();
  for (const file of tree.keys()) {
    const edges: ImportEdge[] = [];
    for (const st of sourceFile(tree, file).statements) {
      let spec: ts.Expression | undefined;
      let typeOnly = false;
      if (ts.isImportDeclaration(st)) {
        spec = st.moduleSpecifier;
        const clause = st.importClause;
        const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
        typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
      } else if (ts.isExportDeclaration(st) && st.moduleSpecifier) {
        spec = st.moduleSpecifier;
        typeOnly = st.isTypeOnly;
      }
      if (!spec || !ts.isStringLiteral(spec)) continue;
      const to = resolveImport(tree, file, spec.text);
      if (to) edges.push({ to, typeOnly });
    }
    graph.set(file, edges);
  }
  return graph;
}

/** The shortest chain of run-time imports from `from` to `to` (both included), or null when there is none. */
export function importChain(graph: Map<string, ImportEdge[]>, from: string, to: string): string[] | null {
  const prev = new Map<string, string | null>([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const cur = queue.shift()!;
    if (cur === to) {
      const chain: string[] = [];
      for (let n: string | null | undefined = to; n != null; n = prev.get(n)) chain.unshift(n);
      return chain;
    }
    for (const e of graph.get(cur) ?? []) {
      if (e.typeOnly || prev.has(e.to)) continue;
      prev.set(e.to, cur);
      queue.push(e.to);
    }
  }
  return null;
}

/**
 * Modules a request path crosses. `stations` are the files the path runs through, in order (named by
 * hand: calls between layers go through the bridge, IPC, the router's handler map and injected
 * objects, which no import follows). Every station counts; so does every module on the shortest
 * chain of run-time (not type-only) imports from one station to the next — barrel index files and
 * helpers the hop passes through. A hop with no such chain (a process boundary, an injected
 * dependency, an event) adds only its two ends. A station listed twice (the path comes back through
 * the same module) counts once.
 */
export function pathModules(tree: SourceTree, stations: readonly string[]): { modules: string[]; missing: string[] } {
  const missing = stations.filter((s) => !tree.has(s));
  if (missing.length > 0) return { modules: [], missing };
  const graph = importGraph(tree);
  const seen = new Set<string>(stations);
  for (let i = 0; i + 1 < stations.length; i++) {
    for (const m of importChain(graph, stations[i]!, stations[i + 1]!) ?? []) seen.add(m);
  }
  return { modules: [...seen].sort(), missing: [] };
}

// ---------------------------------------------------------------------------------------------
// Bridge calls

export interface StoreAction {
  file: string;
  /** An action of the zustand store the file creates (a method of the object `create(...)` returns). */
  action: string;
}

/** Function bodies of a store file: its actions (by name) and the helper functions declared beside them. */
function storeFunctions(sf: ts.SourceFile): Map<string, ts.Node> {
  const fns = new Map<string, ts.Node>();
  const visit = (n: ts.Node) => {
    if (ts.isMethodDeclaration(n) && ts.isIdentifier(n.name)) fns.set(n.name.text, n);
    else if (
      ts.isPropertyAssignment(n) &&
      ts.isIdentifier(n.name) &&
      (ts.isArrowFunction(n.initializer) || ts.isFunctionExpression(n.initializer))
    )
      fns.set(n.name.text, n.initializer);
    else if (
      ts.isVariableDeclaration(n) &&
      ts.isIdentifier(n.name) &&
      n.initializer &&
      (ts.isArrowFunction(n.initializer) || ts.isFunctionExpression(n.initializer))
    ) {
      if (!fns.has(n.name.text)) fns.set(n.name.text, n.initializer);
    } else if (ts.isFunctionDeclaration(n) && n.name) fns.set(n.name.text, n);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return fns;
}

/** The name a call reaches inside the store: `get().reload()`, `helper()`. */
function calledName(call: ts.CallExpression): string | null {
  const c = call.expression;
  if (ts.isIdentifier(c)) return c.text;
  if (
    ts.isPropertyAccessExpression(c) &&
    ts.isCallExpression(c.expression) &&
    ts.isIdentifier(c.expression.expression) &&
    c.expression.expression.text === 'get'
  )
    return c.name.text;
  return null;
}

/**
 * Bridge calls an action makes: every `….invoke('channel', …)` in the action and in the actions and
 * helpers of the same file it calls (`get().other()`, `helper()`), followed transitively. Calls
 * inside one `Promise.all([...])` go out together and make one round trip; every other call is a
 * round trip of its own. Calls made only on some branches count as if taken (an upper bound).
 */
export function bridgeCalls(
  tree: SourceTree,
  entries: readonly StoreAction[],
): { channels: string[]; roundTrips: number; missing: string[] } {
  const channels: string[] = [];
  const missing: string[] = [];
  let roundTrips = 0;
  for (const { file, action } of entries) {
    if (!tree.has(file)) {
      missing.push(file);
      continue;
    }
    const fns = storeFunctions(sourceFile(tree, file));
    if (!fns.has(action)) {
      missing.push(`${file}#${action}`);
      continue;
    }
    const done = new Set<string>();
    const groups = new Set<ts.Node>();
    const walk = (name: string) => {
      if (done.has(name)) return;
      done.add(name);
      const visit = (n: ts.Node) => {
        if (ts.isCallExpression(n)) {
          const callee = n.expression;
          const first = n.arguments[0];
          if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'invoke' && first && ts.isStringLiteralLike(first)) {
            channels.push(first.text);
            const all = enclosingPromiseAll(n);
            if (!all) roundTrips++;
            else if (!groups.has(all)) {
              groups.add(all);
              roundTrips++;
            }
          }
          const next = calledName(n);
          if (next && fns.has(next)) walk(next);
        }
        ts.forEachChild(n, visit);
      };
      ts.forEachChild(fns.get(name)!, visit);
    };
    walk(action);
  }
  return { channels, roundTrips, missing };
}

function enclosingPromiseAll(n: ts.Node): ts.Node | null {
  for (let p = n.parent; p; p = p.parent) {
    if (ts.isCallExpression(p) && p.expression.getText() === 'Promise.all') return p;
    if (ts.isFunctionLike(p)) return null;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Declarations of a shape

export interface ShapeDeclaration {
  file: string;
  name: string;
  line: number;
}

/** Lower case, no underscores: `h_index` and `hIndex` are one field. */
const norm = (s: string) => s.toLowerCase().replace(/_/g, '');

function propertyNames(members: ts.NodeArray<ts.Node>): string[] {
  const out: string[] = [];
  for (const m of members) {
    const name = (m as { name?: ts.PropertyName }).name;
    if (name && (ts.isIdentifier(name) || ts.isStringLiteral(name))) out.push(name.text);
  }
  return out;
}

const ZOD_OBJECT = new Set(['object', 'looseObject', 'strictObject', 'extend']);

/** The fields a declaration spells out itself, when it is a shape: an interface, a type literal, a zod
 * object schema, a `{ field: z.… }` object of zod fields, or a `{ field: 'name' }` map that is not
 * checked against a type (`satisfies Record<keyof Row, string>` derives its keys). Null for anything else. */
function declaredFields(n: ts.Node): { name: string; fields: string[] } | null {
  if (ts.isInterfaceDeclaration(n)) return { name: n.name.text, fields: propertyNames(n.members) };
  if (ts.isTypeAliasDeclaration(n)) {
    const lits: ts.TypeLiteralNode[] = [];
    const collect = (t: ts.TypeNode) => {
      if (ts.isTypeLiteralNode(t)) lits.push(t);
      else if (ts.isIntersectionTypeNode(t)) t.types.forEach(collect);
      else if (ts.isParenthesizedTypeNode(t)) collect(t.type);
    };
    collect(n.type);
    return lits.length ? { name: n.name.text, fields: lits.flatMap((l) => propertyNames(l.members)) } : null;
  }
  if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer) {
    let init: ts.Expression = n.initializer;
    // Checked against a type (`x: T = …` or `… satisfies T`): its keys come from that type, it declares none.
    let checked = n.type !== undefined;
    while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init)) {
      if (ts.isSatisfiesExpression(init)) checked = true;
      init = init.expression;
    }
    // z.looseObject({...}).strict() and the like: the innermost zod object call holds the fields.
    for (let e: ts.Expression = init; ts.isCallExpression(e);) {
      const callee = e.expression;
      if (
        ts.isPropertyAccessExpression(callee) &&
        ZOD_OBJECT.has(callee.name.text) &&
        e.arguments[0] &&
        ts.isObjectLiteralExpression(e.arguments[0])
      ) {
        return { name: n.name.text, fields: propertyNames(e.arguments[0].properties) };
      }
      if (!ts.isPropertyAccessExpression(callee)) break;
      e = callee.expression;
    }
    if (ts.isObjectLiteralExpression(init)) {
      const props = init.properties.filter(ts.isPropertyAssignment);
      const zodFields = props.filter((p) => /^z\./.test(p.initializer.getText()));
      if (props.length > 0 && zodFields.length * 2 >= props.length) return { name: n.name.text, fields: propertyNames(init.properties) };
      // A hand-written map of the fields to names (columns, labels) that no type ties to the shape.
      const named = props.length > 0 && props.length === init.properties.length && props.every((p) => ts.isStringLiteral(p.initializer));
      if (named && !checked) return { name: n.name.text, fields: propertyNames(init.properties) };
    }
  }
  return null;
}

export interface ShapeRule {
  /** Fields of the shape; a declaration must spell out at least `min` of them. */
  fields: readonly string[];
  min: number;
  /** Fields every declaration of the shape has (what tells it from a look-alike). */
  required?: readonly string[];
}

/**
 * Declarations of one shape: every interface, type literal or zod object schema in the tree that
 * spells out at least `min` of the rule's fields, the required ones included (snake_case and
 * camelCase alike). Fields brought in by a spread or `extends` are not counted, and `z.infer` types
 * declare nothing, so a type or schema built on another one is not counted twice.
 */
export function shapeDeclarations(tree: SourceTree, rule: ShapeRule, under: readonly string[] = ['']): ShapeDeclaration[] {
  const wanted = new Set(rule.fields.map(norm));
  const required = (rule.required ?? []).map(norm);
  const out: ShapeDeclaration[] = [];
  for (const file of tree.keys()) {
    if (!under.some((u) => file.startsWith(u))) continue;
    const sf = sourceFile(tree, file);
    const visit = (n: ts.Node) => {
      const d = declaredFields(n);
      const has = d ? new Set(d.fields.map(norm)) : null;
      if (d && has && required.every((f) => has.has(f)) && [...has].filter((f) => wanted.has(f)).length >= rule.min) {
        out.push({ file, name: d.name, line: sf.getLineAndCharacterOfPosition(n.getStart()).line + 1 });
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return out.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

// ---------------------------------------------------------------------------------------------
// Text measures

/** Occurrences of `pattern` (a global regular expression) per file, files without any left out. */
export function occurrences(tree: SourceTree, pattern: RegExp, under: readonly string[] = ['']): Array<{ file: string; count: number }> {
  const out: Array<{ file: string; count: number }> = [];
  for (const [file, text] of tree) {
    if (!under.some((u) => file.startsWith(u))) continue;
    const count = [...text.matchAll(pattern)].length;
    if (count > 0) out.push({ file, count });
  }
  return out.sort((a, b) => b.count - a.count || a.file.localeCompare(b.file));
}

/** Lines longer than `max` characters, per file. */
export function longLines(tree: SourceTree, max: number): Array<{ file: string; count: number }> {
  const out: Array<{ file: string; count: number }> = [];
  for (const [file, text] of tree) {
    const count = text.split('\n').filter((l) => l.replace(/\r$/, '').length > max).length;
    if (count > 0) out.push({ file, count });
  }
  return out.sort((a, b) => b.count - a.count || a.file.localeCompare(b.file));
}

// ---------------------------------------------------------------------------------------------
// This project's measures

/**
 * A dropped PDF to its candidates painted, in the desktop app (the browser host swaps preload and
 * main/ipc for renderer/src/platform/websocket.ts, electron/host/server.ts and host/protocol.ts).
 * In order: the drop, staging the bytes, intake reading the file, the editor's form, queueing the
 * upload, sending it, recording the answer, the change event, the reload and the paint.
 */
export const DROP_PATH: readonly string[] = [
  // drop → files.stage
  'renderer/src/components/Shell.tsx',
  'renderer/src/stores/manuscripts.ts',
  'renderer/src/platform/instance.ts',
  'renderer/src/platform/desk.ts',
  'electron/preload/index.ts',
  'electron/common/bridge.ts',
  'electron/main/ipc.ts',
  'electron/main/security.ts',
  'electron/core/router.ts',
  'electron/common/contract.ts',
  'electron/core/handlers/manuscripts.ts',
  'electron/core/files/staging.ts',
  'electron/core/intake/check.ts',
  // intake.inspect (same bridge and router hops) → intake in a worker thread
  'electron/core/intake/index.ts',
  'electron/core/intake/worker.ts',
  'electron/core/intake/inspect.ts',
  'electron/core/intake/pdf.ts',
  // the editor confirms the form → manuscripts.upload → outbox
  'renderer/src/features/manuscripts/UploadQueue.tsx',
  'renderer/src/features/manuscripts/UploadForm.tsx',
  'electron/common/service/upload.ts',
  'electron/core/outbox/outbox.ts',
  'electron/core/outbox/kinds/upload.ts',
  'electron/core/cache/manuscripts.ts',
  'electron/core/outbox/store.ts',
  // the sync loop sends it; the answer is recorded
  'electron/core/sync/loop.ts',
  'electron/core/api/client.ts',
  'electron/core/api/multipart.ts',
  'electron/core/cache/manuscripts.ts',
  // data.changed back to the window
  'electron/core/workspace.ts',
  'electron/core/composition.ts',
  'electron/core/events.ts',
  'electron/main/ipc.ts',
  'renderer/src/main.tsx',
  // reload and paint
  'renderer/src/stores/manuscripts.ts',
  'renderer/src/features/candidates/CandidatesView.tsx',
  'renderer/src/stores/candidates.ts',
  'electron/core/handlers/candidates.ts',
  'electron/core/cache/candidates.ts',
  'renderer/src/components/VirtualTable.tsx',
];

/** Opening a manuscript: picking it in the list, then its candidates view opening its newest run. */
export const OPEN_PATH: readonly StoreAction[] = [
  { file: 'renderer/src/stores/manuscripts.ts', action: 'select' },
  { file: 'renderer/src/stores/candidates.ts', action: 'open' },
];

/** A candidate row (the service's answer, the cache's row, the view's row): a person's fields with the
 * manuscript's score. The score tells it from the author seen across manuscripts (no score). */
export const CANDIDATE_SHAPE: ShapeRule = {
  fields: [
    'author_id',
    'h_index',
    'score',
    'email',
    'orcid',
    'affiliation',
    'articles_count',
    'citations_count',
    'first_name',
    'last_name',
  ],
  min: 6,
  required: ['score'],
};

/** A change topic leaves core: `emit('data.changed', …)` (also `emit<…>(…)`, `emitChange…('data.changed'`). */
export const EMIT_DATA_CHANGED = /\bemit\w*\s*(?:<[^>(]*>\s*)?\(\s*['"`]data\.changed['"`]/g;

/** A write path notes what it changed on the cache's change feed (electron/core/cache/changes.ts). */
export const NOTE_CHANGE = /\bchanges\.note\s*\(/g;

/** Where change topics may come from: the repositories and the outbox. */
export const WRITE_PATHS = ['electron/core/cache/', 'electron/core/outbox/'];

/** The one `emit('data.changed', …)` that forwards the feed to the windows without choosing a topic. */
export const FEED_FORWARDER = 'electron/core/composition.ts';

export const LONG_LINE = 160;

export interface StatRow {
  measure: string;
  value: number;
  target: string;
  detail: string;
}

export function collectStats(root: string): StatRow[] {
  const app = readTree(root, ['electron', 'renderer']);
  const all = readTree(root, ['electron', 'renderer', 'test', 'scripts', 'bench', 'build']);
  for (const name of readdirSync(root))
    if (/\.(ts|mts|js|mjs|cjs)$/.test(name) && statSync(join(root, name)).isFile()) all.set(name, readFileSync(join(root, name), 'utf8'));

  const drop = pathModules(app, DROP_PATH);
  if (drop.missing.length)
    throw new Error(
      `stats: the drop path names files that do not exist: ${drop.missing.join(', ')} — update DROP_PATH in scripts/stats.ts`,
    );
  const open = bridgeCalls(app, OPEN_PATH);
  if (open.missing.length)
    throw new Error(`stats: the open path names what does not exist: ${open.missing.join(', ')} — update OPEN_PATH in scripts/stats.ts`);
  const shapes = shapeDeclarations(app, CANDIDATE_SHAPE);
  const onWritePath = (f: string) => WRITE_PATHS.some((w) => f.startsWith(w));
  const notes = occurrences(app, NOTE_CHANGE, ['electron/']);
  const emits = [
    ...notes.filter((n) => !onWritePath(n.file)),
    ...occurrences(app, EMIT_DATA_CHANGED, ['electron/']).map((e) => (e.file === FEED_FORWARDER ? { ...e, count: e.count - 1 } : e)),
  ].filter((e) => e.count > 0);
  const written = notes.filter((n) => onWritePath(n.file));
  const long = longLines(all, LONG_LINE);
  const appLong = longLines(app, LONG_LINE);
  const sum = (xs: Array<{ count: number }>) => xs.reduce((n, x) => n + x.count, 0);
  const layers = (files: string[]) => {
    const by = new Map<string, number>();
    for (const f of files) {
      const layer = f
        .split('/')
        .slice(0, f.startsWith('renderer/') ? 1 : 2)
        .join('/');
      by.set(layer, (by.get(layer) ?? 0) + 1);
    }
    return [...by].map(([l, n]) => `${l} ${n}`).join(', ');
  };
  return [
    {
      measure: 'modules a dropped file crosses to painted candidates',
      value: drop.modules.length,
      target: 'fewer',
      detail: layers(drop.modules),
    },
    { measure: 'request round trips for opening a manuscript', value: open.roundTrips, target: '≤ 2', detail: open.channels.join(', ') },
    {
      measure: 'definitions of the candidate shape',
      value: shapes.length,
      target: '1',
      detail: shapes.map((s) => `${s.name} (${s.file}:${s.line})`).join(', '),
    },
    {
      measure: 'places outside repositories/outbox that emit change topics',
      value: sum(emits),
      target: '0',
      detail:
        `${emits.length} files${emits.map((e) => `, ${e.file} ${e.count}`).join('')}; ` +
        `repositories/outbox note ${sum(written)} in ${written.length} files (` +
        `${written.map((e) => `${e.file.replace(/^electron\/core\//, '')} ${e.count}`).join(', ')}); ` +
        `${FEED_FORWARDER} forwards the feed`,
    },
    {
      measure: `lines over ${LONG_LINE} characters`,
      value: sum(long),
      target: '0 (formatter)',
      detail: `${long.length} files (electron, renderer, test, scripts, bench, build, root configs); ${sum(appLong)} in electron and renderer`,
    },
  ];
}

/** The folders whose repeated code counts: the app itself, not its tests, benches or fixtures. */
export const DUPLICATE_DIRS = ['electron', 'renderer'] as const;

/** Pairs not counted: a migration is history, never edited once shipped, so two alike stay alike. */
export const DUPLICATES_EXEMPT = /(^|~ )electron\/core\/(cache|office)\/migrations\/\S+ ~ electron\/core\/\2\/migrations\//;

/**
 * The pairs a `duplicates` report lists that are not boilerplate (rows `D<n> a ~ b`, the ones marked
 * `boilerplate` left out): places where one piece of code could serve where the logic is the same.
 */
export function duplicatePairs(report: string): string[] {
  return report
    .split('\n')
    .filter((l) => /^D\d+ /.test(l) && !/\bboilerplate\b/.test(l))
    .map((l) => l.replace(/^D\d+ /, '').replace(/ \(\+\d+ more runs?\)$/, ''));
}

/**
 * The `duplicates` row, or null where the command is not on this machine (it is a tool of the
 * workstation, not a dependency of the project: CI has none).
 */
export function duplicatesRow(root: string): StatRow | null {
  const pairs: string[] = [];
  for (const dir of DUPLICATE_DIRS) {
    const run = spawnSync('duplicates', ['--repo', join(root, dir), '--most', '200', '--seconds', '120'], { encoding: 'utf8' });
    if (run.error || run.status !== 0) return null;
    pairs.push(...duplicatePairs(run.stdout).map((p) => p.replace(/(^|~ )/g, `$1${dir}/`)));
  }
  const counted = pairs.filter((p) => !DUPLICATES_EXEMPT.test(p));
  return {
    measure: '`duplicates` pairs in electron/ and renderer/ that are not boilerplate',
    value: counted.length,
    target: '≤ 3',
    detail: [
      ...counted,
      ...(counted.length < pairs.length ? [`not counted: ${pairs.length - counted.length} between migrations`] : []),
    ].join('; '),
  };
}

/** A text table: one line per measure, its detail indented below it (cut to `width` characters). */
export function formatTable(rows: readonly StatRow[], width = Infinity): string {
  const w0 = Math.max(...rows.map((r) => r.measure.length), 'measure'.length);
  const w1 = Math.max(...rows.map((r) => String(r.value).length), 'value'.length);
  const w2 = Math.max(...rows.map((r) => r.target.length), 'target'.length);
  const line = (a: string, b: string, c: string) => `${a.padEnd(w0)}  ${b.padStart(w1)}  ${c.padEnd(w2)}`;
  const out = [line('measure', 'value', 'target'), line('-'.repeat(w0), '-'.repeat(w1), '-'.repeat(w2))];
  for (const r of rows) {
    out.push(line(r.measure, String(r.value), r.target));
    if (r.detail) out.push(`    ${r.detail.length > width ? `${r.detail.slice(0, width - 1)}…` : r.detail}`);
  }
  return out.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = resolve(import.meta.dirname, '..');
  const rows = collectStats(root);
  const dups = process.argv.includes('--no-duplicates') ? null : duplicatesRow(root);
  if (dups) rows.push(dups);
  else console.error('stats: the duplicates row is left out (the `duplicates` command is not on this machine, or --no-duplicates)');
  console.log(process.argv.includes('--json') ? JSON.stringify(rows, null, 2) : formatTable(rows));
}
