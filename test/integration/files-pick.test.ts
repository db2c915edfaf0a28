// The system file dialog's selection: every file that checks out is staged, and one that does not
// (a PDF that is not a PDF, a file that vanished) is named with its reason instead of failing the rest.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StagedFile } from '../../electron/common/shapes';
import { makeManuscriptPdf } from '../fixtures/intake/make';
import { offlineCore, type OfflineCore } from '../support/offline-core';

let desk: OfflineCore;
let picked: string[] = [];

beforeAll(async () => {
  const files = mkdtempSync(join(tmpdir(), 'desk-pick-files-'));
  const good = join(files, 'lichens.pdf');
  writeFileSync(good, await makeManuscriptPdf());
  const fake = join(files, 'letter.pdf');
  writeFileSync(fake, 'Dear editor, this is plain text with a .pdf name.');
  picked = [good, fake, join(files, 'gone.docx')];
  desk = await offlineCore('pick', { pickFiles: async () => picked });
});
afterAll(async () => {
  await desk?.close();
});

describe('files.pick', () => {
  it('stages the good files and names each refused one with its reason', async () => {
    const env = await desk.core.router.handle('files.pick', {}, { transport: 'test' });
    if (!env.ok) throw new Error(env.error.message);
    const { files, refused } = env.value as { files: StagedFile[]; refused: Array<{ name: string; message: string }> };
    expect(files.map((f) => f.name)).toEqual(['lichens.pdf']);
    expect(refused.map((r) => r.name)).toEqual(['letter.pdf', 'gone.docx']);
    expect(refused[0]!.message).toMatch(/PDF/);
    for (const r of refused) expect(r.message.length).toBeGreaterThan(10);
  });
});
