// Hostile manuscripts (issue 17), made by the test: each is refused or read within its bound by the worker
// pool, and a good file dropped right after it is still read. Memory is bounded by construction (worker
// heap limit, inflate caps); the figures are measured by bench/intake-hostile.bench.ts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IntakeService, defaultPoolSize } from '../../../electron/core/intake/index';
import { deflateBombPdf, hiddenEncryptPdf, lateBombPdf, paddedDocx, unclosedTagsDocx } from '../../fixtures/intake/hostile';
import { KNOWN, makeManuscriptPdf } from '../../fixtures/intake/make';

let dir: string;
let svc: IntakeService;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'intake-hostile-'));
  writeFileSync(join(dir, 'good.pdf'), await makeManuscriptPdf());
  writeFileSync(join(dir, 'bomb.pdf'), deflateBombPdf());
  writeFileSync(join(dir, 'late-bomb.pdf'), lateBombPdf());
  writeFileSync(join(dir, 'padded.docx'), paddedDocx());
  writeFileSync(join(dir, 'unclosed.docx'), unclosedTagsDocx());
  writeFileSync(join(dir, 'escaped.pdf'), hiddenEncryptPdf('escaped'));
  writeFileSync(join(dir, 'comment.pdf'), hiddenEncryptPdf('comment'));
  svc = new IntakeService({ defaults: { root: dir } });
  svc.warm();
});
afterAll(async () => {
  await svc.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Drops the hostile file and, right after, the good one; both answers come back. */
async function hostileThenGood(name: string) {
  const hostile = svc.inspect(name);
  const good = svc.inspect('good.pdf');
  return { hostile: await hostile, good: await good };
}

describe('intake bounds on hostile files', () => {
  it('keeps a warm pool of at least two workers', () => {
    expect(svc.poolSize).toBe(defaultPoolSize());
    expect(svc.size).toBeGreaterThanOrEqual(2);
    expect(defaultPoolSize(1)).toBe(2);
    expect(defaultPoolSize(64)).toBe(3);
  });

  it('a 1 MB PDF whose page inflates to 1 GB is refused at the stream cap', async () => {
    const { hostile, good } = await hostileThenGood('bomb.pdf');
    expect(hostile.error?.code).toBe('invalid_file');
    expect(hostile.error?.message).toMatch(/too complex to read.*inflates past 32 MB/);
    expect(good.title).toBe(KNOWN.title);
  }, 60_000);

  it('a bomb on a page the header does not need is never inflated; counting references meets the cap', async () => {
    const header = await svc.inspect('late-bomb.pdf');
    expect(header.error).toBeNull();
    expect(header.title).toBe('A Manuscript With a Hostile Last Page');
    expect(header.abstract).toMatch(/^We read the front matter .* drops the file\.$/);
    expect(header.references).toBeNull();
    const withRefs = await svc.inspect('late-bomb.pdf', { references: true });
    expect(withRefs.error?.message).toMatch(/too complex to read.*inflates past 32 MB/);
  }, 60_000);

  it('a DOCX whose document.xml is 190 MB under the ratio guard is refused by the part cap', async () => {
    const { hostile, good } = await hostileThenGood('padded.docx');
    expect(hostile.error?.message).toMatch(/too complex to read.*document\.xml would unpack to 190 MB/);
    expect(good.title).toBe(KNOWN.title);
  }, 60_000);

  it('a DOCX of 2 MB of unclosed tags is read in linear time, not into the time limit', async () => {
    const { hostile, good } = await hostileThenGood('unclosed.docx');
    expect(hostile.error).toBeNull();
    expect(good.title).toBe(KNOWN.title);
  }, 30_000);

  it.each(['escaped.pdf', 'comment.pdf'])(
    'an RC4-encrypted PDF whose /Encrypt a byte search misses (%s) is refused',
    async (name) => {
      const r = await svc.inspect(name);
      expect(r.error?.message).toMatch(/PDF is encrypted/);
    },
    30_000,
  );

  it('a worker over its heap limit dies alone; the file gets a clear error and the pool goes on', async () => {
    const tiny = new IntakeService({ heapMb: 8, poolSize: 1 });
    try {
      const r = await tiny.inspect(join(dir, 'good.pdf'));
      expect(r.error?.message).toMatch(/too complex to read: it needs more memory/);
    } finally {
      await tiny.close();
    }
    expect((await svc.inspect('good.pdf')).title).toBe(KNOWN.title);
  }, 60_000);
});
