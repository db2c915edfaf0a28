// The update rehearsal: the release workflow installs a build of this commit with a lower version,
// serves a newer build's installers from a feed on 127.0.0.1, and has the installed app find,
// download and apply the update by itself. Pure: the shell passes what it knows and acts on the answer.
//
// Two keys must both be present, so an editor's copy never takes part:
//   - the build's own package.json carries "updateRehearsal": true. Only the workflow's rehearsal
//     builds set it (extraMetadata in scripts/update-rehearsal.mjs config); a release build does not,
//     and the packaged package.json sits in app.asar, whose integrity the fuses check.
//   - the environment names the feed: REFEREE_DESK_UPDATE_REHEARSAL_FEED=http://127.0.0.1:<port>/
//     (loopback only: the rehearsal never fetches from another machine).
// A rehearsal build records every start and the updater's steps in <userData>/update-rehearsal.log,
// whether or not the feed is named, so the workflow can see which version ran after the update
// (macOS relaunches the updated app without the old process's environment).

import { parseUrl } from './web-url';

export const UPDATE_REHEARSAL_FEED_ENV = 'REFEREE_DESK_UPDATE_REHEARSAL_FEED';
/** The packaged package.json key a rehearsal build carries (extraMetadata.updateRehearsal: true). */
export const UPDATE_REHEARSAL_KEY = 'updateRehearsal';
export const UPDATE_REHEARSAL_LOG = 'update-rehearsal.log';
const MAX_FEED_URL = 200;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

export interface UpdateRehearsalInput {
  isPackaged: boolean;
  /** The app's own package.json, parsed (null when unreadable). */
  packageJson: unknown;
  env: Readonly<Record<string, string | undefined>>;
}

export interface UpdateRehearsal {
  /** Record starts and updater steps in the rehearsal log (a rehearsal build). */
  log: boolean;
  /** Check this generic feed at once and apply what it downloads; null: the normal updater. */
  feedUrl: string | null;
  /** Why a named feed is not used (to log), or null. */
  ignored: string | null;
}

const OFF: UpdateRehearsal = { log: false, feedUrl: null, ignored: null };

/** The feed as a loopback http URL ending in '/', else null. */
export function loopbackFeedUrl(text: string): string | null {
  if (text.length > MAX_FEED_URL) return null;
  const url = parseUrl(text);
  if (!url) return null;
  if (url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname)) return null;
  if (url.username || url.password || url.search || url.hash) return null;
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

export function updateRehearsal(input: UpdateRehearsalInput): UpdateRehearsal {
  const named = input.env[UPDATE_REHEARSAL_FEED_ENV]?.trim() || null;
  const pkg = input.packageJson;
  const rehearsalBuild =
    input.isPackaged && typeof pkg === 'object' && pkg !== null && (pkg as Record<string, unknown>)[UPDATE_REHEARSAL_KEY] === true;
  if (!rehearsalBuild)
    return named ? { ...OFF, ignored: `${UPDATE_REHEARSAL_FEED_ENV} is ignored: this is not an update rehearsal build.` } : OFF;
  if (!named) return { log: true, feedUrl: null, ignored: null };
  const feedUrl = loopbackFeedUrl(named);
  if (!feedUrl)
    return { log: true, feedUrl: null, ignored: `${UPDATE_REHEARSAL_FEED_ENV} must be an http URL on 127.0.0.1, [::1] or localhost.` };
  return { log: true, feedUrl, ignored: null };
}

/** One line of the rehearsal log: when, which version (and process) wrote it, what happened. */
export function rehearsalLogLine(at: Date, version: string, pid: number, event: string, detail = ''): string {
  return `${JSON.stringify({ at: at.toISOString(), version, pid, event, ...(detail ? { detail } : {}) })}\n`;
}
