// Files the editor dropped or picked, copied into the app's data folder before anything reads
// them: intake inspects the copy, the outbox uploads it, and the original may move or vanish.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { basename, join } from 'node:path';
import type { StagedFile } from '../../common/views';
import { DeskError } from '../../common/errors';
import { tooLargeMessage } from '../../common/limits';
import { checkFile } from '../intake/check';
import { DEFAULT_LIMITS } from '../intake/types';

const ID = /^[0-9a-f-]{36}$/;

export class StagingArea {
  constructor(
    readonly dir: string,
    private readonly maxBytes = DEFAULT_LIMITS.maxBytes,
  ) {
    mkdirSync(dir, { recursive: true });
  }

  /** Writes bytes the renderer sent (drag and drop, browser file input). Nothing is kept when the
   * content is not a PDF or DOCX, whatever the name says. */
  async stageBytes(name: string, bytes: Buffer): Promise<StagedFile> {
    if (bytes.length > this.maxBytes) {
      throw new DeskError('invalid_file', tooLargeMessage(name, bytes.length, this.maxBytes));
    }
    const id = randomUUID();
    const folder = join(this.dir, id);
    mkdirSync(folder);
    const path = join(folder, safeName(name));
    await writeFile(path, bytes, { flush: true });
    try {
      const checked = await checkFile(path, { root: this.dir, maxBytes: this.maxBytes });
      return { id, name: basename(path), size: bytes.length, format: checked.format, sha256: await sha256File(path) };
    } catch (err) {
      rmSync(folder, { recursive: true, force: true });
      throw err;
    }
  }

  /** Copies a file the editor picked in the system dialog; the original is only read. */
  async stagePath(path: string): Promise<StagedFile> {
    const checked = await checkFile(path, { maxBytes: this.maxBytes });
    return this.stageBytes(basename(path), checked.bytes);
  }

  /** The staged copy's path, or a clear error when the id is unknown (or not an id at all). */
  path(id: string): string {
    if (!ID.test(id)) throw new DeskError('invalid_input', 'Unknown staged file.', { field: 'fileId' });
    const folder = join(this.dir, id);
    let entries: string[];
    try {
      entries = readdirSync(folder);
    } catch {
      throw new DeskError('not_found', 'This file is no longer staged: drop or pick it again.', { field: 'fileId' });
    }
    const file = entries[0];
    if (!file) throw new DeskError('not_found', 'This file is no longer staged: drop or pick it again.', { field: 'fileId' });
    return join(folder, file);
  }

  /** Removes staged copies older than maxAgeMs (they have been queued with their own copy, or abandoned). */
  sweep(maxAgeMs: number, now = Date.now()): number {
    let removed = 0;
    for (const id of readdirSync(this.dir)) {
      const folder = join(this.dir, id);
      try {
        if (now - statSync(folder).mtimeMs > maxAgeMs) {
          rmSync(folder, { recursive: true, force: true });
          removed++;
        }
      } catch {
        // already gone
      }
    }
    return removed;
  }
}

/** The file's SHA-256, read in 64 KB slices so a large manuscript never holds the main thread for long. */
async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path, { highWaterMark: 64 * 1024 }), hash);
  return hash.digest('hex');
}

/** The one rule for the name a copied manuscript gets on disk (staging here, the outbox's upload copy too). */
export function safeName(name: string): string {
  const base = basename(name.replace(/\\/g, '/'))
    .replace(/[<>:"|?*]/g, '_')
    .replace(/[\s\S]/g, (c) => (c < ' ' ? '_' : c))
    .trim();
  return (base === '' || base === '.' || base === '..' ? 'manuscript' : base).slice(0, 200);
}
