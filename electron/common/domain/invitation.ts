// Invitations: a template with {{placeholders}} filled per person, and the mailto: URL (RFC 6068)
// that opens the system mail client with it.

import { mailtoPath } from './mailto';

export const PLACEHOLDERS = {
  name: 'the reviewer’s full name',
  last_name: 'the reviewer’s last name',
  manuscript_title: 'the manuscript’s title',
  abstract: 'the manuscript’s whole abstract (too long for a mail link as a rule)',
  abstract_excerpt: 'the abstract’s first sentences, short enough for a mail link',
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

/**
 * Fits a mail link: the abstract as an excerpt (the dialog copies the whole one), and each sentence that
 * depends on a value on a line of its own, so an empty value leaves its line out (fillTemplate).
 */
export const DEFAULT_TEMPLATE: InvitationTemplate = {
  subject: 'Invitation to review: {{manuscript_title}}',
  body: [
    'Dear {{name}},',
    '',
    'I would like to invite you to review the manuscript “{{manuscript_title}}”, submitted to {{journal}}.',
    '',
    'From the abstract: {{abstract_excerpt}}',
    '',
    'Please let me know whether you are able to review it.',
    'If you can accept, I would be grateful for your report by {{due_date}}.',
    '',
    'With best regards,',
    '{{editor_name}}',
  ].join('\n'),
};

/** Longest excerpt of the abstract, as percent-encoded in a mailto: URL (the default template's other text and a long title fit beside it). */
export const MAX_EXCERPT_ENCODED = 700;

/**
 * The abstract's beginning for a mail link: whole sentences while they fit in `maxEncoded` characters
 * once percent-encoded, else whole words, ending with "…" when shortened. Whitespace runs become one space.
 */
export function abstractExcerpt(abstract: string | null | undefined, maxEncoded = MAX_EXCERPT_ENCODED): string {
  const text = (abstract ?? '').replace(/\s+/g, ' ').trim();
  const cost = (s: string) => encodeURIComponent(s).length;
  if (cost(text) <= maxEncoded) return text;
  const budget = maxEncoded - cost(' …');
  // Whole sentences first: a sentence ends at . ! or ? followed by a space.
  let end = 0;
  for (const m of text.matchAll(/[.!?](?= )/g)) {
    const at = m.index + 1;
    if (cost(text.slice(0, at)) > budget) break;
    end = at;
  }
  if (end > 0) return `${text.slice(0, end)} …`;
  let cut = '';
  for (const word of text.split(' ')) {
    const next = cut ? `${cut} ${word}` : word;
    if (cost(next) > budget) break;
    cut = next;
  }
  // A first word longer than the whole budget: cut it between characters.
  if (!cut)
    for (const ch of text) {
      if (cost(cut + ch) > budget) break;
      cut += ch;
    }
  return `${cut} …`;
}

/** The due date `days` days after `from`, as YYYY-MM-DD in local time (the editor's calendar). */
export function dueDateAfter(from: Date, days: number): string {
  const d = new Date(from.getFullYear(), from.getMonth(), from.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Days between the invitation and the report asked for, unless the editor chooses otherwise. */
export const DEFAULT_DUE_DAYS = 21;
export const MAX_DUE_DAYS = 365;

export const MAX_TEMPLATE_CHARS = 20_000;

const PLACEHOLDER_RE = /\{\{\s*([a-z_]+)\s*\}\}/g;

/**
 * Fills every {{placeholder}} in one pass, so a value that itself looks like a placeholder (a title
 * with "{{name}}" in it) is never expanded again. Unknown placeholders stay as written and are
 * listed, so Settings can point at a typo. `abstract_excerpt` is made from `abstract` unless given.
 * In a text of several lines (a body), a line whose placeholders all come out empty is left out (no
 * "report by ." and no empty signature line), with a blank line its removal would leave doubled; a
 * one-line text (a subject) keeps its words.
 */
export function fillTemplate(template: string, values: Partial<Record<Placeholder, string | null>>): { text: string; unknown: string[] } {
  const unknown = new Set<string>();
  const filled = { ...values, abstract_excerpt: values.abstract_excerpt ?? abstractExcerpt(values.abstract) };
  const source = template.split('\n');
  const lines: string[] = [];
  let dropped = false;
  for (const line of source) {
    let used = 0;
    let empty = 0;
    const text = line.replace(PLACEHOLDER_RE, (whole, key: string) => {
      if (!Object.prototype.hasOwnProperty.call(PLACEHOLDERS, key)) {
        unknown.add(key);
        return whole;
      }
      used++;
      const value = filled[key as Placeholder] ?? '';
      if (value.trim() === '') empty++;
      return value;
    });
    if (source.length > 1 && used > 0 && empty === used) {
      dropped = true;
      continue;
    }
    const blank = text.trim() === '';
    if (blank && dropped && (lines.length === 0 || lines[lines.length - 1]!.trim() === '')) continue;
    if (!blank) dropped = false;
    lines.push(text);
  }
  if (dropped) while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  return { text: lines.join('\n'), unknown: [...unknown] };
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
