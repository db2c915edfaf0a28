// Lint enforces the layers (ARCHITECTURE.md §3 rules 1 and 2). Each layer is a zone with an allow-list
// checked on the resolved import path (.eslint-plugin-local/layers.ts), and raw IPC is banned everywhere
// but the two transport modules.
import js from '@eslint/js';
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';
// TypeScript loaded by Node itself (type stripping, Node >= 22.18: package.json engines and .ci/node).
import local from './.eslint-plugin-local/layers.ts';

const RAW_IPC = {
  'no-restricted-imports': [
    'error',
    {
      paths: [
        {
          name: 'electron',
          importNames: ['ipcMain', 'ipcRenderer'],
          message:
            'Raw IPC lives only in electron/main/ipc.ts and electron/preload/index.ts; add a channel to electron/common/contract.ts.',
        },
      ],
    },
  ],
  'no-restricted-syntax': [
    'error',
    {
      selector:
        "MemberExpression[property.name='send'][object.name='webContents'], MemberExpression[property.name='send'][object.property.name='webContents']",
      message: 'Core events reach windows only through electron/main/ipc.ts.',
    },
  ],
};

// ── Layers ────────────────────────────────────────────────────────────────────────────────────────────
// One zone per layer (ARCHITECTURE.md §2). A file belongs to the FIRST zone whose `from` matches its
// repo-relative path; it may import only the paths in `allow` (globs over the resolved target, extension
// dropped: '/**' a folder, '*' one segment, `$1` the `from`'s first '*') and the packages in `packages`
// ('node:*' is every Node builtin, however spelled). Anything else fails lint. To let a layer use a new
// module of another layer or a new package, add it here: that line is the review of the dependency.
// An `exceptions` entry names one file that breaks its zone today and why; it goes when the code moves.
const NODE = 'node:*';
const COMMON = 'electron/common/**';
/** What the window's code may use from npm: React, the store, the widgets and icons, pure helpers. */
const RENDERER_PACKAGES = [
  'react',
  'react-dom',
  'zustand',
  'lucide-react',
  '@dnd-kit/*',
  '@radix-ui/*',
  '@fontsource-variable/*',
  'fast-deep-equal',
  // the date field's calendar (loaded when first opened) and the parsing and showing of typed dates
  'react-day-picker',
  'date-fns',
  // the first-page preview beside the upload form (loaded on demand; its parser runs in pdf.js's worker)
  'pdfjs-dist',
];
/** Folders of the renderer shared by every feature (features never import each other). */
const RENDERER_SHARED = ['renderer/src/components/**', 'renderer/src/stores/**', 'renderer/src/platform/**', 'renderer/src/data/**'];

const LAYERS = {
  root: import.meta.dirname,
  zones: [
    {
      // The data shapes sit under the contract and the domain functions: both import them, never the reverse.
      name: 'data shapes',
      from: 'electron/common/shapes.ts',
      allow: ['electron/common/service/**', 'electron/common/channels', 'electron/common/plan'],
      packages: [],
      why: "electron/common/shapes.ts holds data shapes only: the service's shapes, the change topics and the plan; never the contract or domain/.",
    },
    {
      name: 'common',
      from: 'electron/common/**',
      allow: [COMMON],
      packages: ['zod'],
      why: 'electron/common is pure TypeScript shared by core and the window: no Node, no Electron, no other layer.',
    },
    {
      name: 'core',
      from: 'electron/core/**',
      allow: [COMMON, 'electron/core/**'],
      // esbuild: worker-source.ts bundles a worker's .ts entry when core runs from source (tests, tsx).
      packages: [NODE, 'zod', 'better-sqlite3', 'undici', 'pg', 'pdfjs-dist', 'yauzl', '@napi-rs/keyring', 'esbuild'],
      why: "electron/core is plain Node: never 'electron', the shells, the local service or the renderer.",
    },
    {
      name: 'localservice',
      from: 'electron/localservice/**',
      // From core only the file-reading guards, so both sides read a file under the same bounds.
      allow: [COMMON, 'electron/localservice/**', 'electron/core/intake/**', 'electron/core/worker-source', 'electron/core/background'],
      packages: [NODE, 'zod', 'better-sqlite3', 'busboy', 'pdfjs-dist'],
      why: "The local service stands for a separate service: common, Node and core's intake guards only; no 'electron', shells or renderer.",
    },
    {
      name: 'main',
      from: 'electron/main/**',
      // Core's surface for the Electron shell: the host-core opener and composition types, logging, the
      // transports' helpers (static files, staging, turn timing), and what the menus and updater show.
      allow: [
        COMMON,
        'electron/main/**',
        'electron/core/host-core',
        'electron/core/composition',
        'electron/core/ports',
        'electron/core/logging',
        'electron/core/log-rotation',
        'electron/core/diagnostics',
        'electron/core/static-files',
        'electron/core/files/staging',
        'electron/core/perf/turns',
        'electron/core/update-settings',
        'electron/core/demo/supervisor',
        'electron/core/office/service',
        'electron/core/outbox',
        'electron/core/handlers/updates',
        'electron/localservice/app-demo',
      ],
      packages: [NODE, 'electron', 'electron-updater'],
      why: "electron/main is the thin Electron shell: core's host surface, common, 'electron'; never the renderer, preload or host.",
    },
    {
      name: 'preload',
      from: 'electron/preload/**',
      allow: [COMMON, 'electron/preload/**'],
      packages: ['electron'],
      why: "preload exposes exactly the contract: 'electron' and electron/common, nothing else.",
    },
    {
      name: 'host',
      from: 'electron/host/**',
      allow: [
        COMMON,
        'electron/host/**',
        'electron/core/host-core',
        'electron/core/composition',
        'electron/core/logging',
        'electron/core/node-http',
        'electron/core/static-files',
        'electron/core/files/staging',
        'electron/localservice/app-demo',
      ],
      packages: [NODE, 'ws'],
      why: "electron/host runs under plain Node: core's host surface, common, 'ws'; no 'electron', main, preload or renderer.",
    },
    {
      // Any other folder under electron/ is a layer nobody has described yet: it imports nothing until it
      // has a zone above and a row in ARCHITECTURE.md §2.
      name: 'unlisted electron folder',
      from: 'electron/**',
      allow: [],
      packages: [],
      why: 'This folder has no zone: add one to LAYERS in eslint.config.js and a row to ARCHITECTURE.md §2.',
    },
    {
      name: 'renderer feature',
      from: 'renderer/src/features/*/**',
      allow: [COMMON, 'renderer/src/features/$1/**', ...RENDERER_SHARED],
      packages: RENDERER_PACKAGES,
      why: "A feature imports its own folder, the renderer's shared folders and electron/common; never another feature, Node or core.",
      // Today's imports across features (issue 35); each goes when the shared piece moves to components/.
      exceptions: [
        {
          file: 'renderer/src/features/activity/ActivityView.tsx',
          imports: ['renderer/src/features/groups/groupState'],
          why: "the authors-group state labels, shared with the groups view's table",
        },
        {
          file: 'renderer/src/features/activity/Reminders.tsx',
          imports: ['renderer/src/features/reviewers/PersonDrawer'],
          why: 'a reminder opens the reviewer drawer',
        },
        {
          file: 'renderer/src/features/candidates/CandidateCard.tsx',
          imports: ['renderer/src/features/reviewers/format'],
          why: "a person's formatting helpers, shared with the reviewers view",
        },
        {
          file: 'renderer/src/features/candidates/cells.tsx',
          imports: ['renderer/src/features/reviewers/format'],
          why: "a person's formatting helpers, shared with the reviewers view",
        },
      ],
    },
    {
      name: 'renderer platform',
      from: 'renderer/src/platform/**',
      allow: [COMMON, 'renderer/src/platform/**'],
      packages: RENDERER_PACKAGES,
      why: 'renderer/src/platform selects the bridge (preload, WebSocket, a fake): electron/common only, never stores, views or features.',
      exceptions: [
        {
          file: 'renderer/src/platform/shell-events.ts',
          imports: ['renderer/src/stores/app', 'renderer/src/stores/manuscripts', 'renderer/src/components/FilePicker'],
          why: 'routes menu and shell events into the stores and the file picker; belongs beside the stores',
        },
      ],
    },
    {
      name: 'renderer',
      from: 'renderer/**',
      allow: [COMMON, 'renderer/src/*', ...RENDERER_SHARED],
      packages: RENDERER_PACKAGES,
      why: "The window knows only the contract (electron/common): no Node, 'electron', core, main, preload or host; its shared folders import no feature.",
      exceptions: [
        {
          file: 'renderer/src/components/views.tsx',
          imports: ['renderer/src/features/*/**'],
          why: "the registry of views: it names each feature's view component",
        },
      ],
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'release/**',
      'node_modules/**',
      'test-results/**',
      'bench-results/**',
      '.tmp/**',
      'test/fixtures/**/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      // One line length (issue 18): prettier wraps code at 140 but cannot break a comment, a string or a
      // regular expression; those stay within 160 too, URLs included (the measure `npm run -s stats` prints).
      // Core's rule is deprecated for ESLint Stylistic but kept until ESLint 11: then @stylistic/max-len.
      'max-len': ['error', { code: 160, tabWidth: 2 }],
    },
  },
  // Regular expressions run on untrusted text (manuscripts, service answers, webhook bodies): none may
  // backtrack super-linearly (issue 17).
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { regexp },
    rules: { 'regexp/no-super-linear-backtracking': 'error', 'regexp/no-misleading-capturing-group': 'error' },
  },
  // And none that rescans from every start position (`<[^>]*>` over 2 MB of unclosed "<a ", `\s+$` over a
  // long run of spaces: quadratic) where untrusted text is read: manuscripts (intake), service answers
  // (api client), webhook bodies, and the local service's uploaded fields and files. Linear helpers for the
  // usual trims are in electron/common/linear.ts.
  {
    files: ['electron/core/**/*.ts', 'electron/localservice/**/*.ts', 'electron/common/linear.ts'],
    rules: { 'regexp/no-super-linear-move': ['error', { ignoreSticky: false, ignorePartial: false }] },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
  },
  // The page's one classic script (renderer/public/connect.js) runs in the browser, before the bundle.
  {
    files: ['renderer/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { window: 'readonly', WebSocket: 'readonly', URLSearchParams: 'readonly' } },
  },
  // Raw IPC: banned everywhere except the two transport modules.
  { files: ['electron/**/*.ts', 'renderer/**/*.{ts,tsx}'], ignores: ['electron/main/ipc.ts', 'electron/preload/index.ts'], rules: RAW_IPC },
  // Views (the renderer's .tsx files) read through the query cache (data/queries.ts) and write through their
  // feature's actions module: never the bridge itself.
  {
    files: ['renderer/src/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...RAW_IPC['no-restricted-imports'][1],
          patterns: [
            {
              group: ['**/platform/instance'],
              importNames: ['desk'],
              message: "A view reads with useQuery (data/queries.ts) and writes through its feature's actions module, not desk().",
            },
          ],
        },
      ],
    },
  },
  // core: SQL binds its values by name (insertInto or @names), never by position (ARCHITECTURE.md §3).
  {
    files: ['electron/core/**/*.ts'],
    ignores: ['electron/core/cache/migrations/**'],
    rules: {
      'no-restricted-syntax': [
        ...RAW_IPC['no-restricted-syntax'],
        {
          selector: 'Literal[value=/VALUES\\s*\\(\\s*\\?/], TemplateElement[value.raw=/VALUES\\s*\\(\\s*\\?/]',
          message: 'Bind an insert by column name: insertInto(table, columns) from cache/sql.ts, or @names.',
        },
      ],
    },
  },
  // Layers (ARCHITECTURE.md §2 and §3 rule 1): each zone's allow-list, checked on resolved import paths.
  {
    files: ['electron/**/*.{ts,tsx,js,mjs,cjs}', 'renderer/**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { local },
    rules: { 'local/layers': ['error', LAYERS] },
  },
);
