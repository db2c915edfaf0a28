// The encodings a service, a proxy or a client may write a secret in, each produced here independently
// of the redactor (so a test that scans for them checks the redactor rather than itself).

/** RFC 4648 base32 (upper case, no padding). */
function base32(bytes: Buffer): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const b of bytes) bits += b.toString(2).padStart(8, '0');
  let out = '';
  for (let i = 0; i < bits.length; i += 5) out += alphabet[parseInt(bits.slice(i, i + 5).padEnd(5, '0'), 2)];
  return out;
}

const pct = (bytes: Buffer, upper: boolean) =>
  [...bytes].map((b) => '%' + (upper ? b.toString(16).toUpperCase() : b.toString(16)).padStart(2, '0')).join('');

/** 20 encodings of `key`, each as the whole text a service would send (name → text). */
export function keyEncodings(key: string): Record<string, string> {
  const b = Buffer.from(key, 'utf8');
  const chars = [...key];
  return {
    raw: key,
    lowerCase: key.toLowerCase(),
    upperCase: key.toUpperCase(),
    percentPartial: encodeURIComponent(key),
    percentFullUpper: pct(b, true),
    percentFullLower: pct(b, false),
    jsonUnicodeEscapes: chars.map((c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0')).join(''),
    hex: b.toString('hex'),
    hexUpper: b.toString('hex').toUpperCase(),
    base64: b.toString('base64'),
    base64urlInBasicHeader: `Basic ${Buffer.from(`desk:${key}`).toString('base64url')}`,
    utf16leBase64: Buffer.from(key, 'utf16le').toString('base64'),
    base32: base32(b),
    htmlDecimal: chars.map((c) => `&#${c.codePointAt(0)};`).join(''),
    htmlHex: chars.map((c) => `&#x${c.codePointAt(0)!.toString(16)};`).join(''),
    quotedPrintable: [...b].map((x) => '=' + x.toString(16).toUpperCase().padStart(2, '0')).join(''),
    reversed: chars.reverse().join(''),
    spaced: [...key].join(' '),
    dotted: [...key].join('.'),
    dashedTwice: [...key].join('--'),
  };
}

/** The names of the encodings of any of `keys` found in `text`, exactly as keyEncodings writes them. */
export function encodingsIn(text: string, keys: readonly string[]): string[] {
  const found: string[] = [];
  for (const key of keys) {
    for (const [name, form] of Object.entries(keyEncodings(key))) {
      // a base64 text without its padding, and as a JSON document or SQLite's JSON stores it
      const bare = name === 'base64urlInBasicHeader' ? form.slice('Basic '.length) : form;
      const needle = bare.replace(/=+$/, '');
      if (needle.length < 6) continue;
      if (text.includes(needle) || text.includes(JSON.stringify(needle).slice(1, -1))) found.push(`${name} of ${key.slice(0, 6)}…`);
    }
  }
  return found;
}
