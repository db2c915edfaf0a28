// The two macOS jobs each write a latest-mac.yml with their own architecture's files; the release
// workflow merges them so Apple silicon and Intel Macs both find their update.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatFeed, mergeMacFeeds, parseFeed, type MacFeed } from '../../../scripts/merge-mac-feed.mjs';

const feed = (arch: 'arm64' | 'x64', version = '1.2.3', date = '2026-11-28T06:00:00.000Z'): MacFeed => ({
  version,
  files: [
    { url: `Referee-Desk-${version}-${arch}.zip`, sha512: `zip-${arch}`, size: 100 },
    { url: `Referee-Desk-${version}-${arch}.dmg`, sha512: `dmg-${arch}`, size: 120 },
  ],
  path: `Referee-Desk-${version}-${arch}.zip`,
  sha512: `zip-${arch}`,
  releaseDate: date,
});

describe('macOS update feed merge', () => {
  it('lists both architectures’ files once, keeps the first path, takes the later release date', () => {
    const merged = mergeMacFeeds([feed('arm64'), feed('x64', '1.2.3', '2026-11-28T06:05:00.000Z')]);
    expect(merged.files!.map((f) => f.url)).toEqual([
      'Referee-Desk-1.2.3-arm64.zip',
      'Referee-Desk-1.2.3-arm64.dmg',
      'Referee-Desk-1.2.3-x64.zip',
      'Referee-Desk-1.2.3-x64.dmg',
    ]);
    expect(merged.path).toBe('Referee-Desk-1.2.3-arm64.zip');
    expect(merged.releaseDate).toBe('2026-11-28T06:05:00.000Z');
  });

  it('refuses feeds of different versions, a file that differs, or one architecture only', () => {
    expect(() => mergeMacFeeds([feed('arm64'), feed('x64', '1.2.4')])).toThrow(/different versions: 1.2.3, 1.2.4/);
    const clash = feed('x64');
    clash.files![0] = { ...feed('arm64').files![0]!, sha512: 'other' };
    expect(() => mergeMacFeeds([feed('arm64'), clash])).toThrow(/arm64.zip differs/);
    expect(() => mergeMacFeeds([feed('arm64'), feed('arm64')])).toThrow(/both Apple silicon \(arm64\) and Intel/);
  });

  it('the command line writes the merged YAML', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mac-feed-'));
    try {
      writeFileSync(join(dir, 'a.yml'), formatFeed(feed('arm64')));
      writeFileSync(join(dir, 'b.yml'), formatFeed(feed('x64')));
      execFileSync(process.execPath, [
        join(import.meta.dirname, '../../../scripts/merge-mac-feed.mjs'),
        join(dir, 'latest-mac.yml'),
        join(dir, 'a.yml'),
        join(dir, 'b.yml'),
      ]);
      const merged = parseFeed(readFileSync(join(dir, 'latest-mac.yml'), 'utf8'));
      expect(merged.files).toHaveLength(4);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
