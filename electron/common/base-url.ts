// The one rule for a service's base URL, used by the contract (profiles.save is refused at the
// router), by the profiles (what is stored) and by the API client (what is called): https anywhere,
// http only on this computer (the key would otherwise cross the network in clear text), no user
// name, query or fragment; stored as origin + path without trailing slashes.
import { DeskError } from './errors';
import { trimEndWhere } from './linear';
import { parseUrl, type ParsedUrl } from './web-url';

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** The URL and what is wrong with it in the editor's words (problem null: it is fine). */
function check(input: string): { url: ParsedUrl | null; problem: string | null } {
  const url = parseUrl(input.trim());
  if (!url) return { url: null, problem: `"${input}" is not a web address. It should look like https://referee.example.org` };
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.test(url.hostname)))
    return { url, problem: 'The service address must start with https:// (plain http:// is allowed only for a service on this computer).' };
  if (url.username || url.password || url.search || url.hash)
    return { url, problem: 'The service address may not carry a user name, a query or a fragment.' };
  return { url, problem: null };
}

/** What is wrong with a base URL, in the editor's words; null when it is fine. */
export function baseUrlProblem(input: string): string | null {
  return check(input).problem;
}

/** Validates and normalizes a base URL (the rule above); a bad one throws invalid_input on `baseUrl`. */
export function normalizeBaseUrl(input: string): string {
  const { url, problem } = check(input);
  if (problem !== null || url === null) throw new DeskError('invalid_input', problem ?? 'invalid base URL', { field: 'baseUrl' });
  return url.origin + trimEndWhere(url.pathname, (c) => c === '/');
}
