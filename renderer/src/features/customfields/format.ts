// Plain-words descriptions of custom fields (spec §2.9): scopes, kinds, and the value formats a
// field takes when an author from group is written and how the service returns it on read.
import type { CustomFieldKind, CustomFieldRow, CustomFieldScope } from '../../../../electron/common/shapes';

export const SCOPES: ReadonlyArray<{ scope: CustomFieldScope; title: string; note: string }> = [
  {
    scope: 'author_from_group',
    title: 'Authors from groups',
    note: 'Extra fields of an author in a group: filled in Groups, sent with the author.',
  },
  { scope: 'folder', title: 'Folders', note: 'Defined for folders; the service’s API does not describe setting or reading their values.' },
  {
    scope: 'proposal',
    title: 'Manuscripts (proposals)',
    note: 'Defined for manuscripts; the service’s API does not describe setting or reading their values.',
  },
];

const KINDS: Record<string, { label: string; sent: string; read: string }> = {
  number: { label: 'Number', sent: 'a whole or decimal number', read: 'a decimal number' },
  str: { label: 'Text', sent: 'text', read: 'text' },
  date: { label: 'Date', sent: 'a date, YYYY-MM-DD', read: 'a date, YYYY-MM-DD' },
  single_option: { label: 'One option', sent: 'the id of the chosen option', read: 'the id of the chosen option' },
  multi_option: { label: 'Several options', sent: 'a list of the chosen options’ ids', read: 'a list of the chosen options’ ids' },
};

/** The kind's label and its value formats; a kind this version does not know is said so. */
export function kindFormat(kind: CustomFieldKind): { label: string; sent: string; read: string; known: boolean } {
  const k = KINDS[kind];
  return k
    ? { ...k, known: true }
    : { label: kind, sent: 'not known to this version (shown read-only)', read: 'as the service sends it', known: false };
}

export function byScope(rows: readonly CustomFieldRow[]): Map<CustomFieldScope, CustomFieldRow[]> {
  const out = new Map<CustomFieldScope, CustomFieldRow[]>(SCOPES.map((s) => [s.scope, []]));
  for (const r of rows) out.get(r.scope)?.push(r);
  for (const list of out.values()) list.sort((a, b) => a.position - b.position);
  return out;
}

const DAY = 24 * 3600_000;

/**
 * How fresh the list is, for the line above it. `fetchedAt` is when the service last answered
 * (null: nothing cached); `unreachable` says the last attempt to ask it failed (offline).
 */
export function freshness(fetchedAt: number | null, opts: { unreachable: boolean; now: number }): { text: string; stale: boolean } {
  const at = fetchedAt === null ? '' : new Date(fetchedAt).toLocaleString();
  if (fetchedAt === null) {
    return opts.unreachable
      ? { text: 'Nothing cached yet, and the service could not be reached. Refresh once online.', stale: true }
      : { text: 'The organization has no custom fields.', stale: false };
  }
  if (opts.unreachable) return { text: `The service could not be reached: showing the list cached at ${at}.`, stale: true };
  if (opts.now - fetchedAt > DAY)
    return { text: `Cached at ${at}, more than a day ago: Refresh reads the service’s list again.`, stale: true };
  return { text: `Cached at ${at}.`, stale: false };
}
