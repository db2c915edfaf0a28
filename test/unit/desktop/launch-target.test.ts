import { posix, win32 } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDeepLink, parseFileArg, targetsFromArgv } from '../../../electron/main/launch-target';

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
