// The outbox's copy of a manuscript is named by the same rule as the staged file (files/staging.ts safeName).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { safeName } from '../../../electron/core/files/staging';
import { copyIntoDataDir } from '../../../electron/core/outbox/files';

const dir = mkdtempSync(join(tmpdir(), 'desk-outbox-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('copyIntoDataDir', () => {
  it('names the copy by the staging rule and hashes what it copied', async () => {
    const source = join(dir, 'paper.pdf');
    writeFileSync(source, 'abc');
    const copy = await copyIntoDataDir(source, join(dir, 'uploads'), 'C:\\drafts\\final: v2?.pdf');
    expect(copy.name).toBe(safeName('C:\\drafts\\final: v2?.pdf'));
    expect(copy.name).toBe('final_ v2_.pdf');
    expect(basename(copy.path)).toBe(copy.name);
    expect(readFileSync(copy.path, 'utf8')).toBe('abc');
    expect(copy).toMatchObject({ size: 3, sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad' });
    expect((await copyIntoDataDir(source, join(dir, 'uploads'), '..')).name).toBe('manuscript');
  });
});
