// Manuscript upload (spec §2.4–2.7, §4.6): the multipart form fields and the v6 response with
// referee candidates. The response mixes snake_case with camelCase (articlesCount,
// citationsCount, hIndex) exactly as the service sends it.
import { z } from 'zod';
import { UPLOAD_BOUND_PAIRS, UPLOAD_BOUNDS } from './upload-bounds';

const int = z.number().int();
const nonNegInt = int.min(0);

export const uploadAuthorSchema = z.object({
  name: z.string().optional(),
  aff: z.string().optional(),
  orcid: z.string().optional(),
  email: z.string().optional(),
});
export type UploadAuthor = z.infer<typeof uploadAuthorSchema>;

/** The text fields of the §4.6 form (the API key and the file are added by the client). */
export const uploadFormSchema = z
  .object({
    folder: z.string().trim().min(1, 'folder is required'),
    origin_id: z.string().trim().min(1, 'origin_id is required'),
    title: z.string().trim().min(1, 'title is required'),
    abstract: z.string().min(1, 'abstract is required'),
    authors_count: nonNegInt,
    /** Sent as author1_name, author1_aff, … in this order (K = index + 1). */
    authors: z.array(uploadAuthorSchema).default([]),
    /** When true the field is sent and the service skips candidates (any non-empty value does). */
    exclude_candidates: z.boolean().optional(),
    min_h_index: nonNegInt.optional(),
    max_h_index: nonNegInt.optional(),
    min_academic_age: nonNegInt.optional(),
    max_academic_age: nonNegInt.optional(),
    min_articles_count: nonNegInt.optional(),
    max_articles_count: nonNegInt.optional(),
  })
  .superRefine((f, ctx) => {
    for (const [lo, hi] of UPLOAD_BOUND_PAIRS) {
      const a = f[lo];
      const b = f[hi];
      if (a !== undefined && b !== undefined && a > b) ctx.addIssue({ code: 'custom', path: [lo], message: `${lo} is above ${hi}` });
    }
  })
  .transform(withoutBlankAuthors);
/** Whether an author row has nothing in it (every authorK field is optional, spec §4.6, so any one
 * filled part — a name, an affiliation, an ORCID or an email — makes it an author). */
export const isBlankAuthor = (a: UploadAuthor): boolean =>
  !['name', 'aff', 'orcid', 'email'].some((k) => (a[k as keyof UploadAuthor] ?? '').trim() !== '');

/** Drops blank author rows so the authors are numbered 1..N without a gap (a gap answers 400
 * "author2 is missing"). A form counts its rows, so each dropped row is taken off authors_count,
 * never below the authors that remain. */
function withoutBlankAuthors<T extends { authors_count: number; authors: UploadAuthor[] }>(f: T): T {
  const authors = f.authors.filter((a) => !isBlankAuthor(a));
  if (authors.length === f.authors.length) return f;
  const dropped = f.authors.length - authors.length;
  return { ...f, authors, authors_count: Math.max(authors.length, f.authors_count - dropped) };
}

export type UploadFormInput = z.input<typeof uploadFormSchema>;
export type UploadForm = z.output<typeof uploadFormSchema>;

/** The text fields in wire order, without api_key and source_file. Empty author parts and blank
 * author rows are left out, the rest numbered 1..N in order;
 * exclude_candidates is sent only when true (the service treats any present value as "skip"). */
export function uploadFormEntries(form: UploadForm): Array<[string, string]> {
  const out: Array<[string, string]> = [
    ['folder', form.folder],
    ['origin_id', form.origin_id],
    ['title', form.title],
    ['abstract', form.abstract],
    ['authors_count', String(form.authors_count)],
  ];
  form.authors
    .filter((a) => !isBlankAuthor(a))
    .forEach((a, i) => {
      const k = i + 1;
      for (const part of ['name', 'aff', 'orcid', 'email'] as const) {
        const v = a[part];
        if (v !== undefined && v.trim() !== '') out.push([`author${k}_${part}`, v]);
      }
    });
  if (form.exclude_candidates === true) out.push(['exclude_candidates', 'true']);
  for (const key of UPLOAD_BOUNDS) {
    const v = form[key];
    if (v !== undefined) out.push([key, String(v)]);
  }
  return out;
}

/** A v6 conflict flag object: `{ exists }`, possibly with more detail the service adds later. */
export const conflictFlagSchema = z.looseObject({ exists: z.boolean() });
export type ConflictFlag = z.infer<typeof conflictFlagSchema>;

export const candidateGroupRefSchema = z.looseObject({
  group_id: int,
  client_id: z.string().nullable(),
});
export type CandidateGroupRef = z.infer<typeof candidateGroupRefSchema>;

/** Fields a candidate has both in the upload response (§2.5) and in the webhook (§6). */
export const candidateBaseShape = {
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  middle_name: z.string().nullable().default(null),
  suffix: z.string().nullable().default(null),
  author_id: int,
  email: z.string().nullable().default(null),
  orcid: z.string().nullable().default(null),
  affiliation: z.string().nullable().default(null),
  articlesCount: int,
  citationsCount: int,
  hIndex: int,
  score: z.number(),
  url: z.string(),
  relevant_concepts: z.array(z.string()).default([]),
  authors_groups: z.array(candidateGroupRefSchema).default([]),
  marked: z.boolean(),
};
/** A candidate's own fields as read (defaults applied): the one definition the cache's row derives from. */
export type CandidateBase = z.output<z.ZodObject<typeof candidateBaseShape>>;

/** §2.5. The five conflict objects belong to response version 6; an older response lacks them,
 * which reads as "not known" (undefined), never as "no conflict". */
export const candidateSchema = z.looseObject({
  ...candidateBaseShape,
  coauth_conflicts: conflictFlagSchema.optional(),
  aff_conflicts: conflictFlagSchema.optional(),
  retracted_articles: conflictFlagSchema.optional(),
  referenced_articles: conflictFlagSchema.optional(),
  external_coi: conflictFlagSchema.optional(),
});
export type Candidate = z.infer<typeof candidateSchema>;

export { CONFLICT_KEYS, type ConflictKey } from './conflict-keys';
export { UPLOAD_BOUND_PAIRS, UPLOAD_BOUNDS, type UploadBound } from './upload-bounds';

export const GROUP_EFFECTS = ['highlight', 'limit_to', 'boost'] as const;
export type GroupEffect = (typeof GROUP_EFFECTS)[number] | (string & {});

export const settingsGroupSchema = z.looseObject({
  id: int,
  name: z.string(),
  label: z.string().nullable().default(null),
});
export type SettingsGroup = z.infer<typeof settingsGroupSchema>;

/** §2.6. boost_multiplier only comes with effect = boost. */
export const authorsGroupsSettingsSchema = z.looseObject({
  authors_groups: z.array(settingsGroupSchema).default([]),
  effect: z.string() as z.ZodType<GroupEffect>,
  boost_multiplier: z.number().optional(),
});
export type AuthorsGroupsSettings = z.infer<typeof authorsGroupsSettingsSchema>;

/** §2.7. Diagnostic only: the manuscript is already stored when this arrives, so every field is
 * accepted when missing (undefined) rather than failing the whole upload. */
export const debugInfoSchema = z.looseObject({
  source_file: z.string().nullable().optional(),
  parsed_text_len: int.optional(),
  parsed_references: int.optional(),
  extracted_concepts: int.optional(),
  authors_info: z.looseObject({ authors_count: int.optional(), emails_count: int.optional(), orcids_count: int.optional() }).optional(),
});
export type DebugInfo = z.infer<typeof debugInfoSchema>;

/** §4.6 response. */
export const uploadResponseSchema = z.looseObject({
  version: int,
  manuscript_id: int,
  origin_id: z.string(),
  /** null when exclude_candidates was sent. */
  candidates: z.array(candidateSchema).nullable(),
  authors_groups_settings: authorsGroupsSettingsSchema.nullable().default(null),
  debug_info: debugInfoSchema.default({}),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
