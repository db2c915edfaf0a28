// Bad inputs: each is refused with a reason an editor understands, and the file is never modified.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectFile } from '../../../electron/core/intake/inspect';
import type { IntakeOptions } from '../../../electron/core/intake/types';
import { declaredBomb, handMadePdf, makeManuscriptPdf, plainZip, ratioBomb } from '../../fixtures/intake/make';

let dir: string;
let root: string;
let pdf: Buffer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'intake-bad-'));
  root = join(dir, 'root');
  mkdirSync(root);
  pdf = await makeManuscriptPdf();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sha = (p: string) => createHash('sha256').update(readFileSync(p)).digest('hex');

/** Writes `bytes`, runs intake, asserts a refusal matching `reason`, and that the bytes are unchanged. */
async function refused(name: string, bytes: Buffer, reason: RegExp, opts: IntakeOptions = {}, path?: string) {
  const file = join(root, name);
  writeFileSync(file, bytes);
  const before = sha(file);
  const r = await inspectFile(path ?? file, opts);
  expect(r.error?.code).toBe('invalid_file');
  expect(r.error?.message).toMatch(reason);
  expect(r.title).toBeNull();
  expect(r.authors).toEqual([]);
  expect(sha(file)).toBe(before);
  return r;
}

describe('intake refuses bad inputs and leaves them untouched', () => {
  it('a text file renamed to .pdf', async () => {
    await refused('notes.pdf', Buffer.from('Dear editor,\nplease find attached our manuscript.\n'), /plain text, not a PDF or Word/);
  });

  it('an empty file', async () => {
    await refused('empty.pdf', Buffer.alloc(0), /empty \(0 bytes\)/);
  });

  it('a truncated PDF', async () => {
    await refused('cut.pdf', pdf.subarray(0, Math.floor(pdf.length / 2)), /PDF is incomplete/);
  });

  it('an encrypted PDF (/Encrypt in the trailer)', async () => {
    await refused('locked.pdf', handMadePdf({ encrypt: true }), /PDF is encrypted/);
  });

  it('a damaged PDF (header and end marker, nothing readable between)', async () => {
    await refused('garbage.pdf', Buffer.from('%PDF-1.7\n' + 'x'.repeat(2000) + '\n%%EOF\n'), /PDF is damaged/);
  });

  it('a ZIP bomb by compression ratio', async () => {
    await refused('bomb.docx', ratioBomb(), /ZIP bomb/);
  });

  it('a ZIP bomb by declared uncompressed size', async () => {
    await refused('declared.docx', declaredBomb(), /would unpack to .* ZIP bomb/);
  });

  it('a ZIP without word/document.xml', async () => {
    await refused('archive.docx', plainZip(), /not a Word document \(it has no word\/document\.xml\)/);
  });

  it('an old binary Word .doc', async () => {
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
    await refused('old.doc', ole, /old-format Word \.doc/);
  });

  it('a file over the configured size limit', async () => {
    await refused('big.pdf', pdf, /over the 1 KB limit/, { maxBytes: 1024 });
  });

  it('a symlink inside the root pointing outside it', async () => {
    const outside = join(dir, 'outside.pdf');
    writeFileSync(outside, pdf);
    const before = sha(outside);
    symlinkSync(outside, join(root, 'link.pdf'));
    const r = await inspectFile(join(root, 'link.pdf'), { root });
    expect(r.error?.code).toBe('invalid_file');
    expect(r.error?.message).toMatch(/link pointing outside the allowed folder/);
    expect(sha(outside)).toBe(before);
  });

  it("a '../' path leaving the root", async () => {
    const outside = join(dir, 'escape.pdf');
    writeFileSync(outside, pdf);
    const before = sha(outside);
    const r = await inspectFile('../escape.pdf', { root });
    expect(r.error?.code).toBe('invalid_file');
    expect(r.error?.message).toMatch(/outside the allowed folder \(through "\.\."\)/);
    expect(sha(outside)).toBe(before);
  });

  it('a folder instead of a file', async () => {
    const sub = join(root, 'folder.pdf');
    mkdirSync(sub);
    const r = await inspectFile(sub);
    expect(r.error?.message).toMatch(/folder, not a file/);
  });

  it('a missing file', async () => {
    const r = await inspectFile(join(root, 'nope.pdf'));
    expect(r.error?.code).toBe('invalid_file');
    expect(r.error?.message).toMatch(/does not exist/);
  });
});

describe('intake accepts good inputs by content, not by name', () => {
  it('a PDF named .txt inside the root is read as PDF and left untouched', async () => {
    const file = join(root, 'manuscript.txt');
    writeFileSync(file, pdf);
    const before = sha(file);
    const r = await inspectFile('manuscript.txt', { root });
    expect(r.error).toBeNull();
    expect(r.format).toBe('pdf');
    expect(sha(file)).toBe(before);
  });

  it('a symlink that stays inside the root is followed', async () => {
    const target = join(root, 'real.pdf');
    writeFileSync(target, pdf);
    symlinkSync(target, join(root, 'alias.pdf'));
    const r = await inspectFile(join(root, 'alias.pdf'), { root });
    expect(r.error).toBeNull();
    expect(r.format).toBe('pdf');
  });
});
