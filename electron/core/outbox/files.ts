import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Removes upload folders no manuscript or queued write refers to (a staged file taken over by a
 * process that stopped before its upload was queued).
 */
export function sweepUploads(uploadsDir: string, referenced: ReadonlySet<string>): string[] {
  let entries: string[];
  try {
    entries = readdirSync(uploadsDir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const d of entries) {
    const dir = join(uploadsDir, d);
    const files = readdirSync(dir);
    const used = files.some((f) => referenced.has(join(dir, f)));
    if (!used) {
      rmSync(dir, { recursive: true, force: true });
      removed.push(dir);
    }
  }
  return removed;
}
