import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StoredFile } from '../cache/types';
import { safeName } from '../files/staging';

/**
 * Copies the editor's file into the app's data folder (so the original may move or change
 * before the upload is sent), hashing it on the way. The copy is fsynced before it is returned.
 */
export async function copyIntoDataDir(
  source: string,
  uploadsDir: string,
  name = basename(source),
  dir = join(uploadsDir, randomUUID()),
): Promise<StoredFile> {
  mkdirSync(dir, { recursive: true });
  const fileName = safeName(name);
  const path = join(dir, fileName);
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  const out = createWriteStream(path, { flush: true });
  await pipeline(createReadStream(source), tap, out);
  return { name: fileName, size, sha256: hash.digest('hex'), path };
}

/**
 * Removes copies no manuscript or queued write refers to (left by a crash between copying and
 * queueing), except the folders in `busy` (copies being made right now).
 */
export function sweepUploads(uploadsDir: string, referenced: ReadonlySet<string>, busy: ReadonlySet<string>): string[] {
  let entries: string[];
  try {
    entries = readdirSync(uploadsDir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const d of entries) {
    const dir = join(uploadsDir, d);
    if (busy.has(dir)) continue;
    const files = readdirSync(dir);
    const used = files.some((f) => referenced.has(join(dir, f)));
    if (!used) {
      rmSync(dir, { recursive: true, force: true });
      removed.push(dir);
    }
  }
  return removed;
}
