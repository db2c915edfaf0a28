// E-mail addresses made into mailto: links (RFC 6068). An address comes from the service or a file, so
// it may carry a query (`a@x?bcc=…&body=…`) or several recipients (`a@x,b@y`): only a single address is
// linked, and its path is percent-encoded so nothing in it can become a header.

/** RFC 5321's limits: 64 characters before the @, 254 in all. */
export const MAX_LOCAL_PART = 64;
export const MAX_ADDRESS = 254;

/**
 * Characters of the local part: RFC 5322's atext without `?` (which no mail client reads as part of a
 * path), letters and digits of any script (RFC 6531), dots between them.
 */
const LOCAL = /^[\p{L}\p{M}\p{N}!#$%&'*+\-/=^_`{|}~]+(\.[\p{L}\p{M}\p{N}!#$%&'*+\-/=^_`{|}~]+)*$/u;
/** A domain: two or more labels of letters, digits and inner hyphens. No address literals ([1.2.3.4]). */
const DOMAIN =
  /^(?:[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?\.)+[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?$/u;

/**
 * The address as one addr-spec (spaces around it trimmed, NFC), or null when it is not exactly one:
 * no second @, no `?`, `,`, `;`, quotes, brackets, whitespace or control characters anywhere.
 */
export function singleAddress(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length > MAX_ADDRESS * 4) return null;
  const s = raw.trim().normalize('NFC');
  if (s.length > MAX_ADDRESS) return null;
  const at = s.indexOf('@');
  if (at < 1 || at !== s.lastIndexOf('@')) return null;
  const local = s.slice(0, at);
  const domain = s.slice(at + 1);
  return local.length <= MAX_LOCAL_PART && LOCAL.test(local) && DOMAIN.test(domain) ? s : null;
}

/** The mailto: path for an address: each side percent-encoded as UTF-8, the @ kept. Null when not a single address. */
export function mailtoPath(raw: string | null | undefined): string | null {
  const s = singleAddress(raw);
  if (s === null) return null;
  const at = s.indexOf('@');
  return `${encodeURIComponent(s.slice(0, at))}@${encodeURIComponent(s.slice(at + 1))}`;
}

/** `mailto:` and the encoded address, or null (then show the address as text, without a link). */
export function mailtoHref(raw: string | null | undefined): string | null {
  const path = mailtoPath(raw);
  return path === null ? null : `mailto:${path}`;
}

/**
 * The single addresses among some values, in order, for pasting into a To: field: empty values and values
 * that are not one address (`a@x,b@y` would paste as two recipients) are left out.
 */
export const singleAddresses = (values: ReadonlyArray<string | null | undefined>): string[] =>
  values.map(singleAddress).filter((e): e is string => e !== null);

/**
 * An address shortened to `max` characters for a narrow place, cut in the middle so that neither end is lost:
 * the local part loses its end ("sakura.hash…@uonbi.ac.ke"), the domain stays whole while it leaves the local
 * part three characters; else both ends show around one ellipsis. The whole address is never broken across lines
 * (the cell shows this text on one line, the whole one on hover and focus, and the copy button copies it).
 */
export function shortAddress(address: string, max: number): string {
  const limit = Math.max(8, Math.floor(max));
  if (address.length <= limit) return address;
  const at = address.lastIndexOf('@');
  const domain = at > 0 ? address.slice(at) : '';
  if (domain && domain.length + 4 <= limit) return `${address.slice(0, limit - domain.length - 1)}…${domain}`;
  const head = Math.ceil((limit - 1) / 2);
  return `${address.slice(0, head)}…${address.slice(address.length - (limit - 1 - head))}`;
}
