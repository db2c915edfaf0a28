// How a desktop hands files to "Open with", for tests of launch targets: the file:// URLs a Linux
// desktop passes for %U (GLib's g_filename_to_uri and Node's pathToFileURL escape differently), a
// desktop entry's Exec line expanded as the Desktop Entry Specification says, and the command line
// Windows builds from an "Open with" command ('"app.exe" "%1"') split as CommandLineToArgvW does.
import { pathToFileURL } from 'node:url';

/** Names that have broken "Open with" elsewhere: spaces, '%', '#', '?', '+', quotes, non-ASCII in several scripts, NFD. */
export const AWKWARD_NAMES = [
  'My Paper.pdf',
  '100% final.pdf',
  'draft #3?.docx',
  'a+b=c & d.pdf',
  'it\'s "quoted".docx',
  'résumé.pdf',
  'Ünïcödé 论文 原稿.pdf',
  'статья — версия 2.docx',
  'مقالة.pdf',
  '📄 review.pdf',
  'cafe\u0301 (NFD).pdf',
  '-leading dash.pdf',
  '%20 literally.pdf',
];

/** GLib's g_filename_to_uri: UTF-8 bytes escaped except unreserved characters and !$&'()*+,;=:@/ */
export function glibFileUri(path: string): string {
  const keep = /[A-Za-z0-9\-._~!$&'()*+,;=:@/]/;
  let out = '';
  for (const ch of path)
    out += keep.test(ch) ? ch : [...Buffer.from(ch, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  return `file://${out}`;
}

export const nodeFileUri = (path: string) => pathToFileURL(path).href;

/** An Exec value split into arguments (double quotes, with \" \` \$ \\ escaped inside them). */
export function execWords(exec: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < exec.length; i++) {
    const c = exec[i]!;
    if (c === '"') {
      word ??= '';
      for (i++; i < exec.length && exec[i] !== '"'; i++)
        word += exec[i] === '\\' && /["`$\\]/.test(exec[i + 1] ?? '') ? exec[++i] : exec[i];
    } else if (c === ' ') {
      if (word !== null) words.push(word);
      word = null;
    } else word = (word ?? '') + c;
  }
  if (word !== null) words.push(word);
  return words;
}

/** The argv a desktop starts for `urls` from an Exec line: %U is replaced by one argument per URL, %% is %. */
export function expandExec(exec: string, urls: string[]): string[] {
  return execWords(exec).flatMap((w) => (w === '%U' ? urls : [w.replaceAll('%%', '%')]));
}

/** CommandLineToArgvW for the plain cases an "Open with" command yields (quoted words, no embedded quotes). */
export function windowsArgv(commandLine: string): string[] {
  return [...commandLine.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);
}
