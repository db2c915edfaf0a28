// The release workflow's update rehearsal is off for every copy an editor has: it needs a rehearsal
// build (its packaged package.json says so) AND a feed named in the environment, on loopback only.
import { describe, expect, it } from 'vitest';
import { installMode } from '../../../electron/common/update-policy';
import { UPDATE_REHEARSAL_FEED_ENV, loopbackFeedUrl, rehearsalLogLine, updateRehearsal } from '../../../electron/common/update-rehearsal';

const rehearsalBuild = { name: 'referee-desk', version: '0.0.1', updateRehearsal: true };
const releaseBuild = { name: 'referee-desk', version: '0.1.0' };
const feed = { [UPDATE_REHEARSAL_FEED_ENV]: 'http://127.0.0.1:8765' };

describe('update rehearsal', () => {
  it('is off in a release build, and says the named feed is ignored', () => {
    expect(updateRehearsal({ isPackaged: true, packageJson: releaseBuild, env: {} })).toEqual({ log: false, feedUrl: null, ignored: null });
    const r = updateRehearsal({ isPackaged: true, packageJson: releaseBuild, env: feed });
    expect(r).toMatchObject({ log: false, feedUrl: null });
    expect(r.ignored).toMatch(/not an update rehearsal build/);
  });

  it('takes only the boolean true from the package, and nothing when run from source or unreadable', () => {
    for (const packageJson of [{ ...releaseBuild, updateRehearsal: 'true' }, { ...releaseBuild, updateRehearsal: 1 }, null, 'x', []])
      expect(updateRehearsal({ isPackaged: true, packageJson, env: feed }).feedUrl, JSON.stringify(packageJson)).toBeNull();
    expect(updateRehearsal({ isPackaged: false, packageJson: rehearsalBuild, env: feed })).toMatchObject({ log: false, feedUrl: null });
  });

  it('in a rehearsal build logs every start, and checks the named loopback feed', () => {
    expect(updateRehearsal({ isPackaged: true, packageJson: rehearsalBuild, env: {} })).toEqual({
      log: true,
      feedUrl: null,
      ignored: null,
    });
    expect(updateRehearsal({ isPackaged: true, packageJson: rehearsalBuild, env: feed })).toEqual({
      log: true,
      feedUrl: 'http://127.0.0.1:8765/',
      ignored: null,
    });
  });

  it('refuses a feed on another machine, another scheme, or with credentials, query or fragment', () => {
    for (const url of [
      'https://updates.example/',
      'http://127.0.0.2:8765/',
      'http://10.0.0.1/',
      'http://127.0.0.1.evil.example/',
      'file:///tmp/feed/',
      'ftp://127.0.0.1/',
      'http://user:pw@127.0.0.1/',
      'http://127.0.0.1/?x=1',
      'http://127.0.0.1/#x',
      'not a url',
      `http://127.0.0.1/${'a'.repeat(300)}`,
    ]) {
      expect(loopbackFeedUrl(url), url).toBeNull();
      const r = updateRehearsal({ isPackaged: true, packageJson: rehearsalBuild, env: { [UPDATE_REHEARSAL_FEED_ENV]: url } });
      expect(r.feedUrl, url).toBeNull();
      expect(r.ignored, url).toMatch(/127\.0\.0\.1/);
    }
    expect(loopbackFeedUrl('http://localhost:9000/feed')).toBe('http://localhost:9000/feed/');
    expect(loopbackFeedUrl('http://[::1]:9000/')).toBe('http://[::1]:9000/');
  });

  it('writes one JSON line per event', () => {
    const line = rehearsalLogLine(new Date('2026-01-02T03:04:05Z'), '0.0.2', 42, 'started');
    expect(line).toBe('{"at":"2026-01-02T03:04:05.000Z","version":"0.0.2","pid":42,"event":"started"}\n');
    expect(JSON.parse(rehearsalLogLine(new Date(0), '0.0.1', 7, 'downloaded', '0.0.2'))).toMatchObject({
      event: 'downloaded',
      detail: '0.0.2',
    });
  });
});

describe('"Restart to Update" restarts', () => {
  it('Windows and macOS: silent install, the installer starts the new version', () => {
    expect(installMode('win32')).toEqual({ silent: true, runAfter: true, relaunchAfterExit: false });
    expect(installMode('darwin')).toEqual({ silent: true, runAfter: true, relaunchAfterExit: false });
  });
  it('the AppImage: replaced, then started by Electron once this process (and its single-instance lock) is gone', () => {
    expect(installMode('linux')).toEqual({ silent: true, runAfter: false, relaunchAfterExit: true });
  });
});
