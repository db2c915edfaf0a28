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

/** What checking or converting a value needs of a field's definition (a cached CustomFieldRow has it). */
export interface CustomFieldDefinition {
  name: string;
  dataKind: CustomFieldKind;
  options: readonly CustomFieldOption[] | null | undefined;
}

/** Whether this client can edit values of the kind; other kinds are shown read-only. */
export function isKnownCustomFieldKind(kind: CustomFieldKind): kind is KnownCustomFieldKind {
  return (CUSTOM_FIELD_KINDS as readonly string[]).includes(kind);
}

/** A calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value);
}

/** Checks one value against a field's data_kind; returns an editor-readable problem (naming the
 * field) or null. A kind this client does not know is not checked: it is shown read-only and its
 * value is only ever sent back as the service gave it. */
export function customFieldValueProblem(field: CustomFieldDefinition, value: unknown): string | null {
  if (value === null) return null;
  const ids = new Set((field.options ?? []).map((o) => o.api_id));
  switch (field.dataKind) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : `${field.name} must be a number`;
    case 'str':
      return typeof value === 'string' ? null : `${field.name} must be text`;
    case 'date':
      return typeof value === 'string' && isIsoDate(value) ? null : `${field.name} must be a date (YYYY-MM-DD)`;
    case 'single_option':
      return typeof value === 'string' && ids.has(value) ? null : `${field.name} must be one of its options`;
    case 'multi_option':
      return Array.isArray(value) && value.every((v) => typeof v === 'string' && ids.has(v))
        ? null
        : `${field.name} must be a list of its options`;
    default:
      return null;
  }
}

export type CustomFieldTextResult = { ok: true; value: CustomFieldValue } | { ok: false; problem: string };

const NUMBER_TEXT = /^[+-]?(\d+(?:\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** Converts a text cell (a CSV column) to a field's value: an empty cell is null; a number is
 * written with a dot; a date as YYYY-MM-DD; an option by its label (any case) or its api_id;
 * several options separated by ';' or '|'. Anything else is a problem naming the field. */
export function customFieldValueFromText(field: CustomFieldDefinition, text: string): CustomFieldTextResult {
  const t = text.trim();
  if (t === '') return { ok: true, value: null };
  const options = field.options ?? [];
  const option = (s: string): string | null => {
    const byId = options.find((o) => o.api_id === s);
    if (byId) return byId.api_id;
    const byLabel = options.filter((o) => o.option.trim().toLowerCase() === s.toLowerCase());
    const [only, ...more] = byLabel;
    return only && more.length === 0 ? only.api_id : null;
  };
  const choices = () => options.map((o) => o.option).join(', ');
  switch (field.dataKind) {
    case 'number':
      return NUMBER_TEXT.test(t) && Number.isFinite(Number(t))
        ? { ok: true, value: Number(t) }
        : { ok: false, problem: `${field.name} must be a number written with a dot (“${t}” is not)` };
    case 'str':
      return { ok: true, value: t };
    case 'date':
      return isIsoDate(t)
        ? { ok: true, value: t }
        : { ok: false, problem: `${field.name} must be a date written YYYY-MM-DD (“${t}” is not)` };
    case 'single_option': {
      const id = option(t);
      return id !== null
        ? { ok: true, value: id }
        : { ok: false, problem: `${field.name}: “${t}” is not one of its options (${choices()})` };
    }
    case 'multi_option': {
      const parts = t
        .split(/[;|]/)
        .map((x) => x.trim())
        .filter(Boolean);
      const ids = parts.map(option);
      const unknown = parts.filter((_, i) => ids[i] === null);
      if (unknown.length > 0)
        return {
          ok: false,
          problem:
            `${field.name}: ${unknown.map((x) => `“${x}”`).join(', ')} ` +
            `${unknown.length === 1 ? 'is not one of its options' : 'are not among its options'} ` +
            `(${choices()})`,
        };
      return { ok: true, value: [...new Set(ids.filter((x): x is string => x !== null))] };
    }
    default:
      return { ok: false, problem: `${field.name} has a kind this version cannot write (${field.dataKind})` };
  }
}
