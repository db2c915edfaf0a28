// Author from group (spec §2.1, §2.2, §4.1–4.4). Addressed by (group_id, client_id). Custom-field
// values travel as extra top-level keys named by the field's api_id, so the read schema is loose:
// every key the service sends is kept.
import { z } from 'zod';
import { customFieldValueSchema, type CustomFieldValue } from './customFields';

const nullableStrings = z.array(z.string()).nullable().default(null);

export const lastArticleSchema = z.looseObject({
  prophy_url: z.string(),
  title: z.string(),
  year: z.number().int(),
});
export type LastArticle = z.infer<typeof lastArticleSchema>;

/** §2.2, read only. */
export const linkedAuthorSchema = z.looseObject({
  id: z.number().int(),
  prophy_url: z.string(),
  name: z.string(),
  articles_count: z.number().int(),
  h_index: z.number().int(),
  last_articles: z.array(lastArticleSchema).default([]),
});
export type LinkedAuthor = z.infer<typeof linkedAuthorSchema>;

/** client_id (§4.1): the client's own id of an author, a path segment of every author URL. "." and
 * ".." would be removed from the path by URL normalisation (the call would reach another address)
 * and "/" would split the segment, so those are refused. */
export const clientIdSchema = z
  .string()
  .trim()
  .min(1, 'The author id (client_id) is empty.')
  .max(200, 'The author id (client_id) can have at most 200 characters.')
  .refine((v) => v !== '.' && v !== '..', { message: 'The author id (client_id) cannot be "." or "..": a web address cannot carry it.' })
  .refine((v) => !v.includes('/'), { message: 'The author id (client_id) cannot contain "/".' });

/** The standard keys of an author from group; everything else on the object is a custom field. */
export const AUTHOR_STANDARD_KEYS = ['name', 'emails', 'orcids', 'articles', 'affiliations', 'author'] as const;

/** §4.1 response. A list the service leaves out reads as null, like an explicit null. */
export const authorFromGroupSchema = z.looseObject({
  name: z.string(),
  emails: nullableStrings,
  orcids: nullableStrings,
  articles: nullableStrings,
  affiliations: nullableStrings,
  author: linkedAuthorSchema.nullable().default(null),
});
export type AuthorFromGroup = z.infer<typeof authorFromGroupSchema>;

/** The custom-field values of an author read from the service (every non-standard key). */
export function customFieldValuesOf(author: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(author)) {
    if (!(AUTHOR_STANDARD_KEYS as readonly string[]).includes(k)) out[k] = v;
  }
  return out;
}

const customFieldKey = z
  .string()
  .min(1)
  .refine((k) => !(AUTHOR_STANDARD_KEYS as readonly string[]).includes(k), 'a custom field key may not shadow a standard field');

/** §4.2 body: create or fully replace. Fields left out are set to null by the service. */
export const authorFromGroupPutSchema = z.object({
  name: z.string().trim().min(1, 'name is required'),
  emails: z.array(z.string()).nullable().optional(),
  orcids: z.array(z.string()).nullable().optional(),
  articles: z.array(z.string()).nullable().optional(),
  affiliations: z.array(z.string()).nullable().optional(),
  /** Keyed by the custom field's api_id. */
  customFields: z.record(customFieldKey, customFieldValueSchema).optional(),
});
export type AuthorFromGroupPut = z.infer<typeof authorFromGroupPutSchema>;

/** §4.3 body: only the fields provided are updated. */
export const authorFromGroupPatchSchema = authorFromGroupPutSchema.partial().extend({
  name: z.string().trim().min(1).optional(),
});
export type AuthorFromGroupPatch = z.infer<typeof authorFromGroupPatchSchema>;

/** The JSON body sent for §4.2/§4.3: standard keys as given, custom fields flattened to top level. */
export function authorWriteBody(input: AuthorFromGroupPatch): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of ['name', 'emails', 'orcids', 'articles', 'affiliations'] as const) {
    if (input[key] !== undefined) body[key] = input[key];
  }
  for (const [k, v] of Object.entries(input.customFields ?? {})) body[k] = v satisfies CustomFieldValue;
  return body;
}

/** `{ ok: true }` of §4.2–4.4. A 200 whose ok is not true is treated as a failure by the client. */
export const okResponseSchema = z.looseObject({ ok: z.boolean() });
export type OkResponse = z.infer<typeof okResponseSchema>;

/** What deleteAuthor resolves to: a delete whose author was already gone (404) is a success. */
export interface DeleteAuthorResult {
  ok: true;
  /** false when the service answered 404: nothing to delete (e.g. a retried delete). */
  existed: boolean;
}
