// Auto-update against a local update server: a generated latest-linux.yml and an "AppImage" artifact
// served on 127.0.0.1. electron-updater's own AppImageUpdater runs without Electron here: it gets an
// app adapter (version, paths) and Node's HTTP executor in place of Electron's net module. It checks
// the feed, sees the newer version, downloads the artifact in the background, verifies its sha512 and
// reports update-downloaded — the events updater.ts turns into "Restart to Update". quitAndInstall
// (which replaces the running AppImage) needs the real binary: the Electron suite covers the menu item.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NodeHttpExecutor } from 'builder-util/out/nodeHttpExecutor';
import { configureRequestOptions, configureRequestUrl, type DownloadOptions } from 'builder-util-runtime';
import { AppImageUpdater } from 'electron-updater';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const work = mkdtempSync(join(tmpdir(), 'desk-update-'));
const artifact = Buffer.from('#!/bin/sh\necho "Referee Desk 0.2.0"\n'.repeat(2000));
const sha512 = createHash('sha512').update(artifact).digest('base64');
const requests: string[] = [];
let server: Server;
let feed = '';

function latestYml(version: string, file: string, hash: string, size: number): string {
  return [
    `version: ${version}`,
    'files:',
    `  - url: ${file}`,
    `    sha512: ${hash}`,
    `    size: ${size}`,
    `path: ${file}`,
    `sha512: ${hash}`,
    `releaseDate: '2026-11-23T10:00:00.000Z'`,
    '',
  ].join('\n');
}

/** Electron's executor downloads through net.request; this one does the same through Node's http. */
class NodeDownloadExecutor extends NodeHttpExecutor {
  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise((resolve, reject, onCancel) => {
      const requestOptions = { headers: options.headers || undefined, redirect: 'manual' };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      (this as unknown as { doDownload(o: object, c: object, n: number): void }).doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          callback: (error: Error | null) => (error == null ? resolve(destination) : reject(error)),
          responseHandler: null,
        },
        0,
      );
    });
  }
}

function makeUpdater(version: string) {
  const configPath = join(work, `app-update-${version}.yml`);
  writeFileSync(configPath, `provider: generic\nurl: ${feed}\nupdaterCacheDirName: referee-desk-updater\n`);
  const updater = new AppImageUpdater(null, {
    version,
    name: 'Referee Desk',
    isPackaged: true,
    appUpdateConfigPath: configPath,
    userDataPath: join(work, 'user-data'),
    baseCachePath: mkdtempSync(join(work, 'cache-')),
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined,
  });
  (updater as unknown as { httpExecutor: unknown }).httpExecutor = new NodeDownloadExecutor();
  updater.logger = null;
  // An AppImage knows its own path from $APPIMAGE; point it at a file that stands for the running copy.
  writeFileSync(join(work, 'Referee-Desk.AppImage'), 'old');
  process.env['APPIMAGE'] = join(work, 'Referee-Desk.AppImage');
  return updater;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (req.url?.startsWith('/latest-linux.yml')) {
      res.setHeader('content-type', 'text/yaml');
      return res.end(latestYml('0.2.0', 'Referee-Desk-0.2.0.AppImage', sha512, artifact.length));
    }
    if (req.url === '/Referee-Desk-0.2.0.AppImage') {
      res.setHeader('content-length', String(artifact.length));
      return res.end(artifact);
    }
    if (req.url === '/Referee-Desk-0.2.0.AppImage.blockmap') {
      res.statusCode = 404;
      return res.end();
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  feed = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => {
  server.close();
  delete process.env['APPIMAGE'];
});

describe('auto-update from a generic feed on 127.0.0.1', () => {
  it('finds the newer version, downloads it in the background, verifies it and reports it ready', async () => {
    const updater = makeUpdater('0.1.0');
    const events: string[] = [];
    updater.on('update-available', (i: { version: string }) => events.push(`available ${i.version}`));
    const downloaded = new Promise<{ version: string; downloadedFile: string }>((r) => updater.on('update-downloaded', r));
    updater.autoDownload = true;
    const result = await updater.checkForUpdates();
    expect(result?.updateInfo.version).toBe('0.2.0');
    const info = await downloaded;
    expect(events).toEqual(['available 0.2.0']);
    expect(info.version).toBe('0.2.0');
    expect(readFileSync(info.downloadedFile).equals(artifact)).toBe(true);
    expect(requests.some((u) => u.startsWith('/latest-linux.yml'))).toBe(true);
  });

  it('says nothing is available when the feed is not newer', async () => {
    const updater = makeUpdater('0.2.0');
    const none = new Promise<void>((r) => updater.on('update-not-available', () => r()));
    await updater.checkForUpdates();
    await none;
  });

  it('refuses an artifact whose checksum does not match the feed', async () => {
    const original = server.listeners('request')[0] as (req: unknown, res: unknown) => void;
    server.removeAllListeners('request');
    server.on(
      'request',
      (req: { url?: string }, res: { setHeader(k: string, v: string): void; end(b?: unknown): void; statusCode: number }) => {
        if (req.url?.startsWith('/latest-linux.yml'))
          return res.end(latestYml('0.3.0', 'Referee-Desk-0.3.0.AppImage', sha512, artifact.length));
        if (req.url === '/Referee-Desk-0.3.0.AppImage') return res.end(Buffer.concat([artifact.subarray(0, -1), Buffer.from('X')]));
        res.statusCode = 404;
        res.end();
      },
    );
    try {
      const updater = makeUpdater('0.1.0');
      updater.autoDownload = false;
      updater.on('error', () => undefined);
      const downloadedEvents: unknown[] = [];
      updater.on('update-downloaded', (i) => downloadedEvents.push(i));
      expect((await updater.checkForUpdates())?.updateInfo.version).toBe('0.3.0');
      await expect(updater.downloadUpdate()).rejects.toThrow(/sha512 checksum mismatch/);
      expect(downloadedEvents).toEqual([]);
    } finally {
      server.removeAllListeners('request');
      server.on('request', original);
    }
  });
});
