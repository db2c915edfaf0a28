// files.stagePath: in Electron a dropped file crosses IPC as its path and core copies it into the
// staging area itself, with the same checks as files.stage (content, size); the browser host refuses it.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../electron/common/contract';
import type { StagedFile } from '../../electron/common/shapes';
import { createCore, type Core } from '../../electron/core/composition';
import { DEFAULT_LIMITS } from '../../electron/core/intake/types';
import { makeManuscriptPdf } from '../fixtures/intake/make';
import { MemoryLogger, MemorySecrets } from '../support/fakes';

let desktop: Core;
let browser: Core;
let files: string;
let pdf: Buffer;

const open = (host: 'electron' | 'browser') =>
  createCore({
    appVersion: 'test',
    dataDir: mkdtempSync(join(tmpdir(), `desk-stage-path-${host}-`)),
    host,
    secrets: new MemorySecrets(),
    logger: new MemoryLogger(),
  });

beforeAll(async () => {
  files = mkdtempSync(join(tmpdir(), 'desk-stage-path-files-'));
  pdf = await makeManuscriptPdf();
  writeFileSync(join(files, 'lichens.pdf'), pdf);
  writeFileSync(join(files, 'letter.pdf'), 'Dear editor, this is plain text with a .pdf name.');
  const huge = join(files, 'huge.pdf');
  writeFileSync(huge, '%PDF-1.7\n');
  truncateSync(huge, DEFAULT_LIMITS.maxBytes + 1);
  desktop = await open('electron');
  browser = await open('browser');
});
afterAll(async () => {
  await desktop?.close();
  await browser?.close();
});

const stage = (core: Core, path: string) =>
  core.router.handle('files.stagePath', { path }, { transport: 'test' }) as Promise<Envelope<StagedFile>>;

describe('files.stagePath', () => {
  it('copies a dropped PDF from its path: the staged copy has its bytes and its hash, and intake reads it', async () => {
    const env = await stage(desktop, join(files, 'lichens.pdf'));
    if (!env.ok) throw new Error(env.error.message);
    expect(env.value).toMatchObject({ name: 'lichens.pdf', size: pdf.length, format: 'pdf' });
    expect(env.value.sha256).toBe(createHash('sha256').update(pdf).digest('hex'));
    const inspected = await desktop.router.handle('intake.inspect', { fileId: env.value.id }, { transport: 'test' });
    expect(inspected.ok && (inspected.value as { title: string | null }).title).toBeTruthy();
    // the original is only read
    expect(readFileSync(join(files, 'lichens.pdf')).equals(pdf)).toBe(true);
  });

  it('refuses what files.stage refuses: a PDF that is not one, a file over the size limit, a file that is gone', async () => {
    for (const name of ['letter.pdf', 'huge.pdf', 'gone.docx']) {
      const env = await stage(desktop, join(files, name));
      expect(env.ok, name).toBe(false);
      if (!env.ok) expect(env.error.message.length, name).toBeGreaterThan(10);
    }
    const tooLarge = await stage(desktop, join(files, 'huge.pdf'));
    expect(!tooLarge.ok && tooLarge.error.message).toMatch(/MB/);
  });

  it('refuses a relative path', async () => {
    const env = await stage(desktop, 'lichens.pdf');
    expect(!env.ok && env.error.code).toBe('invalid_input');
  });

  it('is refused by the browser host, which sends bytes', async () => {
    const env = await stage(browser, join(files, 'lichens.pdf'));
    expect(!env.ok && env.error.code).toBe('unsupported');
  });
});
