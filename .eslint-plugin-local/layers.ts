// The `local/layers` lint rule: ARCHITECTURE.md §3 rule 1 (layers are enforced by tools) on resolved paths.
//
// Every import of a file is resolved first, then checked against an ALLOW-list for the file's zone:
//   - a relative specifier ('../core/router') is resolved against the importing file's folder to a path
//     inside the repository ('electron/core/router'), so no spelling of a path ('../../core/x',
//     './../core/x', 'domain/../../core/x') can slip past a glob written for another spelling;
//   - a bare specifier is a package: 'node:fs', 'fs' and 'fs/promises' are all Node's builtin 'node:fs';
//     'lucide-react/icons/x' is the package 'lucide-react'; '@dnd-kit/core' keeps its scope.
// A file's zone is the first zone (in configuration order) whose `from` glob matches its repo-relative path;
// a file in no zone (tests, scripts, configuration) is not checked. Everything not allowed is refused, so a
// new dependency between layers is a line in eslint.config.js that review sees, never an accident.
//
// Checked: import and export ... from, `import x = require()`, import('...') and require('...') with a
// literal, and type-only imports (`import type`, `import('x').T`): a type from another layer is a
// dependency on it too. VS Code's `code-layering` rule (its .eslint-plugin-local) does the same per folder
// name; here the zones and their allow-lists are written out in eslint.config.js.
//
// Globs: '*' is one path segment and is captured, so a zone `from: 'renderer/src/features/*/**'` can allow
// 'renderer/src/features/$1/**' (its own feature only); a trailing '/**' is the folder and everything in it;
// anything else must match the whole path. Targets are compared without their extension (.ts, .tsx, .js,
// .mjs, .cjs), so 'electron/core/host-core' names one module.
//
// The rule is loaded by eslint.config.js through Node's own type stripping (Node >= 22.18), so this file
// keeps to erasable TypeScript: type annotations and `import type` only, no enums or parameter properties.
import { builtinModules } from 'node:module';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import type { Rule } from 'eslint';

/** One import that breaks its zone today, named and explained; remove it when the code moves. */
export interface LayerException {
  /** The importing file, repo-relative ('renderer/src/platform/shell-events.ts'). */
  file: string;
  /** The paths it may import anyway: globs over resolved, repo-relative targets. */
  imports: string[];
  /** Why it is there and what would remove it. */
  why: string;
}

export interface LayerZone {
  /** The layer's name, used in messages ('common', 'renderer feature'). */
  name: string;
  /** Files of this zone: a glob over the repo-relative path. */
  from: string;
  /** Paths its files may import: globs over the resolved, repo-relative target; `$1`… are `from`'s '*' segments. */
  allow: string[];
  /** Packages its files may import: names or globs ('@dnd-kit/*'); 'node:*' is every Node builtin. */
  packages: string[];
  /** Why the zone is what it is; ends each message so the reader learns the rule where it bites. */
  why: string;
  exceptions?: LayerException[];
}

export interface LayersOptions {
  /** The repository root: paths in zones are relative to it. */
  root: string;
  zones: LayerZone[];
}

const EXTENSION = /\.(?:tsx?|[cm]?js)$/;
const BUILTINS = new Set(builtinModules);

/** A glob as a regular expression: '*' one segment (captured), a trailing '/**' the folder and its contents. */
export function globToRegExp(glob: string): RegExp {
  let src = '';
  for (let i = 0; i < glob.length; i++) {
    if (glob.startsWith('/**', i) && i + 3 === glob.length) {
      src += '(?:/.*)?';
      i += 2;
    } else if (glob[i] === '*') {
      src += '([^/]+)';
    } else {
      src += glob[i]!.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${src}$`);
}

/** What a specifier names: a repo-relative path (`kind: 'path'`) or a package (`kind: 'package'`). */
export function resolveTarget(
  specifier: string,
  importer: string,
  root: string,
): { kind: 'path'; path: string } | { kind: 'package'; name: string } {
  if (specifier.startsWith('.') || isAbsolute(specifier)) {
    const abs = resolve(dirname(importer), specifier);
    return { kind: 'path', path: relative(root, abs).split(sep).join('/').replace(EXTENSION, '') };
  }
  if (specifier.startsWith('node:')) return { kind: 'package', name: `node:${specifier.slice(5).split('/')[0]}` };
  const segments = specifier.split('/');
  const name = specifier.startsWith('@') ? segments.slice(0, 2).join('/') : segments[0]!;
  return { kind: 'package', name: BUILTINS.has(name) ? `node:${name}` : name };
}

type Checker = { zone: LayerZone; allowPaths: RegExp[]; allowPackages: RegExp[] };

/** The zone of a file and its allow-lists with the zone's captures filled in; undefined: not in any zone. */
function checkerFor(file: string, zones: LayerZone[]): Checker | undefined {
  for (const zone of zones) {
    const match = globToRegExp(zone.from).exec(file);
    if (!match) continue;
    const fill = (glob: string) => glob.replace(/\$(\d)/g, (_, n: string) => match[Number(n)] ?? '');
    const extra = (zone.exceptions ?? []).filter((e) => e.file === file).flatMap((e) => e.imports);
    return {
      zone,
      allowPaths: [...zone.allow, ...extra].map((glob) => globToRegExp(fill(glob))),
      allowPackages: zone.packages.map(globToRegExp),
    };
  }
  return undefined;
}

/** The literal module specifier of an import-like node, if it has one. */
type ImportLike = { type: string; source?: unknown; arguments?: unknown[]; callee?: unknown; expression?: unknown };
function specifierOf(node: ImportLike): { value: string } | undefined {
  const literal = (n: unknown) =>
    n && typeof n === 'object' && 'value' in n && typeof (n as { value: unknown }).value === 'string'
      ? (n as { value: string })
      : undefined;
  switch (node.type) {
    case 'ImportDeclaration':
    case 'ExportNamedDeclaration':
    case 'ExportAllDeclaration':
    case 'ImportExpression':
    case 'TSImportType':
      return literal(node.source);
    case 'TSExternalModuleReference':
      return literal(node.expression);
    case 'CallExpression': {
      const callee = node.callee as { type?: string; name?: string } | undefined;
      return callee?.type === 'Identifier' && callee.name === 'require' ? literal(node.arguments?.[0]) : undefined;
    }
    default:
      return undefined;
  }
}

export const layersRule: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'Each layer imports only what its allow-list names, checked on the resolved import path (ARCHITECTURE.md §2).' },
    messages: {
      refused: "{{layer}} may not import '{{specifier}}' ({{target}}). {{why}} (allowed: eslint.config.js, zone '{{layer}}')",
    },
    schema: [
      {
        type: 'object',
        required: ['root', 'zones'],
        additionalProperties: false,
        properties: {
          root: { type: 'string' },
          zones: {
            type: 'array',
            items: {
              type: 'object',
              required: ['name', 'from', 'allow', 'packages', 'why'],
              additionalProperties: false,
              properties: {
                name: { type: 'string' },
                from: { type: 'string' },
                allow: { type: 'array', items: { type: 'string' } },
                packages: { type: 'array', items: { type: 'string' } },
                why: { type: 'string' },
                exceptions: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['file', 'imports', 'why'],
                    additionalProperties: false,
                    properties: {
                      file: { type: 'string' },
                      imports: { type: 'array', items: { type: 'string' } },
                      why: { type: 'string' },
                    },
                  },
                },
              },
            },
          },
        },
      },
    ],
  },

  create(context) {
    const { root, zones } = context.options[0] as LayersOptions;
    const file = relative(root, context.filename).split(sep).join('/');
    if (file.startsWith('..')) return {};
    const checker = checkerFor(file, zones);
    if (!checker) return {};

    const check = (node: ImportLike) => {
      const spec = specifierOf(node);
      if (!spec) return;
      const target = resolveTarget(spec.value, context.filename, root);
      const key = target.kind === 'path' ? target.path : target.name;
      const allowed = (target.kind === 'path' ? checker.allowPaths : checker.allowPackages).some((re) => re.test(key));
      if (allowed) return;
      context.report({
        node: node as unknown as Rule.Node,
        messageId: 'refused',
        data: { layer: checker.zone.name, specifier: spec.value, target: key, why: checker.zone.why },
      });
    };

    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
      CallExpression: check,
      // typescript-eslint's nodes: `import('x').T` and `import x = require('x')`.
      TSImportType: check,
      TSExternalModuleReference: check,
    } as Rule.RuleListener;
  },
};

/** The plugin, registered as `local` in eslint.config.js: `local/layers`. */
export default { meta: { name: 'eslint-plugin-local' }, rules: { layers: layersRule } };
