// Custom fields (spec §2.9, §4.8). Defined in the service's administration interface; listed
// read-only through the API and used as extra keys (their api_id) when writing an author from group.
import { z } from 'zod';

export const CUSTOM_FIELD_SCOPES = ['author_from_group', 'folder', 'proposal'] as const;
export type CustomFieldScope = (typeof CUSTOM_FIELD_SCOPES)[number];

export const CUSTOM_FIELD_KINDS = ['number', 'str', 'date', 'single_option', 'multi_option'] as const;
export type KnownCustomFieldKind = (typeof CUSTOM_FIELD_KINDS)[number];
/** A kind this client does not know yet is kept as its string (shown read-only). */
export type CustomFieldKind = KnownCustomFieldKind | (string & {});

export const customFieldOptionSchema = z.looseObject({
  api_id: z.string(),
  option: z.string(),
});
export type CustomFieldOption = z.infer<typeof customFieldOptionSchema>;

export const customFieldSchema = z.looseObject({
  api_id: z.string(),
  data_kind: z.string() as z.ZodType<CustomFieldKind>,
  name: z.string(),
  description: z.string().nullable().default(null),
  /** Present only for single_option and multi_option. */
  options: z.array(customFieldOptionSchema).optional(),
});
export type CustomField = z.infer<typeof customFieldSchema>;

/** §4.8: three arrays, one per scope. A scope the service leaves out reads as empty. */
export const customFieldsResponseSchema = z.looseObject({
  author_from_group: z.array(customFieldSchema).default([]),
  folder: z.array(customFieldSchema).default([]),
  proposal: z.array(customFieldSchema).default([]),
});
export type CustomFieldsResponse = z.infer<typeof customFieldsResponseSchema>;

/** The value of one custom field when writing an author from group (§2.9 value formats):
 * number, string (str, date YYYY-MM-DD, single_option api_id), array of option api_ids
 * (multi_option); null clears it. */
export const customFieldValueSchema = z.union([z.number(), z.string(), z.array(z.string()), z.null()]);
export type CustomFieldValue = z.infer<typeof customFieldValueSchema>;

/** Checks one value against a field's data_kind; returns an editor-readable problem or null. */
export function customFieldValueProblem(field: CustomField, value: CustomFieldValue): string | null {
  if (value === null) return null;
  switch (field.data_kind) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : `${field.name} must be a number`;
    case 'str':
      return typeof value === 'string' ? null : `${field.name} must be text`;
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? null : `${field.name} must be a date (YYYY-MM-DD)`;
    case 'single_option': {
      const ids = new Set((field.options ?? []).map((o) => o.api_id));
      return typeof value === 'string' && ids.has(value) ? null : `${field.name} must be one of its options`;
    }
    case 'multi_option': {
      const ids = new Set((field.options ?? []).map((o) => o.api_id));
      return Array.isArray(value) && value.every((v) => ids.has(v)) ? null : `${field.name} must be a list of its options`;
    }
    default:
      return null;
  }
}
