// Redaction of secrets (the API key) in every form a client, a proxy or a service may write it in.
// One regular expression per secret, built once, finds:
// - the secret character by character, each character either as itself (any case), or escaped as
//   %XX / %uXXXX (URL, partial or full), + for a space (forms), \uXXXX / \xXX / \" \\ \/ (JSON, JS),
//   &#NNN; / &#xHH; / &amp; … (HTML), =XX with soft line breaks (quoted-printable) — escapes of
//   different kinds may be mixed within one occurrence;
// - the secret reversed, and the secret with one repeated separator (one or two characters) between
//   its characters ("s k - l i v e", "s.k.-.l.i.v.e");
// - its bytes as hex, base32 and base64/base64url, its UTF-16LE code units as hex and base64, the
//   base encodings at every byte alignment so that the secret is also found inside a longer encoded
//   text (an echoed "Authorization: Basic …" header, a base64 dump of the request).
// The regex has no nested quantifiers: a scan costs one pass over the text with a short, bounded
// check at each position. Compiling it is what costs (V8 compiles a regex on its first use and again to
// machine code on its second), almost all of it the character-wise part: so a text is first searched with
// a regex that looks for the same forms but character-wise for the last QUICK_CHARS characters only
// (whatever holds the secret character-wise holds those too), and the whole regex is compiled and run only
// for a text that regex matched. Parsed answers are redacted value by value (redactValue): a string inside
// a JSON answer may carry a second encoding layer that only appears once the JSON escapes are decoded.

const MARK = '[redacted]';
/** Secrets shorter than this are not looked for: their forms would match ordinary text. */
const MIN_SECRET = 4;
/** Encoded fragments shorter than this could match ordinary text. */
const MIN_FORM = 6;
/** How many of the secret's characters (its last: a key's random part) the quick regex looks for character-wise. */
const QUICK_CHARS = 8;

interface Finder {
  /** Global, case-insensitive: every form. Compiled on first use. */
  readonly re: RegExp;
  /** Matches every text `re` matches, and a few more (the character-wise form of the secret's end alone). */
  quick: RegExp;
  /** No form of the secret is shorter: a shorter text cannot hold it. */
  minLength: number;
}

const finders = new Map<string, Finder>();

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
/** The backslash of an escape, doubled each time the escaped text was itself put in JSON (up to 3 times). */
const BS = '\\\\{1,4}';

/** The characters of base64 text (alphabet of `encoding`) that depend on the secret's bytes only,
 * for the secret starting at byte offset `shift` (0, 1 or 2) of the encoded data. */
function base64Core(secret: Buffer, shift: number, encoding: 'base64' | 'base64url'): string {
  const text = Buffer.concat([Buffer.alloc(shift), secret]).toString(encoding);
  const first = Math.ceil((8 * shift) / 6);
  const end = Math.floor((8 * (shift + secret.length)) / 6);
  return text.slice(first, end);
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 of `bytes` (no padding). */
function base32(bytes: Buffer): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** The base32 characters that depend on the secret's bytes only, the secret at byte offset `shift` (0–4). */
function base32Core(secret: Buffer, shift: number): string {
  const text = base32(Buffer.concat([Buffer.alloc(shift), secret]));
  return text.slice(Math.ceil((8 * shift) / 5), Math.floor((8 * (shift + secret.length)) / 5));
}

const NAMED_ENTITY: Record<string, string> = { '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos', ' ': 'nbsp' };

/** One character (code point) of the secret: itself or any escape of it. */
function charPattern(ch: string): string {
  const cp = ch.codePointAt(0)!;
  const alts = new Set<string>([escapeRe(ch)]);
  if (ch === ' ') alts.add('\\+');
  // its UTF-8 bytes, each as %XX (URL), =XX (quoted-printable) or \xXX
  alts.add([...Buffer.from(ch, 'utf8')].map((b) => `(?:%|=|${BS}x)${hex(b, 2)}`).join(''));
  // its UTF-16 code units as \uXXXX (JSON, JavaScript) or %uXXXX
  const units: string[] = [];
  for (let i = 0; i < ch.length; i++) units.push(`(?:${BS}u|%u)${hex(ch.charCodeAt(i), 4)}`);
  alts.add(units.join(''));
  alts.add(`${BS}u\\{0*${hex(cp, 1)}\\}`);
  // HTML character references (the semicolon is optional in HTML)
  alts.add(`&#0{0,8}${cp};?`);
  alts.add(`&#x0{0,8}${hex(cp, 1)};?`);
  const named = NAMED_ENTITY[ch];
  if (named) alts.add(`&${named};?`);
  // JSON's and JavaScript's short escapes
  if (ch === '"' || ch === '\\' || ch === '/' || ch === "'") alts.add(`${BS}${escapeRe(ch)}`);
  return `(?:${[...alts].join('|')})`;
}

/** Every literal (encoded) form of `secret` looked for besides the character-wise one. */
export function encodedForms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const wide = Buffer.from(secret, 'utf16le');
  const forms = new Set<string>([[...secret].reverse().join(''), bytes.toString('hex'), wide.toString('hex')]);
  for (const shift of [0, 1, 2]) {
    for (const enc of ['base64', 'base64url'] as const) {
      forms.add(base64Core(bytes, shift, enc));
      forms.add(base64Core(wide, shift, enc));
    }
  }
  for (const shift of [0, 1, 2, 3, 4]) forms.add(base32Core(bytes, shift));
  forms.delete(secret);
  return [...forms].filter((f) => f.length >= MIN_FORM).sort((a, b) => b.length - a.length);
}

function finder(secret: string): Finder {
  const hit = finders.get(secret);
  if (hit) return hit;
  const chars = [...secret];
  const literals = encodedForms(secret);
  const units = chars.map(charPattern);
  // a quoted-printable soft line break may fall between any two characters
  const charwise = (from: number) => units.slice(from).join('(?:=\\r?\\n)?');
  // one separator (the only capture group, hence \1) repeated between all the characters
  const spaced = chars.map((c, i) => (i === 0 ? '' : i === 1 ? '([\\s\\S]{1,2}?)' : '(?:\\1)') + escapeRe(c)).join('');
  const compile = (from: number) => new RegExp([...literals.map(escapeRe), charwise(from), spaced].join('|'), 'gi');
  const tail = Math.max(0, chars.length - QUICK_CHARS);
  const quick = compile(tail);
  let re = tail === 0 ? quick : undefined;
  const made: Finder = {
    get re() {
      return (re ??= compile(0));
    },
    quick,
    minLength: Math.min(secret.length, ...literals.map((f) => f.length)),
  };
  if (finders.size > 64) finders.clear();
  finders.set(secret, made);
  return made;
}

const usable = (secrets: Iterable<string>): string[] => [...secrets].filter((s) => s.length >= MIN_SECRET);

/** Whether `re` (one of the finder's) matches `text`; a text shorter than every form is not searched. */
function found(f: Finder, text: string, re: RegExp): boolean {
  if (text.length < f.minLength) return false;
  re.lastIndex = 0;
  return re.test(text);
}

/** Replaces every form of every secret (4 characters or more) in `text` with "[redacted]". */
export function redact(text: string, secrets: Iterable<string>): string {
  let out = text;
  for (const s of usable(secrets)) {
    const f = finder(s);
    if (!found(f, out, f.quick)) continue;
    const re = f.re;
    // a replacement can bring parts of two forms together: repeat until nothing is found (bounded)
    for (let pass = 0; pass < 4 && out.length >= f.minLength; pass++) {
      re.lastIndex = 0;
      if (!re.test(out)) break;
      re.lastIndex = 0;
      out = out.replace(re, MARK);
    }
  }
  return out;
}

/** Whether `text` holds any form of any secret. */
export function containsSecret(text: string, secrets: Iterable<string>): boolean {
  for (const s of usable(secrets)) {
    const f = finder(s);
    if (found(f, text, f.quick) && found(f, text, f.re)) return true;
  }
  return false;
}

/**
 * Redacts every string of a value parsed from JSON, object keys included, in place where it can (the
 * value is the parser's own). Returns the value, or the redacted string when `value` is one. Iterative:
 * any depth. One scan over all the strings first; only when a secret is somewhere are they redacted
 * one by one.
 */
export function redactValue<T>(value: T, secrets: Iterable<string>): T {
  const list = usable(secrets);
  if (list.length === 0) return value;
  if (typeof value === 'string') return redact(value, list) as T;
  if (value === null || typeof value !== 'object') return value;
  const minLength = Math.min(...list.map((s) => finder(s).minLength));
  // the strings long enough to hold a form, and where they are
  const holders: Array<{ obj: Record<string, unknown> | unknown[]; key: string | number; isKey: boolean }> = [];
  const texts: string[] = [];
  const stack: Array<Record<string, unknown> | unknown[]> = [value as Record<string, unknown>];
  const visit = (obj: Record<string, unknown> | unknown[], key: string | number, v: unknown) => {
    if (typeof v === 'string') {
      if (v.length >= minLength) {
        holders.push({ obj, key, isKey: false });
        texts.push(v);
      }
    } else if (v !== null && typeof v === 'object') stack.push(v as Record<string, unknown>);
  };
  while (stack.length > 0) {
    const obj = stack.pop()!;
    if (Array.isArray(obj)) {
      for (let i = 0; i < obj.length; i++) visit(obj, i, obj[i]);
      continue;
    }
    for (const k of Object.keys(obj)) {
      if (k.length >= minLength) {
        holders.push({ obj, key: k, isKey: true });
        texts.push(k);
      }
      visit(obj, k, obj[k]);
    }
  }
  if (texts.length === 0 || !containsSecret(texts.join('\u0000'), list)) return value;
  // values before keys, so that a renamed key still finds its (already redacted) value
  for (const pass of [false, true]) {
    for (const h of holders) {
      if (h.isKey !== pass) continue;
      if (!pass) {
        const v = (h.obj as Record<string | number, unknown>)[h.key] as string;
        const clean = redact(v, list);
        if (clean !== v) (h.obj as Record<string | number, unknown>)[h.key] = clean;
        continue;
      }
      const k = h.key as string;
      const clean = redact(k, list);
      if (clean === k) continue;
      const obj = h.obj as Record<string, unknown>;
      const v = obj[k];
      delete obj[k];
      Object.defineProperty(obj, clean, { value: v, enumerable: true, writable: true, configurable: true });
    }
  }
  return value;
}
