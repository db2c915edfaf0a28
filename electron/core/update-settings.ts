// The editor's "Automatic updates" choice, kept in settings.json in the data folder ({"updates": false}
// turns checks off). Read by the desktop updater at start and by the Settings channels. Other keys
// in the file are kept; a damaged file reads as "on" (the default) and is replaced on the next write.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FILE = 'settings.json';
const MAX_BYTES = 64 * 1024;

function readObject(dataDir: string): Record<string, unknown> {
  try {
    const text = readFileSync(join(dataDir, FILE), 'utf8');
    if (text.length > MAX_BYTES) return {};
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function updatesEnabled(dataDir: string): boolean {
  return readObject(dataDir)['updates'] !== false;
}

/** Writes the choice atomically (temporary file, then rename), keeping the file's other keys. */
export function setUpdatesEnabled(dataDir: string, enabled: boolean): void {
  const next = { ...readObject(dataDir), updates: enabled };
  const file = join(dataDir, FILE);
  writeFileSync(`${file}.tmp`, `${JSON.stringify(next, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}
