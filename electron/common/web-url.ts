// The WHATWG URL parser, global in Node and in browsers. Common's type check has neither library, so the
// part this layer uses is declared here, once.

export interface ParsedUrl {
  href: string;
  protocol: string;
  hostname: string;
  username: string;
  password: string;
  search: string;
  hash: string;
  origin: string;
  pathname: string;
}
declare const URL: new (input: string) => ParsedUrl;

/** The parsed URL, or null when the text is not one. */
export function parseUrl(input: string): ParsedUrl | null {
  try {
    return new URL(input);
  } catch {
    return null;
  }
}
