import { contactProblems } from '../../../../electron/common/domain/authors';
// The author editor's draft: what Replace sends (the whole record), what Save changes sends (only
// the fields whose value differs from the author the draft was loaded from), and what is refused.
import {
  customFieldValueProblem,
  customFieldValueSchema,
  isKnownCustomFieldKind,
  type AuthorFromGroupPatch,
  type AuthorFromGroupPut,
  type CustomFieldValue,
} from '../../../../electron/common/service';
import type { CustomFieldRow, GroupAuthorRow } from '../../../../electron/common/shapes';

const LIST_KEYS = ['emails', 'orcids', 'articles', 'affiliations'] as const;

export interface AuthorDraft {
  clientId: string;
  name: string;
  emails: string;
  orcids: string;
  articles: string;
  affiliations: string;
  custom: Record<string, unknown>;
  /** The client id of the cached author the draft was loaded from; null for a new author. */
  origin: string | null;
}

/** Splits a list typed in the editor or read from a CSV cell: values separated by ';' or a line break. */
export const splitList = (s: string): string[] =>
  s
    .split(/[;\n]/)
    .map((x) => x.trim())
    .filter(Boolean);

const joined = (v: string[] | null | undefined) => (v ?? []).join('; ');

export const emptyDraft = (): AuthorDraft => ({
  clientId: '',
  name: '',
  emails: '',
  orcids: '',
  articles: '',
  affiliations: '',
  custom: {},
  origin: null,
});

export const draftOf = (a: GroupAuthorRow): AuthorDraft => ({
  clientId: a.clientId,
  name: a.name ?? '',
  emails: joined(a.emails),
  orcids: joined(a.orcids),
  articles: joined(a.articles),
  affiliations: joined(a.affiliations),
  custom: { ...a.customFields },
  origin: a.clientId,
});

/** The cached author a partial edit applies to: the one the draft was loaded from, as long as its
 * client id was not changed in the editor. */
export function draftBase(draft: AuthorDraft, authors: readonly GroupAuthorRow[]): GroupAuthorRow | null {
  if (draft.origin === null || draft.clientId.trim() !== draft.origin) return null;
  return authors.find((a) => a.clientId === draft.origin) ?? null;
}

/** Custom values compared as the service stores them: absent is null, option lists are sets. */
const canonical = (v: unknown): string =>
  JSON.stringify(v === undefined ? null : Array.isArray(v) ? [...(v as unknown[])].map(String).sort() : v);

/** The fields (standard keys and custom api_ids) whose draft value differs from `base`. */
export function changedFields(draft: AuthorDraft, base: GroupAuthorRow | null, fields: readonly CustomFieldRow[]): string[] {
  if (base === null) return [];
  const out: string[] = [];
  if (draft.name.trim() !== (base.name ?? '').trim()) out.push('name');
  for (const k of LIST_KEYS) if (JSON.stringify(splitList(draft[k])) !== JSON.stringify(base[k] ?? [])) out.push(k);
  for (const f of fields) {
    if (isKnownCustomFieldKind(f.dataKind) && canonical(draft.custom[f.apiId]) !== canonical(base.customFields[f.apiId])) out.push(f.apiId);
  }
  return out;
}

const valueOf = (draft: AuthorDraft, apiId: string): unknown => draft.custom[apiId] ?? null;

/** §4.2 body: the whole record; lists and custom fields left empty are left out (the service clears them). */
export function fullBody(draft: AuthorDraft, fields: readonly CustomFieldRow[]): AuthorFromGroupPut {
  const body: AuthorFromGroupPut = { name: draft.name.trim() };
  for (const k of LIST_KEYS) if (draft[k].trim() !== '') body[k] = splitList(draft[k]);
  const custom: Record<string, CustomFieldValue> = {};
  for (const f of fields) {
    const v = customFieldValueSchema.safeParse(valueOf(draft, f.apiId));
    if (v.success && v.data !== null) custom[f.apiId] = v.data;
  }
  if (Object.keys(custom).length > 0) body.customFields = custom;
  return body;
}

/** §4.3 body: only the changed fields; an emptied list or custom field is sent as null (cleared). */
export function partialBody(draft: AuthorDraft, changed: readonly string[]): AuthorFromGroupPatch {
  const body: AuthorFromGroupPatch = {};
  const custom: Record<string, CustomFieldValue> = {};
  for (const k of changed) {
    if (k === 'name') body.name = draft.name.trim();
    else if (k === 'emails' || k === 'orcids' || k === 'articles' || k === 'affiliations')
      body[k] = draft[k].trim() === '' ? null : splitList(draft[k]);
    else custom[k] = valueOf(draft, k) as CustomFieldValue;
  }
  if (Object.keys(custom).length > 0) body.customFields = custom;
  return body;
}

/** Why the draft cannot be sent as a whole record (Replace/Create), or null. */
export function replaceProblem(draft: AuthorDraft, fields: readonly CustomFieldRow[]): string | null {
  if (draft.name.trim() === '') return 'An author needs a name.';
  const contact = contactProblems(splitList(draft.emails), splitList(draft.orcids));
  if (contact.length > 0) return contact.join(' ');
  for (const f of fields) {
    const value = valueOf(draft, f.apiId);
    if (isKnownCustomFieldKind(f.dataKind)) {
      const problem = customFieldValueProblem(f, value);
      if (problem) return `${problem}.`;
    } else if (!customFieldValueSchema.safeParse(value).success) {
      return `${f.name} (kind “${f.dataKind}”) holds a value this version cannot send back, so a full replace would clear it: use Save changes instead.`;
    }
  }
  return null;
}

/** Why the changed fields cannot be sent as a partial update, or null. */
export function partialProblem(draft: AuthorDraft, changed: readonly string[], fields: readonly CustomFieldRow[]): string | null {
  if (changed.length === 0) return 'Nothing changed: edit a field of the selected author first.';
  if (changed.includes('name') && draft.name.trim() === '') return 'An author needs a name: it cannot be cleared.';
  const contact = contactProblems(
    changed.includes('emails') ? splitList(draft.emails) : [],
    changed.includes('orcids') ? splitList(draft.orcids) : [],
  );
  if (contact.length > 0) return contact.join(' ');
  for (const f of fields) {
    if (!changed.includes(f.apiId)) continue;
    const problem = customFieldValueProblem(f, valueOf(draft, f.apiId));
    if (problem) return `${problem}.`;
  }
  return null;
}
