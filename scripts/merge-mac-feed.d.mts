export interface MacFeed {
  version: string;
  files?: Array<{ url: string; sha512: string; size?: number }>;
  path?: string;
  sha512?: string;
  releaseDate?: string;
}
export function mergeMacFeeds(feeds: MacFeed[]): MacFeed;
export function parseFeed(text: string): MacFeed;
export function formatFeed(feed: MacFeed): string;
