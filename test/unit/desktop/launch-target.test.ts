import { readFileSync } from 'node:fs';
import { join, posix, win32 } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDeepLink, parseFileArg, targetsFromArgv } from '../../../electron/main/launch-target';
import { AWKWARD_NAMES, execWords, expandExec, glibFileUri, nodeFileUri, windowsArgv } from '../../support/open-with';

describe('deep links', () => {
  it('accepts referee-desk://manuscript/<origin_id>, decoded, with an optional trailing slash', () => {
    expect(parseDeepLink('referee-desk://manuscript/MS-2024-0113')).toEqual({ kind: 'manuscript', originId: 'MS-2024-0113' });
    expect(parseDeepLink('referee-desk://manuscript/abc%20def/')).toEqual({ kind: 'manuscript', originId: 'abc def' });
  });

  it.each([
    'referee-desk://manuscripts/1',
    'referee-desk://manuscript/',
    'referee-desk://manuscript/a/b',
    'referee-desk://manuscript/a?x=1',
    'referee-desk://manuscript/a#frag',
    'referee-desk://user:pw@manuscript/a',
    'referee-desk://manuscript:99/a',
    'referee-desk://manuscript/a%2Fb',
    'referee-desk://manuscript/%E0%A4%A',
    'referee-desk://manuscript/%0Aevil',
    `referee-desk://manuscript/${'x'.repeat(201)}`,
    'https://manuscript/a',
    'javascript:alert(1)',
    'not a url',
  ])('refuses %s', (link) => {
    expect(parseDeepLink(link)).toBeNull();
  });
});

describe('file arguments', () => {
  it('accepts absolute .pdf/.docx paths only (any case), posix and Windows', () => {
    expect(parseFileArg('/home/ed/ms.PDF', posix.isAbsolute)).toEqual({ kind: 'file', path: '/home/ed/ms.PDF' });
    expect(parseFileArg('C:\\Users\\ed\\ms.docx', win32.isAbsolute)).toEqual({ kind: 'file', path: 'C:\\Users\\ed\\ms.docx' });
    expect(parseFileArg('ms.pdf', posix.isAbsolute)).toBeNull();
    expect(parseFileArg('/home/ed/ms.doc', posix.isAbsolute)).toBeNull();
    expect(parseFileArg('/home/ed/ms.pdf.exe', posix.isAbsolute)).toBeNull();
    expect(parseFileArg('/home/ed/a\0.pdf', posix.isAbsolute)).toBeNull();
    expect(parseFileArg('--inspect=/x.pdf', posix.isAbsolute)).toBeNull();
  });
});

describe('argv', () => {
  const opts = { isAbsolute: posix.isAbsolute, resolve: posix.resolve, cwd: '/home/ed', skip: 1 };
  it('keeps links and manuscript files in order, resolves relative paths against the launching directory', () => {
    const argv = [
      '/opt/Referee Desk/referee-desk',
      '--no-sandbox',
      '--enable-features=X',
      'paper.pdf',
      'referee-desk://manuscript/42',
      '/tmp/notes.txt',
      'referee-desk://evil/1',
    ];
    expect(targetsFromArgv(argv, opts)).toEqual([
      { kind: 'file', path: '/home/ed/paper.pdf' },
      { kind: 'manuscript', originId: '42' },
    ]);
  });
  it('skips the executable and the app path when run unpackaged', () => {
    expect(targetsFromArgv(['/usr/bin/electron', '/repo/out/main/index.js'], { ...opts, skip: 2 })).toEqual([]);
    expect(targetsFromArgv(['/usr/bin/electron', '/repo/x.pdf'], { ...opts, skip: 1 })).toEqual([{ kind: 'file', path: '/repo/x.pdf' }]);
  });
  it('bounds the number of targets one command line can open', () => {
    const argv = ['exe', ...Array.from({ length: 50 }, (_, i) => `/f/${i}.pdf`)];
    expect(targetsFromArgv(argv, opts)).toHaveLength(20);
  });
});

describe('what an editor would be shown', () => {
  it.each([
    ['a C1 control (U+0085)', 'referee-desk://manuscript/MS%C2%851'],
    ['a C1 control (U+009B, CSI)', 'referee-desk://manuscript/MS%C2%9B1'],
    ['a right-to-left override (U+202E)', 'referee-desk://manuscript/MS-%E2%80%AEfdp'],
    ['a left-to-right embedding (U+202A)', 'referee-desk://manuscript/%E2%80%AAMS-1'],
    ['a first-strong isolate (U+2068)', 'referee-desk://manuscript/MS-%E2%81%A81'],
    ['a right-to-left mark (U+200F)', 'referee-desk://manuscript/MS-1%E2%80%8F'],
    ['an Arabic letter mark (U+061C)', 'referee-desk://manuscript/MS-1%D8%9C'],
    ['only zero-width spaces', 'referee-desk://manuscript/%E2%80%8B%E2%80%8B'],
    ['only joiners and a BOM', 'referee-desk://manuscript/%E2%80%8C%E2%80%8D%EF%BB%BF'],
    ['only a word joiner and a Hangul filler', 'referee-desk://manuscript/%E2%81%A0%E3%85%A4'],
    ['only no-break and ideographic spaces', 'referee-desk://manuscript/%C2%A0%E3%80%80'],
  ])('refuses an origin id with %s', (_what, link) => {
    expect(parseDeepLink(link)).toBeNull();
  });

  it('keeps ids in any script, and a zero-width joiner inside a visible id', () => {
    expect(parseDeepLink('referee-desk://manuscript/%D9%85%D8%AE%D8%B7%D9%88%D8%B7-7')).toEqual({
      kind: 'manuscript',
      originId: 'مخطوط-7',
    });
    expect(parseDeepLink('referee-desk://manuscript/a%E2%80%8Db')).toEqual({ kind: 'manuscript', originId: 'a\u200db' });
  });

  it('refuses a file path holding a control or bidi character', () => {
    expect(parseFileArg('/home/ed/invoice\u202Excod.pdf', posix.isAbsolute)).toBeNull();
    expect(parseFileArg('/home/ed/ms\u0085.pdf', posix.isAbsolute)).toBeNull();
    expect(parseFileArg('/home/ed/ms\n.pdf', posix.isAbsolute)).toBeNull();
    expect(parseFileArg('/home/ed/é manuscrit.pdf', posix.isAbsolute)).toEqual({ kind: 'file', path: '/home/ed/é manuscrit.pdf' });
  });
});

describe('file:// arguments', () => {
  const linux = { isAbsolute: posix.isAbsolute, resolve: posix.resolve, cwd: '/home/ed', skip: 1, windows: false };
  const windows = { isAbsolute: win32.isAbsolute, resolve: win32.resolve, cwd: 'C:\\Users\\ed', skip: 1, windows: true };

  it('decodes a file URL (Linux "Open with" passes %U) to the path it names', () => {
    expect(targetsFromArgv(['exe', 'file:///home/a/My%20Paper.pdf'], linux)).toEqual([{ kind: 'file', path: '/home/a/My Paper.pdf' }]);
    expect(targetsFromArgv(['exe', 'file://localhost/home/a/r%C3%A9sum%C3%A9.docx'], linux)).toEqual([
      { kind: 'file', path: '/home/a/résumé.docx' },
    ]);
    expect(targetsFromArgv(['exe', 'FILE:///home/a/x.PDF'], linux)).toEqual([{ kind: 'file', path: '/home/a/x.PDF' }]);
  });

  it('decodes Windows file URLs to drive paths', () => {
    expect(targetsFromArgv(['exe', 'file:///C:/x.pdf'], windows)).toEqual([{ kind: 'file', path: 'C:\\x.pdf' }]);
    expect(targetsFromArgv(['exe', 'file:///C:/Users/ed/My%20Paper.docx'], windows)).toEqual([
      { kind: 'file', path: 'C:\\Users\\ed\\My Paper.docx' },
    ]);
  });

  it.each([
    'file://evil.example/share/x.pdf',
    'file://192.168.1.9/x.pdf',
    'file:///home/a/x.pdf?x=1',
    'file:///home/a/x.pdf#y',
    'file:///home/a%2Fb.pdf',
    'file:///home/a/x.exe',
    'file:///home/a/%E2%80%AEfdp.pdf',
    'file:///home/a/%00.pdf',
  ])('refuses %s', (arg) => {
    expect(targetsFromArgv(['exe', arg], linux)).toEqual([]);
  });

  it('refuses a file URL naming another host on Windows too (no UNC path)', () => {
    expect(targetsFromArgv(['exe', 'file://server/share/x.pdf'], windows)).toEqual([]);
    expect(targetsFromArgv(['exe', 'file:///C:/a%5Cb.pdf'], windows)).toEqual([]);
  });
});

describe('"Open with" round trips for awkward file names', () => {
  const linux = { isAbsolute: posix.isAbsolute, resolve: posix.resolve, cwd: '/home/ed', skip: 1, windows: false };
  const windows = { isAbsolute: win32.isAbsolute, resolve: win32.resolve, cwd: 'C:\\Users\\ed', skip: 1, windows: true };

  it.each(AWKWARD_NAMES)('%s: from a %%U file URL as GLib or Node escapes it, and as a plain argument (%%F, a drop)', (name) => {
    const path = `/home/ed/Manuscripts/${name}`;
    for (const url of [glibFileUri(path), nodeFileUri(path)])
      expect(targetsFromArgv(['referee-desk', url], linux), url).toEqual([{ kind: 'file', path }]);
    expect(targetsFromArgv(['referee-desk', path], linux)).toEqual([{ kind: 'file', path }]);
  });

  it('keeps every file of one %U launch, in order', () => {
    const paths = AWKWARD_NAMES.map((n) => `/home/ed/${n}`);
    expect(targetsFromArgv(['referee-desk', ...paths.map(glibFileUri)], linux)).toEqual(paths.map((path) => ({ kind: 'file', path })));
  });

  it('does not decode a name twice: "%20 literally.pdf" stays as named', () => {
    const path = '/home/ed/%20 literally.pdf';
    expect(glibFileUri(path)).toBe('file:///home/ed/%2520%20literally.pdf');
    expect(targetsFromArgv(['referee-desk', glibFileUri(path)], linux)).toEqual([{ kind: 'file', path }]);
  });

  it.each(AWKWARD_NAMES.filter((n) => !/["?]/.test(n)))('Windows "Open with" (the installer\'s "$appExe" "%%1"): %s', (name) => {
    const path = `C:\\Users\\ed\\Documents\\Manuscripts\\${name}`;
    const command = readFileSync(join(import.meta.dirname, '../../../build/installer.nsh'), 'utf8').match(
      /shell\\open\\command" "" '([^']+)'/,
    )![1]!;
    expect(command).toBe('"$appExe" "%1"');
    const argv = windowsArgv(
      command.replace('$appExe', 'C:\\Users\\ed\\AppData\\Local\\Programs\\Referee Desk\\Referee Desk.exe').replace('%1', path),
    );
    expect(argv).toHaveLength(2);
    expect(targetsFromArgv(argv, windows)).toEqual([{ kind: 'file', path }]);
  });
});

describe('the Desktop Entry Exec expansion the package test uses', () => {
  it('splits quoted words, unescapes inside quotes, gives each %U URL its own argument and turns %% into %', () => {
    expect(execWords('"/opt/Referee Desk/referee-desk" %U')).toEqual(['/opt/Referee Desk/referee-desk', '%U']);
    expect(execWords('"a \\"b\\" \\\\c" d')).toEqual(['a "b" \\c', 'd']);
    expect(expandExec('AppRun --x=%% %U', ['file:///a%20b.pdf', 'file:///c.pdf'])).toEqual([
      'AppRun',
      '--x=%',
      'file:///a%20b.pdf',
      'file:///c.pdf',
    ]);
  });
});
