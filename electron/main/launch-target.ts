// What a launch may ask for: a referee-desk:// link to one manuscript, or a manuscript file the OS
// opened with the app (file association, drag onto the icon, a path on the command line). Pure: the
// same rules for process.argv at start, a second instance's argv, and macOS open-file / open-url.
// Anything else is refused (null), so a crafted link or argument can never reach the window.
//
// What an editor would see is checked as well as what a parser accepts: an id or a path holding a
// control character (C0, DEL or C1) or a bidirectional control is refused, since those change how the
// rest of the text is displayed (U+202E turns "fdp.exe" around); so is an id made only of invisible
// characters (zero-width spaces and joiners, U+FEFF, fillers), which would show as a blank. A file://
// URL, as Linux desktops pass for %U and some file managers for a drop, is decoded to the local path
// it names; one naming another host is refused.
import { fileURLToPath } from 'node:url';

export const PROTOCOL = 'referee-desk';
export const MANUSCRIPT_EXTENSIONS = ['.pdf', '.docx'] as const;
/** Longest origin_id a link may carry; the service's ids are short, a link is untrusted input. */
export const MAX_ORIGIN_ID = 200;
const MAX_PATH = 4096;

/** Controls (C0, DEL, C1) and the bidirectional controls: marks, embeddings, overrides, isolates. */
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
/**
 * Characters that show as nothing: Unicode's default-ignorable ones (zero-width spaces and joiners,
 * U+FEFF, U+2060…, fillers, variation selectors), white space and the blank braille pattern.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{White_Space}\u2800]/gu;

/** Whether an editor could be misled by `text` as displayed (see the top of this file). */
function unsafeText(text: string): boolean {
  return UNSAFE_CHARS.test(text);
}

export type LaunchTarget = { kind: 'manuscript'; originId: string } | { kind: 'file'; path: string };

/** `referee-desk://manuscript/<origin_id>` (one percent-encoded segment, an optional trailing slash), else null. */
export function parseDeepLink(text: string): LaunchTarget | null {
  if (text.length > MAX_ORIGIN_ID * 3 + 64) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== `${PROTOCOL}:` || url.hostname !== 'manuscript') return null;
  if (url.username || url.password || url.port || url.search || url.hash) return null;
  const segments = url.pathname.replace(/\/$/, '').split('/');
  if (segments.length !== 2 || segments[0] !== '' || !segments[1]) return null;
  let originId: string;
  try {
    originId = decodeURIComponent(segments[1]);
  } catch {
    return null;
  }
  if (unsafeText(originId) || /[/\\]/.test(originId)) return null;
  originId = originId.trim();
  if (!originId || originId.length > MAX_ORIGIN_ID) return null;
  if (originId.replace(INVISIBLE, '') === '') return null;
  return { kind: 'manuscript', originId };
}

/** An absolute path to a .pdf or .docx, else null. `isAbsolute` is the host's path rule (posix or win32). */
export function parseFileArg(arg: string, isAbsolute: (p: string) => boolean): LaunchTarget | null {
  if (!arg || arg.length > MAX_PATH || arg.startsWith('-') || unsafeText(arg)) return null;
  if (!isAbsolute(arg)) return null;
  const lower = arg.toLowerCase();
  if (!MANUSCRIPT_EXTENSIONS.some((ext) => lower.endsWith(ext))) return null;
  return { kind: 'file', path: arg };
}

export interface ArgvOptions {
  isAbsolute: (p: string) => boolean;
  /** Joins a relative path to the launching shell's directory (second-instance passes its own). */
  resolve: (cwd: string, p: string) => string;
  cwd: string;
  /** How many leading entries are the executable (and the app path when run unpackaged). */
  skip: number;
  /** Whether file:// URLs name Windows paths (C:\…); the running platform's rule when left out. */
  windows?: boolean;
}

/**
 * The local path a `file:` URL names, else null: only an empty host or `localhost`, no query or
 * fragment, no encoded separator. `file:///home/a/My%20Paper.pdf` → `/home/a/My Paper.pdf`;
 * with `windows`, `file:///C:/x.pdf` → `C:\x.pdf`.
 */
export function pathFromFileUrl(text: string, windows: boolean): string | null {
  if (text.length > MAX_PATH * 3) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'file:' || url.search || url.hash || url.username || url.password || url.port) return null;
  if (url.hostname !== '' && url.hostname !== 'localhost') return null;
  url.hostname = '';
  try {
    return fileURLToPath(url, { windows });
  } catch {
    return null;
  }
}

/** Every target in a command line, in order; switches, the executable and anything unknown are dropped. */
export function targetsFromArgv(argv: readonly string[], opts: ArgvOptions): LaunchTarget[] {
  const out: LaunchTarget[] = [];
  for (const arg of argv.slice(opts.skip)) {
    if (out.length >= 20) break;
    if (arg.startsWith(`${PROTOCOL}:`)) {
      const link = parseDeepLink(arg);
      if (link) out.push(link);
      continue;
    }
    if (arg.startsWith('-')) continue;
    if (/^file:/i.test(arg)) {
      const local = pathFromFileUrl(arg, opts.windows ?? process.platform === 'win32');
      const file = local === null ? null : parseFileArg(local, opts.isAbsolute);
      if (file) out.push(file);
      continue;
    }
    const path = opts.isAbsolute(arg) ? arg : opts.resolve(opts.cwd, arg);
    const file = parseFileArg(path, opts.isAbsolute);
    if (file) out.push(file);
  }
  return out;
}
