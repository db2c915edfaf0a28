// Errors in the editor's words: the one place where a contract field path becomes the label the form
// shows, and where a schema's message becomes a sentence that says what to do. Nothing on screen names a
// channel, a schema or a field path.

/** The labels the forms use, by the last segment of a contract or service field path. */
export const FIELD_LABELS: Record<string, string> = {
  folder: 'Folder',
  origin_id: 'Manuscript id',
  title: 'Title',
  abstract: 'Abstract',
  authors_count: 'Number of authors',
  min_h_index: 'Min h-index',
  max_h_index: 'Max h-index',
  min_academic_age: 'Min academic age',
  max_academic_age: 'Max academic age',
  min_articles_count: 'Min articles',
  max_articles_count: 'Max articles',
  minHIndex: 'Min h-index',
  maxHIndex: 'Max h-index',
  minArticles: 'Min articles',
  maxArticles: 'Max articles',
  minCitations: 'Min citations',
  maxCitations: 'Max citations',
  minScore: 'Min score',
  text: 'Search text',
  group_name: 'Group name',
  owner_team: 'Owner team',
  editor_teams: 'Editor teams',
  viewer_teams: 'Viewer teams',
  serviceId: 'Group id',
  clientId: 'Author id',
  name: 'Name',
  emails: 'E-mails',
  email: 'E-mail',
  orcids: 'ORCIDs',
  orcid: 'ORCID',
  articles: 'Articles',
  affiliations: 'Affiliations',
  aff: 'Affiliation',
  baseUrl: 'Service address',
  apiKey: 'API key',
};

/** The pairs of bounds a form offers, by their field names (upload form and candidate filters). */
const RANGES: Array<[lo: string, hi: string]> = [
  ['min_h_index', 'max_h_index'],
  ['min_academic_age', 'max_academic_age'],
  ['min_articles_count', 'max_articles_count'],
  ['minHIndex', 'maxHIndex'],
  ['minArticles', 'maxArticles'],
  ['minCitations', 'maxCitations'],
];

export function fieldLabel(path: string | undefined): string | null {
  if (!path) return null;
  const parts = path.split('.');
  const last = parts.at(-1) ?? '';
  // authors.2.email → "Author 3 e-mail"
  const author = /^authors$/.test(parts.at(-3) ?? '') ? Number(parts.at(-2)) : Number.NaN;
  const label = FIELD_LABELS[last] ?? null;
  if (label && Number.isInteger(author)) return `Author ${author + 1} ${label.toLowerCase()}`;
  return label;
}

/** Bounds that cannot hold together, in plain words; null when they are fine. */
export function boundsProblem(form: object): { field: string; message: string } | null {
  const values = form as Record<string, unknown>;
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  for (const [lo, hi] of RANGES) {
    const a = num(values[lo]);
    const b = num(values[hi]);
    if (a != null && (!Number.isInteger(a) || a < 0))
      return { field: lo, message: `${FIELD_LABELS[lo]} must be a whole number, 0 or more.` };
    if (b != null && (!Number.isInteger(b) || b < 0))
      return { field: hi, message: `${FIELD_LABELS[hi]} must be a whole number, 0 or more.` };
    if (a != null && b != null && a > b)
      return {
        field: lo,
        message: `${FIELD_LABELS[lo]} (${a}) is above ${FIELD_LABELS[hi]} (${b}): lower the minimum or raise the maximum.`,
      };
  }
  return null;
}

/** A schema message ("Too small: expected number to be >=0") as a sentence about the labelled field. */
function issueText(label: string, raw: string): string {
  const m = raw.toLowerCase();
  if (/is required|expected string, received undefined|too small: expected string/.test(m)) return `${label} is required: fill it in.`;
  if (/too small: expected number|>=0|nonnegative/.test(m)) return `${label} must be 0 or more.`;
  if (/expected int|integer/.test(m)) return `${label} must be a whole number.`;
  if (/expected number/.test(m)) return `${label} must be a number.`;
  if (/too big|too long|at most/.test(m)) return `${label} is too long: shorten it.`;
  if (/email/.test(m)) return `${label} is not an e-mail address: check it.`;
  if (/url/.test(m)) return `${label} is not a web address (it starts with https://).`;
  return `${label} is not valid: check it.`;
}

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  field?: unknown;
}

/**
 * The one way an error reaches the screen. Input the contract refused names the field as the form
 * labels it; a range error says which bound to change; anything else keeps core's message, which is
 * already written for editors, with any "Invalid request to <channel>:" prefix taken off.
 */
export function editorMessage(err: unknown): string {
  const e: ErrorLike = typeof err === 'object' && err !== null ? (err as ErrorLike) : { message: String(err) };
  const message = typeof e.message === 'string' ? e.message : String(err);
  const field = typeof e.field === 'string' ? e.field : undefined;
  const detail = message
    .replace(/^Invalid request to [\w.]+:\s*/, '')
    .replace(/^[\w.]+:\s*/, (p) => (field && p.startsWith(field) ? '' : p));
  if (e.code === 'invalid_input' || e.code === 'invalid_request') {
    const label = fieldLabel(field);
    // A range refusal names both fields: say it with the form's labels.
    const range = RANGES.find(([lo, hi]) => field?.endsWith(lo) || field?.endsWith(hi) || (detail.includes(lo) && detail.includes(hi)));
    if (range && /above|empty|greater|exceed/.test(detail))
      return `${FIELD_LABELS[range[0]]} is above ${FIELD_LABELS[range[1]]}: lower the minimum or raise the maximum.`;
    if (label) return issueText(label, detail);
    return 'Something in the form is not valid: check the fields and try again.';
  }
  return detail.replace(/\b[a-z]+\.[a-z][A-Za-z]+:\s*/g, '');
}

/** A message as the window shows it: the editor's sentence, and the technical one it came from (for "Details"). */
export interface Worded {
  text: string;
  /** The message as core wrote it (addresses, exit codes, HTTP statuses), shown only inside a "Details" disclosure; null
   *  when the message is already in the editor's words. */
  detail: string | null;
}

const SETTINGS_ADDRESS = 'check the service’s address in Settings';
const RESTART_HINT = 'Restart it with “Restart the demo service” at the bottom of the window.';

/**
 * The service's and the processes' messages in the editor's words, matched on the sentences core writes
 * (core/api/errors.ts, core/api/answer.ts, core/api/client.ts, core/demo/supervisor.ts, core/composition.ts).
 * Core keeps the technical sentence for its log; the window shows `say` and keeps the original under "Details".
 * The first rule that matches wins.
 */
export const SERVICE_WORDING: ReadonlyArray<{ match: RegExp; say: (m: RegExpMatchArray) => string }> = [
  { match: /^The local demo service stopped unexpectedly\b/i, say: () => `The demo service stopped. ${RESTART_HINT}` },
  {
    match: /^The local demo service stopped and could not be restarted\b/i,
    say: () => `The demo service stopped and did not start again. ${RESTART_HINT}`,
  },
  { match: /^The local demo service could not start\b/i, say: () => `The demo service did not start. ${RESTART_HINT}` },
  {
    match: /^Cannot (?:reach|talk to) the service at \S+ \(/,
    say: () => `The service cannot be reached. Check that this computer is online; if it is, ${SETTINGS_ADDRESS}.`,
  },
  {
    match: /^The service at \S+ did not accept a connection in time/,
    say: () => `The service did not answer in time. Check that this computer is online; if it is, ${SETTINGS_ADDRESS}.`,
  },
  {
    match: /^The service at \S+ did not answer in time while ([^.]+)\./,
    say: (m) => `The service did not answer in time while ${m[1]}. Try again.`,
  },
  {
    match: /^The service at \S+ stopped sending its answer while ([^.]+)\./,
    say: (m) => `The service’s answer broke off while ${m[1]}. Try again.`,
  },
  {
    match: /^The connection to the service at \S+ was lost while ([^.]+)\./,
    say: (m) => `The connection to the service was lost while ${m[1]}. Try again.`,
  },
  {
    match: /^The service had a problem \(HTTP \d+\) while ([^.]+)\./,
    say: (m) => `The service had a problem while ${m[1]}. Try again later.`,
  },
  {
    match: /^The service answered .* with an unexpected HTTP \d+/,
    say: () => `The service gave an answer this app does not understand: ${SETTINGS_ADDRESS}.`,
  },
  {
    match: /^The service could not find what (.+) needs \(404\)/,
    say: (m) => `The service could not find what ${m[1]} needs: ${SETTINGS_ADDRESS}.`,
  },
  {
    match: /with a web page instead of data/,
    say: () => `The service’s address answers with a web page (perhaps a sign-in page) instead of the service: ${SETTINGS_ADDRESS}.`,
  },
  {
    match: /^The service redirected\b/,
    say: () => `The service’s address sends the app elsewhere (often a sign-in page): ${SETTINGS_ADDRESS}.`,
  },
  {
    match: /^The service's answer to (.+) was cut off \(incomplete JSON\)/,
    say: (m) => `The service’s answer to ${m[1]} was cut off. Try again.`,
  },
  {
    match: /^The service answered (.+) with something that is not JSON/,
    say: (m) => `The service’s answer to ${m[1]} could not be read: ${SETTINGS_ADDRESS}.`,
  },
  {
    match: /^(Your organization's plan does not include .+?) \(the service refused with 403\)\.(.*)$/,
    say: (m) => `${m[1]}.${m[2] ?? ''}`,
  },
  {
    match: /^The service refused (.+?) for this API key \(403\): (.*)$/,
    say: (m) => `The service refused ${m[1]} for this API key: ${m[2]}`,
  },
  { match: /^The service rejected (.+?): HTTP \d+\.$/, say: (m) => `The service refused ${m[1]}.` },
];

/** Field and status markers left in a sentence no rule rewrote whole: "(field client_id)", "(HTTP 409)". */
function stripMarkers(message: string): string {
  return message
    .replace(/\s*\(field ([\w.-]+)\)/g, (_m, f: string) => (FIELD_LABELS[f] ? ` (${FIELD_LABELS[f]})` : ''))
    .replace(/\s*\(HTTP \d+\)/g, '');
}

/** Any message the window shows, in the editor's words, with the technical original kept apart for "Details". */
export function inEditorWords(message: string): Worded {
  const trimmed = message.trim();
  // The status bar adds the queue's counts to core's sentence ("… — 2 changes queued — 1 needs attention"): they stay.
  const counts = /(?: — \d+ changes? queued)?(?: — \d+ needs? attention)?$/.exec(trimmed)?.[0] ?? '';
  const head = counts ? trimmed.slice(0, -counts.length) : trimmed;
  for (const rule of SERVICE_WORDING) {
    const m = head.match(rule.match);
    if (m) return { text: rule.say(m) + counts, detail: head };
  }
  const text = stripMarkers(trimmed);
  return { text, detail: text === trimmed ? null : trimmed };
}

/** What one "Sync now" did, as core counts it (outbox DrainResult) and what is left in the queue after it. */
export interface SyncCounts {
  sent: number;
  retried: number;
  parked: number;
  stoppedBy: { action: string; code: string; message: string } | null;
}

const changes = (n: number) => `${n} ${n === 1 ? 'change' : 'changes'}`;

/**
 * The outcome of "Sync now" in one sentence, whatever happened: offline, nothing to send, sent, refused or
 * stopped. `reason` is core's own sentence on why sending stopped (worded where it is shown), else null.
 */
export function syncOutcome(
  r: SyncCounts,
  left: { pending: number; parked: number },
): { text: string; reason: string | null; ok: boolean; offline: boolean } {
  const parts: string[] = [];
  if (r.sent > 0) parts.push(`Sent ${changes(r.sent)}.`);
  if (r.parked > 0) parts.push(`${changes(r.parked)} refused by the service: see below.`);
  if (r.stoppedBy?.code === 'offline' || r.stoppedBy?.code === 'timeout') {
    const stay = left.pending === 1 ? 'stays queued and goes' : 'stay queued and go';
    parts.push(
      left.pending > 0
        ? `The service cannot be reached: ${changes(left.pending)} ${stay} as soon as it answers.`
        : 'The service cannot be reached; nothing is waiting to be sent.',
    );
    return { text: parts.join(' '), reason: r.stoppedBy.message, ok: false, offline: true };
  }
  if (r.stoppedBy) {
    parts.push(`Sending stopped${left.pending > 0 ? ` with ${changes(left.pending)} still queued` : ''}:`);
    return { text: parts.join(' '), reason: r.stoppedBy.message, ok: false, offline: false };
  }
  if (r.retried > 0) parts.push(`${changes(r.retried)} will be tried again shortly.`);
  else if (left.pending > 0) parts.push(`${changes(left.pending)} still queued.`);
  if (parts.length === 0)
    parts.push(
      left.parked > 0
        ? `Nothing new to send; ${changes(left.parked)} ${left.parked === 1 ? 'needs' : 'need'} your attention below.`
        : 'Nothing to send: the service has every change.',
    );
  return { text: parts.join(' '), reason: null, ok: r.parked === 0 && r.retried === 0, offline: false };
}
