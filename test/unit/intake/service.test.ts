// IntakeService: work runs in worker threads (pool of 1–2), each file has a time limit, and the service
// shuts down cleanly.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IntakeService, defaultWorkerUrl } from '../../../electron/core/intake/index';
import { KNOWN, makeManuscriptDocx, makeManuscriptPdf } from '../../fixtures/intake/make';

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'intake-svc-'));
  writeFileSync(join(dir, 'a.pdf'), await makeManuscriptPdf());
  writeFileSync(join(dir, 'b.docx'), await makeManuscriptDocx());
  writeFileSync(join(dir, 'c.pdf'), 'not a pdf');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('IntakeService', () => {
  it('locates its worker entry next to the source when running from TypeScript', () => {
    expect(defaultWorkerUrl().pathname).toMatch(/electron\/core\/intake\/worker\.ts$/);
  });

  it('reads files in a pool of two workers, in any order of completion', async () => {
    const svc = new IntakeService({ poolSize: 2, defaults: { root: dir } });
    try {
      const [a, b, c] = await Promise.all([svc.inspect('a.pdf'), svc.inspect('b.docx'), svc.inspect('c.pdf')]);
      expect(a!.title).toBe(KNOWN.title);
      expect(b!.authors.map((x) => x.name)).toEqual(KNOWN.authors.map((x) => x.name));
      expect(c!.error?.message).toMatch(/plain text/);
    } finally {
      await svc.close();
    }
  }, 60_000);

  it('stops a file that takes longer than the time limit and keeps working afterwards', async () => {
    const svc = new IntakeService({ timeoutMs: 1 });
    try {
      const slow = await svc.inspect(join(dir, 'a.pdf'));
      expect(slow.error?.code).toBe('timeout');
      expect(slow.error?.message).toMatch(/took longer than/);
    } finally {
      await svc.close();
    }
    const again = new IntakeService({ timeoutMs: 30_000 });
    try {
      expect((await again.inspect(join(dir, 'a.pdf'))).error).toBeNull();
    } finally {
      await again.close();
    }
  }, 60_000);

  it('answers calls after close() with a cancelled result', async () => {
    const svc = new IntakeService();
    await svc.close();
    expect((await svc.inspect(join(dir, 'a.pdf'))).error?.code).toBe('cancelled');
  });
});
