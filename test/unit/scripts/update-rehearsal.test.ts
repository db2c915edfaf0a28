// The update rehearsal's feed (scripts/update-rehearsal.mjs): staged from what electron-builder wrote,
// served on loopback to electron-updater's requests, and the wait on the app's rehearsal log.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rehearsalLogLine } from '../../../electron/common/update-rehearsal';
import { feedFiles, rehearsalConfig, rehearsalState, serveFeed, stageFeed } from '../../../scripts/update-rehearsal.mjs';

const latest = `version: 0.0.2
files:
  - url: Referee-Desk-Setup-0.0.2-x64.exe
    sha512: abc
    size: 3
path: Referee-Desk-Setup-0.0.2-x64.exe
sha512: abc
releaseDate: '2026-11-28T00:00:00.000Z'
`;

/** A request whose path goes out as written (fetch would normalise the dots away). */
const rawStatus = (port: number, path: string) =>
  new Promise<number | undefined>((ok, fail) => {
    request({ host: '127.0.0.1', port, path }, (res) => {
      res.resume();
      ok(res.statusCode);
    })
      .on('error', fail)
      .end();
  });

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rd-rehearsal-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('update rehearsal feed', () => {
  it('reads the files a feed lists, and refuses paths or an empty feed', () => {
    expect(feedFiles(latest)).toEqual({ version: '0.0.2', files: ['Referee-Desk-Setup-0.0.2-x64.exe'] });
    expect(() => feedFiles('version: 1.0.0\nfiles:\n  - url: ../x.exe\n')).toThrow(/unexpected file/);
    expect(() => feedFiles('version: 1.0.0\nfiles: []\n')).toThrow(/lists no file/);
    expect(() => feedFiles('files: []\n')).toThrow(/no version/);
  });

  it('stages each latest*.yml with its files and blockmaps, and fails on a listed file that is missing', () => {
    const release = join(dir, 'release');
    mkdirSync(release);
    writeFileSync(join(release, 'latest.yml'), latest);
    writeFileSync(join(release, 'Referee-Desk-Setup-0.0.2-x64.exe'), 'exe');
    writeFileSync(join(release, 'Referee-Desk-Setup-0.0.2-x64.exe.blockmap'), 'map');
    writeFileSync(join(release, 'builder-debug.yml'), 'x');
    expect(stageFeed(release, join(dir, 'feed')).sort()).toEqual([
      'Referee-Desk-Setup-0.0.2-x64.exe',
      'Referee-Desk-Setup-0.0.2-x64.exe.blockmap',
      'latest.yml',
    ]);
    expect(readdirSync(join(dir, 'feed')).sort()).toEqual([
      'Referee-Desk-Setup-0.0.2-x64.exe',
      'Referee-Desk-Setup-0.0.2-x64.exe.blockmap',
      'latest.yml',
    ]);
    rmSync(join(release, 'Referee-Desk-Setup-0.0.2-x64.exe'));
    expect(() => stageFeed(release, join(dir, 'feed2'))).toThrow(/does not hold/);
    expect(() => stageFeed(join(dir, 'feed', '..', 'feed2-empty-does-not-exist'), join(dir, 'x'))).toThrow();
  });

  it('fails to stage a release folder without a feed file (electron-builder wrote none)', () => {
    mkdirSync(join(dir, 'release'));
    expect(() => stageFeed(join(dir, 'release'), join(dir, 'feed'))).toThrow(/no latest\*\.yml/);
  });

  it('serves the feed on 127.0.0.1, whole files only, nothing outside it, and logs each request', async () => {
    const feed = join(dir, 'feed');
    mkdirSync(feed);
    writeFileSync(join(feed, 'latest.yml'), latest);
    writeFileSync(join(dir, 'secret.txt'), 'no');
    const lines: string[] = [];
    const server = await serveFeed(feed, 0, (l) => lines.push(l));
    try {
      const { address, port } = server.address() as AddressInfo;
      expect(address).toBe('127.0.0.1');
      const base = `http://127.0.0.1:${port}`;
      const ok = await fetch(`${base}/latest.yml`);
      expect(ok.status).toBe(200);
      expect(await ok.text()).toBe(latest);
      expect((await fetch(`${base}/latest.yml`, { method: 'HEAD' })).headers.get('content-length')).toBe(String(latest.length));
      expect(await rawStatus(port, '/../secret.txt')).toBe(404);
      expect(await rawStatus(port, '/%2e%2e/secret.txt')).toBe(404);
      expect((await fetch(`${base}/missing.exe`)).status).toBe(404);
      expect((await fetch(`${base}/latest.yml`, { method: 'POST' })).status).toBe(405);
      expect(lines).toEqual([
        'GET /latest.yml 200',
        'HEAD /latest.yml 200',
        'GET /../secret.txt 404',
        'GET /%2e%2e/secret.txt 404',
        'GET /missing.exe 404',
        'POST /latest.yml 405',
      ]);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('waits for an event from a version, and stops at an updater error or a copy with updates off', () => {
    const at = new Date(0);
    const log = [rehearsalLogLine(at, '0.0.1', 1, 'started'), rehearsalLogLine(at, '0.0.1', 1, 'downloaded', '0.0.2')].join('');
    expect(rehearsalState(log, '0.0.2', 'started')).toBe('waiting');
    expect(rehearsalState(`${log}{"torn`, '0.0.2', 'started')).toBe('waiting');
    expect(rehearsalState(log + rehearsalLogLine(at, '0.0.2', 2, 'started'), '0.0.2', 'started')).toBe('done');
    expect(rehearsalState(log + rehearsalLogLine(at, '0.0.1', 1, 'error', 'ENOTFOUND'), '0.0.2', 'started')).toBe('failed');
    expect(rehearsalState(rehearsalLogLine(at, '0.0.1', 1, 'off', 'package manager'), '0.0.2', 'started')).toBe('failed');
  });
});

describe('update rehearsal build configuration', () => {
  const base = {
    appId: 'x',
    extraMetadata: { keep: 1 },
    directories: { output: 'release', buildResources: 'build' },
    mac: { hardenedRuntime: true },
  };

  it('is the release configuration with the version, the flag, the loopback generic feed and its own output', () => {
    expect(rehearsalConfig(base, { version: '0.0.1', feedUrl: 'http://127.0.0.1:8765', output: 'rehearsal/0.0.1' })).toEqual({
      appId: 'x',
      extraMetadata: { keep: 1, version: '0.0.1', updateRehearsal: true },
      publish: { provider: 'generic', url: 'http://127.0.0.1:8765/' },
      directories: { output: 'rehearsal/0.0.1', buildResources: 'build' },
      mac: { hardenedRuntime: true },
    });
  });

  it('signs macOS with the given identity and no timestamp server', () => {
    const c = rehearsalConfig(base, {
      version: '0.0.2',
      feedUrl: 'http://127.0.0.1:8765/',
      output: 'o',
      macIdentity: 'Referee Desk Update Rehearsal',
    });
    expect(c.mac).toEqual({ hardenedRuntime: true, identity: 'Referee Desk Update Rehearsal', timestamp: 'none' });
  });

  it('refuses a feed off this machine and a version electron-updater would not compare plainly', () => {
    expect(() => rehearsalConfig(base, { version: '0.0.1', feedUrl: 'https://updates.example/', output: 'o' })).toThrow(/127\.0\.0\.1/);
    expect(() => rehearsalConfig(base, { version: '0.0.1-beta', feedUrl: 'http://127.0.0.1/', output: 'o' })).toThrow(/plain version/);
  });
});
