// Redaction of secrets (the API key) in every form a client, a proxy or a service may write it in:
// raw, URL-encoded (percent and form style), JSON-escaped, hex, and base64/base64url — the latter
// at each of the three byte alignments, so the key is also found inside a longer encoded text such
// as an echoed "Authorization: Basic …" header or a base64 dump of the request.

const MARK = '[redacted]';
/** Shorter encoded fragments could match ordinary text. */
const MIN_FORM = 6;

const cache = new Map<string, string[]>();

/** The characters of base64 text (alphabet of `encoding`) that depend on the secret's bytes only,
 * for the secret starting at byte offset `shift` (0, 1 or 2) of the encoded data. */
function base64Core(secret: Buffer, shift: number, encoding: 'base64' | 'base64url'): string {
  const text = Buffer.concat([Buffer.alloc(shift), secret]).toString(encoding);
  const first = Math.ceil((8 * shift) / 6);
  const end = Math.floor((8 * (shift + secret.length)) / 6);
  return text.slice(first, end);
}

/** Every form of `secret` looked for, longest first. */
export function secretForms(secret: string): string[] {
  const hit = cache.get(secret);
  if (hit) return hit;
  const bytes = Buffer.from(secret, 'utf8');
  const forms = new Set<string>([
    secret,
    encodeURIComponent(secret),
    new URLSearchParams({ k: secret }).toString().slice(2),
    JSON.stringify(secret).slice(1, -1),
  ]);
  forms.add(encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()));
  forms.add(bytes.toString('hex'));
  forms.add(bytes.toString('hex').toUpperCase());
  for (const shift of [0, 1, 2]) {
    forms.add(base64Core(bytes, shift, 'base64'));
    forms.add(base64Core(bytes, shift, 'base64url'));
  }
  const list = [...forms].filter((f) => f === secret || f.length >= MIN_FORM).sort((a, b) => b.length - a.length);
  if (cache.size > 64) cache.clear();
  cache.set(secret, list);
  return list;
}

/** Replaces every form of every secret (4 characters or more) in `text` with "[redacted]". */
export function redact(text: string, secrets: Iterable<string>): string {
  let out = text;
  for (const s of secrets) {
    if (s.length < 4) continue;
    for (const form of secretForms(s)) if (out.includes(form)) out = out.split(form).join(MARK);
  }
  return out;
}

/** Whether `text` holds any form of any secret. */
export function containsSecret(text: string, secrets: Iterable<string>): boolean {
  for (const s of secrets) {
    if (s.length < 4) continue;
    for (const form of secretForms(s)) if (text.includes(form)) return true;
  }
  return false;
}
