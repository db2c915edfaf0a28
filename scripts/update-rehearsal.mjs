// The release workflow's update rehearsal (the update-rehearsal job): a build of this commit with a
// lower version is installed and started, and finds, downloads and applies a newer build served from a
// feed on 127.0.0.1 (electron/common/update-rehearsal.ts says how the app takes part). Four commands:
//   node scripts/update-rehearsal.mjs config <version> <feed url> <output dir> <out.json> [macOS identity]
//       writes the electron-builder configuration of one rehearsal build: electron-builder.json with
//       that version, the rehearsal flag in package.json, the loopback feed as a generic provider (so
//       latest*.yml names the files as built; for GitHub it names the upload's safe name instead) and
//       its own output folder; on macOS, signed with the given identity (no timestamp server)
//   node scripts/update-rehearsal.mjs stage <release dir> <feed dir>
//       copies each latest*.yml electron-builder wrote and every file it lists (and their blockmaps),
//       failing when there is no feed file or a listed file is missing
//   node scripts/update-rehearsal.mjs serve <feed dir> <port> <request log>
//       serves the feed on 127.0.0.1 (GET and HEAD, whole files), one line per request in the log
//   node scripts/update-rehearsal.mjs wait <rehearsal log> <version> <event> <seconds>
//       waits until the app's rehearsal log has that event from that version; fails on timeout,
//       printing the log, or at once when the log shows an updater error
import {
  appendFileSync,
  copyFileSync,
  createReadStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { basename, join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import yaml from 'js-yaml';

/** The configuration of one rehearsal build (see the top of this file) from electron-builder.json's. */
export function rehearsalConfig(base, { version, feedUrl, output, macIdentity = null }) {
  if (!/^\d+\.\d+\.\d+$/.test(version)) throw new Error(`not a plain version: ${version}`);
  const url = new URL(feedUrl);
  if (url.protocol !== 'http:' || url.hostname !== '127.0.0.1')
    throw new Error(`the rehearsal feed is served on http://127.0.0.1, not ${feedUrl}`);
  return {
    ...base,
    extraMetadata: { ...base.extraMetadata, version, updateRehearsal: true },
    publish: { provider: 'generic', url: url.href },
    directories: { ...base.directories, output },
    ...(macIdentity ? { mac: { ...base.mac, identity: macIdentity, timestamp: 'none' } } : {}),
  };
}

/** The files an electron-builder update file (latest.yml, latest-mac.yml, latest-linux.yml) lists. */
export function feedFiles(text) {
  const feed = yaml.load(text);
  if (typeof feed !== 'object' || feed === null || typeof feed.version !== 'string') throw new Error('not an update feed (no version)');
  const urls = new Set((feed.files ?? []).map((f) => f.url));
  if (typeof feed.path === 'string') urls.add(feed.path);
  for (const url of urls)
    if (typeof url !== 'string' || url !== basename(url) || url.includes('..')) throw new Error(`unexpected file in the feed: ${url}`);
  if (urls.size === 0) throw new Error('the feed lists no file');
  return { version: feed.version, files: [...urls] };
}

/** Copies the feed files and what they list from `releaseDir` into `feedDir`; returns the copied names. */
export function stageFeed(releaseDir, feedDir) {
  const feeds = readdirSync(releaseDir).filter((f) => /^latest(-mac|-linux(-arm64)?)?\.yml$/.test(f));
  if (feeds.length === 0) throw new Error(`${releaseDir} holds no latest*.yml: electron-builder wrote no update feed`);
  mkdirSync(feedDir, { recursive: true });
  const copied = [];
  for (const feed of feeds) {
    for (const file of feedFiles(readFileSync(join(releaseDir, feed), 'utf8')).files) {
      if (!existsSync(join(releaseDir, file))) throw new Error(`${feed} lists ${file}, which ${releaseDir} does not hold`);
      for (const name of [file, `${file}.blockmap`])
        if (existsSync(join(releaseDir, name)) && !copied.includes(name)) {
          copyFileSync(join(releaseDir, name), join(feedDir, name));
          copied.push(name);
        }
    }
    copyFileSync(join(releaseDir, feed), join(feedDir, feed));
    copied.push(feed);
  }
  return copied;
}

/** Serves `feedDir` on 127.0.0.1:`port` (0: any free port); `onRequest(line)` per request. Resolves to the server. */
export function serveFeed(feedDir, port, onRequest = () => undefined) {
  const root = resolve(feedDir);
  const server = createServer((req, res) => {
    const done = (status) => onRequest(`${req.method} ${req.url} ${status}`);
    let path;
    try {
      path = resolve(root, `.${decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname)}`);
    } catch {
      path = null;
    }
    const file = path && path.startsWith(root + sep) && existsSync(path) && statSync(path).isFile() ? path : null;
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !file) {
      res.writeHead(file ? 405 : 404).end();
      done(file ? 405 : 404);
      return;
    }
    const type = file.endsWith('.yml') ? 'text/yaml' : 'application/octet-stream';
    res.writeHead(200, { 'content-type': type, 'content-length': statSync(file).size });
    done(200);
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => ok(server));
  });
}

/** The rehearsal log's lines (one JSON object each), skipping any torn last line. */
export function rehearsalEvents(text) {
  return text
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      try {
        return [JSON.parse(line)];
      } catch {
        return [];
      }
    });
}

/** 'done' when the log has `event` from `version`, 'failed' on an updater error, else 'waiting'. */
export function rehearsalState(text, version, event) {
  const events = rehearsalEvents(text);
  if (events.some((e) => e.version === version && e.event === event)) return 'done';
  if (events.some((e) => e.event === 'error' || e.event === 'off')) return 'failed';
  return 'waiting';
}

async function main([command, ...args]) {
  if (command === 'config' && (args.length === 4 || args.length === 5)) {
    const [version, feedUrl, output, out, macIdentity] = args;
    const base = JSON.parse(readFileSync(new URL('../electron-builder.json', import.meta.url), 'utf8'));
    writeFileSync(out, `${JSON.stringify(rehearsalConfig(base, { version, feedUrl, output, macIdentity }), null, 2)}\n`);
    return;
  }
  if (command === 'stage' && args.length === 2) {
    console.log(`staged: ${stageFeed(args[0], args[1]).join(', ')}`);
    return;
  }
  if (command === 'serve' && args.length === 3) {
    const server = await serveFeed(args[0], Number(args[1]), (line) => appendFileSync(args[2], `${line}\n`));
    console.log(`serving ${args[0]} on http://127.0.0.1:${server.address().port}/`);
    return;
  }
  if (command === 'wait' && args.length === 4) {
    const [log, version, event, seconds] = args;
    const until = Date.now() + Number(seconds) * 1000;
    for (;;) {
      const text = existsSync(log) ? readFileSync(log, 'utf8') : '';
      const state = rehearsalState(text, version, event);
      if (state === 'done') return;
      if (state === 'failed' || Date.now() > until) {
        console.error(
          `update rehearsal: no "${event}" from ${version} (${state === 'failed' ? 'the updater failed' : 'timed out'}); ${log}:\n${text}`,
        );
        process.exit(1);
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  console.error(
    'usage: update-rehearsal.mjs config <version> <feed> <output> <out.json> [identity] | stage <release> <feed> | serve <feed> <port> <log> |',
    'wait <log> <version> <event> <seconds>',
  );
  process.exit(2);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main(process.argv.slice(2));
