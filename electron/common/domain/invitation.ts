// Invitations: a template with {{placeholders}} filled per person, and the mailto: URL (RFC 6068)
// that opens the system mail client with it.

import { mailtoPath } from './mailto';

export const PLACEHOLDERS = {
  name: 'the reviewer’s full name',
  last_name: 'the reviewer’s last name',
  manuscript_title: 'the manuscript’s title',
  abstract: 'the manuscript’s abstract',
  folder: 'the folder (journal) of the manuscript',
  journal: 'the same as folder',
  due_date: 'the due date set for this person (YYYY-MM-DD)',
  editor_name: 'your name, from Settings',
} as const;
export type Placeholder = keyof typeof PLACEHOLDERS;

export interface InvitationTemplate {
  subject: string;
  body: string;
}

export const DEFAULT_TEMPLATE: InvitationTemplate = {
  subject: 'Invitation to review: {{manuscript_title}}',
  body: [
    'Dear {{name}},',
    '',
    'I would like to invite you to review the manuscript “{{manuscript_title}}”, submitted to {{journal}}.',
    '',
    'Abstract:',
    '{{abstract}}',
    '',
    'If you can accept, I would be grateful for your report by {{due_date}}. Please let me know whether you are able to review it.',
    '',
    'With best regards,',
    '{{editor_name}}',
  ].join('\n'),
};

export const MAX_TEMPLATE_CHARS = 20_000;

const PLACEHOLDER_RE = /\{\{\s*([a-z_]+)\s*\}\}/g;

/**
 * Fills every {{placeholder}} in one pass, so a value that itself looks like a placeholder (a title
 * with "{{name}}" in it) is never expanded again. Unknown placeholders stay as written and are
 * listed, so Settings can point at a typo.
 */
export function fillTemplate(template: string, values: Partial<Record<Placeholder, string | null>>): { text: string; unknown: string[] } {
  const unknown = new Set<string>();
  const text = template.replace(PLACEHOLDER_RE, (whole, key: string) => {
    if (!Object.prototype.hasOwnProperty.call(PLACEHOLDERS, key)) {
      unknown.add(key);
      return whole;
    }
    return values[key as Placeholder] ?? '';
  });
  return { text, unknown: [...unknown] };
}

/** The placeholders a template uses that do not exist. */
export const unknownPlaceholders = (template: string): string[] => fillTemplate(template, {}).unknown;

/** Longest mailto: URL handed to the system: Windows refuses longer ones (2,048) and some mail clients cut earlier. */
export const MAX_MAILTO_CHARS = 2000;

/** Percent-encoded UTF-8; a lone surrogate (which has none) becomes U+FFFD rather than throwing. */
const encode = (s: string): string =>
  encodeURIComponent(s.normalize('NFC').replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

export interface MailtoResult {
  url: string;
  /** True when the body was shortened to fit; the full text must then be copied instead. */
  truncated: boolean;
  /** False when the person has no usable address (the URL then opens a message with no recipient). */
  hasRecipient: boolean;
}

/**
 * mailto:to?subject=…&body=… with every character percent-encoded as UTF-8 and line breaks as
 * %0D%0A (RFC 6068 §5). When the URL would be longer than `max`, the body is cut at a character
 * (never inside a surrogate pair or an escape) and ends with "…".
 */
export function mailtoUrl(msg: { to: string | null; subject: string; body: string }, max = MAX_MAILTO_CHARS): MailtoResult {
  const addr = mailtoPath(msg.to);
  const head = `mailto:${addr ?? ''}?subject=${encode(msg.subject)}`;
  const body = msg.body.replace(/\r\n|\r|\n/g, '\r\n');
  const build = (b: string) => (b === '' ? head : `${head}&body=${encode(b)}`);
  const full = build(body);
  if (full.length <= max) return { url: full, truncated: false, hasRecipient: addr !== null };
  const chars = Array.from(body);
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (build(chars.slice(0, mid).join('') + '…').length <= max) lo = mid;
    else hi = mid - 1;
  }
  const cut = build(chars.slice(0, lo).join('') + '…');
  // A subject alone longer than the bound: send no body rather than an over-long URL.
  return { url: cut.length <= max ? cut : head.slice(0, max).replace(/%[0-9A-F]?$/, ''), truncated: true, hasRecipient: addr !== null };
}
