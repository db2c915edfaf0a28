// The macOS update feed for both architectures. Each macOS job builds its own architecture on a
// runner of that architecture (so npm installs that architecture's keychain module) and writes a
// latest-mac.yml listing only its own files; published one after the other, the second would replace
// the first and leave the other Macs without updates. The release workflow merges them here and
// uploads the one feed:
//   node scripts/merge-mac-feed.mjs <out.yml> <latest-mac.yml> <latest-mac.yml>…
// electron-updater picks a Mac's file from `files` by architecture (an "arm64" file name for Apple
// silicon), so the merged feed lists every file once; the legacy top-level path/sha512 keep the
// first feed's.
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import yaml from 'js-yaml';

/** latest-mac.yml text to a feed and back (js-yaml, which electron-updater itself reads feeds with). */
export const parseFeed = (text) => yaml.load(text);
export const formatFeed = (feed) => yaml.dump(feed, { lineWidth: -1 });

/** Merges parsed latest-mac.yml documents of one version; throws on differing versions or a clash. */
export function mergeMacFeeds(feeds) {
  if (feeds.length === 0) throw new Error('no feed to merge');
  const versions = new Set(feeds.map((f) => f.version));
  if (versions.size !== 1) throw new Error(`the feeds are for different versions: ${[...versions].join(', ')}`);
  const files = new Map();
  for (const feed of feeds) {
    for (const file of feed.files ?? []) {
      const seen = files.get(file.url);
      if (seen && seen.sha512 !== file.sha512) throw new Error(`${file.url} differs between the feeds`);
      files.set(file.url, file);
    }
  }
  const arm = [...files.keys()].filter((u) => /arm64/.test(u)).length;
  if (arm === 0 || arm === files.size) throw new Error('the merged feed must hold both Apple silicon (arm64) and Intel files');
  const releaseDate = feeds
    .map((f) => f.releaseDate)
    .filter(Boolean)
    .sort()
    .at(-1);
  return { ...feeds[0], files: [...files.values()], ...(releaseDate ? { releaseDate } : {}) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [out, ...inputs] = process.argv.slice(2);
  if (!out || inputs.length < 2) {
    console.error('usage: node scripts/merge-mac-feed.mjs <out.yml> <latest-mac.yml> <latest-mac.yml>…');
    process.exit(2);
  }
  const merged = mergeMacFeeds(inputs.map((f) => parseFeed(readFileSync(f, 'utf8'))));
  writeFileSync(out, formatFeed(merged));
  console.log(`merge-mac-feed: ${merged.files.length} files for ${merged.version} in ${out}`);
}
