// intake.preview: a staged PDF's bytes for the window's first-page preview, nothing for a Word file, and
// nothing for a PDF over PREVIEW_MAX_BYTES. Through the router, as the window calls it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../electron/common/contract';
import { PREVIEW_MAX_BYTES } from '../../electron/common/limits';
import type { PreviewSource } from '../../electron/common/shapes';
import { makeManuscriptDocx, makeManuscriptPdf } from '../fixtures/intake/make';
import { startCoreWithService, type CoreWithService } from '../support/core-with-service';

let t: CoreWithService;

beforeAll(async () => {
  t = await startCoreWithService({ prefix: 'intake-preview' });
});
afterAll(async () => {
  await t?.close();
});

const stage = (name: string, data: Buffer) => t.call<{ id: string }>('files.stage', { name, dataBase64: data.toString('base64') });

describe('intake.preview', () => {
  it('hands a staged PDF’s bytes to the window, unchanged', async () => {
    const pdf = await makeManuscriptPdf();
    const staged = await stage('paper.pdf', pdf);
    const source = await t.call<PreviewSource>('intake.preview', { fileId: staged.id });
    expect(source.kind).toBe('pdf');
    expect(Buffer.from(source.dataBase64!, 'base64').equals(pdf)).toBe(true);
  });

  it('sends no bytes for a Word file', async () => {
    const staged = await stage('paper.docx', await makeManuscriptDocx());
    expect(await t.call<PreviewSource>('intake.preview', { fileId: staged.id })).toEqual({
      fileId: staged.id,
      kind: 'docx',
      dataBase64: null,
    });
  });

  it('sends no bytes for a PDF over the preview bound', async () => {
    const big = await makeManuscriptPdf({ padBytes: PREVIEW_MAX_BYTES + 1024 });
    const staged = await stage('big.pdf', big);
    expect(await t.call<PreviewSource>('intake.preview', { fileId: staged.id })).toEqual({
      fileId: staged.id,
      kind: 'too-large',
      dataBase64: null,
    });
  });

  it('says the file is gone for an id that was never staged', async () => {
    const env = (await t.handle('intake.preview', { fileId: 'f'.repeat(32) })) as Envelope<unknown>;
    expect(env.ok).toBe(false);
  });
});
