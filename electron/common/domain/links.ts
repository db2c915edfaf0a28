// Links to the web made from a value the service sent (a candidate's profile page). Only an https address
// without credentials becomes a link; anything else (javascript:, data:, file:, http:, user:pass@) is not
// linked, so the window never offers to open it. The Electron shell refuses such URLs too
// (isSafeExternalUrl); this keeps the browser host and the markup itself clean.
import { parseUrl } from '../web-url';

/** Longest profile address linked, as for mailto: links in the Electron shell. */
export const MAX_WEB_HREF = 2048;

/** The address as an https link (normalised by the URL parser), or null when it must not be linked. */
export function webHref(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length > MAX_WEB_HREF) return null;
  const url = parseUrl(raw.trim());
  if (!url || url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.hostname === '') return null;
  return url.href.length <= MAX_WEB_HREF ? url.href : null;
}
