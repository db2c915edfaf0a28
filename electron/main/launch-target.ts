// What a launch may ask for: a referee-desk:// link to one manuscript, or a manuscript file the OS
// opened with the app (file association, drag onto the icon, a path on the command line). Pure: the
// same rules for process.argv at start, a second instance's argv, and macOS open-file / open-url.
// Anything else is refused (null), so a crafted link or argument can never reach the window.

export const PROTOCOL = 'referee-desk';
export const MANUSCRIPT_EXTENSIONS = ['.pdf', '.docx'] as const;
/** Longest origin_id a link may carry; the service's ids are short, a link is untrusted input. */
export const MAX_ORIGIN_ID = 200;
const MAX_PATH = 4096;

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
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f/\\]/.test(originId)) return null;
  originId = originId.trim();
  if (!originId || originId.length > MAX_ORIGIN_ID) return null;
  return { kind: 'manuscript', originId };
}

/** An absolute path to a .pdf or .docx, else null. `isAbsolute` is the host's path rule (posix or win32). */
export function parseFileArg(arg: string, isAbsolute: (p: string) => boolean): LaunchTarget | null {
  if (!arg || arg.length > MAX_PATH || arg.startsWith('-') || arg.includes('\0')) return null;
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
    const path = opts.isAbsolute(arg) ? arg : opts.resolve(opts.cwd, arg);
    const file = parseFileArg(path, opts.isAbsolute);
    if (file) out.push(file);
  }
  return out;
}
